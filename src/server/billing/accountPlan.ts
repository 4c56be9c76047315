/** The account page's plan section: the paid subscription's state and next charge, or a complimentary plan. */
import type { AccountStore, BillingSubscription } from '../auth/store/types.ts';
import { formatPlanDate } from '../../lib/accounts/planStatus.ts';
import { formatMoney } from './plans.ts';
import { describeSubscription, isLive } from './subscriptionState.ts';

export interface AccountPlanView {
  /** The latest paid subscription, if any. */
  subscription: BillingSubscription | null;
  label: string | null;
  tone: 'active' | 'warning' | 'ended' | null;
  /**
   * "$8.00 on December 25, 2026"; during a free trial "$8.00 on December 25, 2026, when the free trial ends;
   * cancel before then and pay nothing" (the trial's promise, on the account page as on /pricing).
   */
  nextCharge: string | null;
  endsOn: string | null;
  /**
   * The end of the running period of a live subscription (seconds): the date it renews or ends, the one the
   * confirmation page and the emails give (the plan's own expiry adds a day of grace for a renewal in flight).
   */
  periodEnd: number | null;
  /** True when the user has a billing customer (the portal can open). */
  canManage: boolean;
}

export async function accountPlan(store: AccountStore, userId: number): Promise<AccountPlanView> {
  const [subscriptions, customer] = await Promise.all([store.billingSubscriptionsOf(userId), store.billingCustomerOf(userId)]);
  const subscription = subscriptions.find((s) => isLive(s.status)) ?? subscriptions[0] ?? null;
  if (!subscription) return { subscription: null, label: null, tone: null, nextCharge: null, endsOn: null, periodEnd: null, canManage: customer !== null };
  const { label, tone } = describeSubscription(subscription);
  const live = isLive(subscription.status);
  // A payment that failed is due now (the account page says until when the plan stays open), not at the period's end.
  const renews = live && !subscription.cancelAtPeriodEnd && subscription.status !== 'past_due';
  return {
    subscription,
    label,
    tone,
    nextCharge: renews
      ? `${formatMoney(subscription.amountCents, subscription.currency)} on ${formatPlanDate(subscription.currentPeriodEnd)}` +
        (subscription.status === 'trialing' ? ', when the free trial ends; cancel before then and pay nothing' : '')
      : null,
    endsOn: live && subscription.cancelAtPeriodEnd ? formatPlanDate(subscription.currentPeriodEnd) : null,
    periodEnd: live ? subscription.currentPeriodEnd : null,
    canManage: customer !== null,
  };
}
