/** Spec 000 §9: the signature pad's canvas, in CSS pixels. */
export const SIGNATURE_CANVAS = { width: 300, height: 150 } as const;

/** Spec 000 §5: image data shorter than this is not a signature. */
export const SIGNATURE_MIN_LENGTH = 100;

/** Spec 000 §5 and §9: 5 MB counted in characters of the data URL (5 × 1024 × 1024). */
export const SIGNATURE_MAX_LENGTH = 5 * 1024 * 1024;

/** Spec 000 §7 and §9: a doctor's current consent is fresh for 5 minutes and kept 30 minutes online. */
export const SIGNATURE_STALE_MS = 5 * 60_000;
export const SIGNATURE_GC_MS = 30 * 60_000;

/** Spec 000 §4 and §9: the consent screen saves the contact e-mail and phone to the doctor after this. */
export const CONSENT_CONTACT_AUTOSAVE_MS = 2000;

/** The three choices a doctor gives or withdraws, in the order the screen shows them. */
export const CONSENT_CHOICES = ['professional', 'congress', 'general'] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

/** The field of a consent that holds a choice: professionalConsent, congressConsent, generalConsent. */
export type ConsentChoiceField = `${ConsentChoice}Consent`;
export const choiceField = (choice: ConsentChoice): ConsentChoiceField => `${choice}Consent`;

export type ConsentChoices = Record<ConsentChoiceField, boolean>;

/**
 * Spec 001 §5 (recipient eligibility): the choice a campaign of each template type needs. Medicine and pharma
 * campaigns are professional communication; congress invitations need the congress choice; general updates and
 * events need general communication.
 */
export const CONSENT_CHOICE_BY_TEMPLATE_TYPE = {
  medicine: 'professional',
  pharma: 'professional',
  congress: 'congress',
  general: 'general',
  event: 'general',
} as const satisfies Record<string, ConsentChoice>;

/** A signature collected on the pad, or a withdrawal recorded without a drawing. */
export const CONSENT_KINDS = ['signature', 'withdrawal'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** Who asked for a withdrawal: the doctor (in person, by phone, by mail…) or the rep on their own initiative. */
export const WITHDRAWAL_REQUESTERS = ['doctor', 'rep'] as const;
export type WithdrawalRequester = (typeof WITHDRAWAL_REQUESTERS)[number];

export const WITHDRAWAL_REASON_MAX_LENGTH = 1000;

/** The data URL prefixes a signature image may have; the server also checks the decoded bytes (magic numbers). */
export const SIGNATURE_DATA_URL_PATTERN = /^data:image\/(png|jpeg);base64,/;

/**
 * A doctor counts as consenting (dashboard, campaigns: docs/dashboard.md) when their current record gives at
 * least one of the three choices.
 */
export function givesAnyChoice(choices: ConsentChoices): boolean {
  return choices.professionalConsent || choices.congressConsent || choices.generalConsent;
}

/** The choices a record gives, in the screen's order. */
export function givenChoices(choices: ConsentChoices): ConsentChoice[] {
  return CONSENT_CHOICES.filter((choice) => choices[choiceField(choice)]);
}
