/**
 * The free trial (src/server/billing/trial.ts) on both accounts stores: Stripe through the official SDK against
 * the Stripe-compatible stand-in, and the local test provider. Checkout asks for the configured trial; the plan
 * is open during it; one trial per address (even after the account is deleted) and per card (another account,
 * the same card: the trial ends at once and the card is charged); the reminder 3 days before the end, once, sent
 * through a real SMTP server; a trial cancelled before its end ends with no charge and closes the plan.
 */
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BillingContext } from '../../../../src/server/billing/webhook.ts';
import type { AccountStore, UserRecord } from '../../../../src/server/auth/store/types.ts';
import { STORE_KINDS, freshLocation, openStoreAt, type StoreKind } from '../../../support/accountStores.ts';
import { UNIT_TEST_PRICES, startStripeStandIn, type StripeStandIn } from '../../../support/stripeStandIn.ts';
import { startInbox, type Inbox } from '../../../support/smtpInbox.ts';
import { LATEST_VERSION } from '../../../../src/server/auth/store/migrations.ts';

process.env.STRIPE_PRICE_MONTHLY = 'price_monthly_test';
process.env.STRIPE_PRICE_ANNUAL = 'price_annual_test';
delete process.env.PLAN_TRIAL_DAYS; // the default: 7 days
const { ConfigError, readConfig } = await import('../../../../src/server/config.ts');
const { statsPlanStatus } = await import('../../../../src/lib/accounts/planStatus.ts');
const { startCheckout, setRenewal } = await import('../../../../src/server/billing/checkout.ts');
const { stripeProvider } = await import('../../../../src/server/billing/provider.ts');
const { TestBillingProvider } = await import('../../../../src/server/billing/testProvider.ts');
const { deliver: deliverTest, payTestCheckout } = await import('../../../../src/server/billing/testPages.ts');
const { handleWebhook } = await import('../../../../src/server/billing/webhook.ts');
const { runTrialSweep, trialUsed, trialSentence } = await import('../../../../src/server/billing/trial.ts');
const { accountPlan } = await import('../../../../src/server/billing/accountPlan.ts');
const { planPrice } = await import('../../../../src/server/billing/plans.ts');
const { toSession } = await import('../../../../src/server/auth/requestSession.ts');
const { nowSeconds } = await import('../../../../src/server/auth/store/rows.ts');
const { smtpTransport } = await import('../../../../src/server/mail/transport.ts');
const { MailWorker } = await import('../../../../src/server/mail/worker.ts');

const SECRET = 'whsec_trialsecret0123456789';
const DAY = 86_400;
const sdk = new Stripe('sk_test_signer', { telemetry: false });

let standIn: StripeStandIn;
let inbox: Inbox;
beforeAll(async () => {
  standIn = await startStripeStandIn(UNIT_TEST_PRICES, { url: '', secret: SECRET });
  inbox = await startInbox();
});
afterAll(async () => {
  await standIn.close();
  await inbox.close();
});

describe('PLAN_TRIAL_DAYS', () => {
  it('is 7 by default, 0 turns trials off, and a bad value is refused naming the variable', () => {
    expect(readConfig({}).planTrialDays).toBe(7);
    expect(readConfig({ PLAN_TRIAL_DAYS: '0' }).planTrialDays).toBe(0);
    expect(readConfig({ PLAN_TRIAL_DAYS: ' 14 ' }).planTrialDays).toBe(14);
    for (const bad of ['-1', '91', 'seven', '1.5']) {
      expect(() => readConfig({ PLAN_TRIAL_DAYS: bad })).toThrow(ConfigError);
      expect(() => readConfig({ PLAN_TRIAL_DAYS: bad })).toThrow(/PLAN_TRIAL_DAYS.*whole number from 0 to 90/);
    }
  });

  it('pricing says it: the days, the price after, and that cancelling in time costs nothing', () => {
    expect(trialSentence('month')).toBe(`7 days free, then ${planPrice('month').display} a month; cancel before the trial ends and pay nothing.`);
  });
});

