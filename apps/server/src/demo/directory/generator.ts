import { normalizeForSearch, type Gender, type Prefix, SPECIALTIES } from '@crm/shared';
import { newId } from '#server/db/ids.ts';
import type {
  DoctorOfficesTable,
  DoctorSearchPrefixesTable,
  DoctorSearchWordsTable,
  DoctorsTable,
  DoctorUserDataTable,
  OfficeSpecialtiesTable,
  OfficesTable,
  TargetsTable,
} from '#server/db/schema.ts';
import { doctorNameColumns, doctorSearchRows } from '#server/modules/doctors/doctor-search.ts';
import { NO_PRIMARY_OFFICE } from '#server/modules/doctors/doctor-offices.repository.ts';
import { officeSearchColumns } from '#server/modules/offices/office-search.ts';
import {
  COMMUNES,
  type Commune,
  DOCTOR_EMAIL_DOMAINS,
  EPICENE_FIRST_NAMES,
  FEMALE_FIRST_NAMES,
  GENERAL_TITLES,
  landlineAreaDigit,
  LAST_NAMES,
  MALE_FIRST_NAMES,
  OFFICE_EMAIL_DOMAINS,
  OFFICE_NAME_PATTERNS,
  OFFICE_STREET_NAMES,
  PROFESSOR_TITLE,
  SAINTS,
  STREET_NAMES,
  STREET_TYPES,
  TITLES_BY_SPECIALTY,
  ugaZoneOf,
} from './communes.ts';

