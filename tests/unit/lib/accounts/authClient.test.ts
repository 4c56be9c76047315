/** The browser-side sign-out against the real Auth.js handler (project configuration, temporary accounts file). */
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDbPath } from '../../server/auth/helpers.ts';

process.env.ACCOUNTS_DB_PATH = tempDbPath();
process.env.AUTH_SECRET = 'client-test-secret-client-test-secret-012345';

const { Auth } = await import('@auth/core');
const { createAuthConfig } = await import('../../../../src/server/auth/authConfig.ts');
const { getAccountStore } = await import('../../../../src/server/auth/store/index.ts');
const { hashPassword } = await import('../../../../src/server/auth/password.ts');
const { getSessionForRequest } = await import('../../../../src/server/auth/requestSession.ts');
const { AuthClientError, SIGN_OUT_CSRF_ERROR, signOut } = await import('../../../../src/lib/accounts/authClient.ts');
const { parseSessionBody } = await import('../../../../src/lib/accounts/sessionSchema.ts');

const ORIGIN = 'http://localhost:4321';
const config = createAuthConfig();

/** A browser-like fetch with a cookie jar, answered by the real Auth.js handler. */
function browser(initialCookies: Record<string, string> = {}) {
  const jar = new Map(Object.entries(initialCookies));
  const fetcher = async (input: string, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await Auth(new Request(ORIGIN + input, { ...init, headers }), config);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (value === '' || /max-age=0/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
  return { fetcher, jar };
}

async function signedInBrowser() {
  const b = browser();
  const { csrfToken } = (await (await b.fetcher('/api/auth/csrf')).json()) as { csrfToken: string };
  await b.fetcher('/api/auth/callback/credentials', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken, email: 'client@example.com', password: 'client-password' }),
  });
  return b;
}

beforeAll(async () => {
  await getAccountStore().createUser({ email: 'client@example.com', name: 'Cli Ent', passwordHash: await hashPassword('client-password') });
});

describe('signOut (client)', () => {
  it('fetches the CSRF token, posts signout with json, returns where to go, and the session is gone', async () => {
    const b = await signedInBrowser();
    const cookie = () => [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    expect(await getSessionForRequest(new Request(ORIGIN, { headers: { cookie: cookie() } }))).not.toBeNull();
    const before = cookie();
    expect(await signOut('/about', b.fetcher)).toBe(`${ORIGIN}/about`);
    expect(b.jar.has('authjs.session-token')).toBe(false);
    expect(await getSessionForRequest(new Request(ORIGIN, { headers: { cookie: before } }))).toBeNull();
  });

  it('a failed CSRF fetch is the spec error "Could not fetch CSRF Token for signing out" with status 400', async () => {
    const b = browser({ 'authjs.callback-url': 'javascript:alert(1)' });
    const error = await signOut('/', b.fetcher).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthClientError);
    expect(error).toMatchObject({ message: SIGN_OUT_CSRF_ERROR, status: 400 });
    const offline = await signOut('/', () => Promise.reject(new TypeError('network down'))).catch((e: unknown) => e);
    expect(offline).toMatchObject({ message: 'Could not fetch CSRF Token for signing out', status: 400 });
  });
});

describe('parseSessionBody', () => {
  it('reads the session, and null/{} as signed out; a malformed body is treated as signed out', () => {
    const session = { user: { name: 'A', email: 'a@example.com' }, isAdmin: false, subscriptions: [{ plan: { name: 'Stats' }, expiresAt: 1 }] };
    expect(parseSessionBody(session)).toEqual(session);
    expect(parseSessionBody(null)).toBeNull();
    expect(parseSessionBody({})).toBeNull();
    expect(parseSessionBody({ user: { name: 'A' } })).toBeNull();
    expect(parseSessionBody({ ...session, subscriptions: [{ plan: { name: 'Stats' }, expiresAt: 1.5 }] })).toBeNull();
  });
});
