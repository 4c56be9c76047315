/**
 * The payment provider, as the site uses it: Stripe through its official SDK (Checkout in subscription mode,
 * the customer portal, webhooks signed with the endpoint's secret), or the local test provider
 * (testProvider.ts) that `npm start` uses when no STRIPE_SECRET_KEY is set. Both hand back Stripe-shaped
 * objects and events, so the rest of the site (webhook.ts, checkout.ts) has one code path.
 */
import Stripe from 'stripe';
import type { AccountStore, BillingSubscription } from '../auth/store/types.ts';
import type { SubscriptionFields } from './subscriptionState.ts';
import type { PlanPrice } from './plans.ts';

/** A signed event, ready for the webhook handler: its body and its Stripe-Signature header. */
export interface SignedEvent {
  payload: string;
  signature: string;
  type: string;
}

/** What the billing handlers work with: the accounts store, the payment provider, and where links point. */
export interface BillingContext {
  store: AccountStore;
  provider: BillingProvider;
  /** The public origin, for links in the emails. */
  origin: string;
  mailQueued?: () => void;
}

export interface CheckoutRequest {
  userId: number;
  email: string;
  customerId: string;
  price: PlanPrice;
  trialDays: number;
  /** Absolute URLs; success_url carries {CHECKOUT_SESSION_ID}. */
  successUrl: string;
  cancelUrl: string;
}

/** The fields of a Checkout Session the site reads. */
export type CheckoutFields = Pick<Stripe.Checkout.Session, 'id' | 'mode' | 'status' | 'payment_status' | 'client_reference_id'> & {
  customer: string | { id: string } | null;
  subscription: string | SubscriptionFields | null;
};

export interface BillingProvider {
  readonly kind: 'stripe' | 'test';
  /** Checks a webhook's signature and reads its event (verifyWebhook); throws when it is missing, wrong or out of time. */
  verifyEvent(payload: string, signature: string | null): Stripe.Event;
  createCustomer(user: { id: number; email: string; name: string }): Promise<string>;
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  retrieveCheckout(id: string): Promise<CheckoutFields>;
  retrieveSubscription(id: string): Promise<SubscriptionFields>;
  /** The customer portal (payment method, invoices, switch interval, cancel); returns its URL. */
  createPortal(customerId: string, returnUrl: string): Promise<string>;
  /**
   * Ends a subscription now: account deletion, or (credit = true) a second subscription bought by mistake, whose
   * unused time is credited to the customer (Stripe: prorate and invoice_now, so the credit is on the customer's
   * balance at once and pays the plan they keep).
   */
  cancelNow(subscriptionId: string, credit?: boolean): Promise<void>;
  /**
   * Expires the customer's open checkouts (but `keep`), so that a checkout opened in another tab can no longer be
   * paid; returns how many. Stripe: list with customer and status=open, then expire each (one that completed
   * meanwhile cannot be expired, and is left to the webhook). Absent for the test provider, whose checkout page
   * refuses a second payment itself.
   */
  expireOpenCheckouts?(customerId: string, keep?: string): Promise<number>;
  /**
   * Turns the renewal off (cancel at the end of the period) or back on (resume, undoing the cancellation), and
   * returns the subscription as it is then. Absent when the provider cannot: the account page offers no button.
   */
  setCancelAtPeriodEnd?(subscriptionId: string, cancel: boolean): Promise<SubscriptionFields>;
  /**
   * The local test provider only (its subscriptions live in the server's memory): takes back a live subscription
   * the site recorded but the provider no longer holds (the server restarted since it was bought), so that it can
   * still be cancelled, resumed or changed. Stripe keeps its own: absent.
   */
  restore?(record: BillingSubscription): void;
  /**
   * The fingerprint of the card a subscription will be charged on (one trial per card, trial.ts): the
   * subscription's `default_payment_method`, else its customer's `invoice_settings.default_payment_method`, read
   * as a PaymentMethod (`card.fingerprint`); null when there is none. Absent for the test provider (no cards).
   */
  cardFingerprint?(subscription: SubscriptionFields): Promise<string | null>;
  /** Ends a subscription's trial now (`trial_end: 'now'`): the first payment is taken at once; returns it then. */
  endTrialNow(subscriptionId: string): Promise<SubscriptionFields>;
  /** The test provider only: the trials over at `now` end (cancelled ones without a charge), with their events. */
  endDueTrials?(now: number): SignedEvent[];
}

