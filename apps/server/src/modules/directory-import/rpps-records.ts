import { createHash } from 'node:crypto';
import {
  hasControlCharacter,
  type Gender,
  type Prefix,
  RPPS_PATTERN,
  type Specialty,
  specialtyOfSavoirFaire,
  UNSPECIFIED_SPECIALTY,
} from '@crm/shared';
import {
  type ActivityField,
  type ActivityLayout,
  DOCTOR_PROFESSION,
  SPECIALTY_SAVOIR_FAIRE_TYPE,
} from './rpps-layout.ts';

/** Why a line was rejected: the key of `directoryImport.reasons.<reason>` in the shared catalogue. */
export type RejectionReason =
  'columnCount' | 'identifierMissing' | 'identifierFormat' | 'nameMissing' | 'invalidText' | 'tooLong';

export type Rejection = { lineNumber: number; reason: RejectionReason; content: string };

/** An office as the directory describes it: one place of practice, keyed on the structure's technical id. */
export type OfficeRecord = {
  directoryId: string;
  name: string;
  address: string;
  postal_code: string;
  city: string;
  commune_code: string | null;
  phone: string | null;
  email: string | null;
  sector: string | null;
};

/** One activity line of a doctor, read. */
export type ActivityLine = {
  lineNumber: number;
  nationalId: string;
  rpps: string;
  firstName: string;
  lastName: string;
  prefix: Prefix | null;
  gender: Gender | null;
  /** The savoir-faire of the line (combined layout), when it is an ordinal specialty. */
  savoirFaire: string | null;
  office: OfficeRecord | null;
};

/** A doctor as the directory describes them, from their consecutive lines. */
export type DoctorRecord = {
  nationalId: string;
  rpps: string;
  firstName: string;
  lastName: string;
  prefix: Prefix | null;
  gender: Gender | null;
  primarySpecialty: Specialty;
  secondarySpecialty: Specialty | null;
  /** The structures of the doctor's activities, in the file's order; the first is the primary office. */
  officeIds: string[];
};

/** Longest field the import stores (a name, an address line). */
const MAX_FIELD_LENGTH = 255;

export type LineOutcome =
  { kind: 'skipped' } | { kind: 'rejected'; reason: RejectionReason } | { kind: 'doctor'; line: ActivityLine };

const PREFIX_OF_EXERCISE: Record<string, Prefix> = { DR: 'Dr', PR: 'Prof' };
const PREFIX_OF_CIVILITY: Record<string, Prefix> = { M: 'Mr', MME: 'Mrs', MLLE: 'Ms' };
const GENDER_OF_CIVILITY: Record<string, Gender> = { M: 'M', MME: 'F', MLLE: 'F' };

/**
 * Reads one line of an activity file: other professions are skipped unread, a doctor's line is checked and
 * mapped (decision 0055). A line with the wrong number of columns is rejected whatever its profession.
 */
