import { type Kysely, sql } from 'kysely';

const COLUMNS = [
  'primary_office_id',
  'primary_office_name',
  'primary_office_address',
  'primary_office_postal_code',
  'primary_office_city',
] as const;

/**
 * Each doctor carries its primary office's id, name, address, postal code and city, so a list of doctors (the
 * search, an office's doctors, the recent doctors) reads one row per doctor instead of joining doctor_offices
 * and offices: four index lookups a row fewer (docs/decisions/0011). Existing doctors are filled in one
 * statement; UPDATE … FROM is the same on SQLite (3.33 and later) and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable('doctors').addColumn(column, 'text').execute();
  await sql`update doctors set primary_office_id = o.id, primary_office_name = o.name,
      primary_office_address = o.address, primary_office_postal_code = o.postal_code, primary_office_city = o.city
    from doctor_offices as l join offices as o on o.id = l.office_id
    where l.doctor_id = doctors.id and l.is_primary = 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable('doctors').dropColumn(column).execute();
}
