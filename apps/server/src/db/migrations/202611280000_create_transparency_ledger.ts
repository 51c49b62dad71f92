import { type Kysely, sql } from 'kysely';
import { idType } from '#server/db/dialect.ts';

/**
 * The Transparence Santé ledger (issue 31, decisions 0051 and 0052): conventions, the benefits and payments
 * given to doctors, and what each semester's declaration exported. Amounts are integer cents TTC. Neither
 * conventions nor benefits reference the doctor: the declaration outlives a doctor removed from the directory,
 * so each row keeps the beneficiary as they were when it was written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idType(db);
  const beneficiary = <T extends { addColumn: (name: string, type: 'text') => T }>(table: T) =>
    table
      .addColumn('doctor_rpps', 'text')
      .addColumn('doctor_first_name', 'text')
      .addColumn('doctor_last_name', 'text')
      .addColumn('doctor_office_name', 'text')
      .addColumn('doctor_address', 'text')
      .addColumn('doctor_postal_code', 'text')
      .addColumn('doctor_city', 'text');

  await beneficiary(
    db.schema
      .createTable('transparency_conventions')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('doctor_id', id, (c) => c.notNull()),
  )
    .addColumn('object', 'text', (c) => c.notNull())
    .addColumn('other_object', 'text')
    .addColumn('signature_date', 'text')
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text')
    .addColumn('event_name', 'text')
    .addColumn('event_date', 'text')
    .addColumn('event_place', 'text')
    .addColumn('event_organiser', 'text')
    // The planned items, JSON: [{kind, unitAmountCents, quantity}].
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('total_amount_cents', 'integer', (c) => c.notNull())
    .addColumn('regime', 'text', (c) => c.notNull().check(sql`regime in ('declaration', 'authorisation')`))
    .addColumn('thresholds_exceeded', 'text', (c) => c.notNull())
    .addColumn('filing_deadline', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('draft', 'filed', 'authorised', 'refused')`))
    .addColumn('activity_id', id)
    // The declared line's date (the signature's, else the start's): what puts it in a semester.
    .addColumn('declared_on', 'text', (c) => c.notNull())
    .addColumn('created_by', id, (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', id, (c) => c.references('users.id'))
    .execute();
  await db.schema
    .createIndex('transparency_conventions_doctor_idx')
    .on('transparency_conventions')
    .columns(['doctor_id', 'start_date'])
    .execute();
  await db.schema
    .createIndex('transparency_conventions_declared_idx')
    .on('transparency_conventions')
    .columns(['declared_on', 'id'])
    .execute();

  await beneficiary(
    db.schema
      .createTable('transparency_benefits')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('doctor_id', id, (c) => c.notNull()),
  )
    .addColumn('nature', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('benefit_date', 'text', (c) => c.notNull())
    .addColumn('convention_id', id, (c) => c.references('transparency_conventions.id'))
    .addColumn('activity_id', id)
    .addColumn('note', 'text')
    .addColumn('recorded_by', id, (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A doctor's year (the negligible-value checks, the doctor's tab) and a semester in date order (the export).
  await db.schema
    .createIndex('transparency_benefits_doctor_idx')
    .on('transparency_benefits')
    .columns(['doctor_id', 'benefit_date'])
    .execute();
  await db.schema
    .createIndex('transparency_benefits_date_idx')
    .on('transparency_benefits')
    .columns(['benefit_date', 'id'])
    .execute();
  await db.schema
    .createIndex('transparency_benefits_convention_idx')
    .on('transparency_benefits')
    .column('convention_id')
    .execute();

  await db.schema
    .createTable('transparency_exports')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('semester', 'text', (c) => c.notNull())
    .addColumn('exported_at', 'text', (c) => c.notNull())
    .addColumn('exported_by', id, (c) => c.notNull().references('users.id'))
    .addColumn('pending_only', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('transparency_exports_semester_idx')
    .on('transparency_exports')
    .columns(['semester', 'exported_at'])
    .execute();

  // Every line as it was last exported: its content's hash tells a correction from a line sent again unchanged.
  await db.schema
    .createTable('transparency_exported_lines')
    .addColumn('line_id', id, (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('semester', 'text', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('first_export_id', id, (c) => c.notNull().references('transparency_exports.id'))
    .addColumn('first_exported_at', 'text', (c) => c.notNull())
    // The export that sent this content first (the line's first export, or the correction's).
    .addColumn('export_id', id, (c) => c.notNull().references('transparency_exports.id'))
    .addColumn('exported_at', 'text', (c) => c.notNull())
    .addColumn('corrections', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('transparency_exported_lines').execute();
  await db.schema.dropTable('transparency_exports').execute();
  await db.schema.dropTable('transparency_benefits').execute();
  await db.schema.dropTable('transparency_conventions').execute();
}
