import type { Db } from '#server/db/database.ts';

/** Failed sign-ins live in the database so every server process sees the same count. */
export class LoginThrottleRepository {
  async failuresSince(db: Db, key: string, since: string): Promise<{ count: number; oldest: string | null }> {
    const row = await db
      .selectFrom('login_failures')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('failed_at').as('oldest')])
      .where('throttle_key', '=', key)
      .where('failed_at', '>', since)
      .executeTakeFirstOrThrow();
    return { count: row.count, oldest: row.oldest };
  }

  async recordFailure(db: Db, keys: string[], at: string): Promise<void> {
    await db
      .insertInto('login_failures')
      .values(keys.map((throttle_key) => ({ throttle_key, failed_at: at })))
      .execute();
  }

  async clear(db: Db, key: string): Promise<void> {
    await db.deleteFrom('login_failures').where('throttle_key', '=', key).execute();
  }

  async deleteBefore(db: Db, before: string): Promise<void> {
    await db.deleteFrom('login_failures').where('failed_at', '<', before).execute();
  }
}
