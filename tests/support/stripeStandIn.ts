/**
 * A Stripe-compatible HTTP server for the tests (Stripe itself cannot be reached from these machines). The
 * official SDK talks to it through its `host`, `port` and `protocol` options (STRIPE_API_URL). It implements the
 * few endpoints the site uses, with the request and object shapes of Stripe's published API reference
 * (form-encoded bodies with bracketed keys, `Bearer` keys, JSON objects with `object` and `id`, `{ error: { type,
 * message } }` with 4xx), its objects checked by the SDK's own types (`satisfies`):
 *   POST /v1/customers, POST /v1/checkout/sessions, GET /v1/checkout/sessions (customer, status),
 *   GET /v1/checkout/sessions/:id, POST /v1/checkout/sessions/:id/expire (an open session only; an expired one
 *   can no longer be paid), GET /v1/subscriptions/:id, POST /v1/subscriptions/:id (cancel_at_period_end),
 *   DELETE /v1/subscriptions/:id (prorate and invoice_now: the unused time credited), POST /v1/billing_portal/sessions,
 *   POST /v1/subscriptions/:id with trial_end=now (the trial ends, the first period is charged), a trial's end
 *   reached with the card paying or declined (endTrial),
 *   GET /v1/payment_methods/:id (a card with its fingerprint), GET /v1/customers/:id (invoice_settings).
 * A checkout is paid with a card (its fingerprint chosen by the test, a new one by default): the subscription's
 * default_payment_method, as Checkout sets it.
 * What the customer pays is recorded: a charge per paid checkout, a credit per prorated cancellation.
 * A change made through the API is announced as Stripe would: a signed customer.subscription.updated delivered
 * to the webhook URL (when one is set) after the answer.
 * Test controls (not Stripe's API) complete a checkout, change a subscription, and deliver signed events to a
 * webhook URL as Stripe would (Stripe-Signature made with the SDK's generateTestHeaderString). Its hosted pages
 * (GET /pay/:session, GET /portal/:customer) let a browser test click through as a buyer would.
 */
import http from 'node:http';
import type net from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

const sdk = new Stripe('sk_test_standin', { telemetry: false });

export interface StandInPrice {
  id: string;
  unit_amount: number;
  currency: string;
  interval: 'month' | 'year';
}

/**
 * The prices the billing unit tests give the site (STRIPE_PRICE_MONTHLY=price_monthly_test,
 * STRIPE_PRICE_ANNUAL=price_annual_test): $8.00 a month and $75.00 a year.
 */
export const UNIT_TEST_PRICES: readonly StandInPrice[] = [
  { id: 'price_monthly_test', unit_amount: 800, currency: 'usd', interval: 'month' },
  { id: 'price_annual_test', unit_amount: 7500, currency: 'usd', interval: 'year' },
];

type Sub = Pick<
  Stripe.Subscription,
  'id' | 'object' | 'status' | 'cancel_at_period_end' | 'start_date' | 'ended_at' | 'created' | 'livemode' | 'trial_start' | 'trial_end'
> & {
  customer: string;
  default_payment_method: string | null;
  metadata: Stripe.Metadata;
  items: {
    object: 'list';
    data: (Pick<Stripe.SubscriptionItem, 'id' | 'object' | 'current_period_start' | 'current_period_end' | 'quantity'> & {
      price: Pick<Stripe.Price, 'id' | 'object' | 'unit_amount' | 'currency' | 'type'> & {
        recurring: Pick<Stripe.Price.Recurring, 'interval' | 'interval_count'>;
      };
    })[];
  };
};
type Session = Pick<
  Stripe.Checkout.Session,
  'id' | 'object' | 'mode' | 'status' | 'payment_status' | 'client_reference_id' | 'url' | 'success_url' | 'cancel_url' | 'livemode'
> & {
  customer: string;
  subscription: string | null;
  metadata: Stripe.Metadata;
  /** Kept by the stand-in: what was bought. */
  price: string;
  trialDays: number;
};
type Customer = Pick<Stripe.Customer, 'id' | 'object' | 'email' | 'name' | 'livemode'> & {
  metadata: Stripe.Metadata;
  invoice_settings: { default_payment_method: string | null };
};
type PaymentMethod = Pick<Stripe.PaymentMethod, 'id' | 'object' | 'type' | 'livemode'> & {
  customer: string;
  card: Pick<Stripe.PaymentMethod.Card, 'brand' | 'last4' | 'fingerprint'>;
};