/** The provider cannot be reached or refused the request: the page says so (503), nothing is changed. */
export class BillingUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The payment provider could not be reached (${cause instanceof Error ? cause.message : String(cause)})`, { cause });
    this.name = 'BillingUnavailableError';
  }
}

async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new BillingUnavailableError(error);
  }
}

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (a Stripe-compatible server); empty: api.stripe.com. */
  apiUrl?: string;
}

export function stripeProvider({ secretKey, webhookSecret, apiUrl }: StripeOptions): BillingProvider {
  const at = apiUrl ? new URL(apiUrl) : null;
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    ...(at ? { host: at.hostname, port: at.port || (at.protocol === 'https:' ? 443 : 80), protocol: at.protocol === 'https:' ? 'https' : 'http' } : {}),
  });
  return {
    kind: 'stripe',
    verifyEvent: (payload, signature) => verifyWebhook(stripe.webhooks, payload, signature, webhookSecret),
    createCustomer: (user) =>
      guarded(async () => (await stripe.customers.create({ email: user.email, name: user.name, metadata: { user_id: String(user.id) } })).id),
    createCheckout: (request) =>
      guarded(async () => {
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: request.customerId,
          client_reference_id: String(request.userId),
          metadata: { user_id: String(request.userId) },
          line_items: [{ price: request.price.stripePriceId, quantity: 1 }],
          subscription_data: {
            metadata: { user_id: String(request.userId) },
            ...(request.trialDays > 0 ? { trial_period_days: request.trialDays } : {}),
          },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        });
        if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
        return { id: session.id, url: session.url };
      }),
    retrieveCheckout: (id) => guarded(() => stripe.checkout.sessions.retrieve(id)),
    retrieveSubscription: (id) => guarded(() => stripe.subscriptions.retrieve(id)),
    createPortal: (customerId, returnUrl) =>
      guarded(async () => (await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url),
    cancelNow: (subscriptionId, credit = false) =>
      guarded(async () => {
        await stripe.subscriptions.cancel(subscriptionId, credit ? { prorate: true, invoice_now: true } : {});
      }),
    expireOpenCheckouts: (customerId, keep) =>
      guarded(async () => {
        const open = await stripe.checkout.sessions.list({ customer: customerId, status: 'open', limit: 100 });
        let expired = 0;
        for (const session of open.data) {
          if (session.id === keep) continue;
          try {
            await stripe.checkout.sessions.expire(session.id);
            expired += 1;
          } catch {
            // Completed (or expired) since the list: nothing to expire; the webhook sees what was paid.
          }
        }
        return expired;
      }),
    setCancelAtPeriodEnd: (subscriptionId, cancel) => guarded(() => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel })),
    endTrialNow: (subscriptionId) => guarded(() => stripe.subscriptions.update(subscriptionId, { trial_end: 'now' })),
    cardFingerprint: (subscription) =>
      guarded(async () => {
        let method: SubscriptionFields['default_payment_method'] | Stripe.PaymentMethod = subscription.default_payment_method ?? null;
        if (!method) {
          const customerId = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
          const customer = await stripe.customers.retrieve(customerId);
          method = customer.deleted ? null : (customer.invoice_settings?.default_payment_method ?? null);
        }
        if (!method) return null;
        const paymentMethod = typeof method === 'string' ? await stripe.paymentMethods.retrieve(method) : method;
        return paymentMethod.card?.fingerprint ?? null;
      }),
  };
}

/** A Stripe client that only signs and checks webhook payloads (no key is used, nothing goes out). */
export const webhookSigner = new Stripe('sk_test_signing_only', { telemetry: false }).webhooks;

/** How far a webhook's signed time may be from now, either side (Stripe's own default, made explicit). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Checks a Stripe-Signature header (`t=<signed at, s>,v1=<HMAC of "t.payload">`) and reads the event: the HMAC
 * through the SDK (constructEvent, with WEBHOOK_TOLERANCE_SECONDS), and the signed time within the tolerance on
 * both sides of now. The SDK only refuses old signatures: a header signed for t=now+3600 (a clock an hour ahead,
 * or a signature made to be replayed later) would pass it, and stay good for an hour and five minutes. Both
 * providers check with this (the test provider signs with its own secret). Throws when the header is missing,
 * its HMAC is wrong, or its time is outside [now - 300 s, now + 300 s].
 */
export function verifyWebhook(webhooks: Stripe.Webhooks, payload: string, header: string | null, secret: string, now = Date.now()): Stripe.Event {
  if (!header) throw new Error('No Stripe-Signature header');
  const event = webhooks.constructEvent(payload, header, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, now);
  // The SDK verified the HMAC over the header's (last) t= value; the same one is read here.
  const signedAt = header
    .split(',')
    .map((part) => part.trim().split('='))
    .filter(([key]) => key === 't')
    .map(([, value]) => Number(value))
    .at(-1);
  if (signedAt === undefined || !Number.isFinite(signedAt)) throw new Error('No timestamp in the Stripe-Signature header');
  if (signedAt - Math.floor(now / 1000) > WEBHOOK_TOLERANCE_SECONDS) throw new Error('Timestamp outside the tolerance zone (in the future)');
  return event;
}
