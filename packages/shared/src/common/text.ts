/**
 * Search normalisation shared by the server (stored search columns) and the client (highlighting):
 * lower case, accents removed, anything but letters and digits turned into single spaces.
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The words of a search text, at most `max` of them. */
export function searchTerms(text: string, max = 5): string[] {
  const normalized = normalizeForSearch(text);
  return normalized === '' ? [] : normalized.split(' ').slice(0, max);
}
