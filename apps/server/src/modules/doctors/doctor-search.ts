import { normalizeForSearch } from '@crm/shared';
import type { DoctorSearchPrefixesTable, DoctorSearchWordsTable } from '#server/db/schema.ts';

type Named = { firstName: string; lastName: string; rpps: string };

/** The normalised name columns stored with a doctor. */
export function doctorNameColumns(doctor: Pick<Named, 'firstName' | 'lastName'>) {
  return { first_name_norm: normalizeForSearch(doctor.firstName), last_name_norm: normalizeForSearch(doctor.lastName) };
}

/**
 * The rows of doctor_search_words for a doctor: each word of each name, and the RPPS, with how far each
 * word overlaps the doctor's other words (see wordOverlaps).
 */
export function doctorSearchWords(doctorId: string, doctor: Named): DoctorSearchWordsTable[] {
  const words = new Map<string, { word: string; field: SearchField }>();
  const add = (word: string, field: SearchField) => {
    if (word !== '') words.set(`${field}:${word}`, { word, field });
  };
  for (const word of normalizeForSearch(doctor.firstName).split(' ')) add(word, 'f');
  for (const word of normalizeForSearch(doctor.lastName).split(' ')) add(word, 'l');
  add(doctor.rpps, 'r');
  const { first_name_norm, last_name_norm } = doctorNameColumns(doctor);
  return wordOverlaps([...words.values()]).map((row) => ({
    word: row.word,
    field: row.field,
    doctor_id: doctorId,
    last_name_norm,
    first_name_norm,
    rpps: doctor.rpps,
    earlier_overlap: row.earlier_overlap,
    other_name_overlap: row.other_name_overlap,
  }));
}

type SearchField = DoctorSearchWordsTable['field'];
const FIELD_ORDER: Record<SearchField, number> = { f: 0, l: 1, r: 2 };

/**
 * For each of a doctor's search words, what a search needs to know without reading the doctor's other rows
 * (docs/decisions/0006). A typed word of n characters matches two of the doctor's words exactly when they
 * share at least n leading characters, so:
 * - earlier_overlap: the longest start this word shares with a word before it (first name, last name, RPPS;
 *   alphabetical within a field). Of the rows a word of n characters matches, the one with
 *   earlier_overlap < n is the doctor's first, kept once.
 * - other_name_overlap: the longest start it shares with a word of the doctor's other name (0 for the RPPS).
 *   A word of n characters starts a word of both names when other_name_overlap >= n.
 */
export function wordOverlaps(
  words: { word: string; field: SearchField }[],
): { word: string; field: SearchField; earlier_overlap: number; other_name_overlap: number }[] {
  const ordered = [...words].sort(
    (a, b) => FIELD_ORDER[a.field] - FIELD_ORDER[b.field] || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0),
  );
  return ordered.map((row, index) => {
    let earlier = 0;
    let otherName = 0;
    for (const [otherIndex, other] of ordered.entries()) {
      const shared = sharedStart(row.word, other.word);
      if (otherIndex < index) earlier = Math.max(earlier, shared);
      if (row.field !== 'r' && other.field !== 'r' && other.field !== row.field)
        otherName = Math.max(otherName, shared);
    }
    return { word: row.word, field: row.field, earlier_overlap: earlier, other_name_overlap: otherName };
  });
}

function sharedStart(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length += 1;
  return length;
}

/** Search words this short (or shorter) are served by doctor_search_prefixes, in name order. */
export const SHORT_PREFIX_MAX = 4;

/**
 * The rows of doctor_search_prefixes for a doctor: the first 1 to 4 characters of each word and of the RPPS,
 * each with its name tier (0 when it starts a word of both names, 1 of one, 2 only the RPPS: the spec's 100,
 * 10 and 5 for one typed word) and the doctor's word starts (wordStarts), built from the doctor's search words.
 */
export function doctorSearchPrefixes(
  doctorId: string,
  doctor: Named,
  words: DoctorSearchWordsTable[] = doctorSearchWords(doctorId, doctor),
): DoctorSearchPrefixesTable[] {
  const { first_name_norm, last_name_norm } = doctorNameColumns(doctor);
  const word_starts = wordStarts(words.map((row) => row.word));
  const fields = new Map<string, Set<DoctorSearchWordsTable['field']>>();
  for (const { word, field } of words) {
    for (let length = 1; length <= Math.min(SHORT_PREFIX_MAX, word.length); length += 1) {
      const prefix = word.slice(0, length);
      const seen = fields.get(prefix) ?? new Set();
      seen.add(field);
      fields.set(prefix, seen);
    }
  }
  return [...fields].map(([prefix, seen]) => ({
    prefix,
    name_tier: seen.has('f') && seen.has('l') ? 0 : seen.has('f') || seen.has('l') ? 1 : 2,
    last_name_norm,
    first_name_norm,
    rpps: doctor.rpps,
    doctor_id: doctorId,
    word_starts,
  }));
}

/** Both search tables' rows for a doctor, the words computed once. */
export function doctorSearchRows(doctorId: string, doctor: Named) {
  const words = doctorSearchWords(doctorId, doctor);
  return { words, prefixes: doctorSearchPrefixes(doctorId, doctor, words) };
}

/** How many bits wordStarts uses: an integer below 2^52 stays exact in JavaScript, SQLite and PostgreSQL. */
const WORD_START_BITS = 52;

/**
 * A doctor's word starts as a set of bits: for each word (names and RPPS), the bit of its first character
 * and the bit of its first two. A doctor has a word starting with a typed word only if the bit of the typed
 * word's first two characters (or one) is set, so a search checks that integer before the row's names, far
 * cheaper than the LIKE, which then runs only on the rows that pass (docs/decisions/0006 has the figures).
 */
export function wordStarts(words: string[]): number {
  const bits = new Set(words.flatMap((word) => [wordStartBit(word.slice(0, 1)), wordStartBit(word.slice(0, 2))]));
  let set = 0;
  for (const bit of bits) set += 2 ** bit;
  return set;
}

/** The bit wordStarts sets for a typed word (its first two characters, or its one). */
export function wordStartMask(term: string): number {
  return 2 ** wordStartBit(term.slice(0, 2));
}

/**
 * The word-start hash, computed here only. Migration 202611250100 wrote the same hash in SQL once, to fill the
 * rows of its day (it is history, never run again on a migrated database); changing the hash takes a new
 * migration that recomputes every prefix row's word_starts with wordStarts (docs/search.md).
 */
function wordStartBit(start: string): number {
  const c0 = start.codePointAt(0) ?? 0;
  return start.length >= 2
    ? ((74 + c0) * 37 + (start.codePointAt(1) ?? 0)) % WORD_START_BITS
    : (37 + c0) % WORD_START_BITS;
}

/** The smallest string above every string that starts with `prefix` (words hold only a–z and 0–9). */
export function prefixUpperBound(prefix: string): string {
  return `${prefix}{`;
}
