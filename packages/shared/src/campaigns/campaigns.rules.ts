import { CONSENT_CHOICE_BY_TEMPLATE_TYPE, type ConsentChoice } from '../consents/consents.rules.ts';

/** Spec 001 §3: a template's type decides which consent its campaign needs (spec 001 §5). */
export const TEMPLATE_TYPES = ['medicine', 'congress', 'pharma', 'general', 'event'] as const;
type TemplateTypeName = (typeof TEMPLATE_TYPES)[number];

export const choiceForTemplateType = (type: TemplateTypeName): ConsentChoice => CONSENT_CHOICE_BY_TEMPLATE_TYPE[type];

/** The four built-in templates (spec 001 §3), by id. */
export const BUILT_IN_TEMPLATE_IDS = ['new-medicine', 'congress-invitation', 'pharma-event', 'general-update'] as const;
export type BuiltInTemplateId = (typeof BUILT_IN_TEMPLATE_IDS)[number];

/** The placeholders a template may hold, written {{name}}; the server fills them for each doctor. */
export const TEMPLATE_PLACEHOLDERS = [
  'doctorName',
  'eventName',
  'eventDate',
  'eventLocation',
  'eventTopics',
  'senderName',
] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
/** The placeholders the sender fills in for the whole campaign (the others come from the doctor and the sender). */
export const EVENT_PLACEHOLDERS = ['eventName', 'eventDate', 'eventLocation', 'eventTopics'] as const;
export type EventPlaceholder = (typeof EVENT_PLACEHOLDERS)[number];

const PLACEHOLDER_PATTERN = /\{\{\s*([a-zA-Z]+)\s*\}\}/g;

/** The known placeholders a text uses. */
export function placeholdersIn(text: string): TemplatePlaceholder[] {
  const found = new Set<TemplatePlaceholder>();
  for (const [, name] of text.matchAll(PLACEHOLDER_PATTERN)) {
    if ((TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name ?? '')) found.add(name as TemplatePlaceholder);
  }
  return [...found];
}

/**
 * Fills the placeholders of a text; `escape` encodes each value for where it goes (HTML for a body, nothing for
 * a subject or the plain-text part). Unknown placeholders stay as written.
 */
export function fillPlaceholders(
  text: string,
  values: Partial<Record<TemplatePlaceholder, string>>,
  escape: (value: string) => string = (value) => value,
): string {
  return text.replace(PLACEHOLDER_PATTERN, (whole, name: string) => {
    const value = values[name as TemplatePlaceholder];
    return value === undefined ? whole : escape(value);
  });
}

/** Campaign states (spec 001 §4), with sending while the background job works through the recipients. */
export const CAMPAIGN_STATUSES = ['draft', 'sending', 'sent', 'failed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Why a chosen doctor was not sent the campaign. */
export const SKIP_REASONS = ['notFound', 'noEmail', 'noConsent', 'withdrawn'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** Spec 001 §9. */
export const PAST_CAMPAIGNS_PAGE_SIZE = 10;
export const TEMPLATE_CARDS_PER_PAGE = 4;
export const TEMPLATE_PREVIEW_WIDTH = 800;
export const RECIPIENT_LIST_MAX_HEIGHT = 200;

/** How many doctors one campaign may reach: the nominal tier's largest eligible audience, with room. */
export const CAMPAIGN_MAX_RECIPIENTS = 50_000;
export const CAMPAIGN_NAME_MAX_LENGTH = 200;
export const TEMPLATE_CONTENT_MAX_LENGTH = 200_000;
/** A campaign POST carries up to CAMPAIGN_MAX_RECIPIENTS ids: its own body limit. */
export const CAMPAIGN_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
