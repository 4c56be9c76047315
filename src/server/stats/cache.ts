/**
 * A small LRU cache for API answers, keyed by the normalised query (src/lib/apiParams.ts queryKey).
 * The stats database is read-only while the server runs, so entries never go stale; the size bound keeps
 * memory flat. A Map keeps insertion order: re-inserting on a hit moves the key to the newest end.
 */
export class LruCache<V> {
  private readonly map = new Map<string, V>();
  hits = 0;
  misses = 0;

  constructor(readonly maxEntries: number) {
    if (!(maxEntries >= 1)) throw new Error('LruCache needs at least one entry');
  }

  get size(): number {
    return this.map.size;
  }

  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.maxEntries) {
      const oldest = this.map.keys().next().value as string;
      this.map.delete(oldest);
    }
  }

  clear(): void {
    this.map.clear();
  }
}

/**
 * Memoise an async computation by key; concurrent callers of the same key share one in-flight promise
 * (so a burst of identical requests runs the query once). Failures are not cached.
 */
export function memoiseAsync<V>(cache: LruCache<V>, inflight: Map<string, Promise<V>> = new Map()) {
  return async (key: string, compute: () => Promise<V>): Promise<V> => {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const running = inflight.get(key);
    if (running) return running;
    const promise = compute().then(
      (value) => {
        cache.set(key, value);
        inflight.delete(key);
        return value;
      },
      (err: unknown) => {
        inflight.delete(key);
        throw err;
      },
    );
    inflight.set(key, promise);
    return promise;
  };
}
