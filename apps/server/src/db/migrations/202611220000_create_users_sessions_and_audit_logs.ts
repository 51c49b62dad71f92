import { type Kysely, sql } from 'kysely';
import { idType, isPostgres } from '#server/db/dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idType(db);
  const serial = isPostgres(db) ? 'bigserial' : 'integer';

  await db.schema
    .createTable('users')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('display_name', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_write', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('manager_id', id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('last_login', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_manager_id_idx').on('users').column('manager_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', sql.raw(serial), (c) => (isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('throttle_key', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_key_time_idx')
    .on('login_failures')
    .columns(['throttle_key', 'failed_at'])
    .execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('audit_logs')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('metadata', 'text')
    .addColumn('changes', 'text')
    .addColumn('user_id', id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_logs_created_at_idx').on('audit_logs').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['audit_logs', 'app_settings', 'login_failures', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
