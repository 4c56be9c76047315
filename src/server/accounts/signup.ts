/**
 * Sign-up and email verification. A new account is created unverified, with a single-use verification link
 * (24 h) mailed to it; it can sign in and browse at once, and buying the plan needs the address verified.
 * Signing up with an address that already has an account answers exactly as a new sign-up does (same page,
 * same status, the same argon2 and store work) and mails the owner instead, so the form tells nobody which
 * addresses have accounts. The link carries where the visitor was going (`next`, e.g. the checkout), and the
 * browser that signed up is signed in when it follows the link (signUpDevice.ts: the rule and why).
 */
import { z } from 'zod';
import { AUTH_PAGES } from '../../lib/accounts/authPaths.ts';
import { hashPassword } from '../auth/password.ts';
import { DuplicateEmailError } from '../auth/store/types.ts';
import { alreadyRegisteredMail, verifyEmailMail } from '../mail/messages.ts';
import {
  emailField,
  fail,
  invalid,
  link,
  linkFailure,
  linkToken,
  nameField,
  passwordField,
  redeemLink,
  tooMany,
  type AccountContext,
  type ActionResult,
  type Actor,
} from './context.ts';
import { takeAccountAction } from './limits.ts';
import { deviceProofOf } from './signUpDevice.ts';
import { isSafeCallbackPath } from '../auth/callbackUrl.ts';
import { passwordProblem } from './passwordPolicy.ts';

export const signUpForm = z.object({ name: nameField, email: emailField, password: passwordField });

export const SIGNED_UP_MESSAGE = 'Check your email: we sent a link to confirm your address. Open it in this browser and you are signed in.';

/** A sign-up's answer; `deviceProof` (signUpDevice.ts) goes in this browser's cookie, for a new and a taken address alike. */
export type SignUpAnswer = ActionResult & { deviceProof?: string };

/** The confirmation link: the token, and where to go once confirmed when it is a safe path of this site. */
export function verifyLink(ctx: AccountContext, token: string, next?: string | null): string {
  const url = link(ctx, '/verify', token);
  return next && next !== '/' && isSafeCallbackPath(next) ? `${url}&${new URLSearchParams({ next })}` : url;
}

/**
 * The least time a sign-up that passed its checks takes to answer. A new address writes a few more rows than a
 * taken one (the account, its link, beside the mail both write): nothing on a quiet machine, but tens of
 * milliseconds when the disk is busy (measured in CI: 110 against 136 ms). Answering both at this floor keeps the
 * time from telling them apart, at a cost nobody notices once per account (the password hash alone takes 50-100 ms).
 */
export const SIGN_UP_MIN_MS = 300;

export async function signUp(ctx: AccountContext, input: unknown, next?: string | null): Promise<SignUpAnswer> {
  const parsed = signUpForm.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const { name, email, password } = parsed.data;
  const problem = passwordProblem(password, { email, name });
  if (problem) return fail(400, problem, 'password');
  const verdict = await takeAccountAction(ctx.store, 'signup', ctx.ip, email, ctx.limits);
  if (!verdict.allowed) return tooMany(verdict.retryAfterSeconds);
  const started = performance.now();
  // Hashed on both paths: a taken address costs the same as a new one.
  const passwordHash = await hashPassword(password);
  const { value, token } = linkToken('verify-email', email);
  try {
    await ctx.store.signUp({ email, name, passwordHash }, token, verifyEmailMail(email, name, verifyLink(ctx, value, next)));
  } catch (error) {
    if (!(error instanceof DuplicateEmailError)) throw error;
    await ctx.store.enqueueMail([alreadyRegisteredMail(email, link(ctx, AUTH_PAGES.signIn), link(ctx, '/forgot'))]);
  }
  ctx.mailQueued?.();
  const rest = SIGN_UP_MIN_MS - (performance.now() - started);
  if (rest > 0) await new Promise((done) => setTimeout(done, rest));
  return { ok: true, message: SIGNED_UP_MESSAGE, deviceProof: deviceProofOf(value) };
}

/** Follows a verification link (GET: the token is the authority, and verifying twice changes nothing); `userId` is whose it was. */
export async function verifyEmail(ctx: AccountContext, token: unknown): Promise<ActionResult & { userId?: number }> {
  const result = await redeemLink(ctx.store, token, 'verify-email', { kind: 'verify-email' });
  if (!result.ok) return linkFailure(result.reason);
  return { ok: true, message: `Thank you: ${result.user.email} is confirmed.`, userId: result.user.id };
}

/** A new verification link for the signed-in user (the older ones stop working). */
export async function resendVerification(ctx: AccountContext, actor: Actor): Promise<ActionResult> {
  const { user } = actor;
  if (user.emailVerifiedAt !== null) return { ok: true, message: 'Your email is already confirmed.' };
  const verdict = await takeAccountAction(ctx.store, 'resend', ctx.ip, user.email, ctx.limits);
  if (!verdict.allowed) return tooMany(verdict.retryAfterSeconds);
  const { value, token } = linkToken('verify-email', user.email);
  await ctx.store.issueToken({ ...token, userId: user.id }, [verifyEmailMail(user.email, user.name, link(ctx, '/verify', value))]);
  ctx.mailQueued?.();
  return { ok: true, message: `We sent a new link to ${user.email}.` };
}
