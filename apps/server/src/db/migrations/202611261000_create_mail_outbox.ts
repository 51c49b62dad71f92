import type { Kysely } from 'kysely';
import { idType } from '#server/db/dialect.ts';

/**
 * The mail outbox (docs/decisions/0027): every outgoing message is a row, written in the transaction of what
 * caused it and sent after the commit by whichever server process claims it first.
 * - status: pending (waiting or being retried), sent, logged (kept and written to the server log because
 *   SMTP_URL is not set), failed (refused for good by the SMTP server, or given up after days of retries);
 * - claimed_by / claimed_until: the lease of the process sending it, so no two processes send one message and
 *   a message whose sender died is taken up again once the lease has run out;
 * - stream: transactional messages go out as soon as possible, bulk ones (campaigns) at a bounded rate.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idType(db);
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('stream', 'text', (c) => c.notNull())
    .addColumn('ref', 'text')
    .addColumn('from_address', 'text')
    .addColumn('reply_to', 'text')
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('headers', 'text')
    .addColumn('confidential', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .columns(['status', 'stream', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('mail_outbox_stream_sent_idx').on('mail_outbox').columns(['stream', 'sent_at']).execute();
  await db.schema.createIndex('mail_outbox_ref_idx').on('mail_outbox').columns(['ref', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
