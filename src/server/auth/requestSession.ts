/**
 * The session of a request, as the spec's Session shape ({ user: {name, email}, isAdmin, subscriptions }).
 *
 * The browser holds an Auth.js JWT (encrypted, httpOnly cookie) carrying only the user id (`sub`) and a random
 * session id (`sid`). Every request rebuilds the session from the accounts store, so a revoked session
 * (sign-out), a changed plan or a removed admin flag takes effect on the next request.
 */
import { encode, getToken, type JWT } from '@auth/core/jwt';
import type { Session } from '../../lib/accounts/sessionShape.ts';
import { config } from '../config.ts';
import { sha256Hex } from './digest.ts';
import { getAccountStore, type AccountStore, type UserWithSubscriptions } from './store/index.ts';
import { nowSeconds } from './store/rows.ts';

/** Absolute lifetime of a session: 30 days from sign-in. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The clock of sessions, the same as the stores' (seconds since the epoch). */
export { nowSeconds };

/**
 * Secure cookies (and the `__Secure-` / `__Host-` cookie names that come with them) when the site is served
 * over HTTPS: an https AUTH_URL, or an https request URL (the project's server marks requests https when
 * TRUST_PROXY=1 and the proxy says X-Forwarded-Proto: https).
 */
export function usesSecureCookies(requestUrl: string | URL): boolean {
  if (config.authUrl.startsWith('https://')) return true;
  return new URL(requestUrl).protocol === 'https:';
}

/** The spec's session shape of a user and their plans. */
export function toSession(user: UserWithSubscriptions): Session {
  return {
    user: { name: user.name, email: user.email },
    isAdmin: user.isAdmin,
    subscriptions: user.subscriptions.map((s) => ({ plan: { name: s.planName }, expiresAt: s.expiresAt })),
  };
}

type SessionToken = { sub?: unknown; sid?: unknown } | null;

/** The token's session id, hashed as the store keys it, and its user id; null when either is missing. */
function tokenIds(token: SessionToken): { sidHash: string; sub: string } | null {
  if (!token || typeof token.sid !== 'string' || typeof token.sub !== 'string') return null;
  return { sidHash: sha256Hex(token.sid), sub: token.sub };
}

/** The session cookie in both its names (plain, and __Secure- over https). */
const SESSION_COOKIE = /(^|;\s*)(__Secure-)?authjs\.session-token=/;

/** Whether a Cookie header carries a session cookie (valid or not: the cache policy keys on its presence). */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return SESSION_COOKIE.test(cookieHeader ?? '');
}

/** The signed-in account behind a request: its user (read fresh), the spec's session, and its session digest. */
export interface RequestAccount {
  user: UserWithSubscriptions;
  session: Session;
  /** SHA-256 of the session id: what the store keys it by (a password change keeps this one session). */
  sessionDigest: string;
}

/** The account of a token whose server-side session is still live (one store query), else null. */
async function accountForToken(token: SessionToken, store: AccountStore): Promise<RequestAccount | null> {
  const ids = tokenIds(token);
  if (!ids) return null;
  const user = await store.liveSession(ids.sidHash, nowSeconds());
  return user && String(user.id) === ids.sub ? { user, session: toSession(user), sessionDigest: ids.sidHash } : null;
}

/**
 * The session of a token whose server-side session is still live (read fresh from the store: one query), else
 * null: no token, a signed-out or expired session, a deleted user.
 */
export async function sessionForToken(token: SessionToken, store: AccountStore = getAccountStore()): Promise<Session | null> {
  return (await accountForToken(token, store))?.session ?? null;
}

/** The user id of a token whose server-side session is still live, else null. */
export async function liveSessionUserId(token: SessionToken, store: AccountStore = getAccountStore()): Promise<number | null> {
  const ids = tokenIds(token);
  if (!ids) return null;
  const userId = await store.findSessionUser(ids.sidHash, nowSeconds());
  return userId !== null && String(userId) === ids.sub ? userId : null;
}

function authSecret(): string {
  const secret = config.authSecret;
  if (!secret) throw new Error('AUTH_SECRET is not set (the server sets it at start-up; see src/server/auth/secret.ts)');
  return secret;
}

type Token = JWT | null;
const decoded = new Map<string, Token>();
const DECODED_MAX = 2_000;

/**
 * Decrypting the JWT is the costly part of a signed-in request (about 0.35 ms); the same cookie always decodes
 * to the same payload, so payloads are kept in a small cache (checked against their `exp`). Whether the session
 * is still live is asked of the store on every request, so sign-out takes effect at once.
 */
async function decodeCached(cookie: string, secureCookie: boolean): Promise<Token> {
  const key = (secureCookie ? 's:' : 'p:') + cookie;
  const hit = decoded.get(key);
  if (hit !== undefined && (typeof hit?.exp !== 'number' || hit.exp > nowSeconds())) return hit;
  const token: Token = await getToken({ req: { headers: { cookie } }, secret: authSecret(), secureCookie });
  if (token) {
    if (decoded.size >= DECODED_MAX) decoded.delete(decoded.keys().next().value!);
    decoded.set(key, token);
  }
  return token;
}

/**
 * The signed-in account of a request, or null when anonymous (no cookie, a bad or expired token, a signed-out
 * session, a deleted user). Used by the Astro middleware (locals.account and locals.session, for pages and
 * /api/*) and by the project's server in front of the prerendered pages.
 */
export async function getAccountForRequest(request: Request): Promise<RequestAccount | null> {
  const cookie = request.headers.get('cookie');
  if (!cookie || !hasSessionCookie(cookie)) return null;
  const secureCookie = usesSecureCookies(request.url);
  return accountForToken(await decodeCached(cookie, secureCookie), getAccountStore());
}

/** The spec's session of a request, or null when anonymous. */
export async function getSessionForRequest(request: Request): Promise<Session | null> {
  return (await getAccountForRequest(request))?.session ?? null;
}

/** Opens a server-side session for a user (the sign-in of Auth.js's jwt callback, and the one after sign-up): its token's ids. */
export async function openSession(userId: number, store: AccountStore = getAccountStore()): Promise<{ sub: string; sid: string }> {
  const sid = crypto.randomUUID();
  await store.createSession(userId, sha256Hex(sid), nowSeconds() + SESSION_MAX_AGE_SECONDS);
  return { sub: String(userId), sid };
}

/**
 * Signs a user in without the sign-in form, as Auth.js's own sign-in would: a new server-side session and the
 * Set-Cookie value of its encrypted session cookie (same name, flags and lifetime as Auth.js's), with the account
 * as the request would now see it. Only for a caller that has proved who the visitor is by other means
 * (src/server/accounts/signUpDevice.ts says how).
 */
export async function signInWithoutForm(
  userId: number,
  requestUrl: string | URL,
  store: AccountStore = getAccountStore(),
): Promise<{ setCookie: string; account: RequestAccount } | null> {
  const secure = usesSecureCookies(requestUrl);
  const name = `${secure ? '__Secure-' : ''}authjs.session-token`;
  const token = await openSession(userId, store);
  const account = await accountForToken(token, store);
  if (!account) return null;
  const value = await encode({ token, secret: authSecret(), salt: name, maxAge: SESSION_MAX_AGE_SECONDS });
  return { setCookie: `${name}=${value}; Path=/; Max-Age=${SESSION_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`, account };
}
