/** Times are stored as ISO 8601 UTC strings, which sort as they compare. */
export const nowIso = (): string => new Date().toISOString();
