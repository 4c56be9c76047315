/**
 * A free trial whose first payment fails (src/server/billing/subscriptionState.ts): on both accounts stores, Stripe
 * through the official SDK against the Stripe-compatible stand-in. At the trial's end Stripe starts a month-long
 * period and charges it; a declined card leaves the subscription past_due while Stripe retries. The plan must not
 * run that month unpaid: it stays open 3 days past the trial's end (the stated grace), the email and the account
 * page give that date, and it closes after. A retry that goes through opens the plan to the period's end again; a
 * later renewal that fails (after a paid month) keeps the renewal rule (the period's end and a day).
 */
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BillingContext } from '../../../../src/server/billing/webhook.ts';
import type { AccountStore, UserRecord } from '../../../../src/server/auth/store/types.ts';
import { STORE_KINDS, freshLocation, openStoreAt, type StoreKind } from '../../../support/accountStores.ts';
import { UNIT_TEST_PRICES, startStripeStandIn, type StripeStandIn } from '../../../support/stripeStandIn.ts';
import { takeMail } from '../../../support/mailQueue.ts';

process.env.STRIPE_PRICE_MONTHLY = 'price_monthly_test';
process.env.STRIPE_PRICE_ANNUAL = 'price_annual_test';
delete process.env.PLAN_TRIAL_DAYS; // the default: 7 days
const { statsPlanStatus } = await import('../../../../src/lib/accounts/planStatus.ts');
const { startCheckout } = await import('../../../../src/server/billing/checkout.ts');
const { stripeProvider } = await import('../../../../src/server/billing/provider.ts');
const { handleWebhook } = await import('../../../../src/server/billing/webhook.ts');
const { accountPlan } = await import('../../../../src/server/billing/accountPlan.ts');
const { toSession } = await import('../../../../src/server/auth/requestSession.ts');
const { nowSeconds } = await import('../../../../src/server/auth/store/rows.ts');

const SECRET = 'whsec_trialpaymentfailed0123';
const DAY = 86_400;
const sdk = new Stripe('sk_test_signer', { telemetry: false });
/** A date as the emails and pages write it, e.g. "4 March 2027" (written here, not taken from the code). */
const written = (seconds: number) => new Date(seconds * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn(UNIT_TEST_PRICES, { url: '', secret: SECRET });
});
afterAll(async () => {
  await standIn.close();
});

