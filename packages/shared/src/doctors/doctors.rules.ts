import { normalizeForSearch, searchTerms } from '../common/text.ts';

/**
 * The specialties of spec 000 section 3, in the spec's (English) names, as stored and sent: the default filters
 * of the directory, listed first. Each is one savoir-faire of the national directory (decision 0056).
 */
export const SPEC_SPECIALTIES = ['Cardiology', 'Dermatology', 'Neurology', 'Pediatrics', 'Psychiatry'] as const;

/** The savoir-faire code (RPPS, nomenclature TRE-R38) each of the spec's specialties stands for. */
export const SAVOIR_FAIRE_OF_SPEC_SPECIALTY = {
  Cardiology: 'SM04',
  Dermatology: 'SM15',
  Neurology: 'SM32',
  Pediatrics: 'SM40',
  Psychiatry: 'SM42',
} as const satisfies Record<(typeof SPEC_SPECIALTIES)[number], string>;

/**
 * The other savoir-faire of doctors in the national directory (RPPS specialties, nomenclature TRE-R38), stored
 * as their codes; general medicine is SM54, with SM53 and SM26 (decision 0056).
 */
export const RPPS_SAVOIR_FAIRE = [
  'SM01',
  'SM02',
  'SM03',
  'SM05',
  'SM06',
  'SM07',
  'SM08',
  'SM09',
  'SM10',
  'SM11',
  'SM12',
  'SM13',
  'SM14',
  'SM16',
  'SM17',
  'SM18',
  'SM19',
  'SM20',
  'SM21',
  'SM22',
  'SM23',
  'SM24',
  'SM25',
  'SM26',
  'SM27',
  'SM28',
  'SM29',
  'SM30',
  'SM31',
  'SM33',
  'SM34',
  'SM35',
  'SM36',
  'SM37',
  'SM38',
  'SM39',
  'SM41',
  'SM43',
  'SM44',
  'SM45',
  'SM46',
  'SM47',
  'SM48',
  'SM49',
  'SM50',
  'SM53',
  'SM54',
  'SM55',
  'SM56',
  'SM57',
  'SM58',
  'SM59',
  'SM60',
  'SM61',
  'SM62',
] as const;

/** A doctor whose directory entry names no savoir-faire of this list. */
export const UNSPECIFIED_SPECIALTY = 'Unspecified';

/** Every specialty a doctor may have: the spec's five first, then the directory's others (decision 0056). */
export const SPECIALTIES = [...SPEC_SPECIALTIES, ...RPPS_SAVOIR_FAIRE, UNSPECIFIED_SPECIALTY] as const;

const SPECIALTY_BY_SAVOIR_FAIRE: ReadonlyMap<string, (typeof SPECIALTIES)[number]> = new Map<
  string,
  (typeof SPECIALTIES)[number]
>([
  ...Object.entries(SAVOIR_FAIRE_OF_SPEC_SPECIALTY).map(
    ([name, code]) => [code, name as (typeof SPEC_SPECIALTIES)[number]] as const,
  ),
  ...RPPS_SAVOIR_FAIRE.map((code) => [code, code] as const),
]);

/** The stored specialty of a savoir-faire code of the directory; undefined for a code not in the list. */
export function specialtyOfSavoirFaire(code: string): (typeof SPECIALTIES)[number] | undefined {
  return SPECIALTY_BY_SAVOIR_FAIRE.get(code);
}

export const PREFIXES = ['Dr', 'Prof', 'Mr', 'Mrs', 'Ms'] as const;
export type Prefix = (typeof PREFIXES)[number];

export const GENDERS = ['M', 'F', 'O'] as const;
export type Gender = (typeof GENDERS)[number];

/** RPPS: digits only, 1 to 12 of them ('RPPS must be a numeric value up to 12 digits!'). */
export const RPPS_MAX_DIGITS = 12;
export const RPPS_PATTERN = new RegExp(`^\\d{1,${RPPS_MAX_DIGITS}}$`);

/**
 * Doctor search scoring of spec 001 section 5. Every term of the query must match (a name word or the
 * RPPS starting with it); the score then says how well:
 * - 1000: the query is exactly the first and last name (either order);
 * - 100: the terms hit both the first and the last name;
 * - 10: the terms hit the names, one of them only;
 * - 5: the RPPS only.
 * Ties are ordered by last name, then first name.
 */
export const SEARCH_SCORES = { exactName: 1000, bothNames: 100, oneName: 10, rpps: 5 } as const;

export type ScoredDoctor = { firstName: string; lastName: string; rpps: string };

/** Does every term match a name word or the RPPS (prefix match, accents and case ignored)? */
export function matchesSearch(doctor: ScoredDoctor, query: string): boolean {
  return searchScore(doctor, query) > 0;
}

/** The score of a doctor for a query; 0 when some term matches nothing. */
export function searchScore(doctor: ScoredDoctor, query: string): number {
  return scoreNormalized(
    searchTerms(query),
    normalizeForSearch(doctor.firstName),
    normalizeForSearch(doctor.lastName),
    doctor.rpps,
  );
}

/**
 * The same score from already normalised terms and names (the server stores normalised names, and
 * ranks thousands of candidates per keystroke).
 */
export function scoreNormalized(terms: string[], firstName: string, lastName: string, rpps: string): number {
  if (terms.length === 0) return 0;
  const normalizedQuery = terms.join(' ');
  if (normalizedQuery === `${firstName} ${lastName}` || normalizedQuery === `${lastName} ${firstName}`) {
    return SEARCH_SCORES.exactName;
  }
  const first = firstName.split(' ');
  const last = lastName.split(' ');
  let hitsFirst = false;
  let hitsLast = false;
  let hitsRpps = false;
  for (const term of terms) {
    const inFirst = first.some((word) => word.startsWith(term));
    const inLast = last.some((word) => word.startsWith(term));
    const inRpps = rpps.startsWith(term);
    if (!inFirst && !inLast && !inRpps) return 0;
    hitsFirst ||= inFirst;
    hitsLast ||= inLast;
    hitsRpps ||= inRpps && !inFirst && !inLast;
  }
  if (hitsFirst && hitsLast) return SEARCH_SCORES.bothNames;
  if (hitsFirst || hitsLast) return SEARCH_SCORES.oneName;
  return hitsRpps ? SEARCH_SCORES.rpps : 0;
}

/** Orders doctors as the search answers them: score, then last name, then first name. */
export function compareSearchResults<T extends ScoredDoctor & { score: number }>(a: T, b: T): number {
  // Byte order of the normalised names, as the database's indexes sort them.
  const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return (
    b.score - a.score ||
    byText(normalizeForSearch(a.lastName), normalizeForSearch(b.lastName)) ||
    byText(normalizeForSearch(a.firstName), normalizeForSearch(b.firstName))
  );
}
