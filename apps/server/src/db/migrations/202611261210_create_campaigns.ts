import { type Kysely, sql } from 'kysely';
import { idType } from '#server/db/dialect.ts';

/**
 * Campaigns and their templates (docs/decisions/0033):
 * - campaign_templates: the templates users make, kept for their author (the four built-in ones are code);
 * - campaigns: what was sent, as it was written (subject and content with their placeholders, the event's
 *   details, the language of a built-in template), its state and counts, and the claim of the process whose
 *   sending job is working on it;
 * - campaign_recipients: one row per chosen doctor, recorded with the campaign: pending until the job checks the
 *   doctor's consent again and hands the message to the outbox in one transaction (queued, with its outbox id),
 *   or leaves the doctor out (skipped, with the reason). Never sent twice: a row is queued once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idType(db);

  await db.schema
    .createTable('campaign_templates')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('owner_id', id, (c) => c.notNull().references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('campaign_templates_owner_idx')
    .on('campaign_templates')
    .columns(['owner_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('campaigns')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('owner_id', id, (c) => c.notNull().references('users.id'))
    .addColumn('owner_email', 'text', (c) => c.notNull())
    .addColumn('sender_name', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('template_name', 'text', (c) => c.notNull())
    .addColumn('template_type', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('event_name', 'text')
    .addColumn('event_date', 'text')
    .addColumn('event_location', 'text')
    .addColumn('event_topics', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('recipient_count', 'integer', (c) => c.notNull())
    .addColumn('skipped', 'text', (c) => c.notNull())
    .addColumn('sent_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addCheckConstraint('campaigns_status_check', sql`status in ('draft', 'sending', 'sent', 'failed')`)
    .execute();
  await db.schema
    .createIndex('campaigns_owner_created_idx')
    .on('campaigns')
    .columns(['owner_id', 'created_at'])
    .execute();
  await db.schema.createIndex('campaigns_created_idx').on('campaigns').column('created_at').execute();
  // The sending job's look-up: the campaigns still sending, few at any time.
  await db.schema.createIndex('campaigns_status_idx').on('campaigns').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('campaign_recipients')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('campaign_id', id, (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('doctor_id', id, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('skip_reason', 'text')
    .addColumn('outbox_id', id)
    .addColumn('unsubscribed_at', 'text')
    .addCheckConstraint('campaign_recipients_status_check', sql`status in ('pending', 'queued', 'skipped')`)
    .execute();
  // The job's next batch: (campaign_id, status = 'pending', id); the answer's counts by status.
  await db.schema
    .createIndex('campaign_recipients_campaign_status_idx')
    .on('campaign_recipients')
    .columns(['campaign_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('campaign_recipients_campaign_doctor_idx')
    .on('campaign_recipients')
    .columns(['campaign_id', 'doctor_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('campaign_recipients').execute();
  await db.schema.dropTable('campaigns').execute();
  await db.schema.dropTable('campaign_templates').execute();
}
