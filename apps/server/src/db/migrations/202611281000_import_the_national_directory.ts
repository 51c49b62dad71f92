import { type Kysely, sql } from 'kysely';
import { idType } from '#server/db/dialect.ts';

/**
 * The national directory import (issue 32, decision 0055). Doctors and offices say what the directory last
 * gave them (`directory_digest`, compared on the next import so an unchanged record is not written), which of
 * their fields a person edited since (`manual_fields`, kept by the import) and since when the directory no
 * longer lists them (`inactive_since`, never deleted). Offices gain the directory's key (the structure's
 * technical identifier), the commune's INSEE code and a flag for the precise geocoding that follows a new
 * address. A link says whether the directory made it. `directory_imports` keeps each import run in the server
 * with its counts, and its rejected lines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idType(db);
  await db.schema.alterTable('doctors').addColumn('inactive_since', 'text').execute();
  await db.schema.alterTable('doctors').addColumn('directory_digest', 'text').execute();
  await db.schema
    .alterTable('doctors')
    .addColumn('manual_fields', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema.alterTable('offices').addColumn('directory_id', 'text').execute();
  await db.schema.alterTable('offices').addColumn('commune_code', 'text').execute();
  await db.schema.alterTable('offices').addColumn('inactive_since', 'text').execute();
  await db.schema.alterTable('offices').addColumn('directory_digest', 'text').execute();
  await db.schema
    .alterTable('offices')
    .addColumn('manual_fields', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('offices')
    .addColumn('geocode_pending', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('offices_directory_id').unique().on('offices').column('directory_id').execute();
  // The precise geocoding's queue: few rows, read in batches.
  await db.schema
    .createIndex('offices_geocode_pending')
    .on('offices')
    .column('id')
    .where(sql.ref('geocode_pending'), '=', 1)
    .execute();

  await db.schema
    .alterTable('doctor_offices')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('person'))
    .execute();

  await db.schema
    .createTable('directory_imports')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('savoir_faire_file_name', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('running', 'done', 'failed')`))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('lines_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('kept', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unchanged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rejected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('inactivated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lines_per_second', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('started_by', id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('started_by_name', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('directory_imports_started').on('directory_imports').column('started_at').execute();

  await db.schema
    .createTable('directory_import_rejections')
    .addColumn('import_id', id, (c) => c.notNull().references('directory_imports.id').onDelete('cascade'))
    .addColumn('line_number', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('directory_import_rejections_pk', ['import_id', 'line_number'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('directory_import_rejections').execute();
  await db.schema.dropTable('directory_imports').execute();
  await db.schema.alterTable('doctor_offices').dropColumn('source').execute();
  await db.schema.dropIndex('offices_geocode_pending').execute();
  await db.schema.dropIndex('offices_directory_id').execute();
  for (const column of [
    'geocode_pending',
    'manual_fields',
    'directory_digest',
    'inactive_since',
    'commune_code',
    'directory_id',
  ]) {
    await db.schema.alterTable('offices').dropColumn(column).execute();
  }
  for (const column of ['manual_fields', 'directory_digest', 'inactive_since']) {
    await db.schema.alterTable('doctors').dropColumn(column).execute();
  }
}
