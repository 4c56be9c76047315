/**
 * Sign-in rate limiting: the policy. Only failed attempts count; the counters live in the accounts store
 * (FailureCounters of src/server/auth/store, SQLite or PostgreSQL, so every node sharing the store counts the
 * same failures). Three buckets, each a sliding window of SIGNIN_WINDOW_SECONDS:
 * - per client IP (SIGNIN_MAX_FAILURES_PER_IP): an address spraying many accounts is refused (429);
 * - per account and IP (SIGNIN_MAX_FAILURES_PER_ACCOUNT): guessing one account's password from one address is
 *   refused (429); other addresses, the real user's among them, are not affected;
 * - per account from every IP (SIGNIN_SLOW_AFTER_FAILURES_PER_ACCOUNT): past it, the account takes one attempt
 *   after each delay, which doubles with every further failure (1 s, 2 s, 4 s ... up to SIGNIN_MAX_DELAY_MS);
 *   an attempt inside the delay is not checked at all and is answered exactly as a wrong password (so a right
 *   password there tells the guesser nothing). Guessing from many addresses, or through a forged
 *   X-Forwarded-For, is bounded the same. The owner is never locked out for good: the reset-password link always
 *   works and clears the count (src/server/accounts/recovery.ts), and the owner is emailed when the account
 *   reaches the threshold.
 * The account is the email typed, whether or not it exists, so the limits reveal nothing. A successful
 * sign-in clears the account's buckets. The IP limits answer 429 with Retry-After before any password check.
 */
import { config } from '../config.ts';
import { SIGN_IN_PREFIXES, accountIpKey, accountKey, ipKey } from './store/failureKeys.ts';
import { getAccountStore, normalizeEmail, type FailureCounters } from './store/index.ts';

export interface SignInPolicy {
  maxFailuresPerIp: number;
  maxFailuresPerAccountIp: number;
  slowAfterFailuresPerAccount: number;
  windowSeconds: number;
  /** the longest a slowed attempt waits */
  maxDelayMs: number;
}

export interface SignInVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
  /** which limit refused the attempt ('account': answered as a wrong password, not as a 429) */
  limitedBy?: 'ip' | 'account-ip' | 'account';
  /** The account's failures in the window before this attempt, as far as the check counted (allowed attempts). */
  accountFailures?: number;
}

/** The delay an account past its threshold imposes after its `excess`-th further failure (0 for the first). */
export function accountDelayMs(excess: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, 1000 * 2 ** Math.min(excess, 30));
}

/** The store keys of an account's failure counts (the reset of a password clears them). */
export function accountFailureKey(email: string): string {
  return accountKey(normalizeEmail(email));
}


/** How often (at most) the guard deletes the failures its window no longer sees. */
const PRUNE_EVERY_MS = 60_000;

export class SignInGuard {
  #lastPrune = Number.NEGATIVE_INFINITY;

  constructor(
    readonly policy: SignInPolicy,
    /** Where failures are counted, resolved when first needed (the accounts store is opened lazily). */
    readonly counters: () => FailureCounters = getAccountStore,
  ) {}

