import type { Db } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';

type Table = keyof Database;

const DIRECTORY_TABLES = [
  'doctors',
  'doctor_search_words',
  'doctor_search_prefixes',
  'doctor_prefix_counts',
  'offices',
  'doctor_offices',
  'office_specialties',
  'office_search_prefixes',
  'office_prefix_counts',
  'cache_generations',
  'doctor_user_data',
  'recent_doctors',
  'audit_logs',
] as const;

const ACTIVITY_TABLES = [
  'activities',
  'activity_products',
  'activity_attendees',
  'audit_logs',
  'idempotency_keys',
] as const;

/** What a configuration change touches, and what its in-use check reads. */
const CONFIGURATION_TABLES = [
  'products',
  'channels',
  'targets',
  'user_products',
  'activity_products',
  'activities',
  'doctor_user_data',
  'audit_logs',
] as const;

const MAILBOX_TABLES = [
  'emails',
  'email_copies',
  'email_attachments',
  'mailbox_counts',
  'mail_outbox',
  'audit_logs',
] as const;

/** The number of rows in one table. */
export async function rowCount(db: Db, table: Table): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Row counts by table, to prove a refused write changed nothing. */
export async function tableCounts(db: Db, tables: readonly Table[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = await rowCount(db, table);
  return counts;
}

/** Row counts of the directory's tables. */
export function directoryCounts(db: Db): Promise<Record<string, number>> {
  return tableCounts(db, DIRECTORY_TABLES);
}

/** Row counts of the mailbox's tables, with every copy's folder and read state and every user's counts. */
export async function mailboxSnapshot(db: Db) {
  return {
    counts: await tableCounts(db, MAILBOX_TABLES),
    copies: await db.selectFrom('email_copies').select(['id', 'folder', 'is_read']).orderBy('id').execute(),
    mailboxCounts: await db.selectFrom('mailbox_counts').selectAll().orderBy('user_id').execute(),
  };
}

/** Row counts of the activity tables and, when given, one activity's row: what a refused write must leave alone. */
export async function activitySnapshot(db: Db, activityId?: string) {
  const counts = await tableCounts(db, ACTIVITY_TABLES);
  const row = activityId
    ? await db.selectFrom('activities').selectAll().where('id', '=', activityId).executeTakeFirst()
    : undefined;
  return { counts, row };
}

/**
 * The kept prefix counts (decision 0012) and the prefix rows' own counts, by prefix. Prefixes no doctor has any
 * more keep a count of 0, which stands for no row.
 */
export async function prefixCounts(db: Db) {
  const kept = await db.selectFrom('doctor_prefix_counts').selectAll().execute();
  const counted = await db
    .selectFrom('doctor_search_prefixes')
    .select((eb) => ['prefix', eb.fn.countAll<number>().as('doctors')])
    .groupBy('prefix')
    .execute();
  const byPrefix = (rows: { prefix: string; doctors: number }[]) =>
    Object.fromEntries(rows.filter((row) => row.doctors !== 0).map((row) => [row.prefix, row.doctors]));
  return { kept: byPrefix(kept), counted: byPrefix(counted) };
}

/**
 * The configuration's rows as they are, with the counts of the tables its changes touch: what a refused
 * configuration call must leave unchanged (a refused PUT changes no row, so counts alone would not tell).
 */
export async function configurationSnapshot(db: Db) {
  const rows = async (table: 'products' | 'channels' | 'targets') =>
    db.selectFrom(table).selectAll().orderBy('id').execute();
  return {
    counts: await tableCounts(db, CONFIGURATION_TABLES),
    products: await rows('products'),
    channels: await rows('channels'),
    targets: await rows('targets'),
    doctorTargets: await db
      .selectFrom('doctor_user_data')
      .selectAll()
      .orderBy('doctor_id')
      .orderBy('user_id')
      .execute(),
  };
}

/** The audit log's entries and its day counts: what a refused DELETE /api/logs must leave unchanged. */
export async function auditLogSnapshot(db: Db) {
  return {
    entries: await db.selectFrom('audit_logs').select(['id', 'action', 'created_at']).orderBy('id').execute(),
    counts: await db.selectFrom('audit_log_counts').selectAll().orderBy('day').orderBy('action').execute(),
  };
}
