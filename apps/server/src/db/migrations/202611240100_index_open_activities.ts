import { type Kysely, sql } from 'kysely';

/**
 * The not-done activities with their channel: the incomplete count and page leave time-off out (it is never
 * incomplete), which without channel_id in an index meant reading the table row of each of the owner's
 * activities. Partial on done = 0, so it stays a fraction of the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('activities_open_idx')
    .on('activities')
    .columns(['owner_id', 'start_at', 'channel_id', 'id'])
    .where(sql.ref('done'), '=', 0)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('activities_open_idx').execute();
}
