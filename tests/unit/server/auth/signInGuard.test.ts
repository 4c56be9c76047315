import { describe, expect, it } from 'vitest';
import { SignInGuard, signInOutcome, tooManyRequestsResponse } from '../../../../src/server/auth/signInGuard.ts';

describe('SignInGuard', () => {
  it('blocks an account after its failures, whatever the IP, without blocking other accounts', () => {
    const guard = new SignInGuard(100, 3, 900);
    for (let i = 0; i < 3; i++) guard.recordFailure(`10.0.0.${i}`, 'Victim@example.com', 1_000);
    expect(guard.check('10.9.9.9', 'victim@example.com', 2_000)).toMatchObject({ allowed: false, limitedBy: 'account' });
    expect(guard.check('10.9.9.9', 'someone@example.com', 2_000).allowed).toBe(true);
    // After the window the account is free again.
    expect(guard.check('10.9.9.9', 'victim@example.com', 1_000 + 900_000).allowed).toBe(true);
  });

  it('blocks an IP spraying many accounts', () => {
    const guard = new SignInGuard(5, 100, 900);
    for (let i = 0; i < 5; i++) guard.recordFailure('203.0.113.7', `user${i}@example.com`, 0);
    const verdict = guard.check('203.0.113.7', 'fresh@example.com', 60_000);
    expect(verdict).toMatchObject({ allowed: false, limitedBy: 'ip' });
    expect(verdict.retryAfterSeconds).toBe(840);
    expect(guard.check('198.51.100.1', 'fresh@example.com', 60_000).allowed).toBe(true);
  });

  it('a successful sign-in clears the account counter', () => {
    const guard = new SignInGuard(100, 2, 900);
    guard.recordFailure('1.1.1.1', 'a@example.com', 0);
    guard.recordSuccess('A@example.com');
    guard.recordFailure('1.1.1.1', 'a@example.com', 1);
    expect(guard.check('1.1.1.1', 'a@example.com', 2).allowed).toBe(true);
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
