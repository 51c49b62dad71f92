import { z } from 'zod';
import { optionalText, requiredString, uuidField } from '../common/fields.ts';
import { limitParam, pageParam } from '../common/paging.ts';
import {
  AUTHORISATION_THRESHOLDS,
  BENEFIT_NATURES,
  CONVENTION_ITEM_KINDS,
  CONVENTION_OBJECTS,
  CONVENTION_REGIMES,
  CONVENTION_STATUSES,
  MAX_AMOUNT_CENTS,
  NEGLIGIBLE_RULES,
  SEMESTER_PATTERN,
  YEAR_LIMITS,
} from './transparency.rules.ts';

/** A calendar day, YYYY-MM-DD, that exists. */
export const calendarDate = () =>
  z
    .string({ error: 'validation.required' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'transparency.invalidDate' })
    .refine((value) => new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
      error: 'transparency.invalidDate',
    });

/** An amount TTC in integer cents: no rounding on the way, the euro only on the declaration (decision 0051). */
const amountCents = (min: number) =>
  z
    .number({ error: 'transparency.amountInvalid' })
    .int({ error: 'transparency.amountCents' })
    .min(min, { error: 'transparency.amountInvalid' })
    .max(MAX_AMOUNT_CENTS, { error: 'transparency.amountInvalid' });

export const BenefitNature = z.enum(BENEFIT_NATURES, { error: 'transparency.natureInvalid' });
export const ConventionObject = z.enum(CONVENTION_OBJECTS, { error: 'validation.invalid' });
export const ConventionItemKind = z.enum(CONVENTION_ITEM_KINDS, { error: 'validation.invalid' });
export const ConventionRegime = z.enum(CONVENTION_REGIMES);
export const ConventionStatus = z.enum(CONVENTION_STATUSES, { error: 'validation.invalid' });
export const NegligibleRule = z.enum(NEGLIGIBLE_RULES);
export type BenefitNature = z.infer<typeof BenefitNature>;
export type ConventionObject = z.infer<typeof ConventionObject>;
export type ConventionItemKind = z.infer<typeof ConventionItemKind>;
export type ConventionRegime = z.infer<typeof ConventionRegime>;
export type ConventionStatus = z.infer<typeof ConventionStatus>;
export type NegligibleRule = z.infer<typeof NegligibleRule>;
export const AuthorisationThreshold = z.enum(
  Object.keys(AUTHORISATION_THRESHOLDS) as [
    keyof typeof AUTHORISATION_THRESHOLDS,
    ...(keyof typeof AUTHORISATION_THRESHOLDS)[],
  ],
);
export type AuthorisationThreshold = z.infer<typeof AuthorisationThreshold>;

/** The doctor in the path. */
export const TransparencyDoctorParams = z.object({ id: uuidField() });

/**
 * POST /api/doctors/{id}/benefits. The id is the client's (a benefit recorded offline keeps it); the same id
 * with the same Idempotency-Key answers the stored benefit again.
 */
export const BenefitInput = z.object({
  id: uuidField(),
  nature: BenefitNature,
  amountCents: amountCents(1),
  date: calendarDate(),
  conventionId: uuidField()
    .nullish()
    .transform((value) => value ?? null),
  activityId: uuidField()
    .nullish()
    .transform((value) => value ?? null),
  note: optionalText(500),
});
export type BenefitInput = z.infer<typeof BenefitInput>;
export type BenefitInputForm = z.input<typeof BenefitInput>;

/**
 * PUT /api/benefits/{id}: a correction of what was recorded (the fields that change). Checked again against
 * the year as if the benefit were new; a declared line corrected this way goes again as a correction.
 */
export const BenefitUpdate = z
  .object({
    nature: BenefitNature,
    amountCents: amountCents(1),
    date: calendarDate(),
    conventionId: uuidField().nullable(),
    note: optionalText(500),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'validation.nothingToUpdate' });
export type BenefitUpdate = z.infer<typeof BenefitUpdate>;

export const BenefitParams = z.object({ id: uuidField() });

const Person = z.object({ id: z.string(), name: z.string() });

