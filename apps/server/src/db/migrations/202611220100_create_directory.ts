import { type Kysely, sql } from 'kysely';
import { idType, isPostgres } from '#server/db/dialect.ts';

/**
 * The directory: doctors, offices, their links, per-user targeting, recent doctors, targets.
 * Normalised search columns use byte order (PostgreSQL: COLLATE "C") so prefix ranges use the indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idType(db);
  const searchText = isPostgres(db) ? sql`text collate "C"` : sql`text`;
  const real = isPostgres(db) ? 'double precision' : 'real';

  await db.schema
    .createTable('targets')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('color', 'text', (c) => c.notNull().defaultTo('#1890ff'))
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('doctors')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('rpps', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('first_name_norm', searchText, (c) => c.notNull())
    .addColumn('last_name_norm', searchText, (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('prefix', 'text')
    .addColumn('gender', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('primary_specialty', 'text', (c) => c.notNull())
    .addColumn('secondary_specialty', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema
    .createIndex('doctors_name_idx')
    .on('doctors')
    .columns(['last_name_norm', 'first_name_norm'])
    .execute();

  // Each word of a doctor's names and the RPPS, for word-prefix search: field f(irst), l(ast), r(pps).
  await db.schema
    .createTable('doctor_search_words')
    .addColumn('word', searchText, (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('doctor_id', id, (c) => c.notNull().references('doctors.id').onDelete('cascade'))
    // What ranking needs, so a word's matches are ranked from this table alone, without a join per match.
    .addColumn('last_name_norm', searchText, (c) => c.notNull())
    .addColumn('first_name_norm', searchText, (c) => c.notNull())
    .addColumn('rpps', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('doctor_search_words_pk', ['word', 'field', 'doctor_id'])
    .execute();
  await db.schema.createIndex('doctor_search_words_doctor_idx').on('doctor_search_words').column('doctor_id').execute();

  // The first one to four characters of each name word and of the RPPS, with the doctor's name order in the
  // key: a page of "m…" is the first rows of one index range, already sorted (docs/decisions/0006).
  await db.schema
    .createTable('doctor_search_prefixes')
    .addColumn('prefix', searchText, (c) => c.notNull())
    .addColumn('last_name_norm', searchText, (c) => c.notNull())
    .addColumn('first_name_norm', searchText, (c) => c.notNull())
    .addColumn('doctor_id', id, (c) => c.notNull().references('doctors.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('doctor_search_prefixes_pk', ['prefix', 'last_name_norm', 'first_name_norm', 'doctor_id'])
    .execute();
  await db.schema
    .createIndex('doctor_search_prefixes_doctor_idx')
    .on('doctor_search_prefixes')
    .column('doctor_id')
    .execute();

  await db.schema
    .createTable('offices')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sector', 'text')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('uga', 'text', (c) => c.notNull())
    .addColumn('uga_name', 'text')
    .addColumn('latitude', sql.raw(real))
    .addColumn('longitude', sql.raw(real))
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('name_norm', searchText, (c) => c.notNull())
    .addColumn('search_text', searchText, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema.createIndex('offices_name_idx').on('offices').columns(['name_norm', 'id']).execute();

  await db.schema
    .createTable('doctor_offices')
    .addColumn('doctor_id', id, (c) => c.notNull().references('doctors.id').onDelete('cascade'))
    .addColumn('office_id', id, (c) => c.notNull().references('offices.id').onDelete('cascade'))
    .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('doctor_offices_pk', ['doctor_id', 'office_id'])
    .execute();
  await db.schema
    .createIndex('doctor_offices_office_idx')
    .on('doctor_offices')
    .columns(['office_id', 'doctor_id'])
    .execute();
  // At most one primary office per doctor, guaranteed by the database itself.
  await db.schema
    .createIndex('doctor_offices_one_primary_idx')
    .on('doctor_offices')
    .column('doctor_id')
    .unique()
    .where(sql.ref('is_primary'), '=', 1)
    .execute();

  // Which specialties practise in each office (from its doctors' primary and secondary specialties),
  // kept by the service in the transaction of each change, so the office list filters without scanning.
  await db.schema
    .createTable('office_specialties')
    .addColumn('office_id', id, (c) => c.notNull().references('offices.id').onDelete('cascade'))
    .addColumn('specialty', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('office_specialties_pk', ['office_id', 'specialty'])
    .execute();
  await db.schema
    .createIndex('office_specialties_specialty_idx')
    .on('office_specialties')
    .columns(['specialty', 'office_id'])
    .execute();

  await db.schema
    .createTable('doctor_user_data')
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('doctor_id', id, (c) => c.notNull().references('doctors.id').onDelete('cascade'))
    .addColumn('target', 'text')
    .addColumn('potential_target', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('doctor_user_data_pk', ['user_id', 'doctor_id'])
    .execute();
  await db.schema.createIndex('doctor_user_data_doctor_idx').on('doctor_user_data').column('doctor_id').execute();

  await db.schema
    .createTable('recent_doctors')
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('doctor_id', id, (c) => c.notNull().references('doctors.id').onDelete('cascade'))
    .addColumn('viewed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('recent_doctors_pk', ['user_id', 'doctor_id'])
    .execute();
  await db.schema
    .createIndex('recent_doctors_user_time_idx')
    .on('recent_doctors')
    .columns(['user_id', 'viewed_at'])
    .execute();
  await db.schema.createIndex('recent_doctors_doctor_idx').on('recent_doctors').column('doctor_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'recent_doctors',
    'doctor_user_data',
    'office_specialties',
    'doctor_offices',
    'offices',
    'doctor_search_prefixes',
    'doctor_search_words',
    'doctors',
    'targets',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
