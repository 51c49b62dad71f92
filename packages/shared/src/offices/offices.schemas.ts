import { z } from 'zod';
import { listParam, optionalText, requiredString } from '../common/fields.ts';
import { limitParam, pageParam } from '../common/paging.ts';
import { DoctorListItem } from '../doctors/doctors.schemas.ts';
import { SPECIALTIES } from '../doctors/doctors.rules.ts';
import { officeRecordFields } from './office-record.ts';
import { OFFICE_DOCTORS_PAGE_SIZE } from './offices.rules.ts';

/** French phone: 0 and nine digits, as ten digits or five pairs separated by spaces. */
export const FRENCH_PHONE_PATTERN = /^0\d{9}$|^0\d( \d{2}){4}$/;
export const POSTAL_CODE_PATTERN = /^\d{5}$/;

/** POST /api/offices */
export const OfficeInput = z.object({
  name: requiredString(200),
  sector: optionalText(100),
  address: requiredString(300),
  postal_code: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .regex(POSTAL_CODE_PATTERN, { error: 'offices.postalCodeFormat' }),
  city: requiredString(100),
  uga: requiredString(20),
  uga_name: optionalText(200),
  latitude: z
    .number()
    .min(-90)
    .max(90)
    .nullish()
    .transform((v) => v ?? null),
  longitude: z
    .number()
    .min(-180)
    .max(180)
    .nullish()
    .transform((v) => v ?? null),
  phone: z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(z.string().regex(FRENCH_PHONE_PATTERN, { error: 'offices.phoneFormat' }).nullable()),
  email: z
    .string()
    .trim()
    .max(254)
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(z.email({ error: 'validation.email' }).nullable()),
});
export type OfficeInput = z.infer<typeof OfficeInput>;
export type OfficeInputForm = z.input<typeof OfficeInput>;

/** PUT /api/offices/{id}: the fields that change. */
export const OfficeUpdate = OfficeInput.partial().refine((body) => Object.keys(body).length > 0, {
  error: 'validation.nothingToUpdate',
});
export type OfficeUpdate = z.infer<typeof OfficeUpdate>;

export const Office = z.object({
  ...officeRecordFields,
  doctorCount: z.number(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
  /** Since when the national directory no longer lists the office (decision 0055); on its detail only. */
  inactiveSince: z.string().nullable().optional(),
});
export type Office = z.infer<typeof Office>;

const specialtyList = () =>
  listParam().pipe(z.array(z.enum(SPECIALTIES, { error: 'doctors.specialtyInvalid' })).max(SPECIALTIES.length));

/** GET /api/offices */
export const OfficeListQuery = z.object({
  search: z.string().max(100, { error: 'validation.tooLong' }).default(''),
  specialty: specialtyList(),
  page: pageParam(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type OfficeListQuery = z.infer<typeof OfficeListQuery>;

export const OfficeListResult = z.object({ offices: z.array(Office), total: z.number(), pages: z.number() });
export type OfficeListResult = z.infer<typeof OfficeListResult>;

/** GET /api/offices/specialties */
export const OfficeSpecialties = z.object({ specialties: z.array(z.enum(SPECIALTIES)) });

/** GET /api/offices/{id}/doctors */
export const OfficeDoctorsQuery = z.object({
  search: z.string().max(100, { error: 'validation.tooLong' }).default(''),
  specialty: specialtyList(),
  target: z.string().trim().max(100).optional(),
  page: pageParam(),
  limit: limitParam(OFFICE_DOCTORS_PAGE_SIZE),
});
export type OfficeDoctorsQuery = z.infer<typeof OfficeDoctorsQuery>;

export const OfficeDoctorsResult = z.object({
  doctors: z.array(DoctorListItem),
  total: z.number(),
  pages: z.number(),
});
export type OfficeDoctorsResult = z.infer<typeof OfficeDoctorsResult>;
