/**
 * One-time flash messages for POST-redirect-GET: a form's answer is kept for a moment and shown once on the page
 * the browser is redirected to, so that reloading that page re-posts nothing (a second API key, a second email).
 *
 * The entry is server-side, in the accounts store (any web node can show it), under the SHA-256 of a random id
 * (256 bits) that only the visitor's cookie holds; the cookie lives two minutes, is HttpOnly and is cleared
 * when read, and the entry is deleted when read (single use) and only shown to the user it was made for. Its
 * body is encrypted (AES-256-GCM) with a key derived from that id, so a secret it carries (a new API key) is
 * never readable from the store alone, and never goes in a URL or a long-lived cookie.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { AccountStore } from '../auth/store/types.ts';
import { sha256Hex } from '../auth/digest.ts';
import { cookieOf } from '../auth/cookies.ts';
import { nowSeconds } from '../auth/store/rows.ts';
import { usesSecureCookies } from '../auth/requestSession.ts';
import type { ActionResult } from './context.ts';
import type { PageRequest } from './pageForm.ts';

export const FLASH_TTL_SECONDS = 120;

/** What a flash carries: which form answered (null: the page as a whole) and its result. */
export interface Flash {
  form: string | null;
  result: ActionResult;
}

const cookieName = (page: PageRequest) => (usesSecureCookies(page.url) ? '__Host-cv-flash' : 'cv-flash');

function cookie(page: PageRequest, value: string, maxAge: number): string {
  return `${cookieName(page)}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${usesSecureCookies(page.url) ? '; Secure' : ''}`;
}

const keyOf = (id: string) => Buffer.from(hkdfSync('sha256', id, '', 'courtvision flash message', 32));

function seal(id: string, flash: Flash): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(id), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(flash), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

function open(id: string, body: string): Flash | null {
  try {
    const bytes = Buffer.from(body, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(id), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')) as Flash;
  } catch {
    return null;
  }
}

/** Keeps a flash for the user and answers with a 303 to `location` that sets its cookie (POST-redirect-GET). */
export async function redirectWithFlash(page: PageRequest, store: AccountStore, userId: number, flash: Flash, location: string): Promise<Response> {
  const id = randomBytes(32).toString('base64url');
  await store.putFlash({ digest: sha256Hex(id), userId, body: seal(id, flash), expiresAt: nowSeconds() + FLASH_TTL_SECONDS });
  const headers = new Headers({ Location: location, 'Cache-Control': 'private, no-store' });
  headers.append('Set-Cookie', cookie(page, id, FLASH_TTL_SECONDS));
  return new Response(null, { status: 303, headers });
}

/** The user's flash named by the request's cookie, taken (deleted) from the store; the cookie is cleared. */
export async function takeFlash(page: PageRequest, store: AccountStore, userId: number): Promise<Flash | null> {
  const id = cookieOf(page.request, cookieName(page));
  if (id === null) return null;
  page.response.headers.append('Set-Cookie', cookie(page, '', 0));
  if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
  const body = await store.takeFlash(sha256Hex(id), userId, nowSeconds());
  return body === null ? null : open(id, body);
}
