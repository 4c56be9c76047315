/**
 * Sign-in rate limiting, per client IP and per account (the email typed, whether or not it exists, so the limit
 * itself reveals nothing). Only failed attempts count; a successful sign-in clears the account's counter.
 * Blocked attempts get 429 with Retry-After before any password is checked.
 */
import { config } from '../config.ts';
import { SlidingWindowLimiter } from './rateLimiter.ts';
import { getAccountStore, normalizeEmail, type FailureCounters } from './store/index.ts';

export interface SignInVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
  /** which limit blocked the attempt */
  limitedBy?: 'ip' | 'account';
}

export class SignInGuard {
  readonly byIp: SlidingWindowLimiter;
  readonly byAccount: SlidingWindowLimiter;

  /** counters: where failures are counted (the accounts store, shared by every node that shares the store). */
  constructor(maxPerIp: number, maxPerAccount: number, windowSeconds: number, counters: () => FailureCounters = getAccountStore) {
    this.byIp = new SlidingWindowLimiter('ip', maxPerIp, windowSeconds * 1000, counters);
    this.byAccount = new SlidingWindowLimiter('account', maxPerAccount, windowSeconds * 1000, counters);
  }

  async check(ip: string, email: string, now = Date.now()): Promise<SignInVerdict> {
    const ipVerdict = await this.byIp.check(ip, now);
    if (!ipVerdict.allowed) return { allowed: false, retryAfterSeconds: Math.ceil(ipVerdict.retryAfterMs / 1000), limitedBy: 'ip' };
    const account = normalizeEmail(email);
    if (account !== '') {
      const accountVerdict = await this.byAccount.check(account, now);
      if (!accountVerdict.allowed) {
        return { allowed: false, retryAfterSeconds: Math.ceil(accountVerdict.retryAfterMs / 1000), limitedBy: 'account' };
      }
    }
    return { allowed: true, retryAfterSeconds: 0 };
  }

  async recordFailure(ip: string, email: string, now = Date.now()): Promise<void> {
    await this.byIp.record(ip, now);
    const account = normalizeEmail(email);
    if (account !== '') await this.byAccount.record(account, now);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.byAccount.reset(normalizeEmail(email));
  }
}

/** The process-wide guard, with the limits from the environment (src/server/config.ts). */
export const signInGuard = new SignInGuard(
  config.signInMaxFailuresPerIp,
  config.signInMaxFailuresPerAccount,
  config.signInWindowSeconds,
);

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
