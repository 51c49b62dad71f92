import type { Kysely } from 'kysely';

/** Days before this instant are counted in audit_log_counts; the first read after migrating counts them all. */
export const AUDIT_COUNTED_UNTIL_KEY = 'audit_log_counted_until';
const NOTHING_COUNTED = '1970-01-01T00:00:00.000Z';

/**
 * The audit log's lists and totals with millions of entries (docs/decisions/0030).
 * - A page, newest first, for everyone (admins), for one user (everyone else, and the user filter), by
 *   action or by entity type (the filters): each an index in the list's order, so a page is one index
 *   range and a far page skips index entries, not rows.
 * - audit_log_counts: the entries of each past UTC day by action and entity type, written once the day is
 *   over (lazily, by the first read after it), so a total adds up days instead of counting millions of
 *   entries, and a far page starts from its day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_logs_created_at_idx').execute();
  await db.schema.createIndex('audit_logs_created_idx').on('audit_logs').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('audit_logs_user_created_idx')
    .on('audit_logs')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_logs_action_created_idx')
    .on('audit_logs')
    .columns(['action', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_logs_entity_created_idx')
    .on('audit_logs')
    .columns(['entity_type', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('audit_log_counts')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entries', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('audit_log_counts_pk', ['day', 'action', 'entity_type'])
    .execute();
  await db
    .withTables<{ app_settings: { key: string; value: string } }>()
    .insertInto('app_settings')
    .values({ key: AUDIT_COUNTED_UNTIL_KEY, value: NOTHING_COUNTED })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db
    .withTables<{ app_settings: { key: string; value: string } }>()
    .deleteFrom('app_settings')
    .where('key', '=', AUDIT_COUNTED_UNTIL_KEY)
    .execute();
  await db.schema.dropTable('audit_log_counts').execute();
  for (const index of [
    'audit_logs_entity_created_idx',
    'audit_logs_action_created_idx',
    'audit_logs_user_created_idx',
    'audit_logs_created_idx',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.createIndex('audit_logs_created_at_idx').on('audit_logs').column('created_at').execute();
}
