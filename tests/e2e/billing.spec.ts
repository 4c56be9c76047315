/**
 * Buying the Stats plan in Chromium, two ways:
 * - the embedded default (no Stripe keys): pricing -> sign up -> confirm -> the labelled test checkout -> the
 *   plan is active and a paid filter works, with nobody in between; the test portal's cancellation;
 * - real Stripe through the official SDK against a Stripe-compatible server (tests/support/stripeStandIn.ts):
 *   two processes of the built server sharing one accounts store receive the signed webhooks over HTTP: checkout,
 *   cancellation at period end then the end (expiry redirect), a failed payment (email, access kept, then
 *   ended), a replayed event, events out of order, a forged signature (400), the same event to both processes at
 *   once (one change), and the return page before the webhook.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mailTo } from './inboxMail';
import { startServer, waitListening, type ServerProcess } from './serverProcess';
import { linkIn, startInbox, type Inbox } from '../support/smtpInbox';
import { startStripeStandIn, type StripeStandIn } from '../support/stripeStandIn';
import { usersCliOn } from './accountsHelpers';

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'rebound tempo lattice';
const SECRET = 'whsec_e2esecret0123456789';
let inbox: Inbox;
let standIn: StripeStandIn;
let dbFile: string;
let testMode: ServerProcess;
let nodeA: ServerProcess;
let nodeB: ServerProcess;

test.beforeAll(async () => {
  inbox = await startInbox();
  standIn = await startStripeStandIn(
    [
      { id: 'price_monthly_e2e', unit_amount: 900, currency: 'usd', interval: 'month' },
      { id: 'price_annual_e2e', unit_amount: 8000, currency: 'usd', interval: 'year' },
    ],
    { url: '', secret: SECRET },
  );
  dbFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cv-billing-')), 'accounts.sqlite');
  usersCliOn(dbFile, 'seed-demo');
  // Purchases without a trial (the trial has its own spec, trial.spec.ts).
  const common = {
    ACCOUNTS_DB_PATH: dbFile,
    DATABASE_URL: '',
    SMTP_URL: inbox.url,
    MAIL_RETRY_SECONDS: '1',
    ACCOUNT_LIMIT_PER_IP: '1000',
    PLAN_TRIAL_DAYS: '0',
  };
  const stripe = {
    STRIPE_SECRET_KEY: 'sk_test_e2esite',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_PRICE_MONTHLY: 'price_monthly_e2e',
    STRIPE_PRICE_ANNUAL: 'price_annual_e2e',
    STRIPE_API_URL: standIn.url,
    PLAN_MONTHLY_CENTS: '900',
    PLAN_ANNUAL_CENTS: '8000',
  };
  const testDb = path.join(path.dirname(dbFile), 'test-mode.sqlite');
  usersCliOn(testDb, 'seed-demo');
  testMode = startServer({ ...common, ACCOUNTS_DB_PATH: testDb, PLAN_TRIAL_DAYS: '0' });
  nodeA = startServer({ ...common, ...stripe });
  nodeB = startServer({ ...common, ...stripe });
  await Promise.all([waitListening(testMode), waitListening(nodeA), waitListening(nodeB)]);
  standIn.webhook.url = `${nodeA.base}/api/billing/webhook`;
});

test.afterAll(async () => {
  for (const node of [testMode, nodeA, nodeB]) node?.stop();
  await inbox?.close();
  await standIn?.close();
});

const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;

/** From the pricing page: subscribe, sign up, confirm the email from the message, sign in, back at checkout. */
async function subscribeAsNewcomer(page: Page, base: string, email: string, plan: 'Subscribe monthly' | 'Subscribe yearly'): Promise<void> {
  await page.goto(`${base}/`);
  await page.locator('.plan-featured').getByRole('link', { name: 'See pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.getByRole('link', { name: plan }).click();
  await expect(page).toHaveURL(/\/signup\?callbackUrl=%2Fcheckout/);
  await page.getByLabel('Name').fill('Pat Payer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status')).toContainText('Check your email');
  const verify = linkIn(await mailTo(inbox, email, /^Confirm your email/), '/verify?token=');
  await page.getByRole('link', { name: 'Sign in' }).last().click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Not confirmed yet: checkout asks for it first.
  await expect(page.getByRole('heading', { name: 'Confirm your email first' })).toBeVisible();
  await page.goto(verify);
  await expect(page.getByRole('status')).toContainText('is confirmed');
  await page.goto(`${base}/checkout?interval=${plan === 'Subscribe monthly' ? 'month' : 'year'}`);
}

/** The paid Period filter through the JSON API with the page's session: 200 with the plan, 403 without. */
const periodFilterStatus = async (page: Page, base: string) => (await page.request.get(`${base}/api/data?page=League&season=2022&location=home`)).status();

test('embedded default: a newcomer buys the plan in test mode and uses a paid filter, with nobody in between', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('tester');
  await subscribeAsNewcomer(page, testMode.base, email, 'Subscribe monthly');
  await expect(page).toHaveURL(/\/billing\/test-checkout\?session=cs_test_/);
  await expect(page.getByTestId('test-mode')).toContainText('Test mode: no money moves');
  expect(await periodFilterStatus(page, testMode.base)).toBe(403);
  await page.getByRole('button', { name: /^Pay \$8\.00 \(test\)$/ }).click();
  await expect(page).toHaveURL(/\/purchase_confirmation\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you: your Stats plan is active');
  await mailTo(inbox, email, /^Your Courtvision Stats plan is active$/);
  // The filters open on the next page, without signing out.
  expect(await periodFilterStatus(page, testMode.base)).toBe(200);
  await page.goto(`${testMode.base}/stats/players?period=4`);
  await expect(page.locator('.sa-pill[data-filter="Period"]')).toContainText('Q4');
  // Buying twice is not offered: checkout sends an active subscriber to manage the plan.
  await page.goto(`${testMode.base}/checkout?interval=year`);
  await expect(page).toHaveURL(/\/billing\/test-portal/);
  await page.getByRole('button', { name: 'Cancel at the end of the period' }).click();
  await page.goto(`${testMode.base}/profile`);
  await expect(page.getByTestId('billing-state')).toHaveText('Cancelled');
  await expect(page.getByTestId('ends-on')).toBeVisible();
  expect(await periodFilterStatus(page, testMode.base)).toBe(200);
});

test('Stripe: checkout through the hosted page, the webhook over HTTP, then cancellation at period end and the end', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('stripe');
  await subscribeAsNewcomer(page, nodeA.base, email, 'Subscribe yearly');
  await expect(page).toHaveURL(new RegExp(`^${standIn.url}/pay/cs_test_`));
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(new RegExp(`^${nodeA.base}/purchase_confirmation\\?session_id=cs_test_`));
  await expect(page.getByTestId('confirmed')).toContainText('Your plan renews on');
  expect(await periodFilterStatus(page, nodeA.base)).toBe(200);
  const customer = [...standIn.customers.values()].find((c) => c.email === email)!;
  const sub = [...standIn.subscriptions.values()].find((s) => s.customer === customer.id)!;
  expect(sub.items.data[0]!.price.id).toBe('price_annual_e2e');
  await page.goto(`${nodeB.base}/profile`);
  await expect(page.getByTestId('billing-state')).toHaveText('Active');
  await expect(page.getByTestId('next-charge')).toContainText('$80.00 on');

  // Cancelled at period end: access to the date.
  const cancel = standIn.changeSubscription(sub.id, { cancel_at_period_end: true });
  cancel.created += 1;
  expect((await standIn.deliver(cancel)).status).toBe(200);
  await page.reload();
  await expect(page.getByTestId('ends-on')).toBeVisible();
  expect(await periodFilterStatus(page, nodeB.base)).toBe(200);
  // The period ends: Stripe ends the subscription, the plan expires, every page goes to the expiry page.
  const ended = standIn.changeSubscription(sub.id, { status: 'canceled', ended_at: Math.floor(Date.now() / 1000) - 1 });
  ended.created += 2;
  expect((await standIn.deliver(ended)).status).toBe(200);
  await page.goto(`${nodeB.base}/stats/players`);
  await expect(page).toHaveURL(/\/subscription_expiration$/);
  expect(await periodFilterStatus(page, nodeB.base)).toBe(403);
  await mailTo(inbox, email, /^Your Courtvision Stats plan has ended$/);
  // Renewing is one click from there.
  await page.getByRole('link', { name: 'Renew monthly' }).click();
  await expect(page).toHaveURL(new RegExp(`^${standIn.url}/pay/cs_test_`));
});

