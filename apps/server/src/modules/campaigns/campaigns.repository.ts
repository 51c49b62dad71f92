import type { SkipReason } from '@crm/shared';
import type { Db } from '#server/db/database.ts';
import type { CampaignRecipientsTable, CampaignsTable, CampaignTemplatesTable } from '#server/db/schema.ts';
import type { SessionUserRow } from '#server/modules/users/users.repository.ts';

export type CampaignRow = CampaignsTable;
export type CampaignTemplateRow = CampaignTemplatesTable;
export type CampaignRecipientRow = CampaignRecipientsTable;

/** Whose campaigns a list shows: one owner's, or everyone's (an admin). */
export type CampaignScope = { ownerId: string } | 'all';

const ownerOf = (scope: CampaignScope): string | null => (scope === 'all' ? null : scope.ownerId);

/** A recipient with what its unsubscribe link needs: its campaign and who sent it. */
export type UnsubscribeTargetRow = Pick<
  CampaignRecipientsTable,
  'id' | 'campaign_id' | 'doctor_id' | 'unsubscribed_at'
> &
  Pick<CampaignsTable, 'owner_id' | 'name' | 'language'>;

export class CampaignsRepository {
  /** The owner's templates, newest first. */
  async templatesOf(db: Db, ownerId: string): Promise<CampaignTemplateRow[]> {
    return db
      .selectFrom('campaign_templates')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** One of the owner's templates; another user's is as absent as a missing one. */
  async templateOf(db: Db, ownerId: string, id: string): Promise<CampaignTemplateRow | undefined> {
    return db
      .selectFrom('campaign_templates')
      .selectAll()
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
  }

  async insertTemplate(db: Db, row: CampaignTemplateRow): Promise<void> {
    await db.insertInto('campaign_templates').values(row).execute();
  }

  async insertCampaign(db: Db, row: CampaignRow): Promise<void> {
    await db.insertInto('campaigns').values(row).execute();
  }

  async insertRecipients(db: Db, rows: CampaignRecipientRow[]): Promise<void> {
    if (rows.length === 0) return;
    await db.insertInto('campaign_recipients').values(rows).execute();
  }

  /** The doctors among the ids that exist, with their e-mail (to say why one is left out). */
  async doctors(db: Db, ids: readonly string[]): Promise<{ id: string; email: string | null }[]> {
    if (ids.length === 0) return [];
    return db.selectFrom('doctors').select(['id', 'email']).where('id', 'in', ids).execute();
  }

  async page(db: Db, scope: CampaignScope, offset: number, limit: number): Promise<CampaignRow[]> {
    return db
      .selectFrom('campaigns')
      .selectAll()
      .$call((qb) => {
        const ownerId = ownerOf(scope);
        return ownerId === null ? qb : qb.where('owner_id', '=', ownerId);
      })
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async count(db: Db, scope: CampaignScope): Promise<number> {
    const row = await db
      .selectFrom('campaigns')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .$call((qb) => {
        const ownerId = ownerOf(scope);
        return ownerId === null ? qb : qb.where('owner_id', '=', ownerId);
      })
      .executeTakeFirstOrThrow();
    return row.count;
  }

  async byId(db: Db, id: string): Promise<CampaignRow | undefined> {
    return db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Campaigns still sending whose claim is free (none, or one that ran out), oldest first. */
  async claimable(db: Db, now: string, limit: number): Promise<{ id: string }[]> {
    return db
      .selectFrom('campaigns')
      .select('id')
      .where('status', '=', 'sending')
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  /** Takes the campaign for this process until `until`, if nobody holds it: the database lets one process win. */
  async claim(db: Db, id: string, processId: string, now: string, until: string): Promise<boolean> {
    const result = await db
      .updateTable('campaigns')
      .set({ claimed_by: processId, claimed_until: until })
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /**
   * Moves the claim's end to `until` if this process still holds it: a process whose claim ran out and was
   * taken meanwhile gets false and must leave the campaign to the new holder.
   */
  async renewClaim(db: Db, id: string, processId: string, until: string): Promise<boolean> {
    const result = await db
      .updateTable('campaigns')
      .set({ claimed_until: until })
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .where('claimed_by', '=', processId)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async release(db: Db, id: string, processId: string): Promise<void> {
    await db
      .updateTable('campaigns')
      .set({ claimed_by: null, claimed_until: null })
      .where('id', '=', id)
      .where('claimed_by', '=', processId)
      .execute();
  }

  /** The next recipients to hand to the outbox, in id order. */
  async pendingBatch(db: Db, campaignId: string, limit: number): Promise<CampaignRecipientRow[]> {
    return db
      .selectFrom('campaign_recipients')
      .selectAll()
      .where('campaign_id', '=', campaignId)
      .where('status', '=', 'pending')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Marks a pending recipient queued with its outbox message; false when it was no longer pending. */
  async markQueued(db: Db, id: string, outboxId: string): Promise<boolean> {
    const result = await db
      .updateTable('campaign_recipients')
      .set({ status: 'queued', outbox_id: outboxId })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async markSkipped(db: Db, ids: readonly string[], reason: SkipReason): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await db
      .updateTable('campaign_recipients')
      .set({ status: 'skipped', skip_reason: reason })
      .where('id', 'in', ids)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The campaign's recipients by state and reason of skipping. */
  async recipientCounts(
    db: Db,
    campaignId: string,
  ): Promise<{ status: CampaignRecipientRow['status']; skip_reason: SkipReason | null; count: number }[]> {
    return db
      .selectFrom('campaign_recipients')
      .select((eb) => ['status', 'skip_reason', eb.fn.countAll<number>().as('count')])
      .where('campaign_id', '=', campaignId)
      .groupBy(['status', 'skip_reason'])
      .execute();
  }

  async updateProgress(
    db: Db,
    id: string,
    progress: Pick<CampaignRow, 'sent_count' | 'failed_count' | 'skipped'> &
      Partial<Pick<CampaignRow, 'status' | 'sent_at'>>,
  ): Promise<void> {
    await db.updateTable('campaigns').set(progress).where('id', '=', id).execute();
  }

  async unsubscribeTarget(db: Db, recipientId: string): Promise<UnsubscribeTargetRow | undefined> {
    return db
      .selectFrom('campaign_recipients as r')
      .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
      .select(['r.id', 'r.campaign_id', 'r.doctor_id', 'r.unsubscribed_at', 'c.owner_id', 'c.name', 'c.language'])
      .where('r.id', '=', recipientId)
      .executeTakeFirst();
  }

  async markUnsubscribed(db: Db, recipientId: string, at: string): Promise<void> {
    await db
      .updateTable('campaign_recipients')
      .set({ unsubscribed_at: at })
      .where('id', '=', recipientId)
      .where('unsubscribed_at', 'is', null)
      .execute();
  }

  /** The user a campaign was sent by, as a session would name them: who records a doctor's unsubscribing. */
  async sender(db: Db, userId: string): Promise<SessionUserRow | undefined> {
    return db
      .selectFrom('users')
      .select(['id', 'email', 'display_name', 'first_name', 'last_name', 'is_admin', 'read_write', 'manager_id'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }
}
