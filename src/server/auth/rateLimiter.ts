/**
 * Sliding-window rate limiter whose counters live in the accounts store (src/server/auth/store), so every web
 * node sharing the store counts the same hits. A key is blocked while it has `limit` hits inside the last
 * `windowMs`. Keys are stored as "{name}:{key}", so several limiters share one table.
 */
import type { FailureCounters } from './store/types.ts';

export interface RateLimitDecision {
  allowed: boolean;
  /** Milliseconds until the oldest counted hit leaves the window (0 when allowed). */
  retryAfterMs: number;
}

/** How often (at most) a limiter deletes the hits its window no longer sees. */
const PRUNE_EVERY_MS = 60_000;

export class SlidingWindowLimiter {
  #lastPrune = Number.NEGATIVE_INFINITY;

  constructor(
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
    /** The counter storage, resolved when first needed (the accounts store is opened lazily). */
    readonly counters: () => FailureCounters,
  ) {
    if (!(limit >= 1) || !(windowMs > 0)) throw new RangeError('limit must be >= 1 and windowMs > 0');
  }

  /** Would one more attempt for this key be allowed now? Does not count anything. */
  async check(key: string, now = Date.now()): Promise<RateLimitDecision> {
    // Newest first, at most `limit`: enough to decide, and the last one is the hit whose exit frees a place.
    const hits = await this.counters().recentFailures(`${this.name}:${key}`, now - this.windowMs, this.limit);
    if (hits.length < this.limit) return { allowed: true, retryAfterMs: 0 };
    const oldest = hits[this.limit - 1] ?? now;
    return { allowed: false, retryAfterMs: Math.max(1, oldest + this.windowMs - now) };
  }

  /** Counts one hit for the key. */
  async record(key: string, now = Date.now()): Promise<void> {
    await this.counters().recordFailure(`${this.name}:${key}`, now);
    if (now - this.#lastPrune >= PRUNE_EVERY_MS) {
      this.#lastPrune = now;
      await this.counters().pruneFailures(`${this.name}:`, now - this.windowMs);
    }
  }

  async reset(key: string): Promise<void> {
    await this.counters().clearFailures(`${this.name}:${key}`);
  }
}
