/**
 * What a payment provider's subscription means for the site: its state as the accounts store keeps it, and the
 * Stats plan expiry it gives. The rule:
 * - active, trialing and past_due (Stripe is retrying a failed renewal) keep the plan until the end of the
 *   current period, plus a day of grace for a renewal whose webhook is still on its way; a subscription set to
 *   cancel at period end keeps it exactly to that date;
 * - but the first payment after a free trial that has not gone through (past_due or incomplete, its period
 *   starting at the trial's end: nothing was ever paid) keeps the plan only 3 days past the trial's end
 *   (TRIAL_PAYMENT_GRACE_SECONDS), not the month Stripe's new period runs to. Example: a trial ending on
 *   1 March 10:00 whose card is declined leaves the plan open to 4 March 10:00; the payment going through on a
 *   retry (invoice.paid, active) opens it to the period's end again;
 * - canceled, unpaid, incomplete_expired and paused end it when the subscription ended (or now);
 * - incomplete otherwise (a first payment with no trial, not through yet) leaves the plan as it is.
 */
import type Stripe from 'stripe';
import type { BillingSubscription } from '../auth/store/types.ts';

export const RENEWAL_GRACE_SECONDS = 24 * 3600;

/** How long the plan stays open after a free trial whose first payment failed (docs/explanation/free-trial.md). */
export const TRIAL_PAYMENT_GRACE_SECONDS = 3 * 24 * 3600;

/** The fields of a Stripe subscription the site reads (real ones, the tests' stand-in's and the test provider's). */
export type SubscriptionFields = Pick<Stripe.Subscription, 'id' | 'status' | 'cancel_at_period_end' | 'start_date' | 'ended_at'> & {
  /** The end of the free trial, if the subscription had one (Stripe's field; the test provider's too). */
  trial_end?: number | null;
  customer: string | { id: string };
  metadata: Stripe.Metadata | null;
  /** The payment method charged after a trial (Checkout sets it): an id, or the object when expanded. */
  default_payment_method?: string | { id: string; card?: { fingerprint?: string | null } | null } | null;
  items: {
    data: Array<
      Pick<Stripe.SubscriptionItem, 'current_period_end'> &
        Partial<Pick<Stripe.SubscriptionItem, 'current_period_start'>> & {
          price: Pick<Stripe.Price, 'id' | 'unit_amount' | 'currency'> & { recurring: Pick<Stripe.Price.Recurring, 'interval'> | null };
        }
    >;
  };
};

const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

/** The user a subscription names in its metadata (set at checkout), if any. */
export function metadataUserId(metadata: Stripe.Metadata | null | undefined): number | null {
  const id = Number(metadata?.user_id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function subscriptionStateOf(sub: SubscriptionFields, stateAt: number, userId: number | null): BillingSubscription {
  const item = sub.items.data[0];
  return {
    subscriptionId: sub.id,
    customerId: idOf(sub.customer),
    userId: userId ?? metadataUserId(sub.metadata),
    status: sub.status,
    interval: item?.price.recurring?.interval === 'year' ? 'year' : 'month',
    amountCents: item?.price.unit_amount ?? 0,
    currency: item?.price.currency ?? 'usd',
    currentPeriodEnd: item?.current_period_end ?? stateAt,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    startedAt: sub.start_date,
    endedAt: sub.ended_at ?? null,
    stateAt,
  };
}

/** Whether the subscription gives the plan now (the states whose expiry runs to the period's end). */
export function isLive(status: string): boolean {
  return status === 'active' || status === 'trialing' || status === 'past_due';
}

/**
 * The end of the free trial whose first payment is due and not paid (past_due or incomplete, in the period that
 * starts at the trial's end), or null: any other state, a trial still running, or a later renewal that failed.
 */
export function unpaidTrialEnd(sub: Pick<SubscriptionFields, 'status' | 'trial_end' | 'items'>): number | null {
  if (sub.status !== 'past_due' && sub.status !== 'incomplete') return null;
  const trialEnd = sub.trial_end ?? null;
  const periodStart = sub.items.data[0]?.current_period_start;
  if (trialEnd === null || periodStart === undefined || periodStart > trialEnd) return null;
  return trialEnd;
}

/**
 * The Stats plan expiry a state gives, or null to leave the plan as it is. With the provider's subscription, a
 * first payment after a trial that did not go through ends the plan 3 days after the trial (the header's rule).
 */
export function planExpiryOf(state: BillingSubscription, subscription?: Pick<SubscriptionFields, 'status' | 'trial_end' | 'items'>): number | null {
  const trialEnd = subscription ? unpaidTrialEnd(subscription) : null;
  if (trialEnd !== null) return trialEnd + TRIAL_PAYMENT_GRACE_SECONDS;
  if (isLive(state.status)) return state.cancelAtPeriodEnd ? state.currentPeriodEnd : state.currentPeriodEnd + RENEWAL_GRACE_SECONDS;
  if (state.status === 'incomplete') return null;
  return state.endedAt ?? state.stateAt;
}

/** How a subscription reads on the account page. */
export function describeSubscription(state: BillingSubscription): { label: string; tone: 'active' | 'warning' | 'ended' } {
  if (state.status === 'trialing') return { label: state.cancelAtPeriodEnd ? 'Trial, cancelled' : 'Free trial', tone: 'active' };
  if (state.status === 'active') return { label: state.cancelAtPeriodEnd ? 'Cancelled' : 'Active', tone: state.cancelAtPeriodEnd ? 'warning' : 'active' };
  if (state.status === 'past_due') return { label: 'Payment failed', tone: 'warning' };
  if (state.status === 'incomplete') return { label: 'Payment pending', tone: 'warning' };
  return { label: 'Ended', tone: 'ended' };
}