type Specialty = (typeof SPECIALTIES)[number];

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
    SPECIALTIES.forEach((specialty, bit) => {
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

/** The demo's targets: four active tiers and a retired one. */
export function demoTargets(now: string): TargetsTable[] {
  const target = (name: string, description: string, color: string, priority: number, active = 1): TargetsTable => ({
    id: newId(),
    name,
    description,
    color,
    priority,
    active,
    created_at: now,
    updated_at: now,
  });
  return [
    target('A – Prioritaire', 'Prescripteurs clés : une visite par mois', '#f5222d', 100),
    target('B – Important', 'Fort potentiel : une visite par trimestre', '#fa8c16', 75),
    target('C – Standard', 'Suivi régulier : deux visites par an', '#1890ff', 50),
    target('D – Faible', 'Contact à distance (e-mail, téléphone)', '#8c8c8c', 25),
    target('Ancienne cible 2025', 'Classement de la campagne précédente, conservé pour mémoire', '#bfbfbf', 0, 0),
  ];
}

// ——— offices ———

type GeneratedOffice = Omit<OfficesTable, 'created_at' | 'updated_at' | 'updated_by'>;

function generateOffice(random: Random, commune: Commune, jitterKm: number): GeneratedOffice {
  const pattern = random.pick(OFFICE_NAME_PATTERN_LIST);
  const name = pattern.pattern
    .replace('{street}', random.pick(OFFICE_STREET_NAMES))
    .replace('{doctor2}', random.pick(LAST_NAMES))
    .replace('{doctor}', random.pick(LAST_NAMES))
    .replace('{saint}', random.pick(SAINTS))
    .replace('{city_de}', ofCity(commune.name));
  const zone = ugaZoneOf(commune);
  const place = {
    name,
    address: streetAddress(random),
    postal_code: random.pick(commune.postalCodes),
    city: commune.name,
    uga: zone.code,
    uga_name: zone.name,
  };
  const [latitude, longitude] = jitter(random, commune, jitterKm);
  return {
    id: newId(),
    ...place,
    sector: pattern.sector,
    latitude,
    longitude,
    phone: random.chance(0.92) ? phoneNumber(random, landlineAreaDigit(commune.department), 0.75) : null,
    email: random.chance(0.35) ? `${emailLocalPart(name)}@${random.pick(OFFICE_EMAIL_DOMAINS)}` : null,
    ...officeSearchColumns(place),
  };
}

/** The patterns repeated by weight, so a uniform pick follows the weights. */
const OFFICE_NAME_PATTERN_LIST = OFFICE_NAME_PATTERNS.flatMap((pattern) =>
  Array.from({ length: pattern.weight }, () => pattern),
);

/** 'de Lyon', "d'Angers", 'du Mans', 'des Sables-d'Olonne', 'de La Rochelle'. */
function ofCity(name: string): string {
  if (name.startsWith('Le ')) return `du ${name.slice(3)}`;
  if (name.startsWith('Les ')) return `des ${name.slice(4)}`;
  if (/^[AEIOUYÉÈÊÂÎÔH]/i.test(name)) return `d'${name}`;
  return `de ${name}`;
}

function streetAddress(random: Random): string {
  const number = random.chance(0.04)
    ? `${1 + random.int(120)} ${random.pick(['bis', 'ter'])}`
    : `${1 + random.int(180)}`;
  return `${number} ${random.pick(STREET_TYPES)} ${random.pick(STREET_NAMES)}`;
}

/** A point near the commune's centre, well inside the commune's UGA zone (within `radiusKm`). */
function jitter(random: Random, commune: Commune, radiusKm: number): [number, number] {
  const distance = radiusKm * Math.sqrt(random.next());
  const angle = random.next() * 2 * Math.PI;
  const latitude = commune.latitude + (distance * Math.sin(angle)) / 111.2;
  const longitude =
    commune.longitude + (distance * Math.cos(angle)) / (111.2 * Math.cos((commune.latitude * Math.PI) / 180));
  return [Math.round(latitude * 1e6) / 1e6, Math.round(longitude * 1e6) / 1e6];
}

/**
 * How far from its centre an office may stand: a third of the way to the nearest other commune (so it stays
 * in the commune's Voronoi zone of the sample UGA file), at most 2 km.
 */
function communeJitterKm(): number[] {
  const kmBetween = (a: Commune, b: Commune) => {
    const dy = (a.latitude - b.latitude) * 111.2;
    const dx = (a.longitude - b.longitude) * 111.2 * Math.cos((((a.latitude + b.latitude) / 2) * Math.PI) / 180);
    return Math.hypot(dx, dy);
  };
  return COMMUNES.map((commune) => {
    let nearest = Infinity;
    for (const other of COMMUNES) if (other !== commune) nearest = Math.min(nearest, kmBetween(commune, other));
    return Math.min(2, nearest / 3);
  });
}

// ——— doctors ———

type PrimaryOfficeColumns = Pick<
  DoctorsTable,
  | 'primary_office_id'
  | 'primary_office_name'
  | 'primary_office_address'
  | 'primary_office_postal_code'
  | 'primary_office_city'
>;

type GeneratedDoctor = Omit<DoctorsTable, 'created_at' | 'updated_at' | 'updated_by' | keyof PrimaryOfficeColumns>;

const SPECIALTY_WEIGHTS: readonly number[] = [25, 17, 15, 23, 20];
const pickSpecialty = weightedPicker(SPECIALTY_WEIGHTS);

function generateDoctor(random: Random, rpps: string, homeCommune: Commune): GeneratedDoctor {
  const roll = random.next();
  const gender: Gender = roll < 0.49 ? 'M' : roll < 0.985 ? 'F' : 'O';
  const firstName = random.pick(
    gender === 'M' ? MALE_FIRST_NAMES : gender === 'F' ? FEMALE_FIRST_NAMES : EPICENE_FIRST_NAMES,
  );
  const lastName = surname(random);
  const prefix = doctorPrefix(random, gender);
  const primary = SPECIALTIES[pickSpecialty(random)] as Specialty;
  const secondary = random.chance(0.3) ? random.pick(SPECIALTIES.filter((specialty) => specialty !== primary)) : null;
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

/** 'Cabinet médical du Dr Lefèvre' → 'cabinet.medical.du.dr.lefevre' (at most 40 characters). */
function emailLocalPart(text: string): string {
  return normalizeForSearch(text).split(' ').join('.').slice(0, 40).replace(/\.+$/, '');
}

/**
 * RPPS: 11 digits starting with 10 (as real ones do). The nine other digits run through a permutation of
 * 0…999,999,999 (multiplying by an odd number prime to 5 is one-to-one modulo 10^9), so they look random
 * and never repeat; numbers already taken are skipped.
 */
function rppsSequence(seed: number, taken: ReadonlySet<string>): () => string {
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

/**
 * A French number: 0, the area or mobile digit, then four pairs; written as five pairs separated by
 * spaces (the usual way) or as ten digits.
 */
function phoneNumber(random: Random, firstDigit: number, spacedShare: number): string {
  const pairs = Array.from({ length: 4 }, () => String(random.int(100)).padStart(2, '0'));
  return random.chance(spacedShare) ? `0${firstDigit} ${pairs.join(' ')}` : `0${firstDigit}${pairs.join('')}`;
}

// ——— links and targets ———

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
  const index = specialty === null ? -1 : SPECIALTIES.indexOf(specialty as Specialty);
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

/** Picks an index with probability proportional to its weight (binary search over the running sums). */
function weightedPicker(weights: readonly number[]): (random: Random) => number {
  const sums: number[] = [];
  let total = 0;
  for (const weight of weights) {
    total += weight;
    sums.push(total);
  }
  return (random) => {
    const target = random.next() * total;
    let low = 0;
    let high = sums.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((sums[middle] ?? 0) > target) high = middle;
      else low = middle + 1;
    }
    return low;
  };
}

/** A small seeded generator (mulberry32): fast, and the same numbers for the same seed everywhere. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
}
