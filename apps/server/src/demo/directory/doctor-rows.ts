import { type Gender, type Prefix, SPEC_SPECIALTIES } from '@crm/shared';
import { newId } from '#server/db/ids.ts';
import type { DoctorsTable } from '#server/db/schema.ts';
import { type Random, weightedPicker } from '#server/demo/random.ts';
import { doctorNameColumns } from '#server/modules/doctors/doctor-search.ts';
import {
  type Commune,
  DOCTOR_EMAIL_DOMAINS,
  EPICENE_FIRST_NAMES,
  FEMALE_FIRST_NAMES,
  GENERAL_TITLES,
  landlineAreaDigit,
  LAST_NAMES,
  MALE_FIRST_NAMES,
  PROFESSOR_TITLE,
  TITLES_BY_SPECIALTY,
} from './communes.ts';
import { emailLocalPart, phoneNumber } from './contact-details.ts';

/** The copy of its primary office a doctor row carries (docs/decisions/0011). */
export type PrimaryOfficeColumns = Pick<
  DoctorsTable,
  | 'primary_office_id'
  | 'primary_office_name'
  | 'primary_office_address'
  | 'primary_office_postal_code'
  | 'primary_office_city'
>;

type Specialty = (typeof SPEC_SPECIALTIES)[number];

export type GeneratedDoctor = Omit<
  DoctorsTable,
  'created_at' | 'updated_at' | 'updated_by' | keyof PrimaryOfficeColumns
>;

const SPECIALTY_WEIGHTS: readonly number[] = [25, 17, 15, 23, 20];
const pickSpecialty = weightedPicker(SPECIALTY_WEIGHTS);

/** A doctor with a name, specialties, title and contact details that go together; its office copy aside. */
export function generateDoctor(random: Random, rpps: string, homeCommune: Commune): GeneratedDoctor {
  const roll = random.next();
  const gender: Gender = roll < 0.49 ? 'M' : roll < 0.985 ? 'F' : 'O';
  const firstName = random.pick(
    gender === 'M' ? MALE_FIRST_NAMES : gender === 'F' ? FEMALE_FIRST_NAMES : EPICENE_FIRST_NAMES,
  );
  const lastName = surname(random);
  const prefix = doctorPrefix(random, gender);
  const primary = SPEC_SPECIALTIES[pickSpecialty(random)] as Specialty;
  const secondary = random.chance(0.3)
    ? random.pick(SPEC_SPECIALTIES.filter((specialty) => specialty !== primary))
    : null;
  const title =
    prefix === 'Prof' && random.chance(0.6)
      ? PROFESSOR_TITLE
      : random.chance(0.08)
        ? random.pick(GENERAL_TITLES)
        : random.pick(TITLES_BY_SPECIALTY[primary]);
  const phone = random.chance(0.85)
    ? phoneNumber(random, random.chance(0.6) ? random.pick([6, 7]) : landlineAreaDigit(homeCommune.department), 0.7)
    : null;
  const email = random.chance(0.6) ? doctorEmail(random, firstName, lastName) : null;
  return {
    id: newId(),
    rpps,
    first_name: firstName,
    last_name: lastName,
    ...doctorNameColumns({ firstName, lastName }),
    title,
    prefix,
    gender,
    email,
    phone,
    primary_specialty: primary,
    secondary_specialty: secondary,
  };
}

/** Dr mostly, Prof for some; Mr, Mrs, Ms (by gender) for a few. */
function doctorPrefix(random: Random, gender: Gender): Prefix {
  const roll = random.next();
  if (roll < 0.06) return 'Prof';
  if (roll < 0.88 || gender === 'O') return 'Dr';
  if (gender === 'M') return 'Mr';
  return random.chance(0.6) ? 'Mrs' : 'Ms';
}

/** A surname; a few double-barrelled ones ('Martin-Lefèvre'). */
function surname(random: Random): string {
  const first = random.pick(LAST_NAMES);
  if (!random.chance(0.04) || /^[a-z]/.test(first)) return first;
  const second = random.pick(LAST_NAMES);
  return second === first || /^[a-z]/.test(second) ? first : `${first}-${second}`;
}

function doctorEmail(random: Random, firstName: string, lastName: string): string {
  const first = emailLocalPart(firstName);
  const last = emailLocalPart(lastName);
  const style = random.int(4);
  const local = style === 0 ? `${first.charAt(0)}.${last}` : style === 1 ? `dr.${last}` : `${first}.${last}`;
  const suffix = random.chance(0.2) ? String(1 + random.int(99)) : '';
  return `${local}${suffix}@${random.pick(DOCTOR_EMAIL_DOMAINS)}`;
}

/**
 * RPPS: 11 digits starting with 10 (as real ones do). The nine other digits run through a permutation of
 * 0…999,999,999 (multiplying by an odd number prime to 5 is one-to-one modulo 10^9), so they look random
 * and never repeat; numbers already taken are skipped.
 */
export function rppsSequence(seed: number, taken: ReadonlySet<string>): () => string {
  const modulus = 1_000_000_000;
  const offset = (Math.abs(Math.trunc(seed)) * 7_919_123) % modulus;
  let counter = 0;
  return () => {
    for (;;) {
      const value = Number((BigInt(counter) * 387_420_489n + BigInt(offset)) % BigInt(modulus));
      counter += 1;
      const rpps = `10${String(value).padStart(9, '0')}`;
      if (!taken.has(rpps)) return rpps;
    }
  };
}
