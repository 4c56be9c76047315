/**
 * Where sign-in failures are counted. The policy (signInGuard.ts) only calls this small interface, so the
 * counters can live in memory (one node, the default here) or in the accounts store (several nodes: the
 * store implements the same three methods). Keys name a bucket ("ip:…", "account-ip:…", "account:…"); times
 * are milliseconds since epoch.
 */
export interface FailureCounters {
  /** Counts one failure for the key at the given time. */
  recordFailure(key: string, at: number): Promise<void>;
  /** The times of the key's failures after `since`, newest first, at most `max` of them. */
  recentFailures(key: string, since: number, max: number): Promise<number[]>;
  /** Forgets the key's failures (a successful sign-in). */
  clearFailures(key: string): Promise<void>;
}

/** In-memory counters with bounded memory: at most `maxKeys` keys (the least recently written goes first). */
export class MemoryFailureCounters implements FailureCounters {
  readonly #hits = new Map<string, number[]>();

  constructor(
    readonly maxKeys = 100_000,
    /** failures older than this are never asked for: dropped as keys are written */
    readonly horizonMs = 24 * 60 * 60 * 1000,
  ) {}

  async recordFailure(key: string, at: number): Promise<void> {
    const hits = (this.#hits.get(key) ?? []).filter((t) => t > at - this.horizonMs);
    hits.push(at);
    this.#hits.delete(key);
    this.#hits.set(key, hits.slice(-1000));
    if (this.#hits.size > this.maxKeys) this.#hits.delete(this.#hits.keys().next().value!);
  }

  async recentFailures(key: string, since: number, max: number): Promise<number[]> {
    const hits = this.#hits.get(key) ?? [];
    return hits.filter((t) => t > since).sort((a, b) => b - a).slice(0, max);
  }

  async clearFailures(key: string): Promise<void> {
    this.#hits.delete(key);
  }
}