describe.each(STORE_KINDS)('the free trial on the %s store', (kind: StoreKind) => {
  let store: AccountStore;
  let ctx: BillingContext;
  let user: UserRecord;
  const newUser = (prefix = 'trial') =>
    store.createUser({ email: `${prefix}-${Math.random().toString(36).slice(2)}@example.com`, name: 'Tess Trial', passwordHash: 'x', emailVerified: true });

  beforeEach(async () => {
    store = openStoreAt(kind, await freshLocation(kind));
    await store.schemaVersion();
    ctx = { store, provider: stripeProvider({ secretKey: 'sk_test_site', webhookSecret: SECRET, apiUrl: standIn.url }), origin: 'https://courtvision.test' };
    user = await newUser();
  });
  afterEach(async () => {
    await store.close();
  });

  const account = async (u: UserRecord) => {
    const fresh = (await store.findUserById(u.id))!;
    return { user: fresh, session: toSession({ ...fresh, subscriptions: await store.subscriptionsFor(fresh.id) }) };
  };
  const planState = async (u: UserRecord) => statsPlanStatus((await account(u)).session, nowSeconds()).state;
  const deliver = async (event: Stripe.Event) => {
    const payload = JSON.stringify(event);
    return handleWebhook(ctx, payload, sdk.webhooks.generateTestHeaderString({ payload, secret: SECRET }));
  };
  /** Checkout at the stand-in, paid with a card; the form the site sent and the events Stripe sends. */
  async function buy(u: UserRecord, fingerprint?: string, onCustomer = false) {
    const step = await startCheckout(ctx, await account(u), 'month');
    const sessionId = step.kind === 'redirect' ? step.location.split('/').at(-1)! : '';
    const form = standIn.requests.findLast((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!.form;
    const events = standIn.completeCheckout(sessionId, fingerprint ? { fingerprint, onCustomer } : undefined);
    const answers = [];
    for (const e of events) answers.push(await deliver(e));
    const sub = [...standIn.subscriptions.values()].find((s) => standIn.sessions.get(sessionId)!.subscription === s.id)!;
    return { form, sub, answers };
  }
  const chargesOf = (subscriptionId: string) => standIn.charges.filter((c) => c.subscription === subscriptionId);

  it('checkout asks Stripe for the trial; the plan is open during it, and nothing is charged', async () => {
    const { form, sub } = await buy(user);
    expect(form['subscription_data[trial_period_days]']).toBe('7');
    expect(sub.status).toBe('trialing');
    expect(chargesOf(sub.id)).toEqual([]);
    expect(await planState(user)).toBe('active');
    const [state] = await store.billingSubscriptionsOf(user.id);
    expect(state).toMatchObject({ status: 'trialing' });
    expect(state!.currentPeriodEnd - nowSeconds()).toBeGreaterThan(7 * DAY - 60);
    expect((await trialUsed(store, user)).used).toBe(true);
    const view = await accountPlan(store, user.id);
    expect(view.label).toBe('Free trial');
    expect(view.nextCharge).toMatch(/^\$8\.00 on .*, when the free trial ends; cancel before then and pay nothing$/);
  });

  it('one trial per address: a second checkout offers none, even after the account was deleted and made again', async () => {
    const { sub } = await buy(user);
    await deliver(standIn.changeSubscription(sub.id, { status: 'canceled', ended_at: nowSeconds() }));
    expect(await planState(user)).not.toBe('active');
    const again = await buy(user);
    expect(again.form['subscription_data[trial_period_days]']).toBeUndefined();
    expect(again.sub.status).toBe('active');
    expect(chargesOf(again.sub.id)).toHaveLength(1);

    await store.deleteAccount(user.id, null);
    const reborn = await store.createUser({ email: user.email.toUpperCase(), name: 'Tess Again', passwordHash: 'x', emailVerified: true });
    expect((await trialUsed(store, reborn)).used).toBe(true);
    const third = await buy(reborn);
    expect(third.form['subscription_data[trial_period_days]']).toBeUndefined();
  });

  it('one trial per card: another account paying with the same card has its trial ended at once, and is charged', async () => {
    const card = `fp_${Math.random().toString(36).slice(2)}`;
    const first = await buy(user, card);
    expect(first.sub.status).toBe('trialing');
    const other = await newUser('other');
    const second = await buy(other, card);
    // The site asked Stripe to end the trial now; Stripe charged the first period.
    expect(standIn.requests.some((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${second.sub.id}` && r.form.trial_end === 'now')).toBe(true);
    expect(standIn.subscriptions.get(second.sub.id)!.status).toBe('active');
    expect(chargesOf(second.sub.id)).toEqual([{ customer: second.sub.customer, subscription: second.sub.id, amount: 800 }]);
    const [state] = await store.billingSubscriptionsOf(other.id);
    expect(state).toMatchObject({ status: 'active' });
    expect(await planState(other)).toBe('active');
    const events = await store.recentBillingEvents(10);
    expect(events.some((e) => /trial of .* ended at once: the address or card had a trial before/.test(e.outcome))).toBe(true);
    // The first trial is untouched, and a replay of its event changes nothing.
    expect(standIn.subscriptions.get(first.sub.id)!.status).toBe('trialing');
    expect(chargesOf(first.sub.id)).toEqual([]);
    const replay = await deliver(standIn.changeSubscription(first.sub.id, {}));
    expect(replay.body).toMatchObject({ outcome: 'applied' });
    expect(standIn.subscriptions.get(first.sub.id)!.status).toBe('trialing');
  });

  it('one trial per card, read from the customer when the subscription names no payment method', async () => {
    const card = `fp_${Math.random().toString(36).slice(2)}`;
    const first = await buy(user, card, true);
    expect(first.sub.default_payment_method).toBeNull();
    expect(first.sub.status).toBe('trialing');
    const other = await newUser('customer-card');
    const second = await buy(other, card, true);
    expect(standIn.requests.some((r) => r.method === 'GET' && r.path === `/v1/customers/${second.sub.customer}`)).toBe(true);
    expect(standIn.subscriptions.get(second.sub.id)!.status).toBe('active');
    expect(chargesOf(second.sub.id)).toHaveLength(1);
    expect(standIn.subscriptions.get(first.sub.id)!.status).toBe('trialing');
  });

  it('the reminder: 3 days before the end, once, through the mail server; none for a cancelled trial', async () => {
    const { sub } = await buy(user);
    const cancelledUser = await newUser('cancelled');
    const cancelled = await buy(cancelledUser);
    await setRenewal(ctx, (await account(cancelledUser)).user, false);
    const now = nowSeconds();
    // Before the window: nothing.
    expect((await runTrialSweep(ctx, now)).reminded).toBe(0);
    // The trials' ends come within 3 days (Stripe's clock moved: the events say so).
    await deliver(standIn.changeSubscription(sub.id, { current_period_end: now + 2 * DAY }));
    await deliver(standIn.changeSubscription(cancelled.sub.id, { current_period_end: now + 2 * DAY }));
    await store.claimMail(now + 1, 60, 100).then((mails) => Promise.all(mails.map((m) => store.completeMail(m.id))));
    expect((await runTrialSweep(ctx, now)).reminded).toBe(1);
    expect((await runTrialSweep(ctx, now + 60)).reminded).toBe(0);
    const before = inbox.messages.length;
    const worker = new MailWorker(() => store, smtpTransport(inbox.url, 'Courtvision <no-reply@courtvision.test>'), { retrySeconds: 1, log: () => undefined });
    expect(await worker.drain()).toEqual({ sent: 1, failed: 0 });
    const mail = inbox.messages.slice(before);
    expect(mail).toHaveLength(1);
    expect(inbox.recipients.at(-1)).toEqual([user.email]);
    const ends = new Date((now + 2 * DAY) * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect(mail[0]!.subject).toBe(`Your Courtvision free trial ends on ${ends}`);
    expect(mail[0]!.text).toContain(`Then the first payment, $8.00 a month, is taken by Stripe.`);
    expect(mail[0]!.text).toContain(`To pay nothing, cancel before ${ends}`);
    expect(mail[0]!.text).toContain('https://courtvision.test/profile#plan');
  });

  it('cancelled during the trial: nothing is charged, and the plan ends with the trial', async () => {
    const { sub } = await buy(user);
    const answer = await setRenewal(ctx, (await account(user)).user, false);
    expect(answer.ok).toBe(true);
    expect(await planState(user)).toBe('active');
    // The trial's end comes: Stripe cancels the subscription, with no invoice.
    const end = nowSeconds() - 5;
    const ended = await deliver(standIn.changeSubscription(sub.id, { status: 'canceled', ended_at: end, current_period_end: end }));
    expect(ended.body).toMatchObject({ outcome: 'applied' });
    expect(chargesOf(sub.id)).toEqual([]);
    expect(await planState(user)).toBe('expired');
  });

  it('the test provider: a trial, then cancelled before its end: no charge; not cancelled: charged; one per address', async () => {
    const provider = new TestBillingProvider(SECRET, planPrice);
    const test: BillingContext = { store, provider, origin: 'https://courtvision.test' };
    const pay = async (u: UserRecord) => {
      const step = await startCheckout(test, await account(u), 'month');
      const sessionId = new URL(step.kind === 'redirect' ? step.location : '', 'https://x').searchParams.get('session')!;
      expect(await payTestCheckout(test, provider, await account(u), sessionId)).toMatchObject({ ok: true });
      const bought = provider.session(sessionId)!.subscription;
      return (await store.billingSubscriptionsOf(u.id)).find((s) => s.subscriptionId === bought)!;
    };
    const first = await pay(user);
    expect(first.status).toBe('trialing');
    expect(await planState(user)).toBe('active');
    await setRenewal(test, (await account(user)).user, false);
    const keeper = await newUser('keeper');
    const kept = await pay(keeper);
    // Time comes to the trials' end: the sweep ends them as the provider would.
    const later = kept.currentPeriodEnd + 1;
    const { ended } = await runTrialSweep(test, later, (events) => deliverTest(test, events));
    expect(ended).toBe(2);
    expect(provider.chargesOf(first.customerId)).toEqual([]);
    expect((await store.billingSubscriptionsOf(user.id)).find((s) => s.subscriptionId === first.subscriptionId)).toMatchObject({ status: 'canceled' });
    expect(await planState(user)).toBe('expired');
    expect(provider.chargesOf(kept.customerId)).toHaveLength(1);
    expect((await store.billingSubscriptionsOf(keeper.id))[0]).toMatchObject({ status: 'active' });
    expect(await planState(keeper)).toBe('active');
    // The first address comes back: no trial, it is charged at once.
    const again = await pay(user);
    expect(again.status).toBe('active');
    expect(provider.chargesOf(again.customerId)).toHaveLength(1);
  });
});

describe.each(STORE_KINDS)('trial records on the %s store', (kind: StoreKind) => {
  it('two nodes claiming one card for two subscriptions at once: one trial, the other refused', async () => {
    const location = await freshLocation(kind);
    const [a, b] = [openStoreAt(kind, location), openStoreAt(kind, location)];
    try {
      await a.schemaVersion();
      await b.schemaVersion();
      const u1 = await a.createUser({ email: 'one@example.com', name: 'One', passwordHash: 'x' });
      const u2 = await a.createUser({ email: 'two@example.com', name: 'Two', passwordHash: 'x' });
      const card = { kind: 'card' as const, key: 'fp_same' };
      const answers = await Promise.all([
        a.claimTrial([{ kind: 'email', key: 'e1' }, card], u1.id, 'sub_1', 100),
        b.claimTrial([{ kind: 'email', key: 'e2' }, card], u2.id, 'sub_2', 100),
      ]);
      expect([...answers].sort()).toEqual(['claimed', 'taken']);
      // The refused one wrote nothing: its address is still free.
      const loser = answers[0] === 'claimed' ? 'e2' : 'e1';
      expect(await a.trialClaimsHeld([{ kind: 'email', key: loser }])).toEqual([]);
      // A replay of the winner's claim is still 'claimed'.
      const winner = (await a.trialClaimsHeld([card]))[0]!;
      expect(await a.claimTrial([card], winner.userId!, winner.subscriptionId, 200)).toBe('claimed');
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('two nodes sweeping at once queue one reminder', async () => {
    const location = await freshLocation(kind);
    const [a, b] = [openStoreAt(kind, location), openStoreAt(kind, location)];
    try {
      await a.schemaVersion();
      await b.schemaVersion();
      const u = await a.createUser({ email: 'sweep@example.com', name: 'Sweep', passwordHash: 'x', emailVerified: true });
      const now = nowSeconds();
      await a.applyBillingUpdate({
        eventId: 'evt_sweep',
        type: 'customer.subscription.created',
        created: now,
        customer: { userId: u.id, customerId: 'cus_sweep' },
        subscription: {
          subscriptionId: 'sub_sweep',
          customerId: 'cus_sweep',
          userId: u.id,
          status: 'trialing',
          interval: 'month',
          amountCents: 800,
          currency: 'usd',
          currentPeriodEnd: now + 2 * DAY,
          cancelAtPeriodEnd: false,
          startedAt: now,
          endedAt: null,
          stateAt: now,
        },
        planExpiresAt: now + 3 * DAY,
      });
      await a.claimMail(now + 1, 60, 100).then((mails) => Promise.all(mails.map((m) => a.completeMail(m.id))));
      const provider = new TestBillingProvider(SECRET, planPrice);
      const results = await Promise.all([a, b].map((store) => runTrialSweep({ store, provider, origin: 'https://courtvision.test' }, now)));
      expect(results.map((r) => r.reminded).sort()).toEqual([0, 1]);
      const queued = await a.claimMail(now + 1, 60, 100);
      expect(queued.map((m) => [m.to, m.subject])).toEqual([['sweep@example.com', expect.stringMatching(/^Your Courtvision free trial ends on /)]]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('a database of schema version 7 upgrades in place: its subscriptions kept, trials and the admin log usable', async () => {
    const location = await freshLocation(kind);
    const { MIGRATIONS } = await import('../../../../src/server/auth/store/migrations.ts');
    const sub = ['sub_old', 'cus_old', 'trialing', 'month', 800, 'usd', 2_000_000_000, 1_700_000_000, 1_700_000_000];
    if (kind === 'sqlite') {
      const { DatabaseSync } = await import('node:sqlite');
      const { migrate } = await import('../../../../src/server/auth/store/sqliteStore.ts');
      const db = new DatabaseSync(location);
      migrate(db, MIGRATIONS.slice(0, 7));
      db.prepare("INSERT INTO users (email, name, password_hash, created_at) VALUES ('old@example.com', 'Old', 'x', 1)").run();
      db.prepare(
        `INSERT INTO billing_subscriptions (subscription_id, customer_id, user_id, status, plan_interval, amount_cents, currency, current_period_end, cancel_at_period_end, started_at, ended_at, state_at)
         VALUES (?, ?, 1, ?, ?, ?, ?, ?, 0, ?, NULL, ?)`,
      ).run(...(sub as (string | number)[]));
      db.close();
    } else {
      const pg = (await import('pg')).default;
      const { migratePostgres } = await import('../../../../src/server/auth/store/postgresMigrations.ts');
      const pool = new pg.Pool({ connectionString: location });
      try {
        expect(await migratePostgres(pool, MIGRATIONS.slice(0, 7))).toBe(7);
        await pool.query("INSERT INTO users (email, name, password_hash, created_at) VALUES ('old@example.com', 'Old', 'x', 1)");
        await pool.query(
          `INSERT INTO billing_subscriptions (subscription_id, customer_id, user_id, status, plan_interval, amount_cents, currency, current_period_end, cancel_at_period_end, started_at, ended_at, state_at)
           SELECT $1, $2, id, $3, $4, $5, $6, $7, FALSE, $8, NULL, $9 FROM users`,
          sub,
        );
      } finally {
        await pool.end();
      }
    }
    const store = openStoreAt(kind, location);
    try {
      // every migration applied, the trial's (8) and any after it
      expect(await store.schemaVersion()).toBe(LATEST_VERSION);
      expect(LATEST_VERSION).toBeGreaterThanOrEqual(8);
      const user = (await store.findUserByEmail('old@example.com'))!;
      expect(await store.billingSubscriptionsOf(user.id)).toMatchObject([{ subscriptionId: 'sub_old', status: 'trialing', currentPeriodEnd: 2_000_000_000 }]);
      expect((await store.trialsEndingBetween(2_000_000_000 - 10, 2_000_000_000)).map((s) => s.subscriptionId)).toEqual(['sub_old']);
      expect(await store.claimTrial([{ kind: 'email', key: 'k' }], user.id, 'sub_old', 5)).toBe('claimed');
      expect(await store.trialClaimsOf(user.id)).toMatchObject([{ kind: 'email', subscriptionId: 'sub_old', claimedAt: 5 }]);
      await store.logAdminAction({ adminEmail: 'admin@example.com', action: 'grant', targetEmail: 'Old@Example.com', detail: 'Stats until 2030-01-01', at: 9 });
      expect(await store.adminActions('old@example.com', 10)).toMatchObject([{ action: 'grant', targetEmail: 'old@example.com', at: 9 }]);
    } finally {
      await store.close();
    }
  });
});
