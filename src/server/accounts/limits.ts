/**
 * Rate limits of the account actions that send mail (sign-up, forgotten password, new verification link, change
 * of email): every request counts, per client IP (ACCOUNT_LIMIT_PER_IP) and per email address typed
 * (ACCOUNT_LIMIT_PER_EMAIL), in a sliding window of ACCOUNT_LIMIT_WINDOW_SECONDS. The counts live in the
 * accounts store (the sign-in limiter's counters), so the limits hold across web nodes. An address is counted
 * whether or not it has an account, so a refusal tells nothing about which addresses do.
 */
import { config } from '../config.ts';
import { actionEmailKey, actionIpKey, type LimitedAction } from '../auth/store/failureKeys.ts';
import { normalizeEmail, type FailureCounters } from '../auth/store/types.ts';

export type { LimitedAction };

export interface AccountLimits {
  perIp: number;
  perEmail: number;
  windowSeconds: number;
}

export const CONFIGURED_LIMITS: AccountLimits = {
  perIp: config.accountLimitPerIp,
  perEmail: config.accountLimitPerEmail,
  windowSeconds: config.accountLimitWindowSeconds,
};

/** How often (at most) an action's counts that its window no longer sees are deleted. */
const PRUNE_EVERY_MS = 60_000;
const lastPrune = new Map<LimitedAction, number>();

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts the attempt and says whether it may go ahead. A refused attempt is counted too (someone hammering the
 * form stays refused), and nothing else happens for it.
 */
export async function takeAccountAction(
  counters: FailureCounters,
  action: LimitedAction,
  ip: string,
  email: string,
  limits: AccountLimits = CONFIGURED_LIMITS,
  now = Date.now(),
): Promise<LimitVerdict> {
  const windowMs = limits.windowSeconds * 1000;
  const since = now - windowMs;
  const buckets: [string, number][] = [[actionIpKey(action, ip), limits.perIp]];
  const address = normalizeEmail(email);
  if (address) buckets.push([actionEmailKey(action, address), limits.perEmail]);
  let retryAfterSeconds = 0;
  for (const [key, limit] of buckets) {
    const recent = await counters.recentFailures(key, since, limit);
    if (recent.length >= limit) {
      const frees = (recent[limit - 1] ?? now) + windowMs;
      retryAfterSeconds = Math.max(retryAfterSeconds, Math.max(1, Math.ceil((frees - now) / 1000)));
    }
  }
  for (const [key] of buckets) await counters.recordFailure(key, now);
  if (now - (lastPrune.get(action) ?? Number.NEGATIVE_INFINITY) >= PRUNE_EVERY_MS) {
    lastPrune.set(action, now);
    await counters.pruneFailures(`${action}-`, since);
  }
  return retryAfterSeconds > 0 ? { allowed: false, retryAfterSeconds } : { allowed: true };
}
