/**
 * Buying and managing the Stats plan, for the pages (routes stay thin):
 * - startCheckout: where "Subscribe" sends a user: sign up first (anonymous), confirm the email first
 *   (unverified), manage the plan instead (already active), or the provider's checkout (the customer reused,
 *   the customer's checkouts still open elsewhere expired first);
 * - confirmPurchase: what /purchase_confirmation says, read from the provider's Checkout Session and applied
 *   to the store if the webhook has not arrived yet (the same state the webhook would apply);
 * - openPortal: the provider's customer portal;
 * - setRenewal: the account page's Cancel (at the end of the period) and Resume buttons;
 * - cancelForDeletion: a deleted account's subscriptions end first.
 */
import type { Session } from '../../lib/accounts/sessionShape.ts';
import { statsPlanStatus } from '../../lib/accounts/planStatus.ts';
import { nowSeconds } from '../auth/store/rows.ts';
import type { BillingSubscription, UserRecord } from '../auth/store/types.ts';
import { planPrice, type PlanInterval } from './plans.ts';
import { claimOrEndTrial, trialDaysFor } from './trial.ts';
import { isLive, planExpiryOf, subscriptionStateOf, type SubscriptionFields } from './subscriptionState.ts';
import { transitionMails, type BillingContext } from './webhook.ts';

export type CheckoutStep = { kind: 'redirect'; location: string } | { kind: 'verify-email' } | { kind: 'error'; status: 400 | 503; message: string };

/** An account with a live paid subscription, or an active plan (an operator's grant), buys no second one. */
export function hasRunningPlan(paid: BillingSubscription[], session: Session): boolean {
  return paid.some((s) => isLive(s.status)) || statsPlanStatus(session, nowSeconds()).state === 'active';
}

export async function startCheckout(
  ctx: BillingContext,
  account: { user: UserRecord; session: Session } | null,
  interval: PlanInterval,
): Promise<CheckoutStep> {
  const here = `/checkout?interval=${interval}`;
  if (!account) return { kind: 'redirect', location: `/signup?${new URLSearchParams({ callbackUrl: here })}` };
  const { user, session } = account;
  if (user.emailVerifiedAt === null) return { kind: 'verify-email' };
  const paid = await ctx.store.billingSubscriptionsOf(user.id);
  if (hasRunningPlan(paid, session)) {
    return { kind: 'redirect', location: paid.length > 0 ? '/billing/portal' : '/profile#plan' };
  }
  let customerId = await ctx.store.billingCustomerOf(user.id);
  if (!customerId) {
    customerId = await ctx.provider.createCustomer({ id: user.id, email: user.email, name: user.name });
    await ctx.store.linkBillingCustomer(user.id, customerId);
  } else {
    // One open checkout per customer: the one opened before (another tab) can no longer be paid.
    await ctx.provider.expireOpenCheckouts?.(customerId);
  }
  const checkout = await ctx.provider.createCheckout({
    userId: user.id,
    email: user.email,
    customerId,
    price: planPrice(interval),
    trialDays: await trialDaysFor(ctx.store, user.email),
    successUrl: `${ctx.origin}/purchase_confirmation?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${ctx.origin}/pricing`,
  });
  return { kind: 'redirect', location: checkout.url };
}

export type Confirmation =
  | { kind: 'confirmed'; trial: boolean; periodEnd: number; interval: PlanInterval }
  | { kind: 'pending' }
  | { kind: 'none'; reason: string };

