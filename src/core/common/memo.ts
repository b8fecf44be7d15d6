// A small bounded memo: repeated hosts are the common case when converting many URLs.

/** Remembers up to `limit` results, then starts afresh: bounded memory, no bookkeeping per hit. */
export function memoize<T>(fn: (key: string) => T, limit = 2048): (key: string) => T {
  let cache = new Map<string, T>();
  return (key) => {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const value = fn(key);
    if (cache.size >= limit) cache = new Map();
    cache.set(key, value);
    return value;
  };
}
