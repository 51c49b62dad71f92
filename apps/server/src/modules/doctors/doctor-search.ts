import { normalizeForSearch } from '@crm/shared';
import type { DoctorSearchWordsTable } from '#server/db/schema.ts';

type Named = { firstName: string; lastName: string; rpps: string };

/** The normalised name columns stored with a doctor. */
export function doctorNameColumns(doctor: Pick<Named, 'firstName' | 'lastName'>) {
  return { first_name_norm: normalizeForSearch(doctor.firstName), last_name_norm: normalizeForSearch(doctor.lastName) };
}

/** The rows of doctor_search_words for a doctor: each word of each name, and the RPPS. */
export function doctorSearchWords(doctorId: string, doctor: Named): DoctorSearchWordsTable[] {
  const rows = new Map<string, DoctorSearchWordsTable>();
  const add = (word: string, field: DoctorSearchWordsTable['field']) => {
    if (word !== '') rows.set(`${field}:${word}`, { word, field, doctor_id: doctorId });
  };
  for (const word of normalizeForSearch(doctor.firstName).split(' ')) add(word, 'f');
  for (const word of normalizeForSearch(doctor.lastName).split(' ')) add(word, 'l');
  add(doctor.rpps, 'r');
  return [...rows.values()];
}

/** The smallest string above every string that starts with `prefix` (words hold only a–z and 0–9). */
export function prefixUpperBound(prefix: string): string {
  return `${prefix}{`;
}
