/**
 * A map that forgets everything once it holds `max` entries: a hint cache whose loss costs one
 * extra call, bounded without the bookkeeping of an LRU.
 */
export function boundedMap<K, V>(max: number) {
  const entries = new Map<K, V>();
  return {
    get: (key: K) => entries.get(key),
    has: (key: K) => entries.has(key),
    set(key: K, value: V) {
      if (entries.size >= max) entries.clear();
      entries.set(key, value);
    },
    delete: (key: K) => entries.delete(key),
    clear: () => entries.clear(),
  };
}

/** boundedMap's set: the same forgetting, for hints that are only present or absent. */
export function boundedSet<T>(max: number) {
  const entries = boundedMap<T, true>(max);
  return {
    has: entries.has,
    add: (value: T) => entries.set(value, true),
    delete: entries.delete,
    clear: entries.clear,
  };
}
