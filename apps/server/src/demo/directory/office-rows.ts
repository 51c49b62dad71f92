import { newId } from '#server/db/ids.ts';
import type { OfficesTable } from '#server/db/schema.ts';
import type { Random } from '#server/demo/random.ts';
import { officeSearchColumns } from '#server/modules/offices/office-search.ts';
import {
  COMMUNES,
  type Commune,
  landlineAreaDigit,
  LAST_NAMES,
  OFFICE_EMAIL_DOMAINS,
  OFFICE_NAME_PATTERNS,
  OFFICE_STREET_NAMES,
  SAINTS,
  STREET_NAMES,
  STREET_TYPES,
  ugaZoneOf,
} from './communes.ts';
import { emailLocalPart, phoneNumber } from './contact-details.ts';

export type GeneratedOffice = Omit<OfficesTable, 'created_at' | 'updated_at' | 'updated_by'>;

/** An office in `commune`, its name from the weighted patterns, its place jittered around the centre. */
export function generateOffice(random: Random, commune: Commune, jitterKm: number): GeneratedOffice {
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
export function communeJitterKm(): number[] {
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
