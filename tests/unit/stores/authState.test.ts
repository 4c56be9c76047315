/**
 * The client auth store against the real Auth.js handler (project configuration, temporary accounts file).
 * Node has no DOM: the page's `document` is stood in by an EventTarget with a visibilityState.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInWithCredentials } from '../../../scripts/lib/signIn.ts';
import { tempDbPath } from '../server/auth/helpers.ts';

process.env.ACCOUNTS_DB_PATH = tempDbPath();
process.env.AUTH_SECRET = 'store-test-secret-store-test-secret-0123456789';

const { Auth } = await import('@auth/core');
const { createAuthConfig } = await import('../../../src/server/auth/authConfig.ts');
const { getAccountStore } = await import('../../../src/server/auth/store/index.ts');
const { hashPassword } = await import('../../../src/server/auth/password.ts');
const { $authStatus, $session, filterAccessOf, refreshSession, sessionSource, setSessionRefreshInterval } = await import('../../../src/stores/authState.ts');

const config = createAuthConfig();
const ORIGIN = 'http://localhost:4321';
let cookie = '';
let requests: string[] = [];

const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as 'visible' | 'hidden' });
(globalThis as { document?: unknown }).document = doc;

sessionSource.fetch = async (input, init) => {
  requests.push(input);
  return Auth(new Request(ORIGIN + input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } }), config);
};
sessionSource.callbackUrl = () => '/stats/players';

async function signIn(): Promise<void> {
  cookie = await signInWithCredentials((p, init) => Auth(new Request(ORIGIN + p, init), config), 'store@example.com', 'store-password');
}

/** A pause for checks that nothing happens; what must happen is waited for with `vi.waitFor`. */
const settle = () => new Promise((r) => setTimeout(r, 30));
const WAIT = { timeout: 5_000, interval: 10 };

beforeAll(async () => {
  await getAccountStore().createUser({ email: 'store@example.com', name: 'Stella Store', passwordHash: await hashPassword('store-password') });
});
afterEach(() => setSessionRefreshInterval(null));

describe('$authStatus / $session', () => {
  it('start loading, fetch the session with a callbackUrl on first use, become unauthenticated when signed out', async () => {
    expect($authStatus.get()).toBe('loading');
    const seen: string[] = [];
    const stop = $authStatus.subscribe((s) => seen.push(s));
    await vi.waitFor(() => expect(seen).toEqual(['loading', 'unauthenticated']), WAIT);
    expect(requests[0]).toBe('/api/auth/session?callbackUrl=%2Fstats%2Fplayers');
    expect($session.get()).toBeNull();
    stop();
  });

  it('refresh when the tab becomes visible again: a sign-in elsewhere shows up', async () => {
    const stop = $session.listen(() => {});
    await settle();
    await signIn();
    requests = [];
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(requests).toEqual([]);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect($authStatus.get()).toBe('authenticated'), WAIT);
    expect(requests).toHaveLength(1);
    expect($session.get()).toEqual({ user: { name: 'Stella Store', email: 'store@example.com' }, isAdmin: false, subscriptions: [] });
    stop();
  });

  it('refreshes on the optional timer', async () => {
    const stop = $session.listen(() => {});
    await settle();
    requests = [];
    setSessionRefreshInterval(40);
    // every 40 ms: twice well within a second, however busy the machine
    await vi.waitFor(() => expect(requests.length).toBeGreaterThanOrEqual(2), { timeout: 1_000, interval: 10 });
    setSessionRefreshInterval(null);
    const count = requests.length;
    await new Promise((r) => setTimeout(r, 100));
    expect(requests.length).toBe(count);
    stop();
  });

  it('a signed-out cookie turns the state unauthenticated on the next refresh', async () => {
    cookie = '';
    await refreshSession();
    expect($authStatus.get()).toBe('unauthenticated');
    expect($session.get()).toBeNull();
  });
});

describe("filterAccessOf (who may use the gated filters: the server's rule)", () => {
  const user = { name: 'A', email: 'a@example.com' };
  const now = 1_800_000_000;
  const plan = (expiresAt: number) => [{ plan: { name: 'Stats' }, expiresAt }];
  it('loading, anonymous, no plan, expired, active, admin', () => {
    expect(filterAccessOf({ status: 'loading', session: null }, now)).toBe('loading');
    expect(filterAccessOf({ status: 'unauthenticated', session: null }, now)).toBe('anonymous');
    expect(filterAccessOf({ status: 'authenticated', session: { user, isAdmin: false, subscriptions: [] } }, now)).toBe('no-plan');
    expect(filterAccessOf({ status: 'authenticated', session: { user, isAdmin: false, subscriptions: plan(now - 1) } }, now)).toBe('no-plan');
    expect(filterAccessOf({ status: 'authenticated', session: { user, isAdmin: false, subscriptions: plan(now + 60) } }, now)).toBe('plan');
    expect(filterAccessOf({ status: 'authenticated', session: { user, isAdmin: true, subscriptions: plan(now - 1) } }, now)).toBe('plan');
  });
});
