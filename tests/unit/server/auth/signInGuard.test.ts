import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  SignInGuard,
  accountDelayMs,
  answeredAsWrongPassword,
  accountFailureKey,
  signInOutcome,
  tooManyRequestsResponse,
  wrongPasswordResponse,
  type SignInPolicy,
} from '../../../../src/server/auth/signInGuard.ts';
import { SqliteAccountStore } from '../../../../src/server/auth/store/sqliteStore.ts';
import { hashPassword, typicalVerifyMs, verifyPassword } from '../../../../src/server/auth/password.ts';
import { STORE_KINDS, openTestStore } from '../../../support/accountStores.ts';

const POLICY: SignInPolicy = { maxFailuresPerIp: 20, maxFailuresPerAccountIp: 5, slowAfterFailuresPerAccount: 10, windowSeconds: 900, maxDelayMs: 5_000 };
const stores: SqliteAccountStore[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
});
/** A guard counting in a store of its own (the real SQLite store, in memory); `wait`: its wait before an unchecked refusal. */
function guard(p: Partial<SignInPolicy> = {}, wait?: () => Promise<void>): SignInGuard {
  const store = new SqliteAccountStore(':memory:');
  stores.push(store);
  return new SignInGuard({ ...POLICY, ...p }, () => store, wait);
}