export const Benefit = z.object({
  id: z.string(),
  doctorId: z.string(),
  nature: BenefitNature,
  amountCents: z.number().int(),
  date: z.string(),
  conventionId: z.string().nullable(),
  activityId: z.string().nullable(),
  note: z.string().nullable(),
  recordedBy: Person,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Benefit = z.infer<typeof Benefit>;

/** GET /api/doctors/{id}/benefits?year=YYYY (the current Paris year when absent). */
export const BenefitYearQuery = z.object({
  year: z.coerce.number({ error: 'validation.invalid' }).int().min(2000).max(2200).optional(),
});
export type BenefitYearQuery = z.infer<typeof BenefitYearQuery>;

export const YearLimitStatus = z.object({
  rule: z.enum(YEAR_LIMITS.map((limit) => limit.rule) as [YearLimitRule, ...YearLimitRule[]]),
  unit: z.enum(['count', 'cents']),
  perItemCents: z.number().int().nullable(),
  used: z.number().int(),
  limit: z.number().int(),
  left: z.number().int(),
});
type YearLimitRule = (typeof YEAR_LIMITS)[number]['rule'];
export type YearLimitStatus = z.infer<typeof YearLimitStatus>;

/** The year's benefits, newest first, and the year's totals against each yearly negligible-value limit. */
export const BenefitYear = z.object({
  year: z.number().int(),
  benefits: z.array(Benefit),
  limits: z.array(YearLimitStatus),
});
export type BenefitYear = z.infer<typeof BenefitYear>;

// ---------------------------------------------------------------------------------------------------------------
// Conventions

export const ConventionItem = z.object({
  kind: ConventionItemKind,
  unitAmountCents: amountCents(0),
  quantity: z.number({ error: 'validation.invalid' }).int().min(1).max(1000),
});
export type ConventionItem = z.infer<typeof ConventionItem>;

export const ConventionEvent = z.object({
  name: requiredString(255),
  date: calendarDate(),
  place: requiredString(255),
  organiser: requiredString(255),
});
export type ConventionEvent = z.infer<typeof ConventionEvent>;

/** What a convention says; the total, the regime and the deadline are computed from it. */
const conventionFields = {
  object: ConventionObject,
  otherObject: optionalText(255),
  signatureDate: calendarDate()
    .nullish()
    .transform((value) => value ?? null),
  startDate: calendarDate(),
  endDate: calendarDate()
    .nullish()
    .transform((value) => value ?? null),
  event: ConventionEvent.nullish().transform((value) => value ?? null),
  items: z.array(ConventionItem).min(1, { error: 'transparency.itemsRequired' }).max(50),
  activityId: uuidField()
    .nullish()
    .transform((value) => value ?? null),
};

const endAfterStart = {
  refine: (body: { startDate?: string; endDate?: string | null }) =>
    !body.startDate || !body.endDate || body.endDate >= body.startDate,
  error: { path: ['endDate'], error: 'validation.dateRange' },
};
const otherNamed = {
  refine: (body: { object?: string; otherObject?: string | null }) =>
    body.object !== 'other' || Boolean(body.otherObject),
  error: { path: ['otherObject'], error: 'transparency.otherObjectRequired' },
};

/** POST /api/doctors/{id}/conventions: a client-made id, like a benefit's; a new convention is a draft. */
export const ConventionInput = z
  .object({ id: uuidField(), ...conventionFields })
  .refine(endAfterStart.refine, endAfterStart.error)
  .refine(otherNamed.refine, otherNamed.error);
export type ConventionInput = z.infer<typeof ConventionInput>;
export type ConventionInputForm = z.input<typeof ConventionInput>;

/**
 * PATCH /api/conventions/{id}: the fields that change and the status. Changing what a filed or authorised
 * convention says takes it back to draft, to be filed again.
 */
export const ConventionUpdate = z
  .object({
    object: ConventionObject,
    otherObject: optionalText(255),
    signatureDate: calendarDate().nullable(),
    startDate: calendarDate(),
    endDate: calendarDate().nullable(),
    event: ConventionEvent.nullable(),
    items: conventionFields.items,
    activityId: uuidField().nullable(),
    status: ConventionStatus,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'validation.nothingToUpdate' })
  .refine(endAfterStart.refine, endAfterStart.error);
export type ConventionUpdate = z.infer<typeof ConventionUpdate>;

export const ConventionParams = z.object({ id: uuidField() });

export const Convention = z.object({
  id: z.string(),
  doctorId: z.string(),
  object: ConventionObject,
  otherObject: z.string().nullable(),
  signatureDate: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  event: z.object({ name: z.string(), date: z.string(), place: z.string(), organiser: z.string() }).nullable(),
  items: z.array(z.object({ kind: ConventionItemKind, unitAmountCents: z.number().int(), quantity: z.number().int() })),
  activityId: z.string().nullable(),
  totalAmountCents: z.number().int(),
  regime: ConventionRegime,
  thresholdsExceeded: z.array(AuthorisationThreshold),
  /** The last day to file it: before the first benefit, by the regime's notice. */
  filingDeadline: z.string(),
  status: ConventionStatus,
  /** What was recorded under it so far, in cents. */
  paidCents: z.number().int(),
  createdBy: Person,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Convention = z.infer<typeof Convention>;

/** GET /api/doctors/{id}/conventions: newest start first. */
export const ConventionList = z.object({ conventions: z.array(Convention) });
export type ConventionList = z.infer<typeof ConventionList>;

// ---------------------------------------------------------------------------------------------------------------
// The declaration (administrators)

export const Semester = z
  .string({ error: 'validation.required' })
  .regex(SEMESTER_PATTERN, { error: 'transparency.semesterInvalid' });
export const SemesterParams = z.object({ semester: Semester });

/** The kind of a declared line, as the public file's `lien_interet` spells it. */
export const DECLARATION_LINE_KINDS = ['convention', 'avantage', 'remuneration'] as const;
export const DeclarationLineKind = z.enum(DECLARATION_LINE_KINDS);
export type DeclarationLineKind = z.infer<typeof DeclarationLineKind>;

/**
 * Where a line stands: never exported (`new`), exported as it is (`exported`), changed since its last export
 * (`changed`: the next export sends it as a correction).
 */
export const DECLARATION_LINE_STATUSES = ['new', 'exported', 'changed'] as const;
export const DeclarationLineStatus = z.enum(DECLARATION_LINE_STATUSES);
export type DeclarationLineStatus = z.infer<typeof DeclarationLineStatus>;

/** One line of the semester's declaration, as the admin screen lists it. */
export const DeclarationLine = z.object({
  id: z.string(),
  kind: DeclarationLineKind,
  doctor: z.object({ id: z.string(), name: z.string(), rpps: z.string().nullable() }),
  date: z.string(),
  /** Rounded to the euro, as declared. */
  amountEuros: z.number().int(),
  /** The benefit's nature or the convention's object. */
  nature: z.string(),
  conventionId: z.string().nullable(),
  status: DeclarationLineStatus,
  /** When it was first exported; null when never. */
  firstExportedAt: z.string().nullable(),
  /** When its current content was exported (its first export, or its latest correction's). */
  exportedAt: z.string().nullable(),
  /** How many times it was sent again as a correction. */
  corrections: z.number().int(),
});
export type DeclarationLine = z.infer<typeof DeclarationLine>;

/** GET /api/transparency/declarations.csv?semester=YYYY-S1&pending=true (pending: only new and changed lines). */
export const DeclarationExportQuery = z.object({
  semester: Semester,
  pending: z
    .enum(['true', 'false'], { error: 'validation.invalid' })
    .optional()
    .transform((value) => value === 'true'),
});
export type DeclarationExportQuery = z.infer<typeof DeclarationExportQuery>;

/** GET /api/transparency/semesters/{semester}?page=&limit= */
export const SemesterLinesQuery = z.object({ page: pageParam(), limit: limitParam() });
export type SemesterLinesQuery = z.infer<typeof SemesterLinesQuery>;

export const SemesterOverview = z.object({
  semester: z.string(),
  lines: z.array(DeclarationLine),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** Conventions starting in the semester, still a draft or waiting for their authorisation; soonest deadline first. */
  waitingConventions: z.array(Convention.extend({ doctorName: z.string() })),
  /** The semester's exports, newest first. */
  exports: z.array(
    z.object({
      id: z.string(),
      exportedAt: z.string(),
      exportedBy: Person,
      /** Lines it sent for the first time. */
      newLines: z.number().int(),
      /** Lines it sent as corrections whose latest version is still the one it sent. */
      corrections: z.number().int(),
    }),
  ),
});
export type SemesterOverview = z.infer<typeof SemesterOverview>;
