import { normalizeForSearch } from '@crm/shared';
import type { OfficePrefixCountsTable, OfficeSearchPrefixesTable } from '#server/db/schema.ts';

type OfficeText = {
  name: string;
  address: string;
  postal_code: string;
  city: string;
  uga: string;
  uga_name: string | null;
};

/**
 * The normalised columns stored with an office: the name for list order, and search_text, the words a search
 * matches (each typed word must start one of them), each after a space.
 */
export function officeSearchColumns(office: OfficeText) {
  const words = [office.name, office.address, office.postal_code, office.city, office.uga, office.uga_name ?? '']
    .map(normalizeForSearch)
    .filter(Boolean)
    .join(' ');
  return { name_norm: normalizeForSearch(office.name), search_text: ` ${words}` };
}

/** Prefixes of 1 to this many characters are stored; a longer typed word is found through its first four. */
export const OFFICE_PREFIX_LENGTH = 4;

/** The key a typed word is looked up by in office_search_prefixes and office_prefix_counts. */
export function officePrefixOf(term: string): string {
  return term.slice(0, OFFICE_PREFIX_LENGTH);
}

/**
 * What a prefix row's `words` must be LIKE for the office to have a word starting with `term`: anything when
 * the term is its own key, else one of the words the row keeps.
 */
export function officeWordPattern(term: string): string {
  return term.length > OFFICE_PREFIX_LENGTH ? `% ${term}%` : '%';
}

/**
 * An office's rows in office_search_prefixes (decision 0013), from its stored search columns: one per prefix
 * of 1 to 4 characters of its words; a 4-character one keeps the words it starts (' paris parisien'), in byte
 * order, so a longer typed word is checked on the row.
 */
export function officeSearchRows(office: {
  id: string;
  name_norm: string;
  search_text: string;
}): OfficeSearchPrefixesTable[] {
  const words = [...new Set(office.search_text.split(' ').filter(Boolean))].sort();
  const started = new Map<string, string[]>();
  for (const word of words) {
    for (let length = 1; length <= Math.min(OFFICE_PREFIX_LENGTH, word.length); length += 1) {
      const prefix = word.slice(0, length);
      const kept = started.get(prefix) ?? [];
      if (length === OFFICE_PREFIX_LENGTH) kept.push(word);
      started.set(prefix, kept);
    }
  }
  return [...started].map(([prefix, kept]) => ({
    prefix,
    name_norm: office.name_norm,
    office_id: office.id,
    words: kept.length > 0 ? ` ${kept.join(' ')}` : '',
  }));
}

/**
 * Every start of every word of an office's search text, once: the keys office_prefix_counts counts the
 * office under (decision 0043), so a one-word total of any length is one row.
 */
export function officeWordStarts(searchText: string): string[] {
  const starts = new Set<string>();
  for (const word of searchText.split(' ')) {
    for (let length = 1; length <= word.length; length += 1) starts.add(word.slice(0, length));
  }
  return [...starts];
}

/** How the prefix counts move when an office's word starts go from `before` to `after`. */
export function prefixCountChanges(before: readonly string[], after: readonly string[]): OfficePrefixCountsTable[] {
  const deltas = new Map<string, number>();
  for (const prefix of before) deltas.set(prefix, (deltas.get(prefix) ?? 0) - 1);
  for (const prefix of after) deltas.set(prefix, (deltas.get(prefix) ?? 0) + 1);
  return [...deltas].filter(([, delta]) => delta !== 0).map(([prefix, offices]) => ({ prefix, offices }));
}
