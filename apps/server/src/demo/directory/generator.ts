import { SPEC_SPECIALTIES } from '@crm/shared';
import type {
  DoctorOfficesTable,
  DoctorSearchPrefixesTable,
  DoctorSearchWordsTable,
  DoctorsTable,
  DoctorUserDataTable,
  OfficeSpecialtiesTable,
  OfficesTable,
} from '#server/db/schema.ts';
import { Random, weightedPicker } from '#server/demo/random.ts';
import { NO_PRIMARY_OFFICE } from '#server/modules/doctors/doctor-offices.repository.ts';
import { doctorSearchRows } from '#server/modules/doctors/doctor-search.ts';
import { COMMUNES, type Commune } from './communes.ts';
import { generateDoctor, type PrimaryOfficeColumns, rppsSequence } from './doctor-rows.ts';
import { communeJitterKm, generateOffice } from './office-rows.ts';

type Specialty = (typeof SPEC_SPECIALTIES)[number];

/** Rows for the directory tables, in the order they are inserted (a batch may fill only some). */
export type DirectoryBatch = {
  offices: OfficesTable[];
  doctors: DoctorsTable[];
  doctorSearchWords: DoctorSearchWordsTable[];
  doctorSearchPrefixes: DoctorSearchPrefixesTable[];
  doctorOffices: DoctorOfficesTable[];
  officeSpecialties: OfficeSpecialtiesTable[];
  doctorUserData: DoctorUserDataTable[];
};

export type DirectoryOptions = {
  doctors: number;
  offices: number;
  /** The same seed gives the same directory (the ids aside). */
  seed?: number;
  /** Doctors (and offices) per batch: what is held in memory and inserted in one transaction. */
  batchSize?: number;
  /** RPPS numbers already in the database: never generated. */
  takenRpps?: ReadonlySet<string>;
  /** Users who set targets on a share of the doctors (DoctorUserData), choosing among these target names. */
  userTargets?: { userIds: readonly string[]; targetNames: readonly string[]; share: number };
  /** E-mails written as the last updater of some rows. */
  updatedBy?: readonly string[];
  /** The generation's 'now' (created and updated times fall in the three years before). */
  now?: Date;
};

const DEFAULT_BATCH_SIZE = 5_000;

/**
 * A French-looking directory of doctors and offices, generated in batches so that any size streams
 * through memory: first the offices, then the doctors with their search words and prefixes, office links
 * and per-user targets, last the specialties practised in each office. Deterministic for a seed.
 */
export function* generateDirectory(options: DirectoryOptions): Generator<DirectoryBatch> {
  const random = new Random(options.seed ?? 1);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const now = (options.now ?? new Date()).getTime();
  const pastTime = () => new Date(now - random.int(3 * 365 * 24) * 3_600_000 - random.int(3_600_000)).toISOString();
  const updater = () =>
    options.updatedBy && options.updatedBy.length > 0 && random.chance(0.3) ? random.pick(options.updatedBy) : null;

  // Offices, kept as ids and places for the doctors' links, and as the fields a doctor's row copies of its
  // primary office (docs/decisions/0011).
  const officeIds: string[] = [];
  const officeListed: PrimaryOfficeColumns[] = [];
  const officeCommune = new Int32Array(options.offices);
  const officesByCommune = new Map<number, number[]>();
  const officesByDepartment = new Map<string, number[]>();
  const pickCommune = weightedPicker(COMMUNES.map((commune) => commune.population ** 0.75));
  const jitterKm = communeJitterKm();
  for (let start = 0; start < options.offices; start += batchSize) {
    const offices: OfficesTable[] = [];
    for (let index = start; index < Math.min(start + batchSize, options.offices); index += 1) {
      const communeIndex = pickCommune(random);
      const commune = COMMUNES[communeIndex] as Commune;
      const office = generateOffice(random, commune, jitterKm[communeIndex] ?? 1);
      const createdAt = pastTime();
      offices.push({ ...office, created_at: createdAt, updated_at: createdAt, updated_by: updater() });
      officeIds.push(office.id);
      officeListed.push({
        primary_office_id: office.id,
        primary_office_name: office.name,
        primary_office_address: office.address,
        primary_office_postal_code: office.postal_code,
        primary_office_city: office.city,
      });
      officeCommune[index] = communeIndex;
      push(officesByCommune, communeIndex, index);
      push(officesByDepartment, commune.department, index);
    }
    yield { ...emptyBatch(), offices };
  }

  // Doctors, with their words, links and per-user targets.
  const specialtyBits = new Uint8Array(options.offices);
  const rpps = rppsSequence(options.seed ?? 1, options.takenRpps ?? new Set());
  const userTargets = options.userTargets;
  const pickTargets = targetPicker(userTargets?.targetNames ?? []);
  for (let start = 0; start < options.doctors; start += batchSize) {
    const batch = emptyBatch();
    for (let index = start; index < Math.min(start + batchSize, options.doctors); index += 1) {
      const links =
        officeIds.length === 0 ? [] : pickOffices(random, officeCommune, officesByCommune, officesByDepartment);
      const homeCommune =
        links[0] === undefined ? random.pick(COMMUNES) : (COMMUNES[officeCommune[links[0]] ?? 0] as Commune);
      const createdAt = pastTime();
      const doctor: DoctorsTable = {
        ...generateDoctor(random, rpps(), homeCommune),
        created_at: createdAt,
        updated_at: createdAt,
        updated_by: updater(),
        ...((links[0] !== undefined && officeListed[links[0]]) || NO_PRIMARY_OFFICE),
      };
      batch.doctors.push(doctor);
      const named = { firstName: doctor.first_name, lastName: doctor.last_name, rpps: doctor.rpps };
      const search = doctorSearchRows(doctor.id, named);
      batch.doctorSearchWords.push(...search.words);
      batch.doctorSearchPrefixes.push(...search.prefixes);
      const bits = specialtyBit(doctor.primary_specialty) | specialtyBit(doctor.secondary_specialty);
      links.forEach((officeIndex, rank) => {
        specialtyBits[officeIndex] = (specialtyBits[officeIndex] ?? 0) | bits;
        batch.doctorOffices.push({
          doctor_id: doctor.id,
          office_id: officeIds[officeIndex] ?? '',
          is_primary: rank === 0 ? 1 : 0,
          created_at: createdAt,
        });
      });
      if (userTargets) {
        for (const userId of userTargets.userIds) {
          if (!random.chance(userTargets.share)) continue;
          batch.doctorUserData.push({
            user_id: userId,
            doctor_id: doctor.id,
            ...pickTargets(random),
            updated_at: createdAt,
          });
        }
      }
    }
    yield batch;
  }

  // The specialties practised in each office: its doctors' primary and secondary specialties.
  let officeSpecialties: OfficeSpecialtiesTable[] = [];
  for (let index = 0; index < officeIds.length; index += 1) {
    SPEC_SPECIALTIES.forEach((specialty, bit) => {
      if (((specialtyBits[index] ?? 0) & (1 << bit)) !== 0) {
        officeSpecialties.push({ office_id: officeIds[index] ?? '', specialty });
      }
    });
    if (officeSpecialties.length >= batchSize * 2) {
      yield { ...emptyBatch(), officeSpecialties };
      officeSpecialties = [];
    }
  }
  if (officeSpecialties.length > 0) yield { ...emptyBatch(), officeSpecialties };
}

