/**
 * The whole sign-in flow through the real Auth.js handler with the project's configuration, a real SQLite
 * accounts file and real argon2 hashes: CSRF, cookie flags, credentials, no user enumeration, the session
 * shape, sign-out invalidating the session server-side, and sign-in with an unknown provider.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDbPath } from './helpers.ts';

process.env.ACCOUNTS_DB_PATH = tempDbPath();
process.env.AUTH_SECRET = 'unit-test-secret-unit-test-secret-0123456789';
process.env.AUTH_URL = '';

const { Auth } = await import('@auth/core');
const { createAuthConfig } = await import('../../../../src/server/auth/authConfig.ts');
const { getSessionForRequest } = await import('../../../../src/server/auth/requestSession.ts');
const { getAccountStore } = await import('../../../../src/server/auth/store/index.ts');
const { hashPassword } = await import('../../../../src/server/auth/password.ts');
const { fetchCsrfToken } = await import('../../../../src/server/auth/csrf.ts');

const ORIGIN = 'http://localhost:4321';
const config = createAuthConfig();

/** A tiny cookie jar: name -> value, fed from Set-Cookie headers. */
class Jar {
  readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

async function auth(path: string, jar: Jar, init: { method?: string; form?: Record<string, string>; origin?: string } = {}) {
  const headers = new Headers({ cookie: jar.header() });
  let body: string | undefined;
  if (init.form) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(init.form).toString();
  }
  const response = await Auth(new Request(`${init.origin ?? ORIGIN}/api/auth/${path}`, { method: init.method ?? 'GET', headers, body }), config);
  jar.take(response);
  return response;
}

