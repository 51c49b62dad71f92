/**
 * How a mailbox search uses the trigram index (docs/decisions/0043). A typed word matches a message when it
 * is a substring of its search text; a trigram index finds the words of three characters or more, and the
 * shorter ones are checked on each message found (or, when every word is short, on each message of the
 * folder, newest first).
 */
export const TRIGRAM_LENGTH = 3;

export const isIndexable = (term: string): boolean => term.length >= TRIGRAM_LENGTH;

/**
 * The FTS5 query for the indexable words, or undefined when there is none: each word a quoted phrase (its
 * trigrams in a row, so a substring), all of them required. Words are normalised to letters and digits;
 * quotes are doubled all the same, so nothing typed can reach FTS5's syntax.
 */
export function trigramQuery(terms: readonly string[]): string | undefined {
  const indexable = terms.filter(isIndexable);
  if (indexable.length === 0) return undefined;
  return indexable.map((term) => `"${term.replaceAll('"', '""')}"`).join(' AND ');
}
