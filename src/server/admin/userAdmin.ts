/**
 * The admins' account lookup (/admin/users): one account found by its address, with what support needs to see
 * (the plan, the billing state, whether the free trial was used, the live sign-ins, the API keys, what admins
 * did to it), and the three actions it offers. The rules:
 * - only an admin's request gets here (the page answers 404 to everyone else, as the other admin pages do), and
 *   every action comes from a form with the visitor's CSRF token;
 * - a complimentary plan is granted for 1 to 3,650 days from now (it replaces the plan's expiry) and revoked
 *   whole; an account with a running paid subscription is refused both (409: its plan follows the payment
 *   provider's events, which would overwrite a grant, and a revoke would lock out a paying customer);
 * - "resend the confirmation" mails a new link (the older ones stop working) under the same per-address limits
 *   as the owner's own request; a confirmed address gets none;
 * - every action that was carried out is logged (admin_actions, and the server log), e.g.
 *   { admin: admin@example.com, action: grant, target: ann@example.com, detail: "Stats for 30 days, until 2027-01-04" }.
 */
import { STATS_PLAN } from '../../lib/accounts/sessionShape.ts';
import { nowSeconds } from '../auth/store/rows.ts';
import type {
  AccountStore,
  AdminActionRecord,
  ApiKeyRecord,
  BillingSubscription,
  SessionSummary,
  SubscriptionRecord,
  UserRecord,
} from '../auth/store/types.ts';
import { normalizeEmail } from '../auth/store/types.ts';
import { resendVerification } from '../accounts/signup.ts';
import type { AccountContext, ActionResult } from '../accounts/context.ts';
import { describeSubscription, isLive } from '../billing/subscriptionState.ts';
import { trialUsed } from '../billing/trial.ts';
import { logger } from '../log.ts';

export const MAX_GRANT_DAYS = 3650;

export interface AccountLookup {
  user: UserRecord;
  plans: SubscriptionRecord[];
  billing: (BillingSubscription & { label: string })[];
  trial: { used: boolean; claimedAt: number | null };
  signIns: SessionSummary[];
  apiKeys: ApiKeyRecord[];
  actions: AdminActionRecord[];
}

/** A lookup's address, or why it cannot be one (the page shows the message). */
export function lookupAddress(raw: string | null): { ok: true; email: string } | { ok: false; message: string } | null {
  if (raw === null || raw.trim() === '') return null;
  const email = normalizeEmail(raw);
  if (email.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(email)) return { ok: false, message: 'That is not an email address.' };
  return { ok: true, email };
}

export async function lookupAccount(store: AccountStore, email: string): Promise<AccountLookup | null> {
  const user = await store.findUserByEmail(email);
  if (!user) return null;
  const now = nowSeconds();
  const [plans, billing, trial, signIns, apiKeys, actions] = await Promise.all([
    store.subscriptionsFor(user.id),
    store.billingSubscriptionsOf(user.id),
    trialUsed(store, user),
    store.sessionsFor(user.id, now),
    store.apiKeysOf(user.id),
    store.adminActions(user.email, 20),
  ]);
  return { user, plans, billing: billing.map((b) => ({ ...b, label: describeSubscription(b).label })), trial, signIns, apiKeys, actions };
}

export type AdminActionName = 'grant' | 'revoke' | 'resend-confirmation';
export const ADMIN_ACTIONS: readonly AdminActionName[] = ['grant', 'revoke', 'resend-confirmation'];

const isoDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** Carries out one admin action on the account at `email`, logging it when it was carried out. */
export async function runAdminAction(ctx: AccountContext, admin: { email: string }, fields: Record<string, string>): Promise<ActionResult> {
  const action = fields.action as AdminActionName;
  if (!ADMIN_ACTIONS.includes(action)) return { ok: false, status: 400, message: 'Unknown action.' };
  const address = lookupAddress(fields.email ?? null);
  if (!address?.ok) return { ok: false, status: 400, message: 'That is not an email address.' };
  const user = await ctx.store.findUserByEmail(address.email);
  if (!user) return { ok: false, status: 400, message: `No account has the address ${address.email}.` };
  let detail: string;
  let result: ActionResult;
  if (action === 'grant' || action === 'revoke') {
    const paying = (await ctx.store.billingSubscriptionsOf(user.id)).some((s) => isLive(s.status));
    if (paying)
      return { ok: false, status: 409, message: `${user.email} pays for the plan: its billing decides the plan (cancel or refund from the payment provider).` };
    if (action === 'grant') {
      // Digits only: Number() would also take "1e3" (1,000 days) or "0x10".
      const days = /^\d{1,4}$/.test((fields.days ?? '').trim()) ? Number(fields.days) : NaN;
      if (!Number.isInteger(days) || days < 1 || days > MAX_GRANT_DAYS) {
        return { ok: false, status: 400, message: `Days: a whole number from 1 to ${MAX_GRANT_DAYS}.`, field: 'days' };
      }
      const until = nowSeconds() + days * 86_400;
      await ctx.store.grantSubscription(user.email, STATS_PLAN, until);
      detail = `${STATS_PLAN} for ${days} days, until ${isoDay(until)}`;
      result = { ok: true, message: `Granted: ${user.email} has the ${STATS_PLAN} plan until ${isoDay(until)}.` };
    } else {
      const removed = await ctx.store.revokeSubscription(user.email, STATS_PLAN);
      if (!removed) return { ok: false, status: 400, message: `${user.email} has no ${STATS_PLAN} plan to revoke.` };
      detail = `${STATS_PLAN} revoked`;
      result = { ok: true, message: `Revoked: ${user.email} no longer has the ${STATS_PLAN} plan.` };
    }
  } else {
    if (user.emailVerifiedAt !== null) return { ok: false, status: 400, message: `${user.email} is confirmed already: no link was sent.` };
    result = await resendVerification(ctx, { user, sessionDigest: '' });
    if (!result.ok) return result;
    detail = 'a new confirmation link mailed';
    result = { ok: true, message: `A new confirmation link was sent to ${user.email}.` };
  }
  const at = nowSeconds();
  await ctx.store.logAdminAction({ adminEmail: admin.email, action, targetEmail: user.email, detail, at });
  logger().info({ admin: admin.email, action, target: user.email, detail }, 'admin: account action');
  return result;
}
