/**
 * The confirmation link signs in the browser that signed up, and no other (src/server/accounts/signUpDevice.ts),
 * through the real sign-up, the real store and the real session lookup: the cookie the sign-up answer sets with
 * the link from the mail gives a session that getAccountForRequest accepts; the link without that cookie, with
 * another sign-up's cookie, with a forged one or over https with the plain cookie name proves nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDbPath } from '../auth/helpers.ts';

// The process's own store (SQLite), which the session lookup reads, as on a server.
process.env.ACCOUNTS_DB_PATH = tempDbPath();
process.env.DATABASE_URL = '';
process.env.AUTH_SECRET = 'unit-test-secret-unit-test-secret-0123456789';
process.env.AUTH_URL = '';

const { workAfterAnswersDone } = await import('../../../../src/server/accounts/afterAnswer.ts');
const { signUp, verifyEmail } = await import('../../../../src/server/accounts/signup.ts');
const { isSignUpDevice, signUpDeviceCookie } = await import('../../../../src/server/accounts/signUpDevice.ts');
const { getAccountForRequest, signInWithoutForm } = await import('../../../../src/server/auth/requestSession.ts');
const { nowSeconds } = await import('../../../../src/server/auth/store/rows.ts');
const { getAccountStore } = await import('../../../../src/server/auth/store/index.ts');
import type { AccountContext } from '../../../../src/server/accounts/context.ts';
import type { AccountStore } from '../../../../src/server/auth/store/types.ts';

const ORIGIN = 'http://localhost:4321';
const STRONG = 'rebound tempo lattice';

/** The Cookie header a browser sends back for a Set-Cookie value. */
const cookieOfSetCookie = (setCookie: string) => setCookie.split(';')[0]!;

describe('the confirmation link signs in the device that signed up', () => {
  let store: AccountStore;
  let ctx: AccountContext;
  beforeAll(async () => {
    store = getAccountStore();
    await store.schemaVersion();
    ctx = { store, origin: ORIGIN, ip: '198.51.100.7', limits: { perIp: 1000, perEmail: 1000, windowSeconds: 3600 } };
  });

  /** Signs up; returns the device cookie the answer sets and the link of the mail. */
  async function signedUp(email: string, next?: string): Promise<{ device: string; link: URL }> {
    const answer = await signUp(ctx, { name: 'Dana Device', email, password: STRONG }, next);
    expect(answer.ok && answer.deviceProof).toBeTruthy();
    await workAfterAnswersDone();
    const mails = await store.claimMail(nowSeconds() + 1, 60, 100);
    const mail = mails.find((m) => m.to === email)!;
    return { device: cookieOfSetCookie(signUpDeviceCookie(ORIGIN, answer.ok ? answer.deviceProof! : '')), link: new URL(mail.link!) };
  }

  const click = (link: URL, cookie?: string) => new Request(link, { headers: cookie ? { cookie } : {} });

  it('the signing-up browser is recognised for its own link only; another browser, another link or a forged cookie is not', async () => {
    const a = await signedUp('dana@example.com', '/checkout?interval=month');
    const b = await signedUp('eve@example.com');
    const tokenA = a.link.searchParams.get('token');
    expect(a.link.searchParams.get('next')).toBe('/checkout?interval=month');
    expect(b.link.searchParams.has('next')).toBe(false);
    expect(isSignUpDevice(click(a.link, a.device), tokenA)).toBe(true);
    // Another browser: no cookie, or the cookie of its own sign-up.
    expect(isSignUpDevice(click(a.link), tokenA)).toBe(false);
    expect(isSignUpDevice(click(a.link, b.device), tokenA)).toBe(false);
    // A cookie made up by the holder of the link (the token itself, or a hash of it) proves nothing.
    expect(isSignUpDevice(click(a.link, `cv-signup=${tokenA}`), tokenA)).toBe(false);
    expect(isSignUpDevice(click(a.link, `cv-signup=${'A'.repeat(43)}`), tokenA)).toBe(false);
    // Over https the cookie is the __Host- one.
    const https = new URL(a.link);
    https.protocol = 'https:';
    expect(isSignUpDevice(click(https, a.device), tokenA)).toBe(false);
    expect(isSignUpDevice(click(https, a.device.replace('cv-signup=', '__Host-cv-signup=')), tokenA)).toBe(true);
  });

  it('a taken address gets a device cookie of the same shape, which no link matches', async () => {
    await signedUp('fay@example.com');
    const again = await signUp(ctx, { name: 'Mallory', email: 'fay@example.com', password: 'another strong passphrase' });
    expect(again.ok && again.deviceProof).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('the session opened after the link is a real one: the next request is signed in as that user, and sign-out ends it', async () => {
    const a = await signedUp('gil@example.com');
    const confirmed = await verifyEmail(ctx, a.link.searchParams.get('token'));
    expect(confirmed).toMatchObject({ ok: true });
    const signedIn = await signInWithoutForm(confirmed.ok ? confirmed.userId! : 0, ORIGIN);
    expect(signedIn!.setCookie).toMatch(/^authjs\.session-token=[^;]+; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    const next = new Request(`${ORIGIN}/profile`, { headers: { cookie: cookieOfSetCookie(signedIn!.setCookie) } });
    const account = await getAccountForRequest(next);
    expect(account?.user.email).toBe('gil@example.com');
    expect(account?.user.emailVerifiedAt).not.toBeNull();
    await store.deleteSession(account!.sessionDigest);
    expect(await getAccountForRequest(next)).toBeNull();
  });
});
