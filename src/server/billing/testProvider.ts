/**
 * The local test payment provider: what `npm start` sells through when no STRIPE_SECRET_KEY is set. It keeps
 * Stripe-shaped customers, Checkout Sessions and subscriptions in this process's memory (they are gone after a
 * restart; the site's own record of them, in the accounts store, stays) and pays with a button on a clearly
 * labelled page of the site ("Test mode: no money moves"). Every change it makes is announced as a Stripe-shaped
 * event, signed with its webhook secret and handed to the same webhook handler a real Stripe event goes
 * through (webhook.ts), so what happens after a payment is the production code path.
 * Production refuses it unless BILLING_TEST_PROVIDER=1 (src/server/http/server.ts).
 */
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import type { BillingProvider, CheckoutFields, CheckoutRequest, SignedEvent } from './provider.ts';

export type { SignedEvent };
import { verifyWebhook, webhookSigner } from './provider.ts';
import type { PlanInterval, PlanPrice } from './plans.ts';
import type { BillingSubscription } from '../auth/store/types.ts';
import { isLive, type SubscriptionFields } from './subscriptionState.ts';

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const PERIOD_SECONDS: Record<PlanInterval, number> = { month: 30 * 24 * 3600, year: 365 * 24 * 3600 };

interface TestSession extends CheckoutFields {
  request: CheckoutRequest;
  url: string;
  successUrl: string;
}

export type PortalAction = 'cancel-at-period-end' | 'resume' | 'switch-interval' | 'fail-payment' | 'end-now' | 'end-trial';
export const PORTAL_ACTIONS: readonly PortalAction[] = ['cancel-at-period-end', 'resume', 'switch-interval', 'fail-payment', 'end-now', 'end-trial'];

/** A payment the test provider would have taken (no money moves): the first one after a trial, and every paid checkout. */
export interface TestCharge {
  customer: string;
  subscription: string;
  amount: number;
  currency: string;
  at: number;
}

export class TestBillingProvider implements BillingProvider {
  readonly kind = 'test' as const;
  readonly #sessions = new Map<string, TestSession>();
  readonly #subscriptions = new Map<string, SubscriptionFields>();
  readonly #customers = new Map<string, { email: string; userId: number }>();
  readonly #charges: TestCharge[] = [];

  constructor(
    readonly webhookSecret: string,
    /** The prices the portal can switch between. */
    readonly prices: (interval: PlanInterval) => PlanPrice,
  ) {}

  verifyEvent(payload: string, signature: string | null): Stripe.Event {
    return verifyWebhook(webhookSigner, payload, signature, this.webhookSecret);
  }

  async createCustomer(user: { id: number; email: string; name: string }): Promise<string> {
    const customerId = id('cus');
    this.#customers.set(customerId, { email: user.email, userId: user.id });
    return customerId;
  }

