/**
 * In-memory sliding-window rate limiter (one process; a multi-node deployment would move the counters to a
 * shared store). Each key keeps the timestamps of its recent hits; a key is blocked while it has `limit` hits
 * inside the last `windowMs`.
 */
export interface RateLimitDecision {
  allowed: boolean;
  /** Milliseconds until the oldest counted hit leaves the window (0 when allowed). */
  retryAfterMs: number;
}

export class SlidingWindowLimiter {
  readonly #hits = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    readonly maxKeys = 100_000,
  ) {
    if (!(limit >= 1) || !(windowMs > 0)) throw new RangeError('limit must be >= 1 and windowMs > 0');
  }

  #recent(key: string, now: number): number[] {
    const hits = (this.#hits.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (hits.length === 0) this.#hits.delete(key);
    else this.#hits.set(key, hits);
    return hits;
  }

  /** Would one more attempt for this key be allowed now? Does not count anything. */
  check(key: string, now = Date.now()): RateLimitDecision {
    const hits = this.#recent(key, now);
    if (hits.length < this.limit) return { allowed: true, retryAfterMs: 0 };
    const oldest = hits[hits.length - this.limit] ?? now;
    return { allowed: false, retryAfterMs: Math.max(1, oldest + this.windowMs - now) };
  }

  /** Counts one hit for the key. */
  record(key: string, now = Date.now()): void {
    const hits = this.#recent(key, now);
    hits.push(now);
    this.#hits.set(key, hits);
    if (this.#hits.size > this.maxKeys) this.#evictOldest();
  }

  reset(key: string): void {
    this.#hits.delete(key);
  }

  /** Bounded memory: drop the key inserted longest ago when there are too many keys. */
  #evictOldest(): void {
    const first = this.#hits.keys().next();
    if (!first.done) this.#hits.delete(first.value);
  }
}
