export type QueryParams = Record<string, string | number | readonly string[] | null | undefined>;

/**
 * "?a=1&b=x,y" from the given parameters, leaving out empty ones; lists are comma-separated, as the API
 * reads them (specialty=Cardiology,Neurology). Returns '' when nothing is left.
 */
export function queryString(params: QueryParams): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const text = typeof value === 'string' || typeof value === 'number' ? String(value) : value.join(',');
    if (text !== '') search.set(name, text);
  }
  const encoded = search.toString();
  return encoded === '' ? '' : `?${encoded}`;
}
