/** A set that forgets everything once it holds `max` entries: a hint cache whose loss costs one extra call. */
export function boundedSet<T>(max: number) {
  const entries = new Set<T>();
  return {
    has: (value: T) => entries.has(value),
    add(value: T) {
      if (entries.size >= max) entries.clear();
      entries.add(value);
    },
    delete: (value: T) => entries.delete(value),
  };
}