  get #windowMs(): number {
    return this.policy.windowSeconds * 1000;
  }

  /** Seconds until the window frees a place, given the failures (newest first) that fill a limit of `limit`. */
  #retryAfter(recent: number[], limit: number, now: number): number {
    const oldestCounted = recent[limit - 1] ?? now;
    return Math.max(1, Math.ceil((oldestCounted + this.#windowMs - now) / 1000));
  }

  async check(ip: string, email: string, now = Date.now()): Promise<SignInVerdict> {
    const since = now - this.#windowMs;
    const { maxFailuresPerIp, maxFailuresPerAccountIp, slowAfterFailuresPerAccount, maxDelayMs } = this.policy;
    const byIp = await this.counters().recentFailures(ipKey(ip), since, maxFailuresPerIp);
    if (byIp.length >= maxFailuresPerIp) {
      return { allowed: false, retryAfterSeconds: this.#retryAfter(byIp, maxFailuresPerIp, now), limitedBy: 'ip' };
    }
    const account = normalizeEmail(email);
    if (account === '') return { allowed: true, retryAfterSeconds: 0 };
    const byAccountIp = await this.counters().recentFailures(accountIpKey(account, ip), since, maxFailuresPerAccountIp);
    if (byAccountIp.length >= maxFailuresPerAccountIp) {
      return {
        allowed: false,
        retryAfterSeconds: this.#retryAfter(byAccountIp, maxFailuresPerAccountIp, now),
        limitedBy: 'account-ip',
      };
    }
    // How far past its threshold the account is, up to where the delay stops growing.
    const cap = slowAfterFailuresPerAccount + Math.ceil(Math.log2(Math.max(1, maxDelayMs / 1000))) + 1;
    const byAccount = await this.counters().recentFailures(accountKey(account), since, cap);
    const excess = byAccount.length - slowAfterFailuresPerAccount;
    if (excess >= 0) {
      const opensAt = byAccount[0]! + accountDelayMs(excess, maxDelayMs);
      if (now < opensAt) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((opensAt - now) / 1000)), limitedBy: 'account' };
    }
    return { allowed: true, retryAfterSeconds: 0, accountFailures: byAccount.length };
  }

  /** Counts a checked failure. */
  async recordFailure(ip: string, email: string, now = Date.now()): Promise<void> {
    if (now - this.#lastPrune >= PRUNE_EVERY_MS) {
      this.#lastPrune = now;
      for (const prefix of SIGN_IN_PREFIXES) await this.counters().pruneFailures(prefix, now - this.#windowMs);
    }
    await this.counters().recordFailure(ipKey(ip), now);
    const account = normalizeEmail(email);
    if (account === '') return;
    await this.counters().recordFailure(accountIpKey(account, ip), now);
    await this.counters().recordFailure(accountKey(account), now);
  }

  /** True when a failure after `verdict` brings the account to its threshold (its owner is told, once). */
  reachesThreshold(verdict: SignInVerdict): boolean {
    return verdict.accountFailures !== undefined && verdict.accountFailures + 1 === this.policy.slowAfterFailuresPerAccount;
  }

  async recordSuccess(ip: string, email: string): Promise<void> {
    const account = normalizeEmail(email);
    await this.counters().clearFailures(accountIpKey(account, ip));
    await this.counters().clearFailures(accountKey(account));
  }
}

/** The process-wide guard, with the limits from the environment (src/server/config.ts). */
export const signInGuard = new SignInGuard({
  maxFailuresPerIp: config.signInMaxFailuresPerIp,
  maxFailuresPerAccountIp: config.signInMaxFailuresPerAccount,
  slowAfterFailuresPerAccount: config.signInSlowAfterFailuresPerAccount,
  windowSeconds: config.signInWindowSeconds,
  maxDelayMs: config.signInMaxDelayMs,
});

/**
 * What a credentials callback response says about the attempt: Auth.js answers with a redirect (or, for
 * X-Auth-Return-Redirect requests, JSON { url }) whose `error` parameter is CredentialsSignin on bad credentials.
 */
export async function signInOutcome(response: Response): Promise<'success' | 'failure' | 'other'> {
  let target = response.headers.get('location');
  if (!target && response.headers.get('content-type')?.includes('application/json')) {
    const body = (await response.clone().json().catch(() => null)) as { url?: unknown } | null;
    target = typeof body?.url === 'string' ? body.url : null;
  }
  if (!target) return 'other';
  const error = new URL(target, 'http://x').searchParams.get('error');
  if (error === 'CredentialsSignin') return 'failure';
  return error ? 'other' : 'success';
}

/**
 * The answer to a wrong password: a redirect to the sign-in page with CredentialsSignin (or that URL as JSON for
 * scripted sign-ins), keeping the attempt's callback path (a safe path of this site, else none), so that a
 * mistyped password does not lose where the visitor was going (the checkout, a stats page). Auth.js's own
 * answer drops it, so the middleware answers every failure with this, the attempts refused by the account's
 * delay included: both read exactly the same. `headers` are the ones to keep (Auth.js's cookies).
 */
export function wrongPasswordResponse(origin: string, json: boolean, callbackPath: string | null, headers?: Headers): Response {
  const params = new URLSearchParams({ error: 'CredentialsSignin', code: 'credentials' });
  if (callbackPath && callbackPath !== '/') params.set('callbackUrl', callbackPath);
  const url = `${origin}/signin?${params}`;
  const answer = json ? Response.json({ url }) : new Response(null, { status: 302, headers: { Location: url } });
  for (const cookie of headers?.getSetCookie() ?? []) answer.headers.append('Set-Cookie', cookie);
  return answer;
}

export const TOO_MANY_SIGN_INS = 'Too many sign-in attempts. Please wait and try again.';

/** The 429 answer: JSON for scripted clients, a small page for browsers posting the form. */
export function tooManyRequestsResponse(retryAfterSeconds: number, json: boolean): Response {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const message = `${TOO_MANY_SIGN_INS} You can try again in about ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  const headers = { 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' };
  if (json) return Response.json({ message, retryAfterSeconds }, { status: 429, headers });
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Too many attempts | Courtvision</title></head>
<body><main><h1>Too many sign-in attempts</h1><p role="alert">${message}</p><p><a href="/signin">Back to sign in</a></p></main></body></html>`;
  return new Response(html, { status: 429, headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' } });
}
