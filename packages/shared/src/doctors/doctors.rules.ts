import { normalizeForSearch, searchTerms } from '../common/text.ts';

/** Specialties of spec 000 section 3, in the spec's (English) names, as stored and sent. */
export const SPECIALTIES = ['Cardiology', 'Dermatology', 'Neurology', 'Pediatrics', 'Psychiatry'] as const;

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