describe('SignInGuard (policy)', () => {
  it('refuses one address guessing one account, not the real user from another address', async () => {
    const g = guard();
    for (let i = 0; i < 5; i++) await g.recordFailure('203.0.113.7', 'Victim@example.com', 1_000 + i);
    expect(await g.check('203.0.113.7', 'victim@example.com', 2_000)).toMatchObject({ allowed: false, limitedBy: 'account-ip' });
    expect(await g.check('198.51.100.1', 'victim@example.com', 2_000)).toMatchObject({ allowed: true });
    // The same attacker may still try other accounts until the per-IP limit.
    expect((await g.check('203.0.113.7', 'someone@example.com', 2_000)).allowed).toBe(true);
    // After the window the pair is free again; Retry-After says when.
    const blocked = await g.check('203.0.113.7', 'victim@example.com', 2_000);
    expect(blocked.retryAfterSeconds).toBe(899);
    expect((await g.check('203.0.113.7', 'victim@example.com', 1_000 + 900_000)).allowed).toBe(true);
  });

  it('slows an address spraying many accounts: past its limit, one guess per doubling delay, the rest answered as wrong passwords', async () => {
    const g = guard({ maxFailuresPerIp: 5 });
    for (let i = 0; i < 5; i++) await g.recordFailure('203.0.113.7', `user${i}@example.com`, 0);
    const verdict = await g.check('203.0.113.7', 'fresh@example.com', 500);
    expect(verdict).toMatchObject({ allowed: false, limitedBy: 'ip', retryAfterSeconds: 1 });
    expect(answeredAsWrongPassword(verdict)).toBe(true);
    expect((await g.check('203.0.113.7', 'fresh@example.com', 1_000)).allowed).toBe(true);
    await g.recordFailure('203.0.113.7', 'fresh@example.com', 1_000);
    expect(await g.check('203.0.113.7', 'another@example.com', 2_500)).toMatchObject({ allowed: false, limitedBy: 'ip', retryAfterSeconds: 1 });
    expect((await g.check('203.0.113.7', 'another@example.com', 3_000)).allowed).toBe(true);
    expect((await g.check('198.51.100.1', 'fresh@example.com', 500)).allowed).toBe(true);
  });

  it('a refused guess from a busy address takes as long as a password check (a quick refusal would tell a made-up address from a real one)', async () => {
    await verifyPassword(await hashPassword('a measured check'), 'a measured check');
    const g = guard({ maxFailuresPerIp: 2 });
    for (let i = 0; i < 2; i++) await g.recordFailure('203.0.113.7', `user${i}@example.com`, Date.now());
    const started = performance.now();
    const verdict = await g.check('203.0.113.7', 'made-up@example.com');
    expect(verdict).toMatchObject({ allowed: false, limitedBy: 'ip' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(typicalVerifyMs() - 2);
  });

  it("an attempt inside an account's delay takes as long as a password check too", async () => {
    await verifyPassword(await hashPassword('a measured check'), 'a measured check');
    const g = guard({ maxFailuresPerIp: 1_000, slowAfterFailuresPerAccount: 2, maxDelayMs: 60_000 });
    for (let i = 0; i < 2; i++) await g.recordFailure(`198.51.100.${i}`, 'victim@example.com', Date.now());
    const started = performance.now();
    expect(await g.check('192.0.2.50', 'victim@example.com')).toMatchObject({ allowed: false, limitedBy: 'account' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(typicalVerifyMs() - 2);
  });

  it('500 guesses at one account from 500 addresses: past the threshold only one attempt per doubling delay is checked', async () => {
    // (each refusal waits as long as a check: counted here instead of waited)
    let waits = 0;
    const g = guard({ maxFailuresPerIp: 1_000, maxFailuresPerAccountIp: 3, slowAfterFailuresPerAccount: 10, maxDelayMs: 60_000 }, async () => {
      waits++;
    });
    const checkedAt: number[] = [];
    for (let i = 0; i < 500; i++) {
      const ip = `10.${i >> 8}.${i & 255}.1`;
      const t = 1_000 + i * 100; // 50 s of guessing
      const v = await g.check(ip, 'victim@example.com', t);
      if (v.allowed) {
        checkedAt.push(t);
        await g.recordFailure(ip, 'victim@example.com', t);
      } else {
        expect(v.limitedBy).toBe('account');
      }
    }
    // The threshold, then one after 1 s, 2 s, 4 s, 8 s and 16 s: 15 checked out of 500, each other one refused
    // no sooner than a check.
    expect(checkedAt).toHaveLength(15);
    expect(waits).toBe(485);
    const gaps = checkedAt.slice(10).map((t, i) => t - checkedAt[9 + i]!);
    expect(gaps).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
    // Inside the delay, the real user's right password is not even checked (answered as a wrong one).
    expect(await g.check('192.0.2.50', 'victim@example.com', checkedAt.at(-1)! + 1_000)).toMatchObject({ allowed: false, limitedBy: 'account' });
    // Once the count is cleared (a password reset), the account is open again.
    await g.counters().clearFailures(accountFailureKey('Victim@Example.com'));
    expect(await g.check('192.0.2.50', 'victim@example.com', checkedAt.at(-1)! + 1_000)).toEqual({ allowed: true, retryAfterSeconds: 0, accountFailures: 0 });
  });

  it('the delay doubles and stops growing at its cap', () => {
    expect([0, 1, 2, 3].map((e) => accountDelayMs(e, 60_000))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(accountDelayMs(10, 60_000)).toBe(60_000);
    expect(accountDelayMs(1_000, 300_000)).toBe(300_000);
  });

  it('a successful sign-in clears the account counters', async () => {
    const g = guard({ maxFailuresPerAccountIp: 2, slowAfterFailuresPerAccount: 1 });
    await g.recordFailure('1.1.1.1', 'a@example.com', 0);
    await g.recordFailure('1.1.1.1', 'a@example.com', 1);
    expect((await g.check('1.1.1.1', 'a@example.com', 2)).allowed).toBe(false);
    await g.recordSuccess('1.1.1.1', 'A@example.com');
    expect(await g.check('1.1.1.1', 'a@example.com', 3)).toEqual({ allowed: true, retryAfterSeconds: 0, accountFailures: 0 });
  });

  it('never lets more than the per-account-and-IP limit of failures into any window (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 30 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 20_000 }), fc.constantFrom('1.1.1.1', '2.2.2.2')), { maxLength: 40 }),
        async (limit, windowSeconds, attempts) => {
          const g = guard({ maxFailuresPerIp: 1_000, maxFailuresPerAccountIp: limit, windowSeconds });
          const accepted = new Map<string, number[]>();
          let t = 0;
          for (const [gap, ip] of attempts) {
            t += gap;
            if ((await g.check(ip, 'x@example.com', t)).allowed) {
              await g.recordFailure(ip, 'x@example.com', t);
              accepted.set(ip, [...(accepted.get(ip) ?? []), t]);
            }
          }
          const w = windowSeconds * 1000;
          return [...accepted.values()].every((ts) => ts.every((s) => ts.filter((x) => x >= s && x < s + w).length <= limit));
        },
      ),
    );
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

describe('the wrong-password answer', () => {
  it('goes back to the sign-in page with the error and the callback path, as a redirect or as JSON, read as a failure', async () => {
    const redirect = wrongPasswordResponse('http://x', false, '/checkout?interval=month', new Headers([['set-cookie', 'a=1; Path=/']]));
    expect(redirect.status).toBe(302);
    const location = new URL(redirect.headers.get('location')!);
    expect(location.pathname).toBe('/signin');
    expect(Object.fromEntries(location.searchParams)).toEqual({ error: 'CredentialsSignin', code: 'credentials', callbackUrl: '/checkout?interval=month' });
    expect(redirect.headers.getSetCookie()).toEqual(['a=1; Path=/']);
    expect(await signInOutcome(redirect)).toBe('failure');
    const json = wrongPasswordResponse('http://x', true, '/stats/players?period=4');
    const { url } = (await json.clone().json()) as { url: string };
    expect(new URL(url).searchParams.get('callbackUrl')).toBe('/stats/players?period=4');
    expect(await signInOutcome(json)).toBe('failure');
    // No callback, or the home page: the plain error address.
    for (const none of [null, '/']) {
      expect(wrongPasswordResponse('http://x', false, none).headers.get('location')).toBe('http://x/signin?error=CredentialsSignin&code=credentials');
    }
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

describe.each(STORE_KINDS)('SignInGuard counting in the %s store', (kind) => {
  it('two guards on one store (two web nodes) add up their failures; pruning keeps what the window sees', async () => {
    const store = await openTestStore(kind);
    try {
      const nodeA = new SignInGuard({ ...POLICY, maxFailuresPerAccountIp: 4 }, () => store);
      const nodeB = new SignInGuard({ ...POLICY, maxFailuresPerAccountIp: 4 }, () => store);
      for (let i = 0; i < 4; i++) await (i % 2 === 0 ? nodeA : nodeB).recordFailure('203.0.113.7', 'shared@example.com', 1_000 + i);
      for (const node of [nodeA, nodeB]) {
        expect(await node.check('203.0.113.7', 'shared@example.com', 2_000)).toMatchObject({ allowed: false, limitedBy: 'account-ip' });
      }
      expect(await store.recentFailures('account:shared@example.com', 0, 10)).toEqual([1_003, 1_002, 1_001, 1_000]);
      await nodeA.recordSuccess('203.0.113.7', 'shared@example.com');
      expect((await nodeB.check('203.0.113.7', 'shared@example.com', 2_000)).allowed).toBe(true);
    } finally {
      await store.close();
    }
  });
});
