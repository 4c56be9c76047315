/**
 * Sign-in rate limiting: the policy. Only failed attempts count; the counters live in the accounts store
 * (FailureCounters of src/server/auth/store, SQLite or PostgreSQL, so every node sharing the store counts the
 * same failures; the keys are built in store/failureKeys.ts). Three buckets, each a sliding window of
 * SIGNIN_WINDOW_SECONDS (900 s); docs/explanation/sign-in-limits.md says why each is as it is.
 * - per account from every address (SIGNIN_SLOW_AFTER_FAILURES_PER_ACCOUNT, 10): past it, the account takes one
 *   attempt after each delay, which doubles with every further failure (1 s, 2 s, 4 s ... up to
 *   SIGNIN_MAX_DELAY_MS, 300 s); an attempt inside the delay is not checked at all and is answered exactly as a
 *   wrong password (so a right password there tells the guesser nothing). Guessing from many addresses, or
 *   through a forged X-Forwarded-For, is bounded the same. The owner is never locked out for good: the
 *   reset-password link always works and clears the count (src/server/accounts/recovery.ts), and the owner is
 *   emailed when the account reaches the threshold.
 * - per account and address (SIGNIN_MAX_FAILURES_PER_ACCOUNT, 5): guessing one account's password from one
 *   address is refused (429); other addresses, the real user's among them, are not affected.
 * - per address (SIGNIN_MAX_FAILURES_PER_IP, 20): past it the address is "busy", and what it may still do
 *   depends on whom it signs in as, because one address can be a whole office, campus or mobile carrier (NAT):
 *   - an account that exists and has failed at most MISTAKES_FROM_A_BUSY_ADDRESS (2) times from this address in
 *     the window is checked as usual: a colleague behind the attacker's address who types the right password
 *     gets in (and may mistype twice);
 *   - anything else (an address with no account, an account this address already failed on 3 times) is a
 *     guess: the address takes one such guess after each delay, doubling with every further failure of the
 *     address (1 s after its 20th failure, 2 s after its 21st ... up to 300 s), and a guess inside the delay is
 *     refused unchecked, answered exactly as a wrong password (a 429 there would tell which addresses have an
 *     account: those that are still checked) and no sooner than a password check would be (typicalVerifyMs).
 *   Example: 203.0.113.7 (an office) sends 20 wrong passwords for made-up addresses. Its next guess at
 *   nobody@example.com is refused for 1 s, then 2 s ... a minute later it is down to one guess per 64 s and
 *   soon one per 300 s. Carol, at a desk in the same office, signs in as carol@example.com with her password
 *   and gets in. Spraying the site's real accounts from there costs the attacker 3 guesses per account per
 *   window, the per-account delay bounds the rest.
 * The account is the email typed, whether or not it exists. Every refusal that could tell whether an account
 * exists is answered as a wrong password; the 429s (per account and address) count the email typed, whatever it
 * is, so they tell nothing. A successful sign-in clears the account's buckets.
 */
import { config } from '../config.ts';
import { typicalVerifyMs } from './password.ts';
import { SIGN_IN_PREFIXES, accountIpKey, accountKey, ipKey } from './store/failureKeys.ts';
import { getAccountStore, normalizeEmail, type AccountStore, type FailureCounters } from './store/index.ts';

export interface SignInPolicy {
  /** failures from one address after which it is busy (its guesses slowed, then refused) */
  maxFailuresPerIp: number;
  maxFailuresPerAccountIp: number;
  slowAfterFailuresPerAccount: number;
  windowSeconds: number;
  /** the longest a slowed attempt waits */
  maxDelayMs: number;
}

/** The failures on one account from a busy address after which its attempts count as guesses (see above). */
export const MISTAKES_FROM_A_BUSY_ADDRESS = 2;

/** What the guard reads: the failure counters, and whether an account exists (for a busy address). */
export type SignInGuardStore = FailureCounters & Pick<AccountStore, 'findUserByEmail'>;

