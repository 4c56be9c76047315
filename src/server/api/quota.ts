/**
 * Published quotas of the developer API: per key, and per client address for anonymous use, by
 * minute and by UTC day (config.apiQuota; docs/reference/http-api.md, /docs/api). A heavy table query (the stats queue's heavy lane,
 * src/server/stats/answers/cost.ts) counts `heavyCost`. Counts live in the accounts store, so they hold across nodes.
 *
 * Every answer carries the IETF RateLimit-Policy and RateLimit fields (draft-ietf-httpapi-ratelimit-headers):
 *   RateLimit-Policy: "minute";q=60;w=60, "day";q=20000;w=86400
 *   RateLimit: "minute";r=42;t=18          (the window closest to its limit: remaining, seconds to its reset)
 * Past a quota: 429 with Retry-After and a JSON message; nothing is counted.
 */
import { config } from '../config';
import type { AccountStore, QuotaUse } from '../auth/store/types';

export type Quota = { minute: number; day: number };
export type Holder = { kind: 'key'; keyId: number } | { kind: 'anonymous'; client: string };

const WINDOWS = [
  { name: 'minute', seconds: 60 },
  { name: 'day', seconds: 86_400 },
] as const;

export const quotaOf = (holder: Holder): Quota => (holder.kind === 'key' ? config.apiQuota.key : config.apiQuota.anonymous);

/** The RateLimit-Policy field of a quota. */
export function policyHeader(quota: Quota): string {
  return WINDOWS.map((w) => `"${w.name}";q=${quota[w.name]};w=${w.seconds}`).join(', ');
}

export interface QuotaOutcome {
  allowed: boolean;
  headers: Record<string, string>;
  /** when refused: seconds until the window that refused starts again */
  retryAfter: number;
  /** when refused: which window is spent */
  window: 'minute' | 'day' | null;
}

let lastPrune = 0;
/** Counters of windows older than two days are deleted every 10 minutes or so (by any node). */
const PRUNE_EVERY = 600;

/** Counts one request of `cost` against the holder's quotas (all windows or none) and says what to answer. */
export async function consumeQuota(store: AccountStore, holder: Holder, cost: number, nowMs: number = Date.now()): Promise<QuotaOutcome> {
  const now = Math.floor(nowMs / 1000);
  const quota = quotaOf(holder);
  const who = holder.kind === 'key' ? `key:${holder.keyId}` : `ip:${holder.client}`;
  const uses: QuotaUse[] = WINDOWS.map((w) => ({ bucket: `${who}:${w.name}`, windowStart: now - (now % w.seconds), cost, limit: quota[w.name] }));
  const { allowed, used } = await store.consumeQuota(uses, holder.kind === 'key' ? holder.keyId : null, now);
  if (now - lastPrune > PRUNE_EVERY) {
    lastPrune = now;
    void store.pruneQuota(now - 2 * 86_400).catch(() => undefined);
  }
  const state = WINDOWS.map((w, i) => ({
    name: w.name,
    remaining: Math.max(0, uses[i]!.limit - used[i]!),
    reset: uses[i]!.windowStart + w.seconds - now,
    spent: used[i]! + cost > uses[i]!.limit,
  }));
  // The window that refused, else the one closest to its limit (ties: the sooner reset).
  const shown =
    (allowed ? undefined : state.filter((s) => s.spent).sort((a, b) => b.reset - a.reset)[0]) ??
    [...state].sort((a, b) => a.remaining - b.remaining || a.reset - b.reset)[0]!;
  return {
    allowed,
    headers: { 'RateLimit-Policy': policyHeader(quota), RateLimit: `"${shown.name}";r=${shown.remaining};t=${shown.reset}` },
    retryAfter: allowed ? 0 : Math.max(1, shown.reset),
    window: allowed ? null : shown.name,
  };
}
