import { z } from 'zod';
import { LANGUAGES } from '../common/constants.ts';
import { optionalText, uuidField } from '../common/fields.ts';
import { limitParam, pageParam } from '../common/paging.ts';
import { SPECIALTIES } from '../doctors/doctors.rules.ts';
import {
  CONSENT_CHOICES,
  CONSENT_KINDS,
  SIGNATURE_MAX_LENGTH,
  SIGNATURE_MIN_LENGTH,
  WITHDRAWAL_REASON_MAX_LENGTH,
  WITHDRAWAL_REQUESTERS,
} from './consents.rules.ts';

/** Spec 000 §3: the client may send the snake_case spelling of these fields; camelCase wins when both come. */
const SNAKE_TO_CAMEL = {
  signature_image: 'signatureImage',
  professional_consent: 'professionalConsent',
  congress_consent: 'congressConsent',
  general_consent: 'generalConsent',
  signature_date: 'signatureDate',
} as const;

function acceptSnakeCase(input: unknown): unknown {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
  const snakeNames = new Set<string>(Object.keys(SNAKE_TO_CAMEL));
  const body = Object.fromEntries(Object.entries(input).filter(([name]) => !snakeNames.has(name)));
  for (const [snake, camel] of Object.entries(SNAKE_TO_CAMEL)) {
    const value = (input as Record<string, unknown>)[snake];
    if (value !== undefined && body[camel] === undefined) body[camel] = value;
  }
  return body;
}

const choice = z.boolean({ error: 'validation.invalid' }).default(false);

/**
 * When something happened on the device, with its offset; kept as the device said it, in UTC. The server refuses
 * one more than DEVICE_CLOCK_SKEW_MS ahead of its own clock (decision 0044); any time in the past is taken.
 */
const deviceTime = () => z.iso.datetime({ offset: true, error: 'validation.invalid' });

/**
 * The signature's data URL. Its length rules are the spec's (§5); the server also decodes it and checks the
 * bytes are a PNG or a JPEG. A value over SIGNATURE_MAX_LENGTH answers 413 (consents.signatureTooLarge).
 */
export const SignatureImage = z
  .string({ error: 'consents.signatureRequired' })
  .min(1, { error: 'consents.signatureRequired' })
  .min(SIGNATURE_MIN_LENGTH, { error: 'consents.signatureInvalid' })
  .max(SIGNATURE_MAX_LENGTH, { error: 'consents.signatureTooLarge' });

/** The doctor in the path: spec 000 §5's 'Doctor ID is required' when it is empty. */
export const ConsentDoctorParams = z.object({
  id: z.uuid({
    error: (issue) => (issue.input === undefined || issue.input === '' ? 'consents.doctorIdRequired' : 'validation.id'),
  }),
});

/**
 * POST /api/doctors/{id}/signatures. `id` is client-made when the consent was signed offline (it keeps it
 * through the queue); `signatureDate` is when the doctor signed on the device, kept as evidence with the
 * server's own time; `language` is the language the screen was in when the doctor read the three choices (the
 * request's language otherwise).
 */
export const ConsentInput = z.preprocess(
  acceptSnakeCase,
  z.object({
    id: uuidField().optional(),
    signatureImage: SignatureImage,
    professionalConsent: choice,
    congressConsent: choice,
    generalConsent: choice,
    signatureDate: deviceTime().optional(),
    email: optionalText(254),
    phone: optionalText(30),
    language: z.enum(LANGUAGES, { error: 'validation.invalid' }).optional(),
  }),
);
export type ConsentInput = z.infer<typeof ConsentInput>;
export type ConsentInputForm = z.input<typeof ConsentInput>;

/**
 * POST /api/doctors/{id}/signatures/withdrawal: a new record with the named choices withdrawn (all the current
 * ones when none is named), no drawing needed, saying who asked and why.
 */
export const ConsentWithdrawalInput = z.object({
  id: uuidField().optional(),
  requestedBy: z.enum(WITHDRAWAL_REQUESTERS, { error: 'validation.required' }),
  reason: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(WITHDRAWAL_REASON_MAX_LENGTH, { error: 'validation.tooLong' }),
  choices: z
    .array(z.enum(CONSENT_CHOICES, { error: 'validation.invalid' }), { error: 'validation.invalid' })
    .min(1, { error: 'validation.required' })
    .optional(),
  withdrawnAt: deviceTime().optional(),
});
export type ConsentWithdrawalInput = z.infer<typeof ConsentWithdrawalInput>;
export type ConsentWithdrawalForm = z.input<typeof ConsentWithdrawalInput>;

