/** Whether a stored value is one of a closed list's words, narrowing it to that list's type. */
export const within = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

/** A table's own entry only: a stored key such as `constructor` must not find Object's. */
export const ownEntry = <V>(table: Readonly<Record<string, V>>, key: string): V | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;
