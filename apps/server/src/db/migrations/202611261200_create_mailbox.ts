import { type Kysely, sql } from 'kysely';
import { idType, isPostgres } from '#server/db/dialect.ts';

/**
 * The internal mailbox (docs/decisions/0032):
 * - emails: a message as sent, once, whoever holds it: sender, subject, sanitised HTML body, its plain text,
 *   the normalised text a search reads, the recipients' addresses (JSON) and the message it answers;
 * - email_copies: each holder's own copy (the sender's in sent, each recipient's in inbox) with its folder,
 *   the folder it came from (where a restore from the bin puts it back) and its read state; a list is one
 *   range of (owner_id, folder, created_at, id);
 * - email_attachments: files uploaded before sending (email_id null until then), bytes in the database so
 *   that every process of a deployment serves them;
 * - mailbox_counts: each user's folder totals and unread count, moved in the transaction of every change to
 *   a copy, so the badge and the folder counts never count rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idType(db);
  const bytes = isPostgres(db) ? 'bytea' : 'blob';

  await db.schema
    .createTable('emails')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('sender_id', id, (c) => c.notNull().references('users.id'))
    .addColumn('sender_email', 'text', (c) => c.notNull())
    .addColumn('sender_name', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('recipients', 'text', (c) => c.notNull())
    .addColumn('parent_email_id', id, (c) => c.references('emails.id').onDelete('set null'))
    .addColumn('has_attachments', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The dashboard's "e-mails sent this week".
  await db.schema.createIndex('emails_sender_created_idx').on('emails').columns(['sender_id', 'created_at']).execute();
  await db.schema.createIndex('emails_parent_idx').on('emails').column('parent_email_id').execute();

  await db.schema
    .createTable('email_copies')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('email_id', id, (c) => c.notNull().references('emails.id').onDelete('cascade'))
    .addColumn('owner_id', id, (c) => c.notNull().references('users.id'))
    .addColumn('folder', 'text', (c) => c.notNull())
    .addColumn('origin_folder', 'text', (c) => c.notNull())
    .addColumn('is_read', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('email_copies_folder_check', sql`folder in ('inbox', 'sent', 'bin')`)
    .addCheckConstraint('email_copies_origin_check', sql`origin_folder in ('inbox', 'sent')`)
    .execute();
  await db.schema
    .createIndex('email_copies_owner_folder_idx')
    .on('email_copies')
    .columns(['owner_id', 'folder', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('email_copies_email_idx').on('email_copies').columns(['email_id', 'owner_id']).execute();

  await db.schema
    .createTable('email_attachments')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('email_id', id, (c) => c.references('emails.id').onDelete('cascade'))
    .addColumn('uploader_id', id, (c) => c.notNull().references('users.id'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('data', bytes, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_attachments_email_idx').on('email_attachments').column('email_id').execute();
  await db.schema
    .createIndex('email_attachments_uploader_idx')
    .on('email_attachments')
    .columns(['uploader_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('mailbox_counts')
    .addColumn('user_id', id, (c) => c.primaryKey().references('users.id'))
    .addColumn('inbox', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mailbox_counts').execute();
  await db.schema.dropTable('email_attachments').execute();
  await db.schema.dropTable('email_copies').execute();
  await db.schema.dropTable('emails').execute();
}
