/**
 * A forgotten password: the form always answers the same, and as fast, whatever the address (its link is made
 * after the answer: afterAnswer.ts); an account's owner gets a
 * single-use link (1 h) to /reset, where a new password is set. The reset ends every session of the account on
 * every node (the sessions are rows in the shared store) and tells the owner by email.
 */
import { z } from 'zod';
import { hashPassword } from '../auth/password.ts';
import { accountFailureKey } from '../auth/signInGuard.ts';
import { passwordChangedMail, resetPasswordMail } from '../mail/messages.ts';
import {
  emailField,
  fail,
  invalid,
  link,
  linkFailure,
  linkToken,
  passwordField,
  peekLink,
  redeemLink,
  tooMany,
  type AccountContext,
  type ActionResult,
} from './context.ts';
import { afterAnswer } from './afterAnswer.ts';
import { takeAccountAction } from './limits.ts';
import { passwordProblem } from './passwordPolicy.ts';

export const FORGOT_MESSAGE = 'If an account uses that address, a link to choose a new password is on its way. It works once, for 1 hour.';

export const RESET_DONE_MESSAGE = 'Your password is changed, and every device that was signed in has been signed out. Sign in with the new one.';

export async function requestPasswordReset(ctx: AccountContext, input: unknown): Promise<ActionResult> {
  const parsed = z.object({ email: emailField }).safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const { email } = parsed.data;
  const verdict = await takeAccountAction(ctx.store, 'forgot', ctx.ip, email, ctx.limits);
  if (!verdict.allowed) return tooMany(verdict.retryAfterSeconds);
  const user = await ctx.store.findUserByEmail(email);
  // Up to here every address takes the same steps; the link is made after the answer (afterAnswer.ts).
  if (user) {
    afterAnswer('password reset link', async () => {
      const { value, token } = linkToken('reset-password', user.email);
      await ctx.store.issueToken({ ...token, userId: user.id }, [resetPasswordMail(user.email, user.name, link(ctx, '/reset', value))]);
      ctx.mailQueued?.();
    });
  }
  return { ok: true, message: FORGOT_MESSAGE };
}

/** Whether a reset link can still be used (the page says so before anyone types a new password). */
export async function checkResetLink(ctx: AccountContext, token: unknown): Promise<ActionResult> {
  const result = await peekLink(ctx.store, token, 'reset-password');
  return result.ok ? { ok: true, message: `Choose a new password for ${result.user.email}.` } : linkFailure(result.reason);
}

export async function resetPassword(ctx: AccountContext, input: unknown): Promise<ActionResult> {
  const parsed = z.object({ token: z.string().max(100), password: passwordField }).safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const owner = await peekLink(ctx.store, parsed.data.token, 'reset-password');
  if (!owner.ok) return linkFailure(owner.reason);
  const problem = passwordProblem(parsed.data.password, { email: owner.user.email, name: owner.user.name });
  if (problem) return fail(400, problem, 'password');
  const passwordHash = await hashPassword(parsed.data.password);
  const mail = passwordChangedMail(owner.user.email, owner.user.name, link(ctx, '/forgot'));
  const result = await redeemLink(ctx.store, parsed.data.token, 'reset-password', { kind: 'reset-password', passwordHash, mail });
  if (!result.ok) return linkFailure(result.reason);
  // The owner proved the address: guesses at the old password no longer make them wait.
  await ctx.store.clearFailures(accountFailureKey(result.user.email));
  ctx.mailQueued?.();
  return { ok: true, message: RESET_DONE_MESSAGE };
}
