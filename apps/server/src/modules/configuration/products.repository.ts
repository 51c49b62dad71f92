import type { Product } from '@crm/shared';
import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { ProductsTable } from '#server/db/schema.ts';

const productColumns = ['products.id', 'products.name', 'products.description', 'products.active'] as const;

function toProduct(row: Pick<ProductsTable, 'id' | 'name' | 'description' | 'active'>): Product {
  return { id: row.id, name: row.name, description: row.description, active: row.active === 1 };
}

export class ProductsRepository {
  async listAll(db: Db): Promise<Product[]> {
    const rows = await db.selectFrom('products').select(productColumns).orderBy('products.name').execute();
    return rows.map(toProduct);
  }

  /** The products a user may put on an activity: assigned to them and active (spec 001 §6). */
  async listAssigned(db: Db, userId: string): Promise<Product[]> {
    const rows = await db
      .selectFrom('user_products')
      .innerJoin('products', 'products.id', 'user_products.product_id')
      .select(productColumns)
      .where('user_products.user_id', '=', userId)
      .where('products.active', '=', 1)
      .orderBy('products.name')
      .execute();
    return rows.map(toProduct);
  }

  async findById(db: Db, id: string): Promise<Product | undefined> {
    const row = await db.selectFrom('products').select(productColumns).where('products.id', '=', id).executeTakeFirst();
    return row && toProduct(row);
  }

  /** Another product of the same name, whatever its case: names tell products apart in forms and reports. */
  async nameTaken(db: Db, name: string, exceptId: string | null): Promise<boolean> {
    const row = await db
      .selectFrom('products')
      .select('products.id')
      .where(sql`lower(${sql.ref('products.name')})`, '=', name.toLowerCase())
      .$if(exceptId !== null, (qb) => qb.where('products.id', '!=', exceptId ?? ''))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether activities carry the product or users are assigned it: then it can't be deleted, only deactivated. */
  async isUsed(db: Db, id: string): Promise<boolean> {
    const row = await db
      .selectNoFrom((eb) => [
        eb
          .or([
            eb.exists(eb.selectFrom('activity_products').select('product_id').where('product_id', '=', id)),
            eb.exists(eb.selectFrom('user_products').select('product_id').where('product_id', '=', id)),
          ])
          .as('used'),
      ])
      .executeTakeFirstOrThrow();
    return Boolean(row.used);
  }

  async insert(db: Db, row: ProductsTable): Promise<void> {
    await db.insertInto('products').values(row).execute();
  }

  async update(db: Db, id: string, patch: Omit<ProductsTable, 'id' | 'created_at'>): Promise<void> {
    await db.updateTable('products').set(patch).where('id', '=', id).execute();
  }

  async delete(db: Db, id: string): Promise<void> {
    await db.deleteFrom('products').where('id', '=', id).execute();
  }
}
