/**
 * Server-side access to Auth.js's CSRF token (double-submit: a signed httpOnly cookie plus the same token in
 * the form), so the sign-in and sign-out pages render working forms without client JavaScript.
 */
import { Auth } from '@auth/core';
import { getAuthConfig } from './authConfig.ts';
import { AUTH_BASE_PATH } from '../../lib/authPaths.ts';

export { SIGN_OUT_CSRF_ERROR } from '../../lib/authClient.ts';
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