export interface StripeStandIn {
  url: string;
  /** The SDK's requests, in order: method, path and form fields. */
  requests: { method: string; path: string; form: Record<string, string> }[];
  customers: Map<string, Customer>;
  sessions: Map<string, Session>;
  subscriptions: Map<string, Sub>;
  paymentMethods: Map<string, PaymentMethod>;
  /** Where events are delivered (the site's webhook), and the secret they are signed with. */
  webhook: { url: string; secret: string };
  /** What customers paid: one charge per checkout paid (not for a trial). */
  charges: { customer: string; subscription: string; amount: number }[];
  /** What was given back: the unused time of a subscription cancelled with prorate=true and invoice_now=true. */
  credits: { customer: string; subscription: string; amount: number }[];
  /** Answer every API request with 500 (Stripe down) while true. */
  failing: boolean;
  /** Completes a checkout: the subscription starts; returns the events Stripe would send (not yet delivered). */
  completeCheckout(sessionId: string, card?: { fingerprint: string; onCustomer?: boolean }): Stripe.Event[];
  /** Changes a subscription; returns the customer.subscription.updated (or deleted) event. */
  changeSubscription(id: string, change: Partial<Pick<Sub, 'status' | 'cancel_at_period_end' | 'ended_at'>> & { current_period_end?: number }): Stripe.Event;
  /**
   * The trial's end comes now (Stripe's clock reaches it): the first period starts and its invoice is charged.
   * Paid: active, a charge, customer.subscription.updated and invoice.paid. Declined: past_due (Stripe's default
   * while it retries), no charge, invoice.payment_failed and customer.subscription.updated. Returns the events.
   */
  endTrial(id: string, outcome: 'paid' | 'declined'): Stripe.Event[];
  /** An invoice event for a subscription (invoice.paid or invoice.payment_failed). */
  invoiceEvent(type: 'invoice.paid' | 'invoice.payment_failed', subscriptionId: string): Stripe.Event;
  /** A signed delivery of an event body to the webhook: the status and body the site answered. */
  deliver(event: Stripe.Event | string, signature?: string): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const PERIOD: Record<'month' | 'year', number> = { month: 30 * 86_400, year: 365 * 86_400 };

function stripeError(res: http.ServerResponse, status: number, message: string, type = 'invalid_request_error'): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req') });
  res.end(JSON.stringify({ error: { type, message } }));
}

function json(res: http.ServerResponse, body: unknown): void {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Request-Id': newId('req') });
  res.end(JSON.stringify(body));
}

