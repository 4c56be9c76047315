/**
 * What a payment provider's subscription means for the site: its state as the accounts store keeps it, and the
 * Stats plan expiry it gives. The rule:
 * - active, trialing and past_due (Stripe is retrying a failed payment) keep the plan until the end of the
 *   current period, plus a day of grace for a renewal whose webhook is still on its way; a subscription set to
 *   cancel at period end keeps it exactly to that date;
 * - canceled, unpaid, incomplete_expired and paused end it when the subscription ended (or now);
 * - incomplete (the first payment is not through) leaves the plan as it is.
 */
import type Stripe from 'stripe';
import type { BillingSubscription } from '../auth/store/types.ts';

export const RENEWAL_GRACE_SECONDS = 24 * 3600;

/** The fields of a Stripe subscription the site reads (real ones, the tests' stand-in's and the test provider's). */
export type SubscriptionFields = Pick<Stripe.Subscription, 'id' | 'status' | 'cancel_at_period_end' | 'start_date' | 'ended_at'> & {
  customer: string | { id: string };
  metadata: Stripe.Metadata | null;
  /** The payment method charged after a trial (Checkout sets it): an id, or the object when expanded. */
  default_payment_method?: string | { id: string; card?: { fingerprint?: string | null } | null } | null;
  items: {
    data: Array<
      Pick<Stripe.SubscriptionItem, 'current_period_end'> & {
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

/** The Stats plan expiry a state gives, or null to leave the plan as it is. */
export function planExpiryOf(state: BillingSubscription): number | null {
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