test('Stripe: a failed payment mails the buyer and keeps access while retried; a replay, an older event and a forged one change nothing', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('failing');
  await subscribeAsNewcomer(page, nodeA.base, email, 'Subscribe monthly');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/purchase_confirmation/);
  const customer = [...standIn.customers.values()].find((c) => c.email === email)!;
  const sub = [...standIn.subscriptions.values()].find((s) => s.customer === customer.id)!;

  const pastDue = standIn.changeSubscription(sub.id, { status: 'past_due', current_period_end: Math.floor(Date.now() / 1000) + 30 * 86_400 });
  pastDue.created += 1;
  const failed = standIn.invoiceEvent('invoice.payment_failed', sub.id);
  failed.created += 1;
  expect((await standIn.deliver(failed)).status).toBe(200);
  const notice = await mailTo(inbox, email, /^Your Courtvision payment did not go through$/);
  expect(linkIn(notice, '/billing/portal')).toContain(`${nodeA.base}/billing/portal`);
  expect(await periodFilterStatus(page, nodeA.base)).toBe(200);
  await page.goto(`${nodeA.base}/profile`);
  await expect(page.getByTestId('billing-state')).toHaveText('Payment failed');

  // A replay and an older state change nothing; a forged signature is refused.
  const replay = await standIn.deliver(failed);
  expect(JSON.parse(replay.body)).toMatchObject({ outcome: 'duplicate' });
  const older = structuredClone(pastDue);
  older.id = `evt_older_${Date.now()}`;
  (older.data.object as { status: string }).status = 'active';
  older.created -= 100;
  expect(JSON.parse((await standIn.deliver(older)).body)).toMatchObject({ outcome: 'stale' });
  const forged = JSON.stringify({ ...pastDue, id: 'evt_forged', data: { object: { ...(pastDue.data.object as object), status: 'canceled' } } });
  const refused = await standIn.deliver(forged, 't=1,v1=0000');
  expect(refused.status).toBe(400);
  await page.reload();
  await expect(page.getByTestId('billing-state')).toHaveText('Payment failed');

  // The retries run out: the subscription ends, and so does access.
  const ended = standIn.changeSubscription(sub.id, { status: 'canceled', ended_at: Math.floor(Date.now() / 1000) - 1 });
  ended.created += 5;
  expect((await standIn.deliver(ended)).status).toBe(200);
  expect(await periodFilterStatus(page, nodeA.base)).toBe(403);
});

