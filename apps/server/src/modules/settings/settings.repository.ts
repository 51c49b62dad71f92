import type { Db } from '#server/db/database.ts';

export class SettingsRepository {
  constructor(private readonly db: Db) {}

  /** Stores the value unless the key exists, then answers what is stored: the first writer wins, across processes. */
  async getOrCreate(key: string, create: () => string): Promise<string> {
    await this.db
      .insertInto('app_settings')
      .values({ key, value: create() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    return row.value;
  }
}
