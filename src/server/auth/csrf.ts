/**
 * Server-side access to Auth.js's CSRF token (double-submit: a signed httpOnly cookie plus the same token in
 * the form), so the sign-in and sign-out pages render working forms without client JavaScript.
 */
import { timingSafeEqual } from 'node:crypto';
import { Auth } from '@auth/core';
import { cookieOf } from './cookies.ts';
import { sha256Hex } from './digest.ts';
import { usesSecureCookies } from './requestSession.ts';
import { getAuthConfig } from './authConfig.ts';
import { AUTH_BASE_PATH } from '../../lib/accounts/authPaths.ts';

export { SIGN_OUT_CSRF_ERROR } from '../../lib/accounts/authClient.ts';
export const SIGN_IN_CSRF_ERROR = 'Could not fetch CSRF Token for signing in';

export interface CsrfResult {
  csrfToken: string;
  /** Set-Cookie header values to forward with the page (a new CSRF cookie when the visitor had none). */
  setCookies: string[];
}

/** Asks Auth.js for the request's CSRF token; null when it cannot give one. */
export async function fetchCsrfToken(request: Request): Promise<CsrfResult | null> {
  const url = new URL(`${AUTH_BASE_PATH}/csrf`, request.url);
  // The visitor's cookies go along: Auth.js reuses a valid CSRF cookie, and rejects the request (500) when a
  // cookie it checks is bad (e.g. a tampered callback-url cookie).
  const headers = new Headers();
  const cookie = request.headers.get('cookie');
  if (cookie) headers.set('cookie', cookie);
  try {
    const response = await Auth(new Request(url, { headers }), getAuthConfig());
    if (!response.ok) return null;
    const body = (await response.json()) as { csrfToken?: unknown };
    if (typeof body.csrfToken !== 'string' || body.csrfToken === '') return null;
    return { csrfToken: body.csrfToken, setCookies: response.headers.getSetCookie() };
  } catch {
    return null;
  }
}

export { safeCallbackPath } from './callbackUrl.ts';

/** The name of Auth.js's CSRF cookie for this request (prefixed __Host- over https). */
function csrfCookieName(request: Request): string {
  return usesSecureCookies(request.url) ? '__Host-authjs.csrf-token' : 'authjs.csrf-token';
}

/**
 * Checks a form's csrfToken the way Auth.js checks its own forms (double submit): the httpOnly cookie holds
 * `token|sha256(token + secret)`, which only this server can make, and the form must carry the same token. Every
 * form of the site that changes something (sign-in and sign-out through Auth.js, the account forms here) is
 * protected by this one token, which the page got from fetchCsrfToken.
 */
export function verifyCsrfToken(request: Request, formToken: unknown): boolean {
  if (typeof formToken !== 'string' || formToken === '') return false;
  let cookie = '';
  try {
    cookie = decodeURIComponent(cookieOf(request, csrfCookieName(request)) ?? '');
  } catch {
    return false; // not percent-encoding: not a cookie Auth.js wrote
  }
  const secret = getAuthConfig().secret;
  if (!cookie || typeof secret !== 'string') return false;
  const [token = '', hash = ''] = cookie.split('|');
  const expected = sha256Hex(`${token}${secret}`);
  const a = Buffer.from(`${hash}|${token}`);
  const b = Buffer.from(`${expected}|${formToken}`);
  return a.length === b.length && timingSafeEqual(a, b);
}
