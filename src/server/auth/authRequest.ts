/**
 * What the middleware needs to know about a request to the Auth.js endpoints (/api/auth/*) before Auth.js sees
 * it: the form fields it will read (the email, for the rate limits, and the callbackUrl), read the way Auth.js
 * reads them (JSON or URL-encoded form; src/server/http/bodyLimit.ts has already bounded the body), and
 * whether its callback URLs are acceptable (callbackUrl.ts) so a bad one is a 400, not Auth.js's 500.
 */
import { callbackPathOf } from './callbackUrl.ts';
import { cookieOf } from './cookies.ts';
import { usesSecureCookies } from './requestSession.ts';

/** The actions auth-astro hands to Auth.js; for any other path under /api/auth it returns nothing (a 500). */
const AUTH_ACTIONS = new Set(['providers', 'session', 'csrf', 'signin', 'signout', 'callback', 'verify-request', 'error']);

/** True when the path (under the auth base path) names an action Auth.js answers. */
export function isAuthAction(pathname: string, basePath: string): boolean {
  if (!pathname.startsWith(`${basePath}/`)) return false;
  return AUTH_ACTIONS.has(pathname.slice(basePath.length + 1).split('/')[0] ?? '');
}

export interface AuthFields {
  email: string;
  callbackUrl: string | null;
}

/** The email and callbackUrl of a POSTed body, whatever its content type; empty when unreadable. */
export async function authFieldsOf(request: Request): Promise<AuthFields> {
  const none: AuthFields = { email: '', callbackUrl: null };
  if (request.method !== 'POST' || !request.body) return none;
  let text: string;
  try {
    text = await request.clone().text();
  } catch {
    return none;
  }
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    try {
      const body = JSON.parse(text) as Record<string, unknown> | null;
      if (!body || typeof body !== 'object') return none;
      return { email: str(body.email) ?? '', callbackUrl: str(body.callbackUrl) };
    } catch {
      return none;
    }
  }
  // Form-encoded (what Auth.js reads otherwise); any other type is read the same way so the limiter never
  // misses an email that some parser could find.
  // Object.fromEntries keeps the last of repeated fields, as Auth.js does.
  const form = Object.fromEntries(new URLSearchParams(text));
  return { email: form.email ?? '', callbackUrl: form.callbackUrl ?? null };
}

/** The value of the callback-url cookie Auth.js will read for this request (its name depends on https). */
function callbackCookieOf(request: Request, secure: boolean): { name: string; value: string } | null {
  const name = secure ? '__Secure-authjs.callback-url' : 'authjs.callback-url';
  const value = cookieOf(request, name);
  return value === null ? null : { name, value };
}

export type CallbackCheck = { ok: true } | { ok: false; message: string; clearCookie?: string };

/** An absolute http(s) URL, or a path (what Auth.js accepts in its callback-url cookie). */
function isHttpUrlOrPath(value: string, origin: string): boolean {
  try {
    return /^https?:$/.test(new URL(value, value.startsWith('/') ? origin : undefined).protocol);
  } catch {
    return false;
  }
}

/** Are the request's callback URLs (query, body, the cookie Auth.js reads) acceptable for this site? */
export function checkCallbackUrls(request: Request, url: URL, bodyCallbackUrl: string | null): CallbackCheck {
  const origin = url.origin;
  for (const value of [url.searchParams.get('callbackUrl'), bodyCallbackUrl]) {
    if (value !== null && value !== '' && callbackPathOf(value, origin) === null) {
      return { ok: false, message: 'Bad callbackUrl: expected a path of this site, such as /stats/players.' };
    }
  }
  const cookie = callbackCookieOf(request, usesSecureCookies(url));
  if (cookie) {
    let value = '';
    try {
      value = decodeURIComponent(cookie.value);
    } catch {
      value = '\u0000';
    }
    // Auth.js answers 500 to a cookie that is not an http(s) URL: refuse that one. Any other value is only ever
    // used through the redirect callback (authConfig.ts), which sends a foreign one to the home page; another
    // node of the site on another port may have set it.
    if (value !== '' && !isHttpUrlOrPath(value, origin)) {
      return { ok: false, message: 'Bad callback-url cookie: it was cleared, please try again.', clearCookie: cookie.name };
    }
  }
  return { ok: true };
}

/** The 400 answer to a bad callback URL (JSON, with the cookie cleared when the cookie was the bad one). */
export function badCallbackResponse(check: Extract<CallbackCheck, { ok: false }>): Response {
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  if (check.clearCookie) {
    const secure = check.clearCookie.startsWith('__Secure-') ? '; Secure' : '';
    headers.append('Set-Cookie', `${check.clearCookie}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
  }
  return Response.json({ error: check.message, param: 'callbackUrl' }, { status: 400, headers });
}
