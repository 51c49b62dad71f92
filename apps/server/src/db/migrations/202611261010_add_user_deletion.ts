import type { Kysely } from 'kysely';

/**
 * Users are deleted softly (docs/decisions/0028): the row stays, so the activities, consents, e-mails and audit
 * entries that name the user keep naming them, and `deleted_at` shuts them out (sign-in, sessions, lists).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
}
