/**
 * The account page's actions for the signed-in user: change the name; change the password (the current one
 * first; other sessions end, this one stays); change the email (the password first; the new address proves
 * itself by link, the old one is told); download the data; delete the account (the password first).
 */
import { z } from 'zod';
import { hashPassword } from '../auth/password.ts';
import { nowSeconds } from '../auth/store/rows.ts';
import type { AccountStore, UserRecord } from '../auth/store/types.ts';
import { accountDeletedMail, confirmNewEmailMail, emailChangeRequestedMail, emailTakenMail, passwordChangedMail } from '../mail/messages.ts';
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
  wrongPassword,
  type AccountContext,
  type ActionResult,
  type Actor,
} from './context.ts';
import { takeAccountAction } from './limits.ts';
import { passwordProblem } from './passwordPolicy.ts';

export async function changeName(ctx: AccountContext, actor: Actor, input: unknown): Promise<ActionResult> {
  const parsed = z.object({ name: nameField }).safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  await ctx.store.updateName(actor.user.id, parsed.data.name);
  return { ok: true, message: 'Your name is saved.' };
}

export async function changePassword(ctx: AccountContext, actor: Actor, input: unknown): Promise<ActionResult> {
  const parsed = z.object({ currentPassword: passwordField, newPassword: passwordField }).safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const { user } = actor;
  const wrong = await wrongPassword(user, parsed.data.currentPassword, 'currentPassword');
  if (wrong) return wrong;
  const problem = passwordProblem(parsed.data.newPassword, { email: user.email, name: user.name });
  if (problem) return fail(400, problem, 'newPassword');
  const passwordHash = await hashPassword(parsed.data.newPassword);
  await ctx.store.changePassword(user.id, passwordHash, actor.sessionDigest, passwordChangedMail(user.email, user.name, link(ctx, '/forgot')));
  ctx.mailQueued?.();
  return { ok: true, message: 'Your password is changed. Every other device was signed out.' };
}

export async function requestEmailChange(ctx: AccountContext, actor: Actor, input: unknown): Promise<ActionResult> {
  const parsed = z.object({ password: passwordField, newEmail: emailField }).safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const { user } = actor;
  const { newEmail } = parsed.data;
  const wrong = await wrongPassword(user, parsed.data.password, 'password');
  if (wrong) return wrong;
  if (newEmail === user.email) return fail(400, 'That is already your email address.', 'newEmail');
  const verdict = await takeAccountAction(ctx.store, 'change-email', ctx.ip, newEmail, ctx.limits);
  if (!verdict.allowed) return tooMany(verdict.retryAfterSeconds);
  const sent = `We sent a link to ${newEmail}: your account moves to that address once you follow it. Your current address was told.`;
  if (await ctx.store.findUserByEmail(newEmail)) {
    // Said the same way as a free address: whether another account has it is not this user's to learn.
    await ctx.store.enqueueMail([emailTakenMail(newEmail), emailChangeRequestedMail(user.email, user.name, newEmail, link(ctx, '/forgot'))]);
  } else {
    const { value, token } = linkToken('change-email', newEmail);
    await ctx.store.issueToken({ ...token, userId: user.id }, [
      confirmNewEmailMail(newEmail, user.name, link(ctx, '/confirm-email', value)),
      emailChangeRequestedMail(user.email, user.name, newEmail, link(ctx, '/forgot')),
    ]);
  }
  ctx.mailQueued?.();
  return { ok: true, message: sent };
}

/** Follows the link sent to a new address: the account moves there (verified by the link itself). */
export async function confirmEmailChange(ctx: AccountContext, token: unknown): Promise<ActionResult> {
  const result = await redeemLink(ctx.store, token, 'change-email', { kind: 'change-email' });
  if (!result.ok) return linkFailure(result.reason);
  return { ok: true, message: `Your account now uses ${result.user.email}.` };
}

export async function deleteAccount(ctx: AccountContext, actor: Actor, input: unknown): Promise<ActionResult> {
  const parsed = z.object({ password: passwordField, confirm: z.literal('delete', 'Type "delete" to confirm.') }).safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const { user } = actor;
  const wrong = await wrongPassword(user, parsed.data.password, 'password');
  if (wrong) return wrong;
  try {
    await ctx.endBilling?.(user);
  } catch (error) {
    console.error(`account deletion: the subscription could not be cancelled: ${error instanceof Error ? error.message : String(error)}`);
    return fail(503, 'Your subscription could not be cancelled just now, so the account was kept. Please try again in a minute.');
  }
  await ctx.store.deleteAccount(user.id, accountDeletedMail(user.email, user.name));
  ctx.mailQueued?.();
  return { ok: true, message: 'Your account and its personal data were deleted.' };
}

/** Everything the site keeps about the user, as the "download my data" file has it. */
export async function accountData(store: AccountStore, user: UserRecord, now = nowSeconds()) {
  const iso = (s: number | null) => (s === null ? null : new Date(s * 1000).toISOString());
  const [plans, sessions, paid, views] = await Promise.all([
    store.subscriptionsFor(user.id),
    store.sessionsFor(user.id, now),
    store.billingSubscriptionsOf(user.id),
    store.savedViewsOf(user.id),
  ]);
  return {
    exportedAt: iso(now),
    profile: {
      name: user.name,
      email: user.email,
      emailVerifiedAt: iso(user.emailVerifiedAt),
      createdAt: iso(user.createdAt),
      role: user.isAdmin ? 'admin' : 'member',
    },
    plans: plans.map((p) => ({ plan: p.planName, expiresAt: iso(p.expiresAt) })),
    subscriptions: paid.map((s) => ({
      status: s.status,
      interval: s.interval,
      amount: s.amountCents / 100,
      currency: s.currency,
      startedAt: iso(s.startedAt),
      currentPeriodEnd: iso(s.currentPeriodEnd),
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      endedAt: iso(s.endedAt),
    })),
    signIns: sessions.map((s) => ({ signedInAt: iso(s.createdAt), expiresAt: iso(s.expiresAt) })),
    savedViews: views.map((v) => ({ name: v.name, url: v.url, savedAt: iso(v.createdAt), alert: v.alert !== null })),
  };
}
