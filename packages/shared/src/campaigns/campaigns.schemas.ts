import { z } from 'zod';
import { uuidField } from '../common/fields.ts';
import { limitParam, pageParam } from '../common/paging.ts';
import { EligibleDoctor } from '../consents/consents.schemas.ts';
import {
  CAMPAIGN_MAX_RECIPIENTS,
  CAMPAIGN_NAME_MAX_LENGTH,
  CAMPAIGN_STATUSES,
  PAST_CAMPAIGNS_PAGE_SIZE,
  SKIP_REASONS,
  TEMPLATE_CONTENT_MAX_LENGTH,
  TEMPLATE_TYPES,
} from './campaigns.rules.ts';

export const TemplateType = z.enum(TEMPLATE_TYPES, { error: 'campaigns.templateTypeRequired' });
export type TemplateType = z.infer<typeof TemplateType>;

/** Spec 001 §3: a built-in template (in the request's language) or one of the caller's own. */
export const CampaignTemplate = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  type: TemplateType,
  description: z.string(),
  content: z.string(),
  createdAt: z.string(),
  isBuiltIn: z.boolean(),
});
export type CampaignTemplate = z.infer<typeof CampaignTemplate>;

/** GET /api/campaigns/templates: the caller's templates newest first, then the built-in ones. */
export const CampaignTemplateList = z.object({ templates: z.array(CampaignTemplate) });
export type CampaignTemplateList = z.infer<typeof CampaignTemplateList>;

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: 'validation.tooLong' });

/** POST /api/campaigns/templates, with the spec's messages (spec 001 §5). */
export const CampaignTemplateInput = z.object({
  name: requiredText('campaigns.templateNameRequired', 200),
  type: TemplateType,
  description: requiredText('campaigns.templateDescriptionRequired', 1000),
  subject: requiredText('campaigns.templateSubjectRequired', 255).transform((subject) =>
    subject.replace(/\s*[\r\n]+\s*/g, ' '),
  ),
  content: requiredText('campaigns.templateContentRequired', TEMPLATE_CONTENT_MAX_LENGTH),
});
export type CampaignTemplateInput = z.infer<typeof CampaignTemplateInput>;

export const SkipCounts = z.object(
  Object.fromEntries(SKIP_REASONS.map((reason) => [reason, z.number()])) as Record<
    (typeof SKIP_REASONS)[number],
    z.ZodNumber
  >,
);
export type SkipCounts = z.infer<typeof SkipCounts>;

/** Spec 001 §3 with the counts of the background sending. */
export const Campaign = z.object({
  id: z.string(),
  name: z.string(),
  templateId: z.string(),
  templateName: z.string(),
  templateType: TemplateType,
  status: z.enum(CAMPAIGN_STATUSES),
  /** Doctors the campaign is for (eligible when it was sent); the skipped ones are counted apart. */
  recipientCount: z.number(),
  sentCount: z.number(),
  failedCount: z.number(),
  skippedCount: z.number(),
  skipped: SkipCounts,
  createdAt: z.string(),
  /** When the last message went; null while sending. */
  sentAt: z.string().nullable(),
  senderEmail: z.string(),
});
export type Campaign = z.infer<typeof Campaign>;

export const CampaignListQuery = z.object({
  page: pageParam(),
  limit: z.coerce.number().int().min(1).max(100).default(PAST_CAMPAIGNS_PAGE_SIZE),
});
export type CampaignListQuery = z.infer<typeof CampaignListQuery>;

/** GET /api/campaigns: the caller's campaigns (every campaign for an admin), newest first. */
export const CampaignList = z.object({ campaigns: z.array(Campaign), total: z.number(), pages: z.number() });
export type CampaignList = z.infer<typeof CampaignList>;

/** GET /api/campaigns/doctors-with-consent: the doctors a campaign of this template (or type) may reach. */
export const DoctorsWithConsentQuery = z.object({
  templateId: z.string().trim().min(1).max(100).optional(),
  type: TemplateType.optional(),
  search: z.string().max(100, { error: 'validation.tooLong' }).default(''),
  page: pageParam(),
  limit: limitParam(),
});
export type DoctorsWithConsentQuery = z.infer<typeof DoctorsWithConsentQuery>;

export const DoctorsWithConsentList = z.object({
  doctors: z.array(EligibleDoctor),
  total: z.number(),
  pages: z.number(),
});
export type DoctorsWithConsentList = z.infer<typeof DoctorsWithConsentList>;

const optionalEventText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'validation.tooLong' })
    .nullish()
    .transform((value) => (value ? value.replace(/\s*[\r\n]+\s*/g, ' ') : null));

/**
 * POST /api/campaigns (spec 001 §7). `doctorIds` names the chosen doctors; `allMatching` stands for every
 * doctor the recipients step's search matches ("Select All (n)"), resolved on the server when it is sent.
 * The event fields fill the template's event placeholders.
 */
export const CampaignInput = z
  .object({
    name: z
      .string({ error: 'campaigns.nameRequired' })
      .trim()
      .min(1, { error: 'campaigns.nameRequired' })
      .max(CAMPAIGN_NAME_MAX_LENGTH, { error: 'validation.tooLong' }),
    templateId: z.string({ error: 'campaigns.incomplete' }).trim().min(1, { error: 'campaigns.incomplete' }).max(100),
    doctorIds: z
      .array(uuidField(), { error: 'validation.invalid' })
      .max(CAMPAIGN_MAX_RECIPIENTS, { error: 'campaigns.tooManyRecipients' })
      .default([]),
    allMatching: z.object({ search: z.string().max(100).default('') }).nullish(),
    customSubject: optionalEventText(255),
    customContent: z.string().max(TEMPLATE_CONTENT_MAX_LENGTH, { error: 'validation.tooLong' }).nullish(),
    eventName: optionalEventText(200),
    eventDate: optionalEventText(100),
    eventLocation: optionalEventText(200),
    eventTopics: optionalEventText(500),
  })
  .refine((input) => input.doctorIds.length > 0 || input.allMatching != null, {
    error: 'campaigns.incomplete',
    path: ['doctorIds'],
  });
export type CampaignInput = z.input<typeof CampaignInput>;
export type CampaignDraft = z.output<typeof CampaignInput>;

/** The answer of POST /api/campaigns: the campaign, recorded and sending, and who was left out and why. */
export const CampaignSendResult = z.object({
  campaign: Campaign,
  recipientCount: z.number(),
  skipped: SkipCounts,
});
export type CampaignSendResult = z.infer<typeof CampaignSendResult>;

/** POST /unsubscribe (the link and List-Unsubscribe-Post). */
export const UnsubscribeInput = z.object({ token: z.string().min(1).max(200) });