function html(res: http.ServerResponse, body: string): void {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe stand-in</title></head><body><main>${body}</main></body></html>`);
}

export async function startStripeStandIn(prices: readonly StandInPrice[], webhook: { url: string; secret: string }): Promise<StripeStandIn> {
  const priceById = new Map(prices.map((p) => [p.id, p]));
  let base = '';

  const event = (type: string, object: object): Stripe.Event =>
    ({
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    }) as unknown as Stripe.Event;

  const standIn: StripeStandIn = {
    url: '',
    requests: [],
    customers: new Map(),
    sessions: new Map(),
    subscriptions: new Map(),
    paymentMethods: new Map(),
    webhook,
    charges: [],
    credits: [],
    failing: false,
    completeCheckout(sessionId, card) {
      const session = standIn.sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (session.status !== 'open') throw new Error(`session ${sessionId} is ${session.status}: it cannot be paid`);
      const method = {
        id: newId('pm'),
        object: 'payment_method',
        type: 'card',
        livemode: false,
        customer: session.customer,
        card: { brand: 'visa', last4: '4242', fingerprint: card?.fingerprint ?? randomBytes(8).toString('hex') },
      } satisfies PaymentMethod;
      standIn.paymentMethods.set(method.id, method);
      // The card as the customer's default for invoices instead of the subscription's own (both are Stripe's ways).
      if (card?.onCustomer) standIn.customers.get(session.customer)!.invoice_settings.default_payment_method = method.id;
      const price = priceById.get(session.price)!;
      const start = now();
      const periodEnd = session.trialDays > 0 ? start + session.trialDays * 86_400 : start + PERIOD[price.interval];
      const sub = {
        id: newId('sub'),
        object: 'subscription',
        status: session.trialDays > 0 ? 'trialing' : 'active',
        trial_start: session.trialDays > 0 ? start : null,
        trial_end: session.trialDays > 0 ? periodEnd : null,
        customer: session.customer,
        default_payment_method: card?.onCustomer ? null : method.id,
        cancel_at_period_end: false,
        start_date: start,
        created: start,
        ended_at: null,
        livemode: false,
        metadata: session.metadata,
        items: {
          object: 'list',
          data: [
            {
              id: newId('si'),
              object: 'subscription_item',
              current_period_start: start,
              current_period_end: periodEnd,
              quantity: 1,
              price: {
                id: price.id,
                object: 'price',
                unit_amount: price.unit_amount,
                currency: price.currency,
                type: 'recurring',
                recurring: { interval: price.interval, interval_count: 1 },
              },
            },
          ],
        },
      } satisfies Sub;
      standIn.subscriptions.set(sub.id, sub);
      if (session.trialDays === 0) standIn.charges.push({ customer: session.customer, subscription: sub.id, amount: price.unit_amount });
      session.status = 'complete';
      session.payment_status = session.trialDays > 0 ? 'no_payment_required' : 'paid';
      session.subscription = sub.id;
      const { price: _p, trialDays: _t, ...publicSession } = session;
      return [event('customer.subscription.created', structuredClone(sub)), event('checkout.session.completed', publicSession)];
    },
    changeSubscription(id, change) {
      const sub = standIn.subscriptions.get(id);
      if (!sub) throw new Error(`no subscription ${id}`);
      const { current_period_end, ...rest } = change;
      Object.assign(sub, rest);
      if (current_period_end !== undefined) sub.items.data[0]!.current_period_end = current_period_end;
      return event(sub.status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated', structuredClone(sub));
    },
    endTrial(id, outcome) {
      const sub = standIn.subscriptions.get(id);
      if (sub?.status !== 'trialing') throw new Error(`subscription ${id} is not trialing`);
      const item = sub.items.data[0]!;
      const at = now();
      sub.trial_end = at;
      item.current_period_start = at;
      const price = priceById.get(item.price.id)!;
      const next = at + PERIOD[price.interval];
      if (outcome === 'paid') {
        standIn.charges.push({ customer: sub.customer, subscription: sub.id, amount: price.unit_amount });
        return [standIn.changeSubscription(id, { status: 'active', current_period_end: next }), standIn.invoiceEvent('invoice.paid', id)];
      }
      const updated = standIn.changeSubscription(id, { status: 'past_due', current_period_end: next });
      return [standIn.invoiceEvent('invoice.payment_failed', id), updated];
    },
    invoiceEvent(type, subscriptionId) {
      const sub = standIn.subscriptions.get(subscriptionId)!;
      const invoice = {
        id: newId('in'),
        object: 'invoice',
        customer: sub.customer,
        status: type === 'invoice.paid' ? 'paid' : 'open',
        amount_due: sub.items.data[0]!.price.unit_amount ?? 0,
        currency: sub.items.data[0]!.price.currency,
        parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: subscriptionId, metadata: sub.metadata } },
      } satisfies Pick<Stripe.Invoice, 'id' | 'object' | 'status' | 'amount_due' | 'currency'> & Record<string, unknown>;
      return event(type, invoice);
    },
    async deliver(evt, signature) {
      const payload = typeof evt === 'string' ? evt : JSON.stringify(evt, null, 2);
      const header = signature ?? sdk.webhooks.generateTestHeaderString({ payload, secret: standIn.webhook.secret });
      const response = await fetch(standIn.webhook.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Stripe-Signature': header,
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      });
      return { status: response.status, body: await response.text() };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  async function readForm(req: http.IncomingMessage): Promise<Record<string, string>> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      // The SDK sends a POST's parameters in the body, a GET's and a DELETE's in the query string.
      const form = req.method === 'POST' ? await readForm(req) : Object.fromEntries(url.searchParams);
      if (url.pathname === '/favicon.ico') {
        res.writeHead(204);
        return res.end();
      }
      // Hosted pages: what a buyer's browser sees.
      const pay = /^\/pay\/(cs_\w+)$/.exec(url.pathname);
      if (pay) {
        const session = standIn.sessions.get(pay[1]!);
        if (!session) return stripeError(res, 404, 'No such checkout session');
        if (session.status === 'expired')
          return html(res, '<h1>Stripe stand-in checkout</h1><p role="alert">This Checkout Session is no longer available.</p>');
        if (req.method === 'POST') {
          for (const e of standIn.completeCheckout(session.id)) await standIn.deliver(e);
          res.writeHead(303, { Location: session.success_url!.replace('{CHECKOUT_SESSION_ID}', session.id) });
          return res.end();
        }
        const price = priceById.get(session.price)!;
        return html(
          res,
          `<h1>Stripe stand-in checkout</h1><p>${price.unit_amount / 100} ${price.currency} a ${price.interval}</p><form method="post"><button type="submit">Pay</button></form><a href="${session.cancel_url}">Back</a>`,
        );
      }
      const portal = /^\/portal\/(cus_\w+)$/.exec(url.pathname);
      if (portal) return html(res, `<h1>Stripe stand-in portal</h1><p>${portal[1]}</p>`);

      standIn.requests.push({ method: req.method ?? '', path: url.pathname, form });
      if (!/^Bearer sk_test_\w+$/.test(req.headers.authorization ?? '')) return stripeError(res, 401, 'Invalid API Key provided', 'authentication_error');
      if (standIn.failing) return stripeError(res, 500, 'The stand-in is down', 'api_error');
      const parts = url.pathname.split('/').filter(Boolean);
      const route = `${req.method} /${parts.slice(0, 3).join('/')}`;
      if (route === 'POST /v1/customers') {
        const customer = {
          id: newId('cus'),
          object: 'customer',
          email: form.email ?? null,
          name: form.name ?? null,
          livemode: false,
          metadata: { user_id: form['metadata[user_id]'] ?? '' },
          invoice_settings: { default_payment_method: null },
        } satisfies Customer;
        standIn.customers.set(customer.id, customer);
        return json(res, customer);
      }
      if (req.method === 'GET' && parts[1] === 'customers' && parts[2]) {
        const customer = standIn.customers.get(parts[2]);
        return customer ? json(res, customer) : stripeError(res, 404, `No such customer: '${parts[2]}'`);
      }
      if (req.method === 'GET' && parts[1] === 'payment_methods' && parts[2]) {
        const method = standIn.paymentMethods.get(parts[2]);
        return method ? json(res, method) : stripeError(res, 404, `No such PaymentMethod: '${parts[2]}'`);
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (form.mode !== 'subscription') return stripeError(res, 400, 'mode must be subscription here');
        const price = form['line_items[0][price]'] ?? '';
        if (!priceById.has(price)) return stripeError(res, 400, `No such price: '${price}'`);
        if (!form.customer || !standIn.customers.has(form.customer)) return stripeError(res, 400, `No such customer: '${form.customer}'`);
        const id = newId('cs_test');
        const session = {
          id,
          object: 'checkout.session',
          mode: 'subscription',
          status: 'open',
          payment_status: 'unpaid',
          client_reference_id: form.client_reference_id ?? null,
          customer: form.customer,
          subscription: null,
          url: `${base}/pay/${id}`,
          success_url: form.success_url ?? null,
          cancel_url: form.cancel_url ?? null,
          livemode: false,
          metadata: { user_id: form['subscription_data[metadata][user_id]'] ?? form['metadata[user_id]'] ?? '' },
          price,
          trialDays: Number(form['subscription_data[trial_period_days]'] ?? 0),
        } satisfies Session;
        standIn.sessions.set(id, session);
        const { price: _p, trialDays: _t, ...body } = session;
        return json(res, body);
      }
      if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
        const data = [...standIn.sessions.values()]
          .filter((s) => (!form.customer || s.customer === form.customer) && (!form.status || s.status === form.status))
          .map(({ price: _p, trialDays: _t, ...body }) => body);
        return json(res, { object: 'list', url: '/v1/checkout/sessions', has_more: false, data });
      }
      if (req.method === 'POST' && parts[1] === 'checkout' && parts[2] === 'sessions' && parts[3] && parts[4] === 'expire') {
        const session = standIn.sessions.get(parts[3]);
        if (!session) return stripeError(res, 404, `No such checkout.session: '${parts[3]}'`);
        if (session.status !== 'open')
          return stripeError(
            res,
            400,
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
          );
        session.status = 'expired';
        const { price: _p, trialDays: _t, ...body } = session;
        return json(res, body);
      }
      if (req.method === 'GET' && parts[1] === 'checkout' && parts[2] === 'sessions' && parts[3]) {
        const session = standIn.sessions.get(parts[3]);
        if (!session) return stripeError(res, 404, `No such checkout.session: '${parts[3]}'`);
        const { price: _p, trialDays: _t, ...body } = session;
        return json(res, body);
      }
      if (parts[1] === 'subscriptions' && parts[2]) {
        const sub = standIn.subscriptions.get(parts[2]);
        if (!sub) return stripeError(res, 404, `No such subscription: '${parts[2]}'`);
        if (req.method === 'DELETE') {
          if (sub.status === 'canceled') return stripeError(res, 400, `No such subscription: '${sub.id}' (it is canceled)`);
          const item = sub.items.data[0]!;
          const at = now();
          if (form.prorate === 'true' && form.invoice_now === 'true' && item.current_period_end > at) {
            const unused = (item.current_period_end - at) / (item.current_period_end - item.current_period_start);
            standIn.credits.push({ customer: sub.customer, subscription: sub.id, amount: Math.round((item.price.unit_amount ?? 0) * unused) });
          }
          sub.status = 'canceled';
          sub.ended_at = at;
        }
        if (req.method === 'POST' && form.trial_end !== undefined) {
          // Ending a trial now: the first period starts and its invoice is paid at once.
          if (form.trial_end !== 'now') return stripeError(res, 400, 'Only trial_end=now is supported here');
          if (sub.status !== 'trialing') return stripeError(res, 400, 'This subscription is not trialing');
          const item = sub.items.data[0]!;
          const at = now();
          const price = priceById.get(item.price.id)!;
          item.current_period_start = at;
          sub.trial_end = at;
          const updated = standIn.changeSubscription(sub.id, { status: 'active', current_period_end: at + PERIOD[price.interval] });
          standIn.charges.push({ customer: sub.customer, subscription: sub.id, amount: price.unit_amount });
          json(res, sub);
          if (standIn.webhook.url) void standIn.deliver(updated).catch(() => undefined);
          return;
        }
        if (req.method === 'POST') {
          if (form.cancel_at_period_end !== 'true' && form.cancel_at_period_end !== 'false')
            return stripeError(res, 400, 'Only cancel_at_period_end can be updated here');
          if (sub.status === 'canceled') return stripeError(res, 400, 'A canceled subscription can only update its cancellation_details and metadata.');
          const updated = standIn.changeSubscription(sub.id, { cancel_at_period_end: form.cancel_at_period_end === 'true' });
          json(res, sub);
          if (standIn.webhook.url) void standIn.deliver(updated).catch(() => undefined);
          return;
        }
        return json(res, sub);
      }
      if (route === 'POST /v1/billing_portal/sessions') {
        if (!form.customer || !standIn.customers.has(form.customer)) return stripeError(res, 400, `No such customer: '${form.customer}'`);
        return json(res, {
          id: newId('bps'),
          object: 'billing_portal.session',
          customer: form.customer,
          return_url: form.return_url ?? null,
          url: `${base}/portal/${form.customer}`,
          livemode: false,
        });
      }
      return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname})`);
    })().catch((error: unknown) => {
      if (!res.headersSent) stripeError(res, 500, String(error), 'api_error');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  standIn.url = base;
  return standIn;
}
