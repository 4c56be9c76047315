/**
 * The client's view of the session (spec section 4): $authStatus is 'loading' until the first answer from
 * GET /api/auth/session, then 'authenticated' or 'unauthenticated'; $session holds the session or null.
 * The session is fetched when a component first subscribes, again whenever the tab becomes visible, and,
 * optionally, on a timer (setSessionRefreshInterval).
 */
import { atom, computed, onMount } from 'nanostores';
import { AUTH_BASE_PATH } from '../lib/accounts/authPaths.ts';
import { mayUseGatedFilters } from '../lib/accounts/planStatus.ts';
import { parseSessionBody } from '../lib/accounts/sessionSchema.ts';
import type { Session } from '../lib/accounts/sessionShape.ts';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthState {
  status: AuthStatus;
  session: Session | null;
}

export const $authState = atom<AuthState>({ status: 'loading', session: null });
export const $session = computed($authState, (s) => s.session);
export const $authStatus = computed($authState, (s) => s.status);

/**
 * Who may use the gated filters (the same rule the server enforces, mayUseGatedFilters): 'loading' until the
 * session is known, 'anonymous' (locks say "Sign in"), 'no-plan' (signed in without an active Stats plan: locks
 * say "Stats plan"), 'plan' (an active plan or an admin: no locks).
 */
export type FilterAccess = 'loading' | 'anonymous' | 'no-plan' | 'plan';

export function filterAccessOf(state: AuthState, now = Date.now() / 1000): FilterAccess {
  if (state.status === 'loading') return 'loading';
  if (!state.session) return 'anonymous';
  return mayUseGatedFilters(state.session, now) ? 'plan' : 'no-plan';
}

export const $filterAccess = computed($authState, (s) => filterAccessOf(s));

/** Where the session is read from; replaceable for tests that run without a browser. */
export const sessionSource = {
  fetch: (input: string, init?: RequestInit): Promise<Response> => fetch(input, init),
  callbackUrl: (): string => (typeof location === 'undefined' ? '/' : location.pathname + location.search),
};

let inFlight: Promise<void> | null = null;

/** Fetches the session now (concurrent calls share one request). A failed request keeps the last state. */
export function refreshSession(): Promise<void> {
  inFlight ??= (async () => {
    try {
      const url = `${AUTH_BASE_PATH}/session?${new URLSearchParams({ callbackUrl: sessionSource.callbackUrl() })}`;
      const response = await sessionSource.fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`session: HTTP ${response.status}`);
      const session = parseSessionBody(await response.json());
      $authState.set({ status: session ? 'authenticated' : 'unauthenticated', session });
    } catch {
      if ($authState.get().status === 'loading') $authState.set({ status: 'unauthenticated', session: null });
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

let intervalMs: number | null = null;
let timer: ReturnType<typeof setInterval> | null = null;

function startTimer(): void {
  if (timer) clearInterval(timer);
  timer = intervalMs ? setInterval(() => void refreshSession(), intervalMs) : null;
}

/** Refresh on a timer as well (null turns it off). Takes effect at once while the store is in use. */
export function setSessionRefreshInterval(ms: number | null): void {
  intervalMs = ms && ms > 0 ? ms : null;
  if ($authState.lc > 0) startTimer();
}

onMount($authState, () => {
  void refreshSession();
  const onVisible = () => {
    if (document.visibilityState === 'visible') void refreshSession();
  };
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);
  startTimer();
  return () => {
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible);
    if (timer) clearInterval(timer);
    timer = null;
  };
});
