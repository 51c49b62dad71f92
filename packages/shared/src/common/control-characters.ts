/**
 * The C0 control characters and DEL, less tab, line feed and carriage return. No text the CRM keeps has a use
 * for them, they hide in what a reader sees, and PostgreSQL refuses U+0000 in text where SQLite stores it: one
 * rule on both engines (issue 28).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's whole purpose
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * Where the first text holding a control character sits in a parsed JSON value (object keys included), as
 * the path of keys and indexes that leads to it; [] for the value itself; null when there is none.
 */
export function controlCharacterPath(value: unknown): (string | number)[] | null {
  if (typeof value === 'string') return hasControlCharacter(value) ? [] : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = controlCharacterPath(item);
      if (found !== null) return [index, ...found];
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (hasControlCharacter(key)) return [key];
      const found = controlCharacterPath(item);
      if (found !== null) return [key, ...found];
    }
  }
  return null;
}
