import { type Kysely, sql } from 'kysely';
import { idType } from '#server/db/dialect.ts';

/**
 * Single sign-on and the user's own sessions (issue 17, docs/decisions/0035):
 * - user_identities: a user's identity at an OpenID Connect provider, (issuer, subject), one per issuer;
 * - sso_attempts: a sign-in started at the provider, found by its state and bound to the browser that
 *   started it; consumed by the callback;
 * - sso_handoffs: the one-time, short-lived code the callback hands the web app, exchanged for a session;
 * - sessions: how the session started, when it was last used (written at most every few minutes), and the
 *   provider's ID token, the hint its sign-out asks for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idType(db);
  await db.schema
    .createTable('user_identities')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_login_at', 'text')
    .addUniqueConstraint('user_identities_issuer_subject_key', ['issuer', 'subject'])
    .addUniqueConstraint('user_identities_user_issuer_key', ['user_id', 'issuer'])
    .execute();

  await db.schema
    .createTable('sso_attempts')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_attempts_expires_idx').on('sso_attempts').column('expires_at').execute();

  await db.schema
    .createTable('sso_handoffs')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('id_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_handoffs_expires_idx').on('sso_handoffs').column('expires_at').execute();

  await db.schema.alterTable('sessions').addColumn('last_used_at', 'text').execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('auth_method', 'text', (c) => c.notNull().defaultTo('password'))
    .execute();
  await db.schema.alterTable('sessions').addColumn('sso_id_token', 'text').execute();
  await sql`update sessions set last_used_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['sso_id_token', 'auth_method', 'last_used_at']) {
    await db.schema.alterTable('sessions').dropColumn(column).execute();
  }
  for (const table of ['sso_handoffs', 'sso_attempts', 'user_identities']) {
    await db.schema.dropTable(table).execute();
  }
}
