import { afterAll, describe, expect, it } from 'vitest';
import { SignInGuard, signInOutcome, tooManyRequestsResponse } from '../../../../src/server/auth/signInGuard.ts';
import { SqliteAccountStore } from '../../../../src/server/auth/store/sqliteStore.ts';

describe('SignInGuard', () => {
  const stores: SqliteAccountStore[] = [];
  afterAll(async () => {
    for (const s of stores) await s.close();
  });
  /** A guard counting in a store of its own (the real SQLite store, in memory). */
  function newGuard(perIp: number, perAccount: number, windowSeconds: number): SignInGuard {
    const store = new SqliteAccountStore(':memory:');
    stores.push(store);
    return new SignInGuard(perIp, perAccount, windowSeconds, () => store);
  }

  it('blocks an account after its failures, whatever the IP, without blocking other accounts', async () => {
    const guard = newGuard(100, 3, 900);
    for (let i = 0; i < 3; i++) await guard.recordFailure(`10.0.0.${i}`, 'Victim@example.com', 1_000);
    expect(await guard.check('10.9.9.9', 'victim@example.com', 2_000)).toMatchObject({ allowed: false, limitedBy: 'account' });
    expect((await guard.check('10.9.9.9', 'someone@example.com', 2_000)).allowed).toBe(true);
    // After the window the account is free again.
    expect((await guard.check('10.9.9.9', 'victim@example.com', 1_000 + 900_000)).allowed).toBe(true);
  });

  it('blocks an IP spraying many accounts', async () => {
    const guard = newGuard(5, 100, 900);
    for (let i = 0; i < 5; i++) await guard.recordFailure('203.0.113.7', `user${i}@example.com`, 0);
    const verdict = await guard.check('203.0.113.7', 'fresh@example.com', 60_000);
    expect(verdict).toMatchObject({ allowed: false, limitedBy: 'ip' });
    expect(verdict.retryAfterSeconds).toBe(840);
    expect((await guard.check('198.51.100.1', 'fresh@example.com', 60_000)).allowed).toBe(true);
  });

  it('a successful sign-in clears the account counter', async () => {
    const guard = newGuard(100, 2, 900);
    await guard.recordFailure('1.1.1.1', 'a@example.com', 0);
    await guard.recordSuccess('A@example.com');
    await guard.recordFailure('1.1.1.1', 'a@example.com', 1);
    expect((await guard.check('1.1.1.1', 'a@example.com', 2)).allowed).toBe(true);
  });
});

describe('signInOutcome', () => {
  it('reads the Auth.js redirect: CredentialsSignin is a failure, no error is a success', async () => {
    const redirect = (url: string) => new Response(null, { status: 302, headers: { location: url } });
    expect(await signInOutcome(redirect('http://x/signin?error=CredentialsSignin&code=credentials'))).toBe('failure');
    expect(await signInOutcome(redirect('http://x/stats'))).toBe('success');
    expect(await signInOutcome(redirect('http://x/signin?error=MissingCSRF'))).toBe('other');
    expect(await signInOutcome(Response.json({ url: 'http://x/signin?error=CredentialsSignin' }))).toBe('failure');
    expect(await signInOutcome(new Response('?', { status: 500 }))).toBe('other');
  });
});

describe('the 429 answer', () => {
  it('has status 429, Retry-After, and a clear message as JSON or HTML', async () => {
    const json = tooManyRequestsResponse(120, true);
    expect(json.status).toBe(429);
    expect(json.headers.get('retry-after')).toBe('120');
    expect(await json.json()).toMatchObject({ message: expect.stringContaining('Too many sign-in attempts'), retryAfterSeconds: 120 });
    const html = tooManyRequestsResponse(30, false);
    expect(html.status).toBe(429);
    expect(html.headers.get('content-type')).toContain('text/html');
    expect(await html.text()).toContain('about 1 minute');
  });
});
