/**
 * Cancelling and resuming the Stats plan, and what the buyer is told, on both accounts stores, with both
 * providers: real Stripe through the official SDK against the Stripe-compatible stand-in, and the local test
 * provider through its own signed events. Checked as a user would: the messages in the queue (subject, the plan,
 * the end date, the resume link), one per change and none for a replay; the account's state after Resume; and
 * the welcome message's words about receipts, which depend on the provider.
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
process.env.PLAN_TRIAL_DAYS = '0';
const { statsPlanStatus, formatPlanDate } = await import('../../../../src/lib/accounts/planStatus.ts');
const { setRenewal, startCheckout } = await import('../../../../src/server/billing/checkout.ts');
const { stripeProvider } = await import('../../../../src/server/billing/provider.ts');
const { TestBillingProvider } = await import('../../../../src/server/billing/testProvider.ts');
const {
  ALREADY_SUBSCRIBED,
  deliver: deliverTest,
  payTestCheckout,
  restoreTestSubscriptions,
  testPortalAction,
} = await import('../../../../src/server/billing/testPages.ts');
const { planPrice } = await import('../../../../src/server/billing/plans.ts');
const { handleWebhook } = await import('../../../../src/server/billing/webhook.ts');
const { toSession } = await import('../../../../src/server/auth/requestSession.ts');
const { nowSeconds } = await import('../../../../src/server/auth/store/rows.ts');

const SECRET = 'whsec_cancelsecret0123456789';
const sdk = new Stripe('sk_test_signer', { telemetry: false });
const RENEWS = 'Your Courtvision Stats plan will renew';
const CANCELLED = 'Your Courtvision Stats plan is cancelled';

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn(UNIT_TEST_PRICES, { url: '', secret: SECRET });
});
afterAll(async () => {
  await standIn.close();
});

describe.each(STORE_KINDS)('cancel and resume on the %s store', (kind: StoreKind) => {
  let store: AccountStore;
  let user: UserRecord;

  beforeEach(async () => {
    store = openStoreAt(kind, await freshLocation(kind));
    await store.schemaVersion();
    user = await store.createUser({
      email: `c-${Math.random().toString(36).slice(2)}@example.com`,
      name: 'Cal Canceller',
      passwordHash: 'x',
      emailVerified: true,
    });
    standIn.failing = false;
  });
  afterEach(async () => {
    await store.close();
  });

  const account = async () => {
    const fresh = (await store.findUserById(user.id))!;
    return { user: fresh, session: toSession({ ...fresh, subscriptions: await store.subscriptionsFor(fresh.id) }) };
  };
  const planExpiry = async () => {
    const plan = statsPlanStatus((await account()).session, nowSeconds());
    return plan.state === 'active' ? plan.expiresAt : null;
  };

  describe('Stripe', () => {
    let ctx: BillingContext;
    beforeEach(() => {
      ctx = { store, provider: stripeProvider({ secretKey: 'sk_test_site', webhookSecret: SECRET, apiUrl: standIn.url }), origin: 'https://courtvision.test' };
    });
    const deliver = (event: Stripe.Event) => {
      const payload = JSON.stringify(event);
      return handleWebhook(ctx, payload, sdk.webhooks.generateTestHeaderString({ payload, secret: SECRET }));
    };
    async function buy(): Promise<string> {
      const step = await startCheckout(ctx, await account(), 'month');
      const sessionId = step.kind === 'redirect' ? step.location.split('/').at(-1)! : '';
      for (const e of standIn.completeCheckout(sessionId)) expect((await deliver(e)).status).toBe(200);
      return (await store.billingSubscriptionsOf(user.id))[0]!.subscriptionId;
    }

    it('the welcome message says receipts come from Stripe', async () => {
      await buy();
      const [welcome] = await takeMail(store);
      expect(welcome!.text).toContain('Receipts and invoices come from our payment provider, Stripe');
      expect(welcome!.text).not.toContain('test purchase');
    });

    it('a cancellation at period end mails once (what, until when, how to resume); a replay and a later update mail nothing; the end mails that it ended', async () => {
      const subId = await buy();
      await takeMail(store);
      const cancel = standIn.changeSubscription(subId, { cancel_at_period_end: true });
      expect((await deliver(cancel)).body).toMatchObject({ outcome: 'applied' });
      const periodEnd = standIn.subscriptions.get(subId)!.items.data[0]!.current_period_end;
      const mails = await takeMail(store);
      expect(mails.map((m) => [m.to, m.subject])).toEqual([[user.email, CANCELLED]]);
      expect(mails[0]!.text).toContain('Stats plan (monthly, $8.00 a month) is cancelled');
      expect(mails[0]!.text).toContain(`stays open until ${formatPlanDate(periodEnd)}, and ends then; no further payment is taken.`);
      expect(mails[0]!.link).toBe('https://courtvision.test/profile#plan');
      expect(mails[0]!.html).toContain('Resume the plan');
      // Replayed: a duplicate, no second message.
      expect((await deliver(cancel)).body).toMatchObject({ outcome: 'duplicate' });
      // Another event with the subscription still cancelled (e.g. a switch of card): nothing new to tell.
      const again = standIn.changeSubscription(subId, { cancel_at_period_end: true });
      again.created = nowSeconds() + 5;
      expect((await deliver(again)).body).toMatchObject({ outcome: 'applied' });
      expect(await takeMail(store)).toEqual([]);
      // The period ends: the plan-ended message, with its date.
      const endedAt = nowSeconds() + 10;
      const ended = standIn.changeSubscription(subId, { status: 'canceled', ended_at: endedAt });
      ended.created = endedAt;
      expect((await deliver(ended)).body).toMatchObject({ outcome: 'applied' });
      const last = await takeMail(store);
      expect(last.map((m) => m.subject)).toEqual(['Your Courtvision Stats plan has ended']);
      expect(last[0]!.text).toContain(`ended on ${formatPlanDate(endedAt)}`);
    });

    it('Resume undoes the cancellation at Stripe (cancel_at_period_end=false) and on the account, and mails once that the plan will renew (the payment, the date); its webhook and a replay mail nothing more', async () => {
      const subId = await buy();
      standIn.webhook.url = '';
      const cancelled = await setRenewal(ctx, (await account()).user, false);
      expect(cancelled).toMatchObject({ ok: true, state: { cancelAtPeriodEnd: true } });
      expect(standIn.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/subscriptions/${subId}`, form: { cancel_at_period_end: 'true' } });
      const periodEnd = standIn.subscriptions.get(subId)!.items.data[0]!.current_period_end;
      expect(await planExpiry()).toBe(periodEnd);
      expect((await takeMail(store)).map((m) => m.subject)).toEqual(['Your Courtvision Stats plan is active', CANCELLED]);

      const resumed = await setRenewal(ctx, (await account()).user, true);
      expect(resumed).toMatchObject({ ok: true, state: { cancelAtPeriodEnd: false, status: 'active' } });
      expect(standIn.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/subscriptions/${subId}`, form: { cancel_at_period_end: 'false' } });
      expect(standIn.subscriptions.get(subId)!.cancel_at_period_end).toBe(false);
      expect((await store.billingSubscriptionsOf(user.id))[0]!.cancelAtPeriodEnd).toBe(false);
      expect(await planExpiry()).toBeGreaterThan(periodEnd); // renews again: the day of grace is back
      // Changed deliberately (it used to assert no message): the last message said "no further payment is
      // taken", so the resume is told once, with Stripe's wording: the date and the payment then.
      const renews = await takeMail(store);
      expect(renews.map((m) => [m.to, m.subject])).toEqual([[user.email, RENEWS]]);
      expect(renews[0]!.text).toContain(`no longer ends on ${formatPlanDate(periodEnd)}`);
      expect(renews[0]!.text).toContain(`the next payment, $8.00, is taken then by Stripe`);
      expect(renews[0]!.text).not.toContain('no further payment');
      // Stripe's own event for the resume arrives afterwards, and again (a replay): nothing more to tell.
      const event = standIn.changeSubscription(subId, { cancel_at_period_end: false });
      event.created = nowSeconds() + 1;
      expect((await deliver(event)).status).toBe(200);
      expect((await deliver(event)).body).toMatchObject({ outcome: 'duplicate' });
      expect(await takeMail(store)).toEqual([]);
      // Resuming a plan that is not cancelled changes nothing and calls nobody.
      const calls = standIn.requests.length;
      expect(await setRenewal(ctx, (await account()).user, true)).toMatchObject({ ok: true });
      expect(standIn.requests.length).toBe(calls);
    });
  });

  describe('the test provider', () => {
    let ctx: BillingContext;
    let provider: InstanceType<typeof TestBillingProvider>;
    beforeEach(() => {
      provider = new TestBillingProvider('whsec_testprovider0123456789', planPrice);
      ctx = { store, provider, origin: 'https://courtvision.test' };
    });
    async function buy(): Promise<string> {
      const step = await startCheckout(ctx, await account(), 'month');
      expect(step).toMatchObject({ kind: 'redirect', location: expect.stringMatching(/^\/billing\/test-checkout\?session=cs_test_/) });
      const sessionId = step.kind === 'redirect' ? new URL(step.location, 'http://x').searchParams.get('session')! : '';
      await deliverTest(ctx, provider.completeCheckout(sessionId)!.events);
      return (await store.billingSubscriptionsOf(user.id))[0]!.subscriptionId;
    }

    it('the welcome message says it was a test purchase and names no receipt from Stripe', async () => {
      await buy();
      const [welcome] = await takeMail(store);
      expect(welcome!.subject).toBe('Your Courtvision Stats plan is active');
      expect(welcome!.text).toContain('This was a test purchase: no payment was taken, and no receipt or invoice is sent.');
      expect(welcome!.text).not.toContain('Stripe');
    });

    it('two checkouts opened before paying: the second is not paid (no second subscription, no second welcome); the first paid again changes nothing', async () => {
      const open = async (interval: 'month' | 'year') => {
        const step = await startCheckout(ctx, await account(), interval);
        return step.kind === 'redirect' ? new URL(step.location, 'http://x').searchParams.get('session')! : '';
      };
      const [monthly, yearly] = [await open('month'), await open('year')];
      expect(await payTestCheckout(ctx, provider, await account(), monthly)).toEqual({
        ok: true,
        next: `https://courtvision.test/purchase_confirmation?session_id=${monthly}`,
      });
      expect(await payTestCheckout(ctx, provider, await account(), yearly)).toEqual({ ok: false, message: ALREADY_SUBSCRIBED });
      expect(await payTestCheckout(ctx, provider, await account(), monthly)).toMatchObject({ ok: true });
      expect((await store.billingSubscriptionsOf(user.id)).map((s) => [s.interval, s.status])).toEqual([['month', 'active']]);
      expect(provider.subscriptionsOf((await store.billingCustomerOf(user.id))!)).toHaveLength(1);
      expect((await takeMail(store)).map((m) => m.subject)).toEqual(['Your Courtvision Stats plan is active']);
    });

    it('after a restart (its memory empty, the same store), the recorded plan can still be cancelled on the account page and resumed in the test portal', async () => {
      const subId = await buy();
      await takeMail(store);
      const [recorded] = await store.billingSubscriptionsOf(user.id);
      const restarted = new TestBillingProvider('whsec_testprovider0123456789', planPrice);
      const afterRestart: BillingContext = { ...ctx, provider: restarted };
      expect(await setRenewal(afterRestart, (await account()).user, false)).toMatchObject({
        ok: true,
        state: { subscriptionId: subId, cancelAtPeriodEnd: true, currentPeriodEnd: recorded!.currentPeriodEnd, amountCents: 800, interval: 'month' },
      });
      const mails = await takeMail(store);
      expect(mails.map((m) => m.subject)).toEqual([CANCELLED]);
      expect(mails[0]!.text).toContain(`stays open until ${formatPlanDate(recorded!.currentPeriodEnd)}`);
      expect(await planExpiry()).toBe(recorded!.currentPeriodEnd);

      const again = new TestBillingProvider('whsec_testprovider0123456789', planPrice);
      const portal: BillingContext = { ...ctx, provider: again };
      await restoreTestSubscriptions(portal, again, user.id);
      expect(again.subscriptionsOf(recorded!.customerId).map((s) => [s.id, s.cancel_at_period_end, s.items.data[0]!.current_period_end])).toEqual([
        [subId, true, recorded!.currentPeriodEnd],
      ]);
      expect(await testPortalAction(portal, again, user, subId, 'resume')).toBe(true);
      expect((await store.billingSubscriptionsOf(user.id))[0]).toMatchObject({
        cancelAtPeriodEnd: false,
        status: 'active',
        currentPeriodEnd: recorded!.currentPeriodEnd,
      });
      // Changed deliberately (it used to assert no message): the resume is told once, in test mode's words.
      expect((await takeMail(store)).map((m) => m.subject)).toEqual([RENEWS]);
    });

    it('cancel in the test portal mails once; Resume on the account page undoes it at the provider and mails once that it will renew (test mode: no money moves)', async () => {
      const subId = await buy();
      await takeMail(store);
      expect(await testPortalAction(ctx, provider, user, subId, 'cancel-at-period-end')).toBe(true);
      const mails = await takeMail(store);
      expect(mails.map((m) => m.subject)).toEqual([CANCELLED]);
      expect(mails[0]!.text).toContain(
        `stays open until ${formatPlanDate(provider.subscriptionsOf((await store.billingCustomerOf(user.id))!)[0]!.items.data[0]!.current_period_end)}`,
      );

      expect(await setRenewal(ctx, (await account()).user, true)).toMatchObject({ ok: true, state: { cancelAtPeriodEnd: false } });
      expect(provider.subscriptionsOf((await store.billingCustomerOf(user.id))!)[0]!.cancel_at_period_end).toBe(false);
      expect((await store.billingSubscriptionsOf(user.id))[0]!.cancelAtPeriodEnd).toBe(false);
      // Changed deliberately (it used to assert no message): one "will renew" message, test mode's words.
      const renews = await takeMail(store);
      expect(renews.map((m) => m.subject)).toEqual([RENEWS]);
      expect(renews[0]!.text).toContain('test mode: no payment is taken, and no money moves');
      expect(renews[0]!.text).not.toContain('Stripe');
      // Resuming again (nothing to undo) mails nothing.
      expect(await setRenewal(ctx, (await account()).user, true)).toMatchObject({ ok: true });
      expect(await takeMail(store)).toEqual([]);
      // Ended at once from the portal: the plan-ended message.
      expect(await testPortalAction(ctx, provider, user, subId, 'end-now')).toBe(true);
      expect((await takeMail(store)).map((m) => m.subject)).toEqual(['Your Courtvision Stats plan has ended']);
      expect(await setRenewal(ctx, (await account()).user, true)).toMatchObject({ ok: false, status: 400 });
    });
  });
});
