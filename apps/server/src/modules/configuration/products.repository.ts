import type { Product } from '@crm/shared';
import type { Db } from '#server/db/database.ts';
import type { ProductsTable } from '#server/db/schema.ts';

const productColumns = ['products.id', 'products.name', 'products.description', 'products.active'] as const;

function toProduct(row: Pick<ProductsTable, 'id' | 'name' | 'description' | 'active'>): Product {
  return { id: row.id, name: row.name, description: row.description, active: row.active === 1 };
}

export class ProductsRepository {
  constructor(private readonly db: Db) {}

  async listAll(): Promise<Product[]> {
    const rows = await this.db.selectFrom('products').select(productColumns).orderBy('products.name').execute();
    return rows.map(toProduct);
  }

  /** The products a user may put on an activity: assigned to them and active (spec 001 §6). */
  async listAssigned(userId: string, db: Db = this.db): Promise<Product[]> {
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
}
