/**
 * What every account action is given (passed explicitly, never read from globals) and what it answers: a
 * result the page turns into a message next to the form, or a status for scripted clients.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { AccountStore, RedeemFailure, UserRecord } from '../auth/store/types.ts';
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
  | { ok: true; message: string }
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

export const link = (ctx: AccountContext, path: string, token?: string): string =>
  `${ctx.origin}${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