describe.each(STORE_KINDS)('a failed first payment after the trial on the %s store', (kind: StoreKind) => {
  let store: AccountStore;
  let ctx: BillingContext;
  let user: UserRecord;

  beforeEach(async () => {
    store = openStoreAt(kind, await freshLocation(kind));
    await store.schemaVersion();
    ctx = { store, provider: stripeProvider({ secretKey: 'sk_test_site', webhookSecret: SECRET, apiUrl: standIn.url }), origin: 'https://courtvision.test' };
    user = await store.createUser({
      email: `declined-${Math.random().toString(36).slice(2)}@example.com`,
      name: 'Dee Clined',
      passwordHash: 'x',
      emailVerified: true,
    });
  });
  afterEach(async () => {
    await store.close();
  });

  const account = async () => {
    const fresh = (await store.findUserById(user.id))!;
    return { user: fresh, session: toSession({ ...fresh, subscriptions: await store.subscriptionsFor(fresh.id) }) };
  };
  /** The plan as the site judges it at a moment (the redirect to the expiry page follows 'expired'). */
  const planAt = async (at: number) => statsPlanStatus((await account()).session, at);
  const deliver = async (event: Stripe.Event) => {
    const payload = JSON.stringify(event);
    return handleWebhook(ctx, payload, sdk.webhooks.generateTestHeaderString({ payload, secret: SECRET }));
  };
  /** Checkout with the trial, paid at the stand-in; every event delivered; the subscription's id. */
  async function startTrial(): Promise<string> {
    const step = await startCheckout(ctx, await account(), 'month');
    const sessionId = step.kind === 'redirect' ? step.location.split('/').at(-1)! : '';
    for (const e of standIn.completeCheckout(sessionId)) await deliver(e);
    const id = standIn.sessions.get(sessionId)!.subscription!;
    expect(standIn.subscriptions.get(id)!.status).toBe('trialing');
    return id;
  }

  it("a declined card at the trial's end: open 3 days past the trial, said by email and on the account page, then closed", async () => {
    const id = await startTrial();
    await takeMail(store);
    const events = standIn.endTrial(id, 'declined');
    const trialEnd = standIn.subscriptions.get(id)!.trial_end!;
    const periodEnd = standIn.subscriptions.get(id)!.items.data[0]!.current_period_end;
    expect(periodEnd - trialEnd).toBe(30 * DAY); // Stripe's new period: a month the customer has not paid for
    for (const e of events) expect((await deliver(e)).status).toBe(200);
    expect(standIn.charges.filter((c) => c.subscription === id)).toEqual([]);

    const open = await planAt(nowSeconds());
    expect(open.state).toBe('active');
    expect(open.state === 'active' && open.expiresAt).toBe(trialEnd + 3 * DAY);
    expect((await planAt(trialEnd + 3 * DAY - 60)).state).toBe('active');
    expect((await planAt(trialEnd + 3 * DAY + 1)).state).toBe('expired');
    expect((await planAt(trialEnd + 20 * DAY)).state).toBe('expired');

    const mails = await takeMail(store);
    expect(mails.map((m) => m.subject)).toEqual(['Your Courtvision payment did not go through']);
    expect(mails[0]!.text).toContain('Your free trial has ended, and we could not take its first payment ($8.00).');
    expect(mails[0]!.text).toContain(`Your plan stays open until ${written(trialEnd + 3 * DAY)}`);
    expect(mails[0]!.link).toBe('https://courtvision.test/billing/portal');

    const view = await accountPlan(store, user.id);
    expect(view.label).toBe('Payment failed');
    // No "next charge" a month away: the payment is due now.
    expect(view.nextCharge).toBeNull();
  });

  it("the payment goes through on a retry: the plan opens to the period's end again", async () => {
    const id = await startTrial();
    for (const e of standIn.endTrial(id, 'declined')) await deliver(e);
    const periodEnd = standIn.subscriptions.get(id)!.items.data[0]!.current_period_end;
    const paid = standIn.changeSubscription(id, { status: 'active' });
    paid.created += 5;
    const invoice = standIn.invoiceEvent('invoice.paid', id);
    invoice.created += 5;
    expect((await deliver(paid)).body).toMatchObject({ outcome: 'applied' });
    await deliver(invoice);
    const plan = await planAt(nowSeconds());
    expect(plan.state === 'active' && plan.expiresAt).toBe(periodEnd + DAY);
  });

  it('Stripe leaving the first invoice incomplete after the trial closes the plan the same way', async () => {
    const id = await startTrial();
    const [, updated] = standIn.endTrial(id, 'declined');
    const incomplete = standIn.changeSubscription(id, { status: 'incomplete' });
    incomplete.created = updated!.created + 1;
    await deliver(incomplete);
    const trialEnd = standIn.subscriptions.get(id)!.trial_end!;
    const plan = await planAt(nowSeconds());
    expect(plan.state === 'active' && plan.expiresAt).toBe(trialEnd + 3 * DAY);
  });

  it("a paid first month, then a renewal declined: the renewal rule (open to the period's end and a day) is kept", async () => {
    const id = await startTrial();
    for (const e of standIn.endTrial(id, 'paid')) await deliver(e);
    expect(standIn.charges.filter((c) => c.subscription === id)).toHaveLength(1);
    const firstEnd = standIn.subscriptions.get(id)!.items.data[0]!.current_period_end;
    // The next month starts and its payment fails.
    standIn.subscriptions.get(id)!.items.data[0]!.current_period_start = firstEnd;
    const failed = standIn.changeSubscription(id, { status: 'past_due', current_period_end: firstEnd + 30 * DAY });
    failed.created += 5;
    await deliver(failed);
    const plan = await planAt(nowSeconds());
    expect(plan.state === 'active' && plan.expiresAt).toBe(firstEnd + 30 * DAY + DAY);
  });
});