/** Who collected a record, as they were then (the user may be renamed or removed later). */
export const ConsentCollector = z.object({ id: z.string(), email: z.string(), displayName: z.string().nullable() });
export type ConsentCollector = z.infer<typeof ConsentCollector>;

/** A consent's three choices and its date, in both spellings (spec 000 §3): a record and a summary carry them. */
const ConsentChoiceFields = z.object({
  professionalConsent: z.boolean(),
  professional_consent: z.boolean(),
  congressConsent: z.boolean(),
  congress_consent: z.boolean(),
  generalConsent: z.boolean(),
  general_consent: z.boolean(),
  /** When the doctor signed (or the withdrawal was made) by the device's clock. */
  signatureDate: z.string(),
  signature_date: z.string(),
});

/**
 * One consent record, as evidence: what was chosen, when (device and server time), by whom it was collected,
 * the doctor as they were then, and the hashes that chain it to the doctor's previous record. Answered with
 * both spellings (spec 000 §3). `signatureImage` is a data URL on GET …/signatures, null in the history and in
 * the answer of a save (GET …/{consentId}/image gives one), and on a withdrawal.
 */
export const ConsentRecord = z.object({
  id: z.string(),
  doctorId: z.string(),
  kind: z.enum(CONSENT_KINDS),
  signatureImage: z.string().nullable(),
  signature_image: z.string().nullable(),
  ...ConsentChoiceFields.shape,
  /** When the server stored it. */
  recordedAt: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  language: z.enum(LANGUAGES),
  withdrawalRequestedBy: z.enum(WITHDRAWAL_REQUESTERS).nullable(),
  withdrawalReason: z.string().nullable(),
  collectedBy: ConsentCollector,
  doctorRpps: z.string(),
  doctorFirstName: z.string(),
  doctorLastName: z.string(),
  imageSha256: z.string().nullable(),
  previousHash: z.string().nullable(),
  recordHash: z.string(),
});
export type ConsentRecord = z.infer<typeof ConsentRecord>;

/** GET /api/doctors/{id}/signatures: the current consent (the latest record), or null when there is none. */
export const CurrentConsent = ConsentRecord.nullable();
export type CurrentConsent = z.infer<typeof CurrentConsent>;

/** GET /api/doctors/{id}/signatures/history: every record of the doctor, newest first, without images. */
export const ConsentHistory = z.object({ items: z.array(ConsentRecord) });
export type ConsentHistory = z.infer<typeof ConsentHistory>;

/** GET /api/doctors/{id}/signatures/{consentId}/certificate */
export const ConsentCertificateQuery = z.object({
  lang: z.enum(LANGUAGES, { error: 'validation.invalid' }).optional(),
});

export const ConsentRecordParams = z.object({ id: uuidField(), consentId: uuidField() });

/**
 * The consent an eligible doctor is listed with (spec 001 §3, 'Eligible doctor'): the current record's choices
 * and date, in both spellings.
 */
export const ConsentSummary = z.object({ id: z.string(), ...ConsentChoiceFields.shape });
export type ConsentSummary = z.infer<typeof ConsentSummary>;

/** A doctor a campaign may reach (spec 001 §3, §5): an e-mail, and a current consent giving the needed choice. */
export const EligibleDoctor = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  primarySpecialty: z.enum(SPECIALTIES),
  email: z.string(),
  rpps: z.string(),
  signature: ConsentSummary,
});
export type EligibleDoctor = z.infer<typeof EligibleDoctor>;

/**
 * The doctors whose current consent gives `choice` and who have an e-mail, by name, paged; `search` keeps those
 * whose names start with each of its words (accents and case aside) or whose RPPS starts with it.
 */
export const EligibleDoctorsQuery = z.object({
  choice: z.enum(CONSENT_CHOICES, { error: 'validation.invalid' }),
  search: z.string().max(100, { error: 'validation.tooLong' }).default(''),
  page: pageParam(),
  limit: limitParam(),
});
export type EligibleDoctorsQuery = z.infer<typeof EligibleDoctorsQuery>;

export const EligibleDoctorList = z.object({ doctors: z.array(EligibleDoctor), total: z.number(), pages: z.number() });
export type EligibleDoctorList = z.infer<typeof EligibleDoctorList>;
