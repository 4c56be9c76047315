/**
 * The unsubscribe link of an alert's digest: `/alerts/unsubscribe?token=<view>.<user>.<expiry>.<signature>`, the
 * signature an HMAC-SHA256 of `alert-unsubscribe.<view>.<user>.<expiry>` under a key derived from the app secret
 * (AUTH_SECRET, the same one every node has). Following it needs no sign-in (a phone's mail app rarely has the
 * session), and it can only turn off that one alert of that one account. It expires UNSUBSCRIBE_TTL_SECONDS after
 * the mail was made; a changed character anywhere is refused the same way.
 *
 * Example: `12.7.1767225600.4fQ...` turns off the alert of view 12 of user 7 until 2026-01-01T00:00:00Z.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { resolveAuthSecret } from '../auth/secret.ts';
import { config } from '../config.ts';

export const UNSUBSCRIBE_PATH = '/alerts/unsubscribe';
/** 90 days: every digest carries a fresh link, so a reader of the latest mail always has one that works. */
export const UNSUBSCRIBE_TTL_SECONDS = 90 * 86_400;

/** The app secret, as the server resolves it (AUTH_SECRET, or outside production the local secret file). */
export function appSecret(): string {
  return resolveAuthSecret({ envSecret: config.authSecret, production: config.production, file: config.authSecretFile });
}

function signature(secret: string, payload: string): Buffer {
  const key = createHmac('sha256', secret).update('courtvision alert unsubscribe key').digest();
  return createHmac('sha256', key).update(`alert-unsubscribe.${payload}`).digest();
}

export function unsubscribeToken(viewId: number, userId: number, now: number, secret = appSecret()): string {
  const payload = `${viewId}.${userId}.${now + UNSUBSCRIBE_TTL_SECONDS}`;
  return `${payload}.${signature(secret, payload).toString('base64url')}`;
}

export type TokenCheck = { ok: true; viewId: number; userId: number } | { ok: false; reason: 'invalid' | 'expired' };

/** What a token says, checked: its signature first (a forged or damaged token is 'invalid'), then its expiry. */
export function checkUnsubscribeToken(token: unknown, now: number, secret = appSecret()): TokenCheck {
  if (typeof token !== 'string' || token.length > 200) return { ok: false, reason: 'invalid' };
  const m = /^([1-9]\d{0,15})\.([1-9]\d{0,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return { ok: false, reason: 'invalid' };
  const [, view, user, expires, sig] = m;
  const expected = signature(secret, `${view}.${user}.${expires}`);
  const given = Buffer.from(sig!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  if (Number(expires) < now) return { ok: false, reason: 'expired' };
  return { ok: true, viewId: Number(view), userId: Number(user) };
}