export interface SignInVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
  /**
   * which limit refused the attempt: 'account-ip' is answered 429; 'account' (the account's delay) and 'ip' (a
   * guess from a busy address) are answered as a wrong password (answeredAsWrongPassword)
   */
  limitedBy?: 'ip' | 'account-ip' | 'account';
  /** The account's failures in the window before this attempt, as far as the check counted (allowed attempts). */
  accountFailures?: number;
}

/** Whether a refusal is answered exactly as a wrong password (see the header), not with a 429. */
export function answeredAsWrongPassword(verdict: SignInVerdict): boolean {
  return verdict.limitedBy === 'account' || verdict.limitedBy === 'ip';
}

/** The delay a bucket past its threshold imposes after its `excess`-th further failure (0 for the first). */
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
    readonly counters: () => SignInGuardStore = getAccountStore,
    /**
     * Waited before refusing an attempt unchecked (a guess from a busy address, an attempt inside an account's
     * delay), so that it takes as long as a password check (a quick refusal would tell it was never checked, and
     * a made-up address from a real account).
     */
    readonly asLongAsACheck: () => Promise<void> = () => new Promise((resolve) => setTimeout(resolve, typicalVerifyMs())),
  ) {}

  get #windowMs(): number {
    return this.policy.windowSeconds * 1000;
  }

  /** How many failures past a threshold a delaying bucket needs to see: up to where the delay stops growing. */
  #delayCap(threshold: number): number {
    return threshold + Math.ceil(Math.log2(Math.max(1, this.policy.maxDelayMs / 1000))) + 1;
  }

  /** When a delaying bucket (failures newest first) past `threshold` takes its next attempt (null: now). */
  #opensAt(recent: number[], threshold: number): number | null {
    const excess = recent.length - threshold;
    return excess >= 0 ? recent[0]! + accountDelayMs(excess, this.policy.maxDelayMs) : null;
  }

  /** Seconds until the window frees a place, given the failures (newest first) that fill a limit of `limit`. */
  #retryAfter(recent: number[], limit: number, now: number): number {
    const oldestCounted = recent[limit - 1] ?? now;
    return Math.max(1, Math.ceil((oldestCounted + this.#windowMs - now) / 1000));
  }

  async check(ip: string, email: string, now = Date.now()): Promise<SignInVerdict> {
    const since = now - this.#windowMs;
    const { maxFailuresPerIp, maxFailuresPerAccountIp, slowAfterFailuresPerAccount } = this.policy;
    const store = this.counters();
    const byIp = await store.recentFailures(ipKey(ip), since, this.#delayCap(maxFailuresPerIp));
    const account = normalizeEmail(email);
    const byAccountIp = account === '' ? [] : await store.recentFailures(accountIpKey(account, ip), since, maxFailuresPerAccountIp);
    if (byAccountIp.length >= maxFailuresPerAccountIp) {
      return {
        allowed: false,
        retryAfterSeconds: this.#retryAfter(byAccountIp, maxFailuresPerAccountIp, now),
        limitedBy: 'account-ip',
      };
    }
    if (byIp.length >= maxFailuresPerIp) {
      // A busy address: a colleague (an existing account, at most two mistakes from here) is checked; the
      // rest are guesses, one per doubling delay of the address.
      const colleague = account !== '' && byAccountIp.length <= MISTAKES_FROM_A_BUSY_ADDRESS && (await store.findUserByEmail(account)) !== null;
      const opensAt = this.#opensAt(byIp, maxFailuresPerIp)!;
      if (!colleague && now < opensAt) {
        await this.asLongAsACheck();
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((opensAt - now) / 1000)), limitedBy: 'ip' };
      }
    }
    if (account === '') return { allowed: true, retryAfterSeconds: 0 };
    const byAccount = await store.recentFailures(accountKey(account), since, this.#delayCap(slowAfterFailuresPerAccount));
    const opensAt = this.#opensAt(byAccount, slowAfterFailuresPerAccount);
    if (opensAt !== null && now < opensAt) {
      // Answered as a wrong password, and no sooner than one (a quick answer would say it was never checked).
      await this.asLongAsACheck();
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((opensAt - now) / 1000)), limitedBy: 'account' };
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
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { url?: unknown } | null;
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
