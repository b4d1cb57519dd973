/**
 * Listeners by key (a query's hash, a price cell): `tell(key)` calls that key's only, so a change
 * reaches what follows it and nothing else. An emptied key is dropped.
 */
export function keyedListeners<K>() {
  const byKey = new Map<K, Set<() => void>>();
  return {
    watch: (key: K, listener: () => void): (() => void) => {
      const heard = byKey.get(key) ?? new Set();
      byKey.set(key, heard);
      heard.add(listener);
      return () => {
        heard.delete(listener);
        if (heard.size === 0) byKey.delete(key);
      };
    },
    tell: (key: K): void => byKey.get(key)?.forEach((listener) => listener()),
  };
}
