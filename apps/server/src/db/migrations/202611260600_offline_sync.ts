import type { Kysely } from 'kysely';
import { idType } from '#server/db/dialect.ts';

/**
 * What the offline queue and the rep's offline slice need (docs/decisions/0020):
 * - doctor_aliases: a doctor created offline whose RPPS already existed keeps its client id as an alias of
 *   the existing doctor, so the queued activities that name the alias land on the existing doctor;
 * - activity_tombstones: a deleted activity's id, owner and deletion time, so a pull since a cursor can tell
 *   the device to drop it (the row itself is gone); doctor_tombstones, the same for the directory's doctors;
 * - activities (owner_id, updated_at, id): the pull's order and its cursor.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idType(db);
  await db.schema
    .createTable('doctor_aliases')
    .addColumn('alias_id', id, (c) => c.primaryKey())
    .addColumn('doctor_id', id, (c) => c.notNull().references('doctors.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('doctor_aliases_doctor_idx').on('doctor_aliases').column('doctor_id').execute();

  await db.schema
    .createTable('activity_tombstones')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('owner_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('deleted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('activity_tombstones_owner_deleted_idx')
    .on('activity_tombstones')
    .columns(['owner_id', 'deleted_at', 'id'])
    .execute();

  await db.schema
    .createTable('doctor_tombstones')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('deleted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('doctor_tombstones_deleted_idx')
    .on('doctor_tombstones')
    .columns(['deleted_at', 'id'])
    .execute();

  await db.schema
    .createIndex('activities_owner_updated_idx')
    .on('activities')
    .columns(['owner_id', 'updated_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('activities_owner_updated_idx').execute();
  await db.schema.dropTable('doctor_tombstones').execute();
  await db.schema.dropTable('activity_tombstones').execute();
  await db.schema.dropTable('doctor_aliases').execute();
}