test('Stripe: the same event to both processes at once changes the state once; the return page works before the webhook', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('twice');
  await subscribeAsNewcomer(page, nodeA.base, email, 'Subscribe monthly');
  const sessionId = new URL(page.url()).pathname.split('/').at(-1)!;
  // Paid at Stripe, but no webhook yet: the return page reads the session and opens the plan itself.
  const events = standIn.completeCheckout(sessionId);
  await page.goto(`${nodeB.base}/purchase_confirmation?session_id=${sessionId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you: your Stats plan is active');
  expect(await periodFilterStatus(page, nodeB.base)).toBe(200);
  // Then the events arrive, each at both processes at the same moment.
  for (const event of events) {
    const payload = JSON.stringify(event);
    const signature = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const answers = await Promise.all(
      [nodeA, nodeB].map(async (node) => {
        const r = await fetch(`${node.base}/api/billing/webhook`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
          body: payload,
        });
        return ((await r.json()) as { outcome: string }).outcome;
      }),
    );
    // One process handles the event, the other sees it is a duplicate. The handler applies it, or finds it
    // 'stale' when the return page stored the same state from a read made in a later second than the event.
    expect(answers.filter((a) => a === 'duplicate')).toHaveLength(1);
    expect(['applied', 'stale']).toContain(answers.find((a) => a !== 'duplicate'));
  }
  // One "plan active" message in all, though the state was applied by the return page and then by an event.
  await mailTo(inbox, email, /^Your Courtvision Stats plan is active$/);
  await page.waitForTimeout(1_500);
  expect(inbox.messages.filter((m) => m.to && 'text' in m.to && m.to.text === email && /Stats plan is active/.test(m.subject ?? ''))).toHaveLength(1);
  // Someone else, or nobody, opening that return page confirms nothing.
  const anonymous = await fetch(`${nodeA.base}/purchase_confirmation?session_id=${sessionId}`);
  expect(anonymous.status).toBe(404);
  expect(await anonymous.text()).toContain('Sign in to see your purchase');
});

test('the webhook refuses bodies that are not events, and oversized ones, without a 500', async ({ request }) => {
  const url = `${nodeA.base}/api/billing/webhook`;
  expect((await request.post(url, { data: 'not json', headers: { 'Stripe-Signature': 't=1,v1=00' } })).status()).toBe(400);
  expect((await request.post(url, { data: '{}' })).status()).toBe(400);
  const big = await request.post(url, { data: 'x'.repeat(600 * 1024), headers: { 'Stripe-Signature': 't=1,v1=00' } });
  expect(big.status()).toBe(413);
});

test('an admin sees subscribers by state, revenue and the last events; nobody else sees the page', async ({ page }) => {
  const anon = await fetch(`${nodeA.base}/admin/billing`);
  expect(anon.status).toBe(404);
  await page.goto(`${nodeA.base}/signin?callbackUrl=%2Fadmin%2Fbilling`);
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('demo-admin-2023');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/billing$/);
  await expect(page.locator('[data-figure="new"]')).not.toHaveText('0');
  await expect(page.locator('[data-figure="churned"]')).not.toHaveText('0');
  await expect(page.locator('table.events tbody tr').first()).toBeVisible();
  // Each event once, with its outcome (a replay is answered "duplicate" and adds no row).
  await expect(page.locator('table.events')).toContainText('stale');
  await expect(page.locator('table.events')).toContainText('invoice.payment_failed');
});

test("Stripe: checkout in two tabs, both paid: the first tab's session is expired and takes no payment; a second subscription made anyway is cancelled with credit, the plan kept once, and the admin page flags it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('twotabs');
  await subscribeAsNewcomer(page, nodeA.base, email, 'Subscribe monthly');
  await expect(page).toHaveURL(new RegExp(`^${standIn.url}/pay/cs_test_`));
  const firstSession = page.url().split('/').at(-1)!;
  // The second tab opens the checkout again (annual this time) and pays.
  const tab2 = await page.context().newPage();
  await tab2.goto(`${nodeA.base}/checkout?interval=year`);
  await expect(tab2).toHaveURL(new RegExp(`^${standIn.url}/pay/cs_test_`));
  expect(tab2.url()).not.toContain(firstSession);
  await tab2.getByRole('button', { name: 'Pay' }).click();
  await expect(tab2).toHaveURL(new RegExp(`^${nodeA.base}/purchase_confirmation\\?session_id=cs_test_`));
  // The first tab, still showing its Pay button: Stripe no longer takes that payment.
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('alert')).toHaveText('This Checkout Session is no longer available.');
  const customer = [...standIn.customers.values()].find((c) => c.email === email)!;
  expect(standIn.sessions.get(firstSession)!.status).toBe('expired');
  expect(standIn.charges.filter((c) => c.customer === customer.id).map((c) => c.amount)).toEqual([8000]);

  // A second subscription made anyway (two sessions paid at the same moment): Stripe's events reach the webhook.
  const at = new URL(standIn.url);
  const stripe = new Stripe('sk_test_race', { telemetry: false, host: at.hostname, port: at.port, protocol: 'http' });
  const race = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: customer.metadata.user_id!,
    line_items: [{ price: 'price_monthly_e2e', quantity: 1 }],
    subscription_data: { metadata: { user_id: customer.metadata.user_id! } },
    success_url: `${nodeA.base}/purchase_confirmation?session_id={CHECKOUT_SESSION_ID}`,
  });
  const [created, completed] = standIn.completeCheckout(race.id);
  // The subscription's creation is applied, as the cancelled duplicate. The completed checkout then reads that
  // cancelled subscription: applied again, or 'stale' when the cancellation was stored in a later second than the
  // event was made (a slow machine); the state is the same either way, and is checked below.
  const first = await standIn.deliver(created!);
  expect(first.status).toBe(200);
  expect(JSON.parse(first.body)).toMatchObject({ outcome: 'applied' });
  const then = await standIn.deliver(completed!);
  expect(then.status).toBe(200);
  expect(['applied', 'stale']).toContain((JSON.parse(then.body) as { outcome: string }).outcome);
  const subs = [...standIn.subscriptions.values()].filter((s) => s.customer === customer.id);
  const kept = subs.find((s) => s.items.data[0]!.price.id === 'price_annual_e2e')!;
  const second = subs.find((s) => s.items.data[0]!.price.id === 'price_monthly_e2e')!;
  expect(kept.status).toBe('active');
  expect(second.status).toBe('canceled');
  expect(standIn.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${second.id}`).map((r) => r.form)).toEqual([
    { prorate: 'true', invoice_now: 'true' },
  ]);
  // Charged once: the second payment's unused time is credited back at once.
  const paid = standIn.charges.filter((c) => c.customer === customer.id).reduce((sum, c) => sum + c.amount, 0);
  const credited = standIn.credits.filter((c) => c.customer === customer.id).reduce((sum, c) => sum + c.amount, 0);
  expect([paid, credited]).toEqual([8900, 900]);
  // The buyer: one plan (annual), one welcome, no "ended" message.
  await tab2.goto(`${nodeB.base}/profile`);
  await expect(tab2.getByTestId('billing-state')).toHaveText('Active');
  await expect(tab2.getByTestId('next-charge')).toContainText('$80.00 on');
  await tab2.waitForTimeout(1_500);
  expect(inbox.messages.filter((m) => m.to && 'text' in m.to && m.to.text === email && /Stats plan/.test(m.subject ?? '')).map((m) => m.subject)).toEqual([
    'Your Courtvision Stats plan is active',
  ]);

  // The operator sees the flag on the admin page, at both widths.
  const admin = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const adminPage = await admin.newPage();
  await adminPage.goto(`${nodeA.base}/signin?callbackUrl=%2Fadmin%2Fbilling`);
  await adminPage.getByLabel('Email').fill('admin@example.com');
  await adminPage.getByLabel('Password').fill('demo-admin-2023');
  await adminPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(adminPage).toHaveURL(/\/admin\/billing$/);
  const flag = adminPage.locator('table.events tr', { hasText: `second subscription ${second.id}` });
  await expect(flag).toHaveCount(1);
  await expect(flag).toContainText(`cancelled at once with credit (kept ${kept.id}): check its payment and refund it`);
  await adminPage.setViewportSize({ width: 390, height: 844 });
  await expect(flag).toBeVisible();
  expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await flag.scrollIntoViewIfNeeded();
  await admin.close();
});
