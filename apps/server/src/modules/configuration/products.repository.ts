import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { ProductsTable } from '#server/db/schema.ts';
import type { ProductRow } from './configuration.mapper.ts';

const productColumns = ['products.id', 'products.name', 'products.description', 'products.active'] as const;

/** What refers to a product. */
export type ProductReferences = { onActivities: boolean; assignedToUsers: boolean };

export class ProductsRepository {
  listAll(db: Db): Promise<ProductRow[]> {
    return db.selectFrom('products').select(productColumns).orderBy('products.name').execute();
  }

  /** The products a user may put on an activity: assigned to them and active (spec 001 §6). */
  listAssigned(db: Db, userId: string): Promise<ProductRow[]> {
    return db
      .selectFrom('user_products')
      .innerJoin('products', 'products.id', 'user_products.product_id')
      .select(productColumns)
      .where('user_products.user_id', '=', userId)
      .where('products.active', '=', 1)
      .orderBy('products.name')
      .execute();
  }

  findById(db: Db, id: string): Promise<ProductRow | undefined> {
    return db.selectFrom('products').select(productColumns).where('products.id', '=', id).executeTakeFirst();
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

  /** Whether activities carry the product, and whether users are assigned it. */
  async references(db: Db, id: string): Promise<ProductReferences> {
    const row = await db
      .selectNoFrom((eb) => [
        eb
          .exists(eb.selectFrom('activity_products').select('product_id').where('product_id', '=', id))
          .as('activities'),
        eb.exists(eb.selectFrom('user_products').select('product_id').where('product_id', '=', id)).as('users'),
      ])
      .executeTakeFirstOrThrow();
    return { onActivities: Boolean(row.activities), assignedToUsers: Boolean(row.users) };
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