export function readActivityLine(raw: string, lineNumber: number, layout: ActivityLayout): LineOutcome {
  const fields = raw.split('|');
  // Every line ends with `|`: one more piece than columns; tolerate a line whose last `|` was lost.
  if (fields.length === layout.indexes.columns + 1 && fields[fields.length - 1] === '') fields.pop();
  else if (fields.length !== layout.indexes.columns) return { kind: 'rejected', reason: 'columnCount' };
  const at = (field: ActivityField) => {
    const index = layout.indexes[field];
    return index < 0 ? '' : (fields[index] ?? '').trim();
  };
  if (at('profession') !== DOCTOR_PROFESSION) return { kind: 'skipped' };
  for (const field of fields) {
    if (field.length > MAX_FIELD_LENGTH) return { kind: 'rejected', reason: 'tooLong' };
    if (field.includes('\uFFFD') || hasControlCharacter(field)) return { kind: 'rejected', reason: 'invalidText' };
  }
  const rpps = at('id');
  const nationalId = at('nationalId') || `${at('idType')}${rpps}`;
  if (rpps === '') return { kind: 'rejected', reason: 'identifierMissing' };
  // The product keys doctors on the spec's rule (1 to 12 digits): an RPPS (type 8) always passes, an ADELI
  // (type 0, 9 characters) when it is digits only (decision 0055).
  if (!RPPS_PATTERN.test(rpps)) return { kind: 'rejected', reason: 'identifierFormat' };
  const lastName = at('lastName');
  if (lastName === '') return { kind: 'rejected', reason: 'nameMissing' };
  const civility = at('civility').toUpperCase();
  const exerciseCivility = at('exerciseCivility').toUpperCase();
  const savoirFaire =
    layout.hasSavoirFaire && at('savoirFaireType') === SPECIALTY_SAVOIR_FAIRE_TYPE ? at('savoirFaire') : '';
  const structureId = at('structureId');
  return {
    kind: 'doctor',
    line: {
      lineNumber,
      nationalId,
      rpps,
      firstName: at('firstName'),
      lastName,
      prefix: PREFIX_OF_EXERCISE[exerciseCivility] ?? PREFIX_OF_CIVILITY[civility] ?? null,
      gender: GENDER_OF_CIVILITY[civility] ?? null,
      savoirFaire: savoirFaire === '' ? null : savoirFaire,
      office: structureId === '' ? null : officeOf(structureId, at),
    },
  };
}

function officeOf(directoryId: string, at: (field: ActivityField) => string): OfficeRecord {
  const street = [
    [at('streetNumber'), at('streetRepetition')].filter(Boolean).join(' '),
    at('streetTypeLabel'),
    at('streetName'),
  ]
    .filter(Boolean)
    .join(' ');
  const address = street || at('placeComplement') || at('distribution') || at('recipientComplement');
  const city = at('communeName') || at('cedex').replace(/^\d{5}\s*/, '');
  const name = at('tradeName') || at('companyName') || [address, city].filter(Boolean).join(', ') || directoryId;
  return {
    directoryId,
    name,
    address,
    postal_code: at('postalCode'),
    city,
    commune_code: at('communeCode') || null,
    phone: at('phone') || at('phone2') || null,
    email: at('email') || null,
    sector: at('sector') || null,
  };
}

/**
 * A doctor from their lines: identity from the first, the ordinal specialties in order (the first the file
 * gives is the primary one; codes the list does not know are passed over), the structures in order.
 */
export function doctorOf(lines: readonly ActivityLine[], savoirFaire: readonly string[] | undefined): DoctorRecord {
  const [first] = lines;
  if (!first) throw new Error('a doctor has at least one line');
  const specialties: Specialty[] = [];
  for (const code of savoirFaire ?? lines.map((line) => line.savoirFaire)) {
    const specialty = code === null ? undefined : specialtyOfSavoirFaire(code);
    if (specialty && !specialties.includes(specialty)) specialties.push(specialty);
  }
  const officeIds: string[] = [];
  for (const line of lines) {
    if (line.office && !officeIds.includes(line.office.directoryId)) officeIds.push(line.office.directoryId);
  }
  return {
    nationalId: first.nationalId,
    rpps: first.rpps,
    firstName: first.firstName,
    lastName: first.lastName,
    prefix: first.prefix,
    gender: first.gender,
    primarySpecialty: specialties[0] ?? UNSPECIFIED_SPECIALTY,
    secondarySpecialty: specialties[1] ?? null,
    officeIds,
  };
}

const digest = (values: readonly unknown[]) => createHash('sha1').update(JSON.stringify(values)).digest('base64url');

/** What the directory says of a doctor, hashed: equal digests, nothing to write. */
export function doctorDigest(doctor: DoctorRecord): string {
  return digest([
    doctor.rpps,
    doctor.firstName,
    doctor.lastName,
    doctor.prefix,
    doctor.gender,
    doctor.primarySpecialty,
    doctor.secondarySpecialty,
    doctor.officeIds,
  ]);
}

export function officeDigest(office: OfficeRecord): string {
  return digest([
    office.name,
    office.address,
    office.postal_code,
    office.city,
    office.commune_code,
    office.phone,
    office.email,
    office.sector,
  ]);
}