export async function confirmPurchase(ctx: BillingContext, user: UserRecord | null, sessionId: string | null): Promise<Confirmation> {
  if (!user) return { kind: 'none', reason: 'Sign in to see your purchase.' };
  if (!sessionId || !/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) return { kind: 'none', reason: 'There is no purchase to confirm here.' };
  let session: Awaited<ReturnType<typeof ctx.provider.retrieveCheckout>>;
  try {
    session = await ctx.provider.retrieveCheckout(sessionId);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404 || (error as { cause?: { statusCode?: number } }).cause?.statusCode === 404) {
      return { kind: 'none', reason: 'There is no purchase to confirm here.' };
    }
    throw error;
  }
  if (session.client_reference_id !== String(user.id)) return { kind: 'none', reason: 'This purchase belongs to another account.' };
  if (session.status !== 'complete' || !session.subscription) return { kind: 'pending' };
  const subscription: SubscriptionFields =
    typeof session.subscription === 'string' ? await ctx.provider.retrieveSubscription(session.subscription) : session.subscription;
  let state = subscriptionStateOf(subscription, nowSeconds(), user.id);
  if (!isLive(state.status)) return { kind: 'pending' };
  // One trial per person (trial.ts), here too when the return page comes before the webhook.
  const refused = await claimOrEndTrial(ctx, subscription, state, user, state.stateAt);
  if (refused) state = refused.state;
  const recorded = await ctx.store.billingSubscriptionsOf(user.id);
  const stored = recorded.find((s) => s.subscriptionId === state.subscriptionId);
  // Another live subscription: this one is a second purchase, which the webhook cancels (webhook.ts); not here.
  const another = recorded.some((s) => s.subscriptionId !== state.subscriptionId && isLive(s.status));
  if (!stored && !another) {
    // The webhook has not arrived yet: apply what the provider says now, as the webhook will.
    const customerId = typeof session.customer === 'string' ? session.customer : session.customer?.id;
    await ctx.store.applyBillingUpdate({
      eventId: null,
      type: 'checkout-return',
      created: state.stateAt,
      customer: customerId ? { userId: user.id, customerId } : null,
      subscription: state,
      planExpiresAt: planExpiryOf(state),
      mailsFor: transitionMails(ctx, { email: user.email, name: user.name }),
    });
    ctx.mailQueued?.();
  }
  return { kind: 'confirmed', trial: state.status === 'trialing', periodEnd: state.currentPeriodEnd, interval: state.interval };
}

export async function openPortal(ctx: BillingContext, user: UserRecord): Promise<string | null> {
  const customerId = await ctx.store.billingCustomerOf(user.id);
  return customerId ? ctx.provider.createPortal(customerId, `${ctx.origin}/profile#plan`) : null;
}

export type RenewalAnswer = { ok: true; state: BillingSubscription } | { ok: false; status: 400; message: string };

/**
 * Cancels the user's live subscription at the end of its period (renew = false) or resumes it (renew = true),
 * at the provider, and records the provider's answer at once (as confirmPurchase does; the provider's own event
 * later finds the same state and sends nothing). The cancellation message is queued with the change.
 */
export async function setRenewal(ctx: BillingContext, user: UserRecord, renew: boolean): Promise<RenewalAnswer> {
  if (!ctx.provider.setCancelAtPeriodEnd)
    return { ok: false, status: 400, message: 'Your payment provider\'s own page manages this: use "Manage billing and invoices".' };
  const live = (await ctx.store.billingSubscriptionsOf(user.id)).find((s) => s.status === 'active' || s.status === 'trialing');
  if (!live) return { ok: false, status: 400, message: 'You have no running paid plan to change.' };
  if (live.cancelAtPeriodEnd !== renew) return { ok: true, state: live };
  ctx.provider.restore?.(live);
  let subscription: SubscriptionFields;
  try {
    subscription = await ctx.provider.setCancelAtPeriodEnd(live.subscriptionId, !renew);
  } catch (error) {
    if (ctx.provider.kind === 'test')
      return {
        ok: false,
        status: 400,
        message: "The test provider no longer has this subscription (test subscriptions live in the server's memory until it restarts).",
      };
    throw error;
  }
  const now = nowSeconds();
  const state = subscriptionStateOf(subscription, Math.max(now, live.stateAt), user.id);
  await ctx.store.applyBillingUpdate({
    eventId: null,
    type: renew ? 'resume' : 'cancel-at-period-end',
    created: now,
    customer: null,
    subscription: state,
    planExpiresAt: planExpiryOf(state, subscription),
    mailsFor: transitionMails(ctx, { email: user.email, name: user.name }),
  });
  ctx.mailQueued?.();
  return { ok: true, state };
}

/**
 * Ends the user's live subscriptions at the provider, and records them as ended, before the account is deleted
 * (a provider that cannot be reached stops the deletion: nobody is charged for an account that is gone).
 */
export async function cancelForDeletion(ctx: BillingContext, user: UserRecord): Promise<number> {
  const live = (await ctx.store.billingSubscriptionsOf(user.id)).filter((s) => isLive(s.status));
  for (const s of live) {
    await ctx.provider.cancelNow(s.subscriptionId);
    const now = nowSeconds();
    const ended = { ...s, status: 'canceled', endedAt: now, stateAt: Math.max(now, s.stateAt) };
    await ctx.store.applyBillingUpdate({ eventId: null, type: 'account-deleted', created: now, customer: null, subscription: ended, planExpiresAt: now });
  }
  return live.length;
}
