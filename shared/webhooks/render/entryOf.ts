/**
 * The entry of a word or colour table under a key a payload gave, if the table has one of its own:
 * a plain `table[key]` would answer `constructor`, `toString` or `__proto__` with what every object
 * inherits (a function, printed into the title, or a crash).
 */
export const entryOf = <T>(
  table: Readonly<Record<string, T>>,
  key: string | number | null | undefined,
): T | undefined => (key !== null && key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined);
