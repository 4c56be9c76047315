/**
 * What every account action is given (passed explicitly, never read from globals) and what it answers: a
 * result the page turns into a message next to the form, or a status for scripted clients.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { AccountStore, NewAccountToken, RedeemFailure, RedeemResult, TokenEffect, TokenPurpose, UserRecord } from '../auth/store/types.ts';
import { verifyPassword } from '../auth/password.ts';
import { nowSeconds } from '../auth/store/rows.ts';
import { sha256Hex } from '../auth/digest.ts';
import type { AccountLimits } from './limits.ts';

export interface AccountContext {
  store: AccountStore;
  /** The public origin links in messages are built on (AUTH_URL, else the request's). */
  origin: string;
  /** The client's rate-limit bucket (src/server/auth/clientIp.ts). */
  ip: string;
  limits?: AccountLimits;
  /** Called after a message was queued (the process's mail worker sends it at once). */
  mailQueued?: () => void;
  /** Ends the user's paid subscriptions before their account is deleted (src/server/billing); throws when it cannot. */
  endBilling?: (user: UserRecord) => Promise<void>;
}

/** The signed-in user an account action acts for, and their session (kept when they change their password). */
export interface Actor {
  user: UserRecord;
  sessionDigest: string;
}

export type ActionResult =
  | { ok: true; message: string /** a secret to show once (a new API key) */; secret?: string }
  | { ok: false; status: 400 | 401 | 403 | 409 | 429 | 503; message: string; field?: string; retryAfterSeconds?: number };

export const fail = (status: 400 | 401 | 403 | 409 | 429 | 503, message: string, field?: string): ActionResult => ({
  ok: false,
  status,
  message,
  ...(field ? { field } : {}),
});

export function tooMany(retryAfterSeconds: number): ActionResult {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return {
    ok: false,
    status: 429,
    message: `Too many requests from here or for this address. Please try again in about ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    retryAfterSeconds,
  };
}

/** Lifetimes of the emailed links. */
export const TOKEN_TTL_SECONDS = { 'verify-email': 24 * 3600, 'reset-password': 3600, 'change-email': 24 * 3600 } as const;

/** A new random token (256 bits, base64url) and the digest the store keeps. */
export function newToken(): { value: string; digest: string } {
  const value = randomBytes(32).toString('base64url');
  return { value, digest: sha256Hex(value) };
}

/** The digest of a token from a link, or null when it cannot be one of ours (wrong length or alphabet). */
export function tokenDigest(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value) ? sha256Hex(value) : null;
}

/**
 * A new emailed link's token for a purpose and the address it goes to: the random value (for the link) and
 * the record the store keeps (its digest, expiring after the purpose's lifetime). The caller adds the user id.
 */
export function linkToken(purpose: TokenPurpose, email: string): { value: string; token: Omit<NewAccountToken, 'userId'> } {
  const { value, digest } = newToken();
  return { value, token: { digest, purpose, email, expiresAt: nowSeconds() + TOKEN_TTL_SECONDS[purpose] } };
}

/** Redeems a link's token for its purpose with its effect; a token that cannot be ours is 'invalid'. */
export function redeemLink(store: AccountStore, value: unknown, purpose: TokenPurpose, effect: TokenEffect): Promise<RedeemResult> {
  const digest = tokenDigest(value);
  return digest ? store.redeemToken(digest, purpose, effect, nowSeconds()) : Promise.resolve({ ok: false, reason: 'invalid' });
}

/** Whether a link's token could be redeemed now, and whose it is; changes nothing. */
export function peekLink(store: AccountStore, value: unknown, purpose: TokenPurpose): Promise<RedeemResult> {
  const digest = tokenDigest(value);
  return digest ? store.peekToken(digest, purpose, nowSeconds()) : Promise.resolve({ ok: false, reason: 'invalid' });
}

/** The page's answer to a link that cannot be used (409 when the address it moves to is taken). */
export function linkFailure(reason: RedeemFailure): ActionResult {
  return fail(reason === 'email-taken' ? 409 : 400, REDEEM_MESSAGES[reason]);
}

/** A 401 naming the field when `typed` is not the user's current password, else null. */
export async function wrongPassword(user: UserRecord, typed: string, field: string): Promise<ActionResult | null> {
  return (await verifyPassword(user.passwordHash, typed)) ? null : fail(401, 'That is not your current password.', field);
}

export const REDEEM_MESSAGES: Record<RedeemFailure, string> = {
  invalid: 'This link is not valid. It may have been mistyped, or replaced by a newer one.',
  expired: 'This link has expired. Ask for a new one below.',
  used: 'This link has already been used.',
  'email-taken': 'That address now belongs to another account, so this account keeps its email.',
};

// Form fields, as the forms name them.
export const nameField = z.string().trim().min(1, 'Enter your name.').max(100, 'Use at most 100 characters for the name.');
export const emailField = z
  .string()
  .trim()
  .max(320, 'That email address is too long.')
  .pipe(z.email('Enter an email address such as ann@example.com.'))
  .transform((email) => email.toLowerCase());
/** Typed passwords are bounded before any work (the policy says the rest). */
export const passwordField = z.string().max(1024, 'Use at most 1,024 characters.');

/** The first problem of a zod result, as a form message naming the field. */
export function invalid(error: z.ZodError): ActionResult {
  const issue = error.issues[0];
  return fail(400, issue?.message ?? 'Please check the form.', issue?.path.join('.') || undefined);
}

export const link = (ctx: AccountContext, path: string, token?: string): string => `${ctx.origin}${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
