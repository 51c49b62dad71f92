import type { Kysely } from 'kysely';
import { idType } from '#server/db/dialect.ts';

/**
 * The links that let someone choose a password: a new user's invitation (72 hours) and 'Forgot password?'
 * (one hour). Only the SHA-256 of the link's secret is stored; a link works once (used_at), and issuing a new
 * one for a user retires the older ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idType(db);
  await db.schema
    .createTable('password_tokens')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('password_tokens_user_idx').on('password_tokens').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_tokens').execute();
}