/**
 * The offices of a doctor, primary first: about 1.4 a doctor (2 % with none, 62 % one, 28 % two, 8 % three),
 * the others in the same commune or département as the primary one.
 */
function pickOffices(
  random: Random,
  officeCommune: Int32Array,
  byCommune: ReadonlyMap<number, number[]>,
  byDepartment: ReadonlyMap<string, number[]>,
): number[] {
  const roll = random.next();
  const count = roll < 0.02 ? 0 : roll < 0.64 ? 1 : roll < 0.92 ? 2 : 3;
  if (count === 0) return [];
  const primary = random.int(officeCommune.length);
  const commune = officeCommune[primary] ?? 0;
  const chosen = [primary];
  for (let attempt = 0; chosen.length < count && attempt < 10; attempt += 1) {
    const pool = random.chance(0.65)
      ? (byCommune.get(commune) ?? [])
      : (byDepartment.get((COMMUNES[commune] as Commune).department) ?? []);
    const candidate = pool.length > 0 ? random.pick(pool) : random.int(officeCommune.length);
    if (!chosen.includes(candidate)) chosen.push(candidate);
  }
  return chosen;
}

/**
 * A user's targeting of a doctor, among target names ordered from the highest priority: mostly the middle
 * tiers, the top one rarely; a potential target for some, the same tier or the one above.
 */
function targetPicker(
  names: readonly string[],
): (random: Random) => Pick<DoctorUserDataTable, 'target' | 'potential_target'> {
  const pickTier = weightedPicker(names.map((_, index) => (index === 0 ? 1 : index === names.length - 1 ? 2.5 : 3)));
  return (random) => {
    if (names.length === 0) return { target: null, potential_target: null };
    const tier = pickTier(random);
    const potentialTier = random.chance(0.5) ? Math.max(0, tier - 1) : tier;
    return {
      target: names[tier] ?? null,
      potential_target: random.chance(0.6) ? (names[potentialTier] ?? null) : null,
    };
  };
}

function specialtyBit(specialty: string | null): number {
  const index = specialty === null ? -1 : SPEC_SPECIALTIES.indexOf(specialty as Specialty);
  return index < 0 ? 0 : 1 << index;
}

// ——— helpers ———

/** A batch with nothing in it, to fill. */
export function emptyBatch(): DirectoryBatch {
  return {
    offices: [],
    doctors: [],
    doctorSearchWords: [],
    doctorSearchPrefixes: [],
    doctorOffices: [],
    officeSpecialties: [],
    doctorUserData: [],
  };
}

function push<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