async function csrf(jar: Jar, origin = ORIGIN): Promise<string> {
  const response = await auth('csrf', jar, { origin });
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

async function signIn(jar: Jar, email: string, password: string, token?: string) {
  const csrfToken = token ?? (await csrf(jar));
  return auth('callback/credentials', jar, { method: 'POST', form: { csrfToken, email, password, callbackUrl: '/stats' } });
}

const requestWith = (jar: Jar) => new Request(`${ORIGIN}/stats`, { headers: { cookie: jar.header() } });

beforeAll(async () => {
  const store = getAccountStore();
  await store.createUser({ email: 'flow@example.com', name: 'Flo Flow', passwordHash: await hashPassword('flow-password-1') });
  await store.grantSubscription('flow@example.com', 'Stats', 2_000_000_000);
});

describe('CSRF', () => {
  it('GET csrf returns a token and sets it as an httpOnly, SameSite=Lax cookie (not Secure over http)', async () => {
    const jar = new Jar();
    const response = await auth('csrf', jar);
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    expect(csrfToken).toMatch(/^[0-9a-f]{64}$/);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('authjs.csrf-token='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('over https the cookies are Secure with __Host-/__Secure- names', async () => {
    const jar = new Jar();
    const response = await auth('csrf', jar, { origin: 'https://courtvision.example' });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('__Host-authjs.csrf-token='));
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
  });

  it('a credentials POST without the CSRF token is refused with MissingCSRF and signs nobody in', async () => {
    const jar = new Jar();
    const response = await auth('callback/credentials', jar, {
      method: 'POST',
      form: { email: 'flow@example.com', password: 'flow-password-1', callbackUrl: '/stats' },
    });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location')!).searchParams.get('error')).toBe('MissingCSRF');
    expect(jar.cookies.has('authjs.session-token')).toBe(false);
  });

  it('a forged token (not matching the cookie) is refused too', async () => {
    const jar = new Jar();
    await csrf(jar);
    const response = await signIn(jar, 'flow@example.com', 'flow-password-1', 'f'.repeat(64));
    expect(new URL(response.headers.get('location')!).searchParams.get('error')).toBe('MissingCSRF');
  });

  it('a sign-out POST without the token is refused and the session stays', async () => {
    const jar = new Jar();
    await signIn(jar, 'flow@example.com', 'flow-password-1');
    const response = await auth('signout', jar, { method: 'POST', form: { callbackUrl: '/' } });
    expect(new URL(response.headers.get('location')!).searchParams.get('error')).toBe('MissingCSRF');
    expect(await getSessionForRequest(requestWith(jar))).not.toBeNull();
  });

  it('the server-side helper hands the sign-in page a token and its cookie', async () => {
    const result = await fetchCsrfToken(new Request(`${ORIGIN}/signin`));
    expect(result?.csrfToken).toMatch(/^[0-9a-f]{64}$/);
    expect(result?.setCookies.some((c) => c.startsWith('authjs.csrf-token='))).toBe(true);
  });

  it('the helper gives null when Auth.js refuses (a tampered callback-url cookie)', async () => {
    const request = new Request(`${ORIGIN}/signout`, { headers: { cookie: 'authjs.callback-url=javascript:alert(1)' } });
    expect(await fetchCsrfToken(request)).toBeNull();
  });
});

describe('credentials sign-in', () => {
  it('signs in with the right password: session cookie httpOnly + SameSite=Lax, redirect to the callback', async () => {
    const jar = new Jar();
    const response = await signIn(jar, 'FLOW@example.com', 'flow-password-1');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${ORIGIN}/stats`);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('authjs.session-token='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(await getSessionForRequest(requestWith(jar))).toEqual({
      user: { name: 'Flo Flow', email: 'flow@example.com' },
      isAdmin: false,
      subscriptions: [{ plan: { name: 'Stats' }, expiresAt: 2_000_000_000 }],
    });
  });

  it('GET session returns exactly the spec shape', async () => {
    const jar = new Jar();
    await signIn(jar, 'flow@example.com', 'flow-password-1');
    const body = await (await auth('session?callbackUrl=%2Fstats', jar)).json();
    expect(body).toEqual({
      user: { name: 'Flo Flow', email: 'flow@example.com' },
      isAdmin: false,
      subscriptions: [{ plan: { name: 'Stats' }, expiresAt: 2_000_000_000 }],
    });
  });

  it('wrong password and unknown email give the same answer (no user enumeration)', async () => {
    const wrong = await signIn(new Jar(), 'flow@example.com', 'not-the-password');
    const unknown = await signIn(new Jar(), 'nobody@example.com', 'not-the-password');
    expect(wrong.status).toBe(302);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.headers.get('location')).toBe(wrong.headers.get('location'));
    expect(new URL(wrong.headers.get('location')!).searchParams.get('error')).toBe('CredentialsSignin');
  });

  it('sign-in with a provider that is not configured goes to the sign-in error page', async () => {
    const jar = new Jar();
    const csrfToken = await csrf(jar);
    const response = await auth('callback/github', jar, { method: 'POST', form: { csrfToken } });
    const location = new URL(response.headers.get('location')!);
    expect(location.pathname).toBe('/signin/error');
    expect(location.searchParams.get('error')).toBe('Configuration');
  });
});

describe('sessions', () => {
  it('sign-out deletes the session on the server: a copy of the old cookie no longer works', async () => {
    const jar = new Jar();
    await signIn(jar, 'flow@example.com', 'flow-password-1');
    const stolen = new Jar();
    for (const [k, v] of jar.cookies) stolen.cookies.set(k, v);
    expect(await getSessionForRequest(requestWith(stolen))).not.toBeNull();

    const csrfToken = await csrf(jar);
    const response = await auth('signout', jar, { method: 'POST', form: { csrfToken, callbackUrl: '/' } });
    expect(response.status).toBe(302);
    expect(jar.cookies.has('authjs.session-token')).toBe(false);
    expect(await getSessionForRequest(requestWith(stolen))).toBeNull();
    expect(await (await auth('session', stolen)).json()).toBeNull();
  });

  it('reflects plan and admin changes on the next request', async () => {
    const jar = new Jar();
    await signIn(jar, 'flow@example.com', 'flow-password-1');
    await getAccountStore().setAdmin('flow@example.com', true);
    expect((await getSessionForRequest(requestWith(jar)))?.isAdmin).toBe(true);
    await getAccountStore().setAdmin('flow@example.com', false);
    expect((await getSessionForRequest(requestWith(jar)))?.isAdmin).toBe(false);
  });

  it('treats a garbage or foreign-secret cookie as anonymous', async () => {
    const garbage = new Request(`${ORIGIN}/`, { headers: { cookie: 'authjs.session-token=abc.def.ghi' } });
    expect(await getSessionForRequest(garbage)).toBeNull();
    expect(await getSessionForRequest(new Request(`${ORIGIN}/`))).toBeNull();
  });
});
