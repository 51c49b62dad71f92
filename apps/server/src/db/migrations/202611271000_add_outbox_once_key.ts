import { type Kysely, sql } from 'kysely';

/**
 * mail_outbox.once_key: a key no two messages may share (issue 28). A campaign's message carries its recipient's,
 * so a second process handing the same recipient to the outbox (its claim on the campaign ran out mid-pass)
 * enqueues nothing: a doctor gets a campaign once by construction, whatever the timing. The messages already
 * there take their recipient's key, for a campaign being sent across the upgrade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('once_key', 'text').execute();
  await sql`update mail_outbox set once_key = (
      select 'campaign-recipient:' || r.id from campaign_recipients r where r.outbox_id = mail_outbox.id
    ) where kind = 'campaign.message'`.execute(db);
  await db.schema.createIndex('mail_outbox_once_key_idx').on('mail_outbox').column('once_key').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_once_key_idx').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('once_key').execute();
}
