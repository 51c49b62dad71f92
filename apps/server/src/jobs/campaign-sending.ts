import { choiceForTemplateType, type EligibleDoctor, SKIP_REASONS } from '@crm/shared';
import type { FastifyBaseLogger } from 'fastify';
import { type Clock, isoNow } from '#server/core/clock.ts';
import { PollingJob } from '#server/core/polling-job.ts';
import type { Db } from '#server/db/database.ts';
import { renderCampaignMessage } from '#server/modules/campaigns/campaign-messages.ts';
import { noSkips } from '#server/modules/campaigns/campaigns.mapper.ts';
import type { CampaignRow, CampaignsRepository } from '#server/modules/campaigns/campaigns.repository.ts';
import type { CampaignSender } from '#server/modules/campaigns/campaigns.service.ts';
import type { UnsubscribeLinks } from '#server/modules/campaigns/unsubscribe-links.ts';
import type { ConsentsService } from '#server/modules/consents/consents.service.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';

/** How long a claim on a campaign holds: far longer than one batch takes; it is renewed before each. */
const CLAIM_MS = 2 * 60_000;
/** Recipients handed to the outbox per transaction. */
const BATCH = 50;
const POLL_MS = 5_000;
/** Campaigns looked at per pass. */
const CAMPAIGNS_PER_PASS = 5;

type CampaignSendingDeps = {
  db: Db;
  campaigns: CampaignsRepository;
  consents: ConsentsService;
  mail: MailService;
  links: UnsubscribeLinks;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Messages a campaign may have waiting in the outbox at once (about a minute of the bulk pace). */
  window: number;
};

export const campaignRef = (campaignId: string): string => `campaign:${campaignId}`;
/** The outbox's once-key of a recipient's message: one message per recipient, whichever process enqueues it. */
export const recipientKey = (recipientId: string): string => `campaign-recipient:${recipientId}`;

/**
 * Sends the campaigns being sent (docs/decisions/0033). Every server process runs one; a campaign is claimed
 * through the database, so one process works on it at a time, and one that stopped leaves a claim that runs
 * out. The claim is renewed before each batch, so a long pass keeps its campaign. A recipient's consent is
 * checked again in the transaction that hands its message to the outbox and marks it queued, so a crash or an
 * SMTP outage never sends anyone twice, and a withdrawal made while the campaign runs is honoured: the outbox
 * holds at most `window` of the campaign's messages ahead of sending. Should one batch stall past the claim
 * and a second process take the campaign, the outbox's unique key per recipient lets only one message through
 * for each (the other process's enqueue answers null), and the first process leaves at its next renewal.
 */
export class CampaignSending extends PollingJob implements CampaignSender {
  constructor(private readonly deps: CampaignSendingDeps) {
    super({ name: 'campaign sending', pollMs: POLL_MS, claimMs: CLAIM_MS, clock: deps.clock, logger: deps.logger });
  }

  protected pass(): Promise<void> {
    return this.sendDue();
  }

  /** One pass over the campaigns being sent: each claimed, moved on, its progress written, released. */
  async sendDue(): Promise<void> {
    const { worker } = this;
    const now = isoNow(this.deps.clock);
    for (const { id } of await this.deps.campaigns.claimable(this.deps.db, now, CAMPAIGNS_PER_PASS)) {
      const claimed = await this.deps.campaigns.claim(this.deps.db, id, worker, now, this.claimUntil());
      if (!claimed) continue;
      try {
        const campaign = await this.deps.campaigns.byId(this.deps.db, id);
        if (campaign && (await this.enqueueWithinWindow(campaign))) await this.recordProgress(campaign);
      } finally {
        await this.deps.campaigns.release(this.deps.db, id, worker);
      }
    }
  }

  /**
   * Hands the next recipients to the outbox while the campaign has fewer than `window` messages waiting,
   * renewing the claim before each batch. False when the claim was lost: another process carries on.
   */
  private async enqueueWithinWindow(campaign: CampaignRow): Promise<boolean> {
    const ref = campaignRef(campaign.id);
    const choice = choiceForTemplateType(campaign.template_type);
    for (;;) {
      const kept = await this.renew(
        (worker, until) => this.deps.campaigns.renewClaim(this.deps.db, campaign.id, worker, until),
        {
          campaignId: campaign.id,
        },
      );
      if (!kept) return false;
      const waiting = (await this.deps.mail.countsByRef(ref)).pending;
      const room = Math.min(BATCH, this.deps.window - waiting);
      if (room <= 0) return true;
      const batch = await this.deps.campaigns.pendingBatch(this.deps.db, campaign.id, room);
      if (batch.length === 0) return true;
      await this.deps.db.transaction().execute(async (trx) => {
        const eligible = new Map<string, EligibleDoctor>(
          (
            await this.deps.consents.eligibleAmong(
              trx,
              batch.map((recipient) => recipient.doctor_id),
              choice,
            )
          ).map((doctor) => [doctor.id, doctor]),
        );
        const withdrawn: string[] = [];
        for (const recipient of batch) {
          const doctor = eligible.get(recipient.doctor_id);
          if (!doctor) {
            withdrawn.push(recipient.id);
            continue;
          }
          const url = this.deps.links.url(recipient.id);
          const message = renderCampaignMessage(campaign, doctor, url);
          const outboxId = await this.deps.mail.enqueueOnce(
            trx,
            {
              kind: 'campaign.message',
              to: doctor.email,
              subject: message.subject,
              text: message.text,
              html: message.html,
              headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
              replyTo: campaign.owner_email,
              stream: 'bulk',
              ref,
            },
            recipientKey(recipient.id),
          );
          // Another process, whose claim outlived ours, handed this recipient over first: theirs goes.
          if (outboxId === null) continue;
          // No longer pending (skipped meanwhile): the message must not go either; the batch is tried again.
          if (!(await this.deps.campaigns.markQueued(trx, recipient.id, outboxId))) {
            throw new Error(`campaign recipient ${recipient.id} changed while its message was being enqueued`);
          }
        }
        // Consent withdrawn, or e-mail removed, since the campaign was sent: never reached.
        await this.deps.campaigns.markSkipped(trx, withdrawn, 'withdrawn');
      });
      this.deps.mail.wake();
    }
  }

  /** The counts from the recipients and the outbox; sent once nothing is left to hand over or deliver. */
  private async recordProgress(campaign: CampaignRow): Promise<void> {
    const [outbox, recipients] = await Promise.all([
      this.deps.mail.countsByRef(campaignRef(campaign.id)),
      this.deps.campaigns.recipientCounts(this.deps.db, campaign.id),
    ]);
    const skipped = noSkips();
    let pending = 0;
    for (const row of recipients) {
      if (row.status === 'pending') pending += row.count;
      if (row.status === 'skipped' && row.skip_reason !== null && SKIP_REASONS.includes(row.skip_reason)) {
        skipped[row.skip_reason] += row.count;
      }
    }
    const sent = outbox.sent + outbox.logged;
    const done = pending === 0 && outbox.pending === 0;
    await this.deps.campaigns.updateProgress(this.deps.db, campaign.id, {
      sent_count: sent,
      failed_count: outbox.failed,
      skipped: JSON.stringify(skipped),
      ...(done ? { status: sent > 0 ? 'sent' : 'failed', sent_at: isoNow(this.deps.clock) } : {}),
    });
  }
}
