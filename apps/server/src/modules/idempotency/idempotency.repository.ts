import type { Db } from '#server/db/database.ts';
import type { IdempotencyKeysTable } from '#server/db/schema.ts';

export type StoredAnswer = Pick<IdempotencyKeysTable, 'method' | 'path' | 'body_hash' | 'status_code' | 'response'>;

/** The first answers of idempotent writes (DESIGN.md §6), by user and key. */
export class IdempotencyKeysRepository {
  find(db: Db, userId: string, key: string): Promise<StoredAnswer | undefined> {
    return db
      .selectFrom('idempotency_keys')
      .select(['method', 'path', 'body_hash', 'status_code', 'response'])
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  /** Inserted in the mutation's transaction: a concurrent duplicate fails on the primary key and rolls back. */
  async insert(db: Db, row: IdempotencyKeysTable): Promise<void> {
    await db.insertInto('idempotency_keys').values(row).execute();
  }

  async deleteBefore(db: Db, before: string): Promise<void> {
    await db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();
  }
}
