import { normalizeForSearch } from '@crm/shared';
import type { DoctorSearchPrefixesTable, DoctorSearchWordsTable } from '#server/db/schema.ts';

type Named = { firstName: string; lastName: string; rpps: string };

/** The normalised name columns stored with a doctor. */
export function doctorNameColumns(doctor: Pick<Named, 'firstName' | 'lastName'>) {
  return { first_name_norm: normalizeForSearch(doctor.firstName), last_name_norm: normalizeForSearch(doctor.lastName) };
}

/** The rows of doctor_search_words for a doctor: each word of each name, and the RPPS. */
export function doctorSearchWords(doctorId: string, doctor: Named): DoctorSearchWordsTable[] {
  const rows = new Map<string, DoctorSearchWordsTable>();
  const names = doctorNameColumns(doctor);
  const add = (word: string, field: DoctorSearchWordsTable['field']) => {
    if (word !== '') rows.set(`${field}:${word}`, { word, field, doctor_id: doctorId, ...names, rpps: doctor.rpps });
  };
  for (const word of normalizeForSearch(doctor.firstName).split(' ')) add(word, 'f');
  for (const word of normalizeForSearch(doctor.lastName).split(' ')) add(word, 'l');
  add(doctor.rpps, 'r');
  return [...rows.values()];
}

/** Search words this short (or shorter) are served by doctor_search_prefixes, in name order. */
export const SHORT_PREFIX_MAX = 4;

/**
 * The rows of doctor_search_prefixes for a doctor: the first 1 to 4 characters of each word and of the RPPS,
 * each with its name tier (0 when it starts a word of both names, which the spec scores higher).
 */
export function doctorSearchPrefixes(doctorId: string, doctor: Named): DoctorSearchPrefixesTable[] {
  const names = doctorNameColumns(doctor);
  const fields = new Map<string, Set<DoctorSearchWordsTable['field']>>();
  for (const { word, field } of doctorSearchWords(doctorId, doctor)) {
    for (let length = 1; length <= Math.min(SHORT_PREFIX_MAX, word.length); length += 1) {
      const prefix = word.slice(0, length);
      const seen = fields.get(prefix) ?? new Set();
      seen.add(field);
      fields.set(prefix, seen);
    }
  }
  return [...fields].map(([prefix, seen]) => ({
    prefix,
    name_tier: seen.has('f') && seen.has('l') ? 0 : 1,
    ...names,
    rpps: doctor.rpps,
    doctor_id: doctorId,
  }));
}

/** The smallest string above every string that starts with `prefix` (words hold only a–z and 0–9). */
export function prefixUpperBound(prefix: string): string {
  return `${prefix}{`;
}
