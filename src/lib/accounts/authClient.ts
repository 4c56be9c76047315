/**
 * Browser-side sign-out for islands (the header uses the /signout page instead, without JavaScript):
 * GET csrf, then POST signout form-encoded with csrfToken, callbackUrl and json (spec section 7).
 * A failed CSRF fetch is the spec's error "Could not fetch CSRF Token for signing out" with status 400.
 */
import { AUTH_BASE_PATH } from './authPaths.ts';

export class AuthClientError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'AuthClientError';
  }
}

export const SIGN_OUT_CSRF_ERROR = 'Could not fetch CSRF Token for signing out';

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

async function csrfToken(fetcher: Fetch): Promise<string> {
  try {
    const response = await fetcher(`${AUTH_BASE_PATH}/csrf`, { credentials: 'same-origin' });
    const body = response.ok ? ((await response.json()) as { csrfToken?: unknown }) : null;
    if (typeof body?.csrfToken === 'string' && body.csrfToken !== '') return body.csrfToken;
  } catch {
    // fall through to the spec's error
  }
  throw new AuthClientError(SIGN_OUT_CSRF_ERROR, 400);
}

/** Signs out and returns the URL Auth.js sends the browser to (the caller navigates there). */
export async function signOut(callbackUrl = '/', fetcher: Fetch = (i, init) => fetch(i, init)): Promise<string> {
  const token = await csrfToken(fetcher);
  const response = await fetcher(`${AUTH_BASE_PATH}/signout`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Auth-Return-Redirect': '1' },
    body: new URLSearchParams({ csrfToken: token, callbackUrl, json: 'true' }),
  });
  if (!response.ok) throw new AuthClientError(`Sign-out failed (HTTP ${response.status})`, response.status);
  const body = (await response.json()) as { url?: unknown };
  return typeof body.url === 'string' ? body.url : callbackUrl;
}
