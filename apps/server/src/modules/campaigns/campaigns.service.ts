import {
  CAMPAIGN_MAX_RECIPIENTS,
  type CampaignDraft,
  type CampaignList,
  type CampaignListQuery,
  CampaignSendResult,
  type CampaignTemplate,
  type CampaignTemplateInput,
  choiceForTemplateType,
  type ConsentChoice,
  type DoctorsWithConsentList,
  type DoctorsWithConsentQuery,
  EVENT_PLACEHOLDERS,
  type Language,
  pagesFor,
  placeholdersIn,
  type SkipReason,
} from '@crm/shared';
import { requireSignedIn } from '#server/core/access.ts';
import { AppError, validationError } from '#server/core/app-error.ts';
import { type Clock, isoNow } from '#server/core/clock.ts';
import { type IdempotentRequest, idempotentTransaction } from '#server/core/idempotent-transaction.ts';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/ids.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import type { ConsentsService } from '#server/modules/consents/consents.service.ts';
import type { IdempotencyKeysRepository } from '#server/modules/idempotency/idempotency.repository.ts';
import { auditUser } from '#server/modules/logs/audit.ts';
import type { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import { richTextToPlainText, sanitizeRichText } from '#server/modules/mailbox/rich-text.ts';
import { toSessionUser } from '#server/modules/users/users.mapper.ts';
import { builtInTemplate, builtInTemplates } from './built-in-templates.ts';
import { noSkips, skippedTotal, toCampaign, toCampaignTemplate } from './campaigns.mapper.ts';
import type { CampaignRecipientRow, CampaignsRepository } from './campaigns.repository.ts';
import type { UnsubscribeLinks } from './unsubscribe-links.ts';

type CampaignsServiceDeps = {
  db: Db;
  campaigns: CampaignsRepository;
  consents: ConsentsService;
  mail: MailService;
  keys: IdempotencyKeysRepository;
  logs: LogsRepository;
  clock: Clock;
  links: UnsubscribeLinks;
};

/** What following an unsubscribe link did. */
export type UnsubscribeOutcome = 'unsubscribed' | 'alreadyUnsubscribed' | 'invalid';

/** Something that works through the campaigns being sent when told to (the sending job, once started). */
export type CampaignSender = { wake(): void };

const UNSUBSCRIBE_REASON: Record<Language, (campaign: string) => string> = {
  fr: (campaign) => `Désabonnement par le lien de la campagne « ${campaign} »`,
  en: (campaign) => `Unsubscribed through the link of the campaign “${campaign}”`,
};

/** Ids read or written at a time: well under either engine's limit on bound values. */
const CHUNK = 1000;
const INSERT_CHUNK = 500;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** A template as a campaign uses it: where it came from, its type, its subject and (sanitised) content. */
type ResolvedTemplate = Pick<CampaignTemplate, 'id' | 'name' | 'type' | 'subject' | 'content'>;

/**
 * Campaigns to doctors who consented (spec 001 §§2, 4, 5, 7): templates, the doctors a template may reach,
 * and sending. Eligibility is decided here, never taken from the client: at send time for the answer, and
 * again by the sending job just before each doctor's message goes to the outbox.
 */
export class CampaignsService {
  private sender: CampaignSender | null = null;

  constructor(private readonly deps: CampaignsServiceDeps) {}

  /** The sending job registers itself when it starts (buildApp), and unregisters when it stops. */
  setSender(sender: CampaignSender | null): void {
    this.sender = sender;
  }

  /** The caller's own templates, newest first, then the four built-in ones in the request's language. */
  async templates(auth: AuthContext, language: Language): Promise<CampaignTemplate[]> {
    requireSignedIn(auth);
    const own = await this.deps.campaigns.templatesOf(this.deps.db, auth.user.id);
    return [...own.map(toCampaignTemplate), ...builtInTemplates(language)];
  }

  /** A template kept for its author; its content is sanitised like a message body. */
  async createTemplate(auth: AuthContext, input: CampaignTemplateInput): Promise<CampaignTemplate> {
    requireSignedIn(auth);
    const content = sanitizeRichText(input.content);
    if (richTextToPlainText(content) === '') throw validationError({ content: 'campaigns.templateContentRequired' });
    const row = {
      id: newId(),
      owner_id: auth.user.id,
      name: input.name,
      type: input.type,
      description: input.description,
      subject: input.subject,
      content,
      created_at: isoNow(this.deps.clock),
    };
    await this.deps.db.transaction().execute(async (trx) => {
      await this.deps.campaigns.insertTemplate(trx, row);
      await this.deps.logs.record(trx, {
        action: 'create',
        entityType: 'campaign_template',
        entityId: row.id,
        metadata: { name: row.name },
        user: auditUser(auth),
      });
    });
    return toCampaignTemplate(row);
  }

  /** The doctors a campaign of this template (or type) may reach now, paged and searched (spec 001 §5). */
  /**
   * The doctors a campaign of the template (or type) may reach; with neither, as the spec's client asks, every
   * doctor with an e-mail and any consent in force, each with its consent, for the client to filter by type.
   */
  async doctorsWithConsent(auth: AuthContext, query: DoctorsWithConsentQuery): Promise<DoctorsWithConsentList> {
    requireSignedIn(auth);
    const type =
      query.type ??
      (query.templateId === undefined ? null : (await this.requireTemplate(auth, query.templateId, 'fr')).type);
    return this.deps.consents.eligibleDoctors(auth, {
      choice: type === null ? null : choiceForTemplateType(type),
      search: query.search,
      page: query.page,
      limit: query.limit,
    });
  }

  /** The caller's campaigns, every campaign for an admin, newest first. */
  async list(auth: AuthContext, query: CampaignListQuery): Promise<CampaignList> {
    requireSignedIn(auth);
    const scope = auth.user.isAdmin ? ('all' as const) : { ownerId: auth.user.id };
    const [rows, total] = await Promise.all([
      this.deps.campaigns.page(this.deps.db, scope, (query.page - 1) * query.limit, query.limit),
      this.deps.campaigns.count(this.deps.db, scope),
    ]);
    return { campaigns: rows.map(toCampaign), total, pages: pagesFor(total, query.limit) };
  }

  /**
   * Records the campaign with its recipients and hands it to the sending job. Only the doctors whose current
   * consent gives the template's choice and who have an e-mail become recipients, whatever the client sent;
   * the others are recorded as skipped, with why.
   */
  async send(
    auth: AuthContext,
    draft: CampaignDraft,
    language: Language,
    idempotency: IdempotentRequest | null,
  ): Promise<CampaignSendResult> {
    requireSignedIn(auth);
    if (this.deps.mail.deliveryMode !== 'smtp') throw new AppError('MAIL_SERVER_MISSING');
    const template = await this.requireTemplate(auth, draft.templateId, language);
    const subject = draft.customSubject ?? template.subject;
    const custom = draft.customContent == null ? '' : sanitizeRichText(draft.customContent);
    const content = richTextToPlainText(custom) === '' ? template.content : custom;
    const used = new Set([...placeholdersIn(subject), ...placeholdersIn(content)]);
    const missing = Object.fromEntries(
      EVENT_PLACEHOLDERS.filter((name) => used.has(name) && draft[name] === null).map((name) => [
        name,
        'campaigns.eventFieldRequired',
      ]),
    );
    if (Object.keys(missing).length > 0) throw validationError(missing);
    const choice = choiceForTemplateType(template.type);
    // Read before the transaction (the consents' search runs on its own connection); eligibility itself is
    // checked again inside it.
    const requested = await this.requestedDoctors(auth, draft, choice);

    const result = await idempotentTransaction(
      { db: this.deps.db, keys: this.deps.keys, clock: this.deps.clock },
      idempotency,
      { statusCode: 201, replayAs: (stored) => CampaignSendResult.parse(stored) },
      async (trx) => {
        const eligible = new Set<string>();
        for (const ids of chunks(requested, CHUNK)) {
          for (const doctor of await this.deps.consents.eligibleAmong(trx, ids, choice)) eligible.add(doctor.id);
        }
        if (eligible.size === 0) throw validationError({ doctorIds: 'campaigns.noEligibleRecipients' });
        const reasons = await this.skipReasons(
          trx,
          requested.filter((id) => !eligible.has(id)),
        );
        const skipped = noSkips();
        for (const reason of reasons.values()) skipped[reason] += 1;

        const campaignId = newId();
        const now = isoNow(this.deps.clock);
        const row = {
          id: campaignId,
          owner_id: auth.user.id,
          owner_email: auth.user.email,
          sender_name: auth.user.displayName ?? auth.user.email,
          name: draft.name,
          template_id: template.id,
          template_name: template.name,
          template_type: template.type,
          language,
          subject,
          content,
          event_name: draft.eventName ?? null,
          event_date: draft.eventDate ?? null,
          event_location: draft.eventLocation ?? null,
          event_topics: draft.eventTopics ?? null,
          status: 'sending' as const,
          recipient_count: eligible.size,
          skipped: JSON.stringify(skipped),
          sent_count: 0,
          failed_count: 0,
          claimed_by: null,
          claimed_until: null,
          created_at: now,
          sent_at: null,
        };
        await this.deps.campaigns.insertCampaign(trx, row);
        const recipients: CampaignRecipientRow[] = requested.map((doctorId) => {
          const reason = reasons.get(doctorId);
          return {
            id: newId(),
            campaign_id: campaignId,
            doctor_id: doctorId,
            status: reason === undefined ? 'pending' : 'skipped',
            skip_reason: reason ?? null,
            outbox_id: null,
            unsubscribed_at: null,
          };
        });
        for (const rows of chunks(recipients, INSERT_CHUNK)) await this.deps.campaigns.insertRecipients(trx, rows);
        await this.deps.logs.record(trx, {
          action: 'send',
          entityType: 'campaign',
          entityId: campaignId,
          metadata: {
            campaignName: draft.name,
            recipientCount: eligible.size,
            templateName: template.name,
            skippedCount: skippedTotal(skipped),
          },
          user: auditUser(auth),
        });
        return { campaign: toCampaign(row), recipientCount: eligible.size, skipped };
      },
    );
    this.sender?.wake();
    return result;
  }

  /**
   * A doctor following the link of a campaign message (or their mail client's one-click unsubscribe): their
   * withdrawal of every choice is recorded as a new consent record of the consents' evidence chain, recorded on
   * behalf of the campaign's sender, with the link as the reason; the next campaign skips them. Anyone holding
   * a genuine link may use it, and only for the doctor it was sent to; using it again changes nothing.
   */
  async unsubscribe(token: string, language: Language): Promise<UnsubscribeOutcome> {
    const recipientId = this.deps.links.recipientOf(token);
    const target =
      recipientId === null ? undefined : await this.deps.campaigns.unsubscribeTarget(this.deps.db, recipientId);
    if (!target) return 'invalid';
    if (target.unsubscribed_at !== null) return 'alreadyUnsubscribed';
    const sender = await this.deps.campaigns.sender(this.deps.db, target.owner_id);
    if (!sender) return 'invalid';
    const auth: AuthContext = { user: toSessionUser(sender), sessionId: '' };
    try {
      await this.deps.consents.withdraw(
        auth,
        target.doctor_id,
        { requestedBy: 'doctor', reason: UNSUBSCRIBE_REASON[target.language](target.name) },
        null,
        language,
      );
    } catch (error) {
      // Nothing left to withdraw (withdrawn since), or the doctor left the directory: unsubscribed all the same.
      if (!(error instanceof AppError) || !['CONFLICT', 'NOT_FOUND'].includes(error.code)) throw error;
    }
    await this.deps.campaigns.markUnsubscribed(this.deps.db, target.id, isoNow(this.deps.clock));
    return 'unsubscribed';
  }

  /** A built-in template (in the language asked) or one of the caller's own; anything else is not found. */
  private async requireTemplate(auth: AuthContext, id: string, language: Language): Promise<ResolvedTemplate> {
    const builtIn = builtInTemplate(id, language);
    if (builtIn) return builtIn;
    const own = /^[0-9a-f-]{36}$/i.test(id)
      ? await this.deps.campaigns.templateOf(this.deps.db, auth.user.id, id)
      : undefined;
    if (!own) throw validationError({ templateId: 'campaigns.templateNotFound' });
    return toCampaignTemplate(own);
  }

  /** The doctors the campaign names, once each: the ids sent, and every doctor the search matches for "all". */
  private async requestedDoctors(auth: AuthContext, draft: CampaignDraft, choice: ConsentChoice): Promise<string[]> {
    const ids = new Set(draft.doctorIds.map((id) => id.toLowerCase()));
    if (draft.allMatching != null) {
      for (let page = 1; ; page += 1) {
        const { doctors, pages } = await this.deps.consents.eligibleDoctors(auth, {
          choice,
          search: draft.allMatching.search,
          page,
          limit: CHUNK,
        });
        for (const doctor of doctors) ids.add(doctor.id);
        if (page >= pages || ids.size > CAMPAIGN_MAX_RECIPIENTS) break;
      }
    }
    if (ids.size > CAMPAIGN_MAX_RECIPIENTS) throw validationError({ doctorIds: 'campaigns.tooManyRecipients' });
    return [...ids];
  }

  /** Why each of these doctors can't receive the campaign. */
  private async skipReasons(db: Db, doctorIds: readonly string[]): Promise<Map<string, SkipReason>> {
    const reasons = new Map<string, SkipReason>();
    for (const ids of chunks(doctorIds, CHUNK)) {
      const found = new Map((await this.deps.campaigns.doctors(db, ids)).map((doctor) => [doctor.id, doctor]));
      for (const id of ids) {
        const doctor = found.get(id);
        reasons.set(id, doctor === undefined ? 'notFound' : (doctor.email ?? '') === '' ? 'noEmail' : 'noConsent');
      }
    }
    return reasons;
  }
}
