import { type Kysely, sql } from 'kysely';
import { idType, isPostgres } from '#server/db/dialect.ts';

/**
 * Consent records, kept as evidence (docs/decisions/0023): append-only, each one chained by its hash to the
 * doctor's previous record. The database itself refuses UPDATE and DELETE, so no code path, script or
 * mistaken query can change a record after it was written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idType(db);
  const postgres = isPostgres(db);
  await db.schema
    .createTable('consent_records')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('seq', 'integer', (c) => c.notNull())
    // No foreign key: deleting a doctor from the directory must not take the evidence with it; the
    // doctor's identity at that moment is copied below.
    .addColumn('doctor_id', id, (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('signature', 'withdrawal')`))
    .addColumn('professional_consent', 'integer', (c) => c.notNull())
    .addColumn('congress_consent', 'integer', (c) => c.notNull())
    .addColumn('general_consent', 'integer', (c) => c.notNull())
    .addColumn('signature_image', postgres ? 'bytea' : 'blob')
    .addColumn('signature_mime_type', 'text')
    .addColumn('image_sha256', 'text')
    .addColumn('signed_at', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('withdrawal_requested_by', 'text')
    .addColumn('withdrawal_reason', 'text')
    .addColumn('language', 'text', (c) => c.notNull().check(sql`language in ('fr', 'en')`))
    // Nor here: the collector, as they were then, stays named after the user is renamed or removed.
    .addColumn('collected_by', id, (c) => c.notNull())
    .addColumn('collector_email', 'text', (c) => c.notNull())
    .addColumn('collector_name', 'text')
    .addColumn('doctor_rpps', 'text', (c) => c.notNull())
    .addColumn('doctor_first_name', 'text', (c) => c.notNull())
    .addColumn('doctor_last_name', 'text', (c) => c.notNull())
    .addColumn('previous_hash', 'text')
    .addColumn('record_hash', 'text', (c) => c.notNull())
    // Also the index of a doctor's records in order: two saves racing for one doctor cannot both chain
    // to the same previous record, one of them fails here and is tried again.
    .addUniqueConstraint('consent_records_doctor_seq_key', ['doctor_id', 'seq'])
    .execute();
  // The dashboard's figures are the caller's: the records they collected, this month's by signing time.
  await db.schema
    .createIndex('consent_records_collected_by_idx')
    .on('consent_records')
    .columns(['collected_by', 'signed_at'])
    .execute();

  if (postgres) {
    await sql`
      create function consent_records_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'consent_records is append-only: % refused', tg_op using errcode = 'restrict_violation';
      end
      $$`.execute(db);
    await sql`
      create trigger consent_records_no_change before update or delete on consent_records
      for each row execute function consent_records_append_only()`.execute(db);
    await sql`
      create trigger consent_records_no_truncate before truncate on consent_records
      for each statement execute function consent_records_append_only()`.execute(db);
  } else {
    await sql`
      create trigger consent_records_no_update before update on consent_records
      begin select raise(abort, 'consent_records is append-only: UPDATE refused'); end`.execute(db);
    await sql`
      create trigger consent_records_no_delete before delete on consent_records
      begin select raise(abort, 'consent_records is append-only: DELETE refused'); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('consent_records').execute();
  if (isPostgres(db)) await sql`drop function consent_records_append_only()`.execute(db);
}
