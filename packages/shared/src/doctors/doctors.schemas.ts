import { z } from 'zod';
import { limitParam, pageParam } from '../common/paging.ts';
import { listParam, optionalText, requiredString, uuidField } from '../common/fields.ts';
import { officeRecordFields } from '../offices/office-record.ts';
import { GENDERS, PREFIXES, RPPS_PATTERN, SPECIALTIES } from './doctors.rules.ts';

const optionalEmail = (message: string) =>
  z
    .string()
    .trim()
    .max(254, { error: 'validation.tooLong' })
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(z.email({ error: message }).nullable());

export const Specialty = z.enum(SPECIALTIES, { error: 'doctors.specialtyInvalid' });
export type Specialty = z.infer<typeof Specialty>;

/** The fields a user writes of a doctor. */
const doctorInputFields = z.object({
  rpps: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .regex(RPPS_PATTERN, { error: 'doctors.rppsFormat' }),
  firstName: requiredString(100),
  lastName: requiredString(100),
  title: optionalText(100),
  prefix: z
    .enum(PREFIXES, { error: 'validation.invalid' })
    .nullish()
    .transform((v) => v ?? null),
  gender: z
    .enum(GENDERS, { error: 'validation.invalid' })
    .nullish()
    .transform((v) => v ?? null),
  email: optionalEmail('doctors.invalidEmail'),
  phone: optionalText(30),
  primarySpecialty: z.enum(SPECIALTIES, {
    error: (issue) =>
      issue.input === undefined || issue.input === '' ? 'validation.required' : 'doctors.specialtyInvalid',
  }),
  secondarySpecialty: Specialty.nullish().transform((v) => v ?? null),
});

/**
 * POST /api/doctors (and the new-doctor dialogs). The id may come from the client: a doctor created offline
 * keeps it, and the activities queued after it name it.
 */
export const DoctorInput = doctorInputFields.extend({ id: uuidField().optional() });
export type DoctorInput = z.infer<typeof DoctorInput>;
export type DoctorInputForm = z.input<typeof DoctorInput>;

/** PUT /api/doctors/{id}: the fields that change (inline edits send one). */
export const DoctorUpdate = doctorInputFields.partial().refine((body) => Object.keys(body).length > 0, {
  error: 'validation.nothingToUpdate',
});
export type DoctorUpdate = z.infer<typeof DoctorUpdate>;

/** PUT /api/doctors/{id}/user-data: the calling user's own targeting of the doctor. */
export const DoctorUserDataInput = z
  .object({
    target: z.string().trim().max(100).nullish(),
    potential_target: z.string().trim().max(100).nullish(),
  })
  .refine((body) => body.target !== undefined || body.potential_target !== undefined, {
    error: 'validation.nothingToUpdate',
  });
export type DoctorUserDataInput = z.infer<typeof DoctorUserDataInput>;

export const DoctorOfficeLinkInput = z.object({ officeId: uuidField() });

export const OfficeSummary = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  postal_code: z.string(),
  city: z.string(),
});
export type OfficeSummary = z.infer<typeof OfficeSummary>;

const doctorFields = {
  id: z.string(),
  rpps: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  title: z.string().nullable(),
  prefix: z.enum(PREFIXES).nullable(),
  gender: z.enum(GENDERS).nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  primarySpecialty: z.enum(SPECIALTIES),
  secondarySpecialty: z.enum(SPECIALTIES).nullable(),
  target: z.string().nullable(),
  potential_target: z.string().nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
};

/** A doctor in lists and search results. */
export const DoctorListItem = z.object({
  ...doctorFields,
  primaryOffice: OfficeSummary.nullable(),
  isRecent: z.boolean(),
});
export type DoctorListItem = z.infer<typeof DoctorListItem>;

export const DoctorOffice = z.object({ ...officeRecordFields, is_primary: z.boolean() });
export type DoctorOffice = z.infer<typeof DoctorOffice>;

/** GET /api/doctors/{id} */
export const Doctor = z.object({
  ...doctorFields,
  offices: z.array(DoctorOffice),
  primaryOffice: DoctorOffice.nullable(),
  isRecent: z.boolean(),
  /**
   * Since when the national directory no longer lists the doctor (decision 0055): out of the search, still
   * readable here.
   */
  inactiveSince: z.string().nullable().optional(),
});
export type Doctor = z.infer<typeof Doctor>;

/**
 * POST /api/doctors answered 200: a queued creation (client id and Idempotency-Key) whose RPPS already
 * belonged to a doctor. That doctor is answered, and the client's id now names it (an alias).
 */
export const ExistingDoctor = Doctor.extend({ existing: z.literal(true) });
export type ExistingDoctor = z.infer<typeof ExistingDoctor>;

/** Comma-separated ids (recentIds=a,b,c), or the parameter repeated. */
export const idListParam = () => listParam().pipe(z.array(z.uuid({ error: 'validation.id' })).max(200));

/** GET /api/doctors/search */
export const DoctorSearchQuery = z.object({
  search: z.string().max(100, { error: 'validation.tooLong' }).default(''),
  page: pageParam(),
  limit: limitParam(),
  recentIds: idListParam(),
});
export type DoctorSearchQuery = z.infer<typeof DoctorSearchQuery>;

export const DoctorSearchResult = z.object({
  doctors: z.array(DoctorListItem),
  total: z.number(),
  pages: z.number(),
});
export type DoctorSearchResult = z.infer<typeof DoctorSearchResult>;

/** GET /api/doctors (pickers: the activity form, add-doctor dialogs). */
export const DoctorPickerQuery = z.object({
  search: z.string().max(100, { error: 'validation.tooLong' }).default(''),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export const DoctorList = z.object({ doctors: z.array(DoctorListItem) });
export type DoctorList = z.infer<typeof DoctorList>;

/** GET /api/recent-doctors/ids */
export const RecentDoctorIds = z.object({ ids: z.array(z.string()) });
export const RecentDoctorInput = z.object({ doctorId: uuidField() });

export const IdParams = z.object({ id: uuidField() });
export const DoctorOfficeParams = z.object({ id: uuidField(), officeId: uuidField() });
export const RecentDoctorParams = z.object({ doctorId: uuidField() });
