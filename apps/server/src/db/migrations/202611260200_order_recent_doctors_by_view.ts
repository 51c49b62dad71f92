import { type Kysely, sql } from 'kysely';

/**
 * Recent doctors ordered by a per-user view sequence instead of `viewed_at` alone: two views in the same
 * millisecond came back in either order. Existing rows are numbered in their current order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('recent_doctors')
    .addColumn('view_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update recent_doctors set view_seq = (
    select count(*) from recent_doctors earlier
    where earlier.user_id = recent_doctors.user_id
      and (earlier.viewed_at < recent_doctors.viewed_at
        or (earlier.viewed_at = recent_doctors.viewed_at and earlier.doctor_id <= recent_doctors.doctor_id)))`.execute(
    db,
  );
  await db.schema.dropIndex('recent_doctors_user_time_idx').execute();
  await db.schema
    .createIndex('recent_doctors_user_seq_idx')
    .on('recent_doctors')
    .columns(['user_id', 'view_seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('recent_doctors_user_seq_idx').execute();
  await db.schema
    .createIndex('recent_doctors_user_time_idx')
    .on('recent_doctors')
    .columns(['user_id', 'viewed_at'])
    .execute();
  await db.schema.alterTable('recent_doctors').dropColumn('view_seq').execute();
}