  async createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }> {
    const sessionId = id('cs');
    const url = `/billing/test-checkout?session=${sessionId}`;
    this.#sessions.set(sessionId, {
      id: sessionId,
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: String(request.userId),
      customer: request.customerId,
      subscription: null,
      request,
      url,
      successUrl: request.successUrl.replace('{CHECKOUT_SESSION_ID}', sessionId),
    });
    return { id: sessionId, url };
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutFields> {
    const session = this.#sessions.get(sessionId);
    if (!session) throw Object.assign(new Error(`No such checkout session: ${sessionId}`), { statusCode: 404 });
    return session;
  }

  async retrieveSubscription(subscriptionId: string): Promise<SubscriptionFields> {
    const sub = this.#subscriptions.get(subscriptionId);
    if (!sub) throw Object.assign(new Error(`No such subscription: ${subscriptionId}`), { statusCode: 404 });
    return structuredClone(sub);
  }

  async createPortal(customerId: string, _returnUrl: string): Promise<string> {
    return `/billing/test-portal?customer=${encodeURIComponent(customerId)}`;
  }

  async cancelNow(subscriptionId: string): Promise<void> {
    if (this.#subscriptions.has(subscriptionId)) this.#change(subscriptionId, 'end-now');
  }

  /**
   * The account page's Cancel and Resume buttons: the answer is the subscription, as Stripe's API gives it (the
   * site records it from the answer; the event this change would announce is not needed for that).
   */
  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionFields> {
    const sub = await this.retrieveSubscription(subscriptionId);
    if (sub.status === 'canceled') throw Object.assign(new Error(`The subscription ${subscriptionId} has ended`), { statusCode: 400 });
    this.#change(subscriptionId, cancel ? 'cancel-at-period-end' : 'resume');
    return this.retrieveSubscription(subscriptionId);
  }

  /**
   * After a restart: a live subscription of the site's records, taken back into memory as it was recorded (the
   * price as recorded, the same period end and cancellation), unless the provider still holds it.
   */
  restore(record: BillingSubscription): void {
    if (this.#subscriptions.has(record.subscriptionId) || !isLive(record.status)) return;
    this.#subscriptions.set(record.subscriptionId, {
      id: record.subscriptionId,
      status: record.status,
      customer: record.customerId,
      cancel_at_period_end: record.cancelAtPeriodEnd,
      start_date: record.startedAt,
      ended_at: record.endedAt,
      metadata: record.userId === null ? {} : { user_id: String(record.userId) },
      items: { data: [this.#item({ ...this.prices(record.interval), cents: record.amountCents, currency: record.currency }, record.currentPeriodEnd)] },
    });
  }

  /** Ends the trial now, as Stripe's `trial_end: 'now'` does: the first payment is taken (recorded as a charge). */
  async endTrialNow(subscriptionId: string): Promise<SubscriptionFields> {
    const sub = await this.retrieveSubscription(subscriptionId);
    if (sub.status === 'trialing') this.#change(subscriptionId, 'end-trial');
    return this.retrieveSubscription(subscriptionId);
  }

  /** The trials over at `now`, ended as their cancellation says (see 'end-trial'), with the events they send. */
  endDueTrials(at: number): SignedEvent[] {
    const due = [...this.#subscriptions.values()].filter((s) => s.status === 'trialing' && s.items.data[0]!.current_period_end <= at);
    return due.flatMap((s) => this.#change(s.id, 'end-trial'));
  }

  /** The payments taken for a customer (test mode: none really), oldest first. */
  chargesOf(customerId: string): TestCharge[] {
    return this.#charges.filter((c) => c.customer === customerId).map((c) => ({ ...c }));
  }

  /** The open session behind the test checkout page, or null. */
  session(sessionId: string): TestSession | null {
    return this.#sessions.get(sessionId) ?? null;
  }

  /** The subscriptions of a customer (the test portal). */
  subscriptionsOf(customerId: string): SubscriptionFields[] {
    return [...this.#subscriptions.values()].filter((s) => s.customer === customerId).map((s) => structuredClone(s));
  }

  /**
   * The Pay button: the subscription starts (trialing when the plan has a trial), the session completes, and
   * the events Stripe would send follow, signed. Paying a session twice changes nothing and sends nothing.
   */
  completeCheckout(sessionId: string): { events: SignedEvent[]; successUrl: string } | null {
    const session = this.#sessions.get(sessionId);
    if (!session) return null;
    if (session.status === 'complete') return { events: [], successUrl: session.successUrl };
    const { request } = session;
    const start = now();
    const trialEnd = request.trialDays > 0 ? start + request.trialDays * 24 * 3600 : null;
    const sub: SubscriptionFields = {
      id: id('sub'),
      status: trialEnd ? 'trialing' : 'active',
      customer: request.customerId,
      cancel_at_period_end: false,
      start_date: start,
      ended_at: null,
      metadata: { user_id: String(request.userId) },
      items: { data: [this.#item(request.price, trialEnd ?? start + PERIOD_SECONDS[request.price.interval])] },
    };
    this.#subscriptions.set(sub.id, sub);
    session.status = 'complete';
    session.payment_status = trialEnd ? 'no_payment_required' : 'paid';
    if (!trialEnd) this.#charge(sub);
    session.subscription = sub.id;
    const events = [
      this.#event('customer.subscription.created', sub),
      this.#event('checkout.session.completed', { ...this.#publicSession(session) }),
      ...(trialEnd ? [] : [this.#event('invoice.paid', this.#invoice(sub, 'paid'))]),
    ];
    return { events, successUrl: session.successUrl };
  }

  /** A change made in the test portal (or by account deletion), with the events it sends. */
  change(subscriptionId: string, action: PortalAction): SignedEvent[] {
    if (!this.#subscriptions.has(subscriptionId)) return [];
    return this.#change(subscriptionId, action);
  }

  #change(subscriptionId: string, action: PortalAction): SignedEvent[] {
    const sub = this.#subscriptions.get(subscriptionId)!;
    const item = sub.items.data[0]!;
    switch (action) {
      case 'cancel-at-period-end':
        sub.cancel_at_period_end = true;
        return [this.#event('customer.subscription.updated', sub)];
      case 'resume':
        sub.cancel_at_period_end = false;
        return [this.#event('customer.subscription.updated', sub)];
      case 'switch-interval': {
        const next: PlanInterval = item.price.recurring?.interval === 'year' ? 'month' : 'year';
        sub.items.data[0] = this.#item(this.prices(next), item.current_period_end);
        return [this.#event('customer.subscription.updated', sub)];
      }
      case 'fail-payment':
        // The renewal's payment fails: the subscription moves to its next period, past due, while Stripe retries.
        sub.status = 'past_due';
        sub.items.data[0] = {
          ...item,
          current_period_end: item.current_period_end + PERIOD_SECONDS[item.price.recurring?.interval === 'year' ? 'year' : 'month'],
        };
        return [this.#event('invoice.payment_failed', this.#invoice(sub, 'open')), this.#event('customer.subscription.updated', sub)];
      case 'end-now':
        sub.status = 'canceled';
        sub.ended_at = now();
        return [this.#event('customer.subscription.deleted', sub)];
      case 'end-trial': {
        // The trial is over (its date came, or the test portal moves time there). Cancelled during the trial: the
        // subscription ends with no invoice, as Stripe ends one; else the first period starts and is paid.
        if (sub.status !== 'trialing') return [];
        const at = Math.min(now(), item.current_period_end);
        if (sub.cancel_at_period_end) {
          sub.status = 'canceled';
          sub.ended_at = at;
          sub.items.data[0] = { ...item, current_period_end: at };
          return [this.#event('customer.subscription.deleted', sub)];
        }
        sub.status = 'active';
        sub.items.data[0] = { ...item, current_period_end: at + PERIOD_SECONDS[item.price.recurring?.interval === 'year' ? 'year' : 'month'] };
        this.#charge(sub);
        return [this.#event('customer.subscription.updated', sub), this.#event('invoice.paid', this.#invoice(sub, 'paid'))];
      }
    }
  }

  #charge(sub: SubscriptionFields): void {
    const item = sub.items.data[0]!;
    const customer = typeof sub.customer === 'string' ? sub.customer : sub.customer.id;
    this.#charges.push({ customer, subscription: sub.id, amount: item.price.unit_amount ?? 0, currency: item.price.currency, at: now() });
  }

  #item(price: PlanPrice, periodEnd: number): SubscriptionFields['items']['data'][number] {
    return {
      current_period_end: periodEnd,
      price: {
        id: price.stripePriceId || `price_test_${price.interval}`,
        unit_amount: price.cents,
        currency: price.currency,
        recurring: { interval: price.interval },
      },
    };
  }

  #publicSession(session: TestSession): CheckoutFields & { object: 'checkout.session' } {
    const { id: sessionId, mode, status, payment_status, client_reference_id, customer, subscription } = session;
    return { object: 'checkout.session', id: sessionId, mode, status, payment_status, client_reference_id, customer, subscription };
  }

  #invoice(sub: SubscriptionFields, status: 'paid' | 'open') {
    const item = sub.items.data[0]!;
    return {
      object: 'invoice',
      id: id('in'),
      status,
      customer: sub.customer,
      amount_due: item.price.unit_amount,
      currency: item.price.currency,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
    };
  }

  #event(type: string, object: object): SignedEvent {
    const payload = JSON.stringify(
      { id: id('evt'), object: 'event', type, created: now(), livemode: false, api_version: null, pending_webhooks: 1, request: null, data: { object } },
      null,
      2,
    );
    return { payload, type, signature: webhookSigner.generateTestHeaderString({ payload, secret: this.webhookSecret }) };
  }
}
