import type { Db } from '#server/db/database.ts';

export class SettingsRepository {
  /** Stores the value unless the key exists, then answers what is stored: the first writer wins, across processes. */
  async getOrCreate(db: Db, key: string, create: () => string): Promise<string> {
    await db
      .insertInto('app_settings')
      .values({ key, value: create() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
    return row.value;
  }
}
