/**
 * Rough edges of the purchase flow and the account page, in Chromium against the built server:
 * - test mode (the embedded default, mail written to the local outbox): buying says it was a test purchase (the
 *   confirmation page, the pricing note, the welcome email), never that Stripe sends a receipt; cancelling in the
 *   test portal mails once (the plan, the end date, how to resume); the account page then shows the end date and
 *   Resume instead of Cancel; Resume brings the plan back and mails once that it will renew (test mode's words);
 * - Stripe (the official SDK against the Stripe-compatible stand-in, webhooks over HTTP, mail over SMTP): the same
 *   with Stripe's own cancellation event, replayed, and Resume on the account page (cancel_at_period_end=false at
 *   Stripe; one "will renew" email naming the next payment, and Stripe's own event for it mails nothing more);
 * - POST-redirect-GET: a new API key is shown once and a reload neither makes a second key nor shows it again;
 *   sign-up and forgot-password answers reloaded send no second email;
 * - the pages at 390 px: nothing wider than the screen.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startServer, waitListening, type ServerProcess } from './serverProcess';
import { startInbox, type Inbox } from '../support/smtpInbox';
import { startStripeStandIn, type StripeStandIn } from '../support/stripeStandIn';
import { usersCliOn } from './accountsHelpers';

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'rebound tempo lattice';
const SECRET = 'whsec_edgessecret0123456789';
const CANCELLED = /^Your Courtvision Stats plan is cancelled$/;
const RENEWS = /^Your Courtvision Stats plan will renew$/;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-accountfix-'));
const OUTBOX = path.join(dir, 'outbox');
let testMode: ServerProcess;
let stripeNode: ServerProcess;
let inbox: Inbox;
let standIn: StripeStandIn;

const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;

/** Accounts an operator adds are confirmed: they can buy at once. */
function addUser(db: string, email: string, name: string) {
  usersCliOn(db, 'add', email, '--name', name, '--password', PASSWORD);
}

test.beforeAll(async () => {
  fs.mkdirSync(OUTBOX);
  inbox = await startInbox();
  standIn = await startStripeStandIn(
    [
      { id: 'price_monthly_edges', unit_amount: 900, currency: 'usd', interval: 'month' },
      { id: 'price_annual_edges', unit_amount: 8000, currency: 'usd', interval: 'year' },
    ],
    { url: '', secret: SECRET },
  );
  const testDb = path.join(dir, 'test-mode.sqlite');
  const stripeDb = path.join(dir, 'stripe.sqlite');
  for (const db of [testDb, stripeDb]) usersCliOn(db, 'seed-demo');
  const common = { DATABASE_URL: '', MAIL_RETRY_SECONDS: '1', ACCOUNT_LIMIT_PER_IP: '1000', PLAN_TRIAL_DAYS: '0' };
  testMode = startServer({ ...common, ACCOUNTS_DB_PATH: testDb, SMTP_URL: '', MAIL_OUTBOX_DIR: OUTBOX });
  stripeNode = startServer({
    ...common,
    ACCOUNTS_DB_PATH: stripeDb,
    SMTP_URL: inbox.url,
    STRIPE_SECRET_KEY: 'sk_test_edges',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_PRICE_MONTHLY: 'price_monthly_edges',
    STRIPE_PRICE_ANNUAL: 'price_annual_edges',
    STRIPE_API_URL: standIn.url,
    PLAN_MONTHLY_CENTS: '900',
    PLAN_ANNUAL_CENTS: '8000',
  });
  await Promise.all([waitListening(testMode), waitListening(stripeNode)]);
  standIn.webhook.url = `${stripeNode.base}/api/billing/webhook`;
});

test.afterAll(async () => {
  testMode?.stop();
  stripeNode?.stop();
  await inbox?.close();
  await standIn?.close();
});

/** Every message in the test-mode server's outbox to an address, as a mail client reads them. */
async function outboxTo(address: string): Promise<ParsedMail[]> {
  const mails: ParsedMail[] = [];
  for (const file of fs
    .readdirSync(OUTBOX)
    .filter((f) => f.endsWith('.eml'))
    .sort()) {
    const mail = await simpleParser(fs.readFileSync(path.join(OUTBOX, file)));
    if (mail.to && 'text' in mail.to && mail.to.text === address) mails.push(mail);
  }
  return mails;
}
const inboxTo = (address: string) => inbox.messages.filter((m) => m.to && 'text' in m.to && m.to.text === address);

async function waitForMail(read: () => Promise<ParsedMail[]> | ParsedMail[], subject: RegExp): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await read()).findLast((m) => subject.test(m.subject ?? ''));
        return Boolean(found);
      },
      { timeout: 15_000, message: `a message "${subject}"` },
    )
    .toBe(true);
  return found!;
}
const countOf = async (read: () => Promise<ParsedMail[]> | ParsedMail[], subject: RegExp) => (await read()).filter((m) => subject.test(m.subject ?? '')).length;

async function signIn(page: Page, base: string, email: string, to = '/profile') {
  await page.goto(`${base}/signin?callbackUrl=${encodeURIComponent(to)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/signin/);
}

const narrow = async (page: Page, locator?: ReturnType<Page['locator']>) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await (locator ?? page.locator('body')).scrollIntoViewIfNeeded();
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1366, height: 900 });
};

test('test mode: the purchase says it was a test, cancelling mails once, the account page offers Resume, and Resume mails once that the plan will renew', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('tess');
  addUser(path.join(dir, 'test-mode.sqlite'), email, 'Tess Tester');
  await page.goto(`${testMode.base}/pricing`);
  await expect(page.getByTestId('payments-note')).toHaveText(/takes no payments yet: the checkout is a test that moves no money and sends no receipt/);
  await expect(page.getByTestId('free-lines')).toContainText(/^Free without the plan, on every page: .+\. How each number is built: the guides\.$/);
  await expect(page.getByText(/sends no receipt\. Cancel from the Billing section/)).toBeVisible();
  await expect(page.locator('main')).not.toContainText('Stripe');
  await narrow(page);

  await signIn(page, testMode.base, email, '/checkout?interval=month');
  await expect(page).toHaveURL(/\/billing\/test-checkout\?session=cs_test_/);
  await page.getByRole('button', { name: /^Pay .* \(test\)$/ }).click();
  await expect(page).toHaveURL(/\/purchase_confirmation\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you: your Stats plan is active');
  await expect(page.getByTestId('test-mode')).toHaveText(/Test purchase: no payment was taken/);
  await expect(page.getByTestId('receipts')).toHaveText(
    "This was a test purchase: no payment was taken, and no receipt or invoice is sent. Your plan's dates are on your account page.",
  );
  await expect(page.locator('main')).not.toContainText('Stripe');
  await narrow(page);
  const welcome = await waitForMail(() => outboxTo(email), /^Your Courtvision Stats plan is active$/);
  expect(welcome.text).toContain('This was a test purchase: no payment was taken');
  expect(welcome.text).not.toContain('Stripe');

  // Cancel where the walkthrough did, in the test portal: it now offers Resume instead of Cancel, with the end date.
  await page.goto(`${testMode.base}/billing/portal`);
  await expect(page).toHaveURL(/\/billing\/test-portal/);
  await page.getByRole('button', { name: 'Cancel at the end of the period' }).click();
  await expect(page.getByTestId('test-subscription-state')).toContainText('cancelled: ends on');
  await expect(page.getByRole('button', { name: 'Cancel at the end of the period' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Resume (undo the cancellation)' })).toBeVisible();
  await narrow(page);
  const cancelMail = await waitForMail(() => outboxTo(email), CANCELLED);
  const endDate = /stays open until (\d{1,2} \w+ \d{4})/.exec(cancelMail.text ?? '')?.[1];
  expect(endDate, cancelMail.text).toBeTruthy();
  expect(cancelMail.text).toContain('Stats plan (monthly, $8.00 a month) is cancelled');
  // Test mode took no payment: the message must not speak of a "further" one.
  expect(cancelMail.text).toContain('(test mode: no payment was taken, and none will be)');
  expect(cancelMail.text).not.toContain('further payment');
  expect(cancelMail.text).toContain(`${testMode.base}/profile#plan`);

  // The account page: the end date and Resume, no Cancel.
  await page.goto(`${testMode.base}/profile`);
  const plan = page.getByTestId('plan');
  await expect(plan.getByTestId('billing-state')).toHaveText('Cancelled');
  await expect(plan.getByTestId('ends-on')).toContainText(`the plan stays open until ${endDate}`);
  await expect(plan.getByRole('button', { name: 'Cancel at the end of the period' })).toHaveCount(0);
  await expect(plan.getByRole('button', { name: 'Resume the plan' })).toBeVisible();
  await narrow(page, plan);
  await plan.getByRole('button', { name: 'Resume the plan' }).click();
  await expect(page).toHaveURL(`${testMode.base}/profile#plan`);
  await expect(plan.getByRole('status')).toContainText('Your plan is resumed: it renews on');
  await expect(plan.getByTestId('billing-state')).toHaveText('Active');
  await expect(plan.getByTestId('next-charge')).toBeVisible();
  await expect(plan.getByRole('button', { name: 'Cancel at the end of the period' })).toBeVisible();
  // The message is shown once: reloading shows the page without it and changes nothing.
  await page.reload();
  await expect(plan.getByRole('status')).toHaveCount(0);
  await expect(plan.getByTestId('billing-state')).toHaveText('Active');
  // Changed deliberately (it used to check that Resume mails nothing): the cancellation message said "no further
  // payment is taken", so Resume mails once that the plan renews, on the date the account page shows, in test
  // mode's words; the reload sent nothing more, and there is no second cancellation message.
  const renews = await waitForMail(() => outboxTo(email), RENEWS);
  expect(renews.text).toContain(`no longer ends on ${endDate}`);
  expect(renews.text).toContain(`It renews on ${endDate} as before (test mode: no payment is taken, and no money moves).`);
  expect(renews.text).not.toContain('no further payment');
  expect(renews.text).not.toContain('Stripe');
  expect(renews.text).toContain(`${testMode.base}/profile#plan`);
  await page.waitForTimeout(2_000);
  expect(await countOf(() => outboxTo(email), RENEWS)).toBe(1);
  expect(await countOf(() => outboxTo(email), CANCELLED)).toBe(1);

  // Cancelling on the account page is one new cancellation: one more message, and Resume is back.
  await plan.getByRole('button', { name: 'Cancel at the end of the period' }).click();
  await expect(plan.getByRole('status')).toContainText(`Your plan is cancelled: it stays open until ${endDate}`);
  await expect(plan.getByRole('button', { name: 'Resume the plan' })).toBeVisible();
  await expect.poll(() => countOf(() => outboxTo(email), CANCELLED), { timeout: 15_000 }).toBe(2);
});

test("Stripe: its cancellation event mails once, a replay nothing; Resume on the account page clears it at Stripe and mails once that the plan will renew, and Stripe's event for it mails nothing", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('stripe');
  addUser(path.join(dir, 'stripe.sqlite'), email, 'Sam Stripe');
  await signIn(page, stripeNode.base, email, '/checkout?interval=month');
  await expect(page).toHaveURL(new RegExp(`^${standIn.url}/pay/cs_test_`));
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByTestId('receipts')).toHaveText(
    "Receipts and invoices come from our payment provider, Stripe, by email and on the billing page of your account. Open the billing page. Your plan's dates are on your account page.",
  );
  await expect(page.getByTestId('test-mode')).toHaveCount(0);
  const welcome = await waitForMail(() => inboxTo(email), /^Your Courtvision Stats plan is active$/);
  expect(welcome.text).toContain('Receipts and invoices come from our payment provider, Stripe');

  // The member cancels in Stripe's portal: Stripe sends customer.subscription.updated, and again (a replay).
  const sub = [...standIn.subscriptions.values()].find((s) => standIn.customers.get(s.customer)?.email === email)!;
  const cancelled = standIn.changeSubscription(sub.id, { cancel_at_period_end: true });
  expect(JSON.parse((await standIn.deliver(cancelled)).body)).toMatchObject({ outcome: 'applied' });
  expect(JSON.parse((await standIn.deliver(cancelled)).body)).toMatchObject({ outcome: 'duplicate' });
  const mail = await waitForMail(() => inboxTo(email), CANCELLED);
  expect(mail.text).toContain('Stats plan (monthly, $9.00 a month) is cancelled');

  await page.goto(`${stripeNode.base}/profile`);
  const plan = page.getByTestId('plan');
  await expect(plan.getByTestId('ends-on')).toBeVisible();
  await plan.getByRole('button', { name: 'Resume the plan' }).click();
  await expect(plan.getByRole('status')).toContainText('Your plan is resumed');
  await expect(plan.getByTestId('billing-state')).toHaveText('Active');
  expect(standIn.subscriptions.get(sub.id)!.cancel_at_period_end).toBe(false);
  expect(standIn.requests.findLast((r) => r.path === `/v1/subscriptions/${sub.id}` && r.method === 'POST')?.form).toEqual({ cancel_at_period_end: 'false' });
  // One "will renew" message, with Stripe's wording (the next payment and its date); Stripe's own event for the
  // resume reaches the webhook (the stand-in sends it after answering) and tells nothing more.
  const renews = await waitForMail(() => inboxTo(email), RENEWS);
  const periodEnd = standIn.subscriptions.get(sub.id)!.items.data[0]!.current_period_end;
  const on = new Date(periodEnd * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  expect(renews.text).toContain(`It renews on ${on} as before: the next payment, $9.00, is taken then by Stripe`);
  await page.waitForTimeout(2_000);
  expect(await countOf(() => inboxTo(email), RENEWS)).toBe(1);
  expect(await countOf(() => inboxTo(email), CANCELLED)).toBe(1);
});

test('a new API key is shown once; reloading the page makes no second key and no longer shows it', async ({ page }) => {
  test.setTimeout(60_000);
  // The demo subscriber (an active plan, the demo password).
  await page.goto(`${testMode.base}/signin?callbackUrl=%2Fprofile`);
  await page.getByLabel('Email').fill('subscriber@example.com');
  await page.getByLabel('Password').fill('demo-subscriber-2023');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const section = page.getByTestId('api-keys');
  const rowsBefore = await section.locator('tr[data-key-id]').count();
  await section.getByLabel('Name of a new key').fill('reload check');
  const [post] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/profile')),
    section.getByRole('button', { name: 'Make a key' }).click(),
  ]);
  expect(post.status()).toBe(303);
  await expect(page).toHaveURL(`${testMode.base}/profile#api-keys`);
  await expect(section.getByRole('status')).toContainText('shown only this once');
  const key = await page.getByTestId('new-key').inputValue();
  expect(key).toMatch(/^cv_live_[A-Za-z0-9_-]{43}$/);
  expect(page.url()).not.toContain(key);
  await expect(section.locator('tr[data-key-id]')).toHaveCount(rowsBefore + 1);
  await narrow(page, section);
  const cookies = await page.context().cookies();
  expect(cookies.some((c) => c.value.includes(key))).toBe(false);

  // Reload: a GET, not a second POST; one key more than before, and the secret is gone from the page.
  const [reloaded] = await Promise.all([page.waitForResponse((r) => r.url().startsWith(`${testMode.base}/profile`)), page.reload()]);
  expect(reloaded.request().method()).toBe('GET');
  await expect(section.locator('tr[data-key-id]')).toHaveCount(rowsBefore + 1);
  await expect(page.getByTestId('new-key')).toHaveCount(0);
  expect(await page.content()).not.toContain(key);
  // The page's other forms answer the same way: a new name, reloaded, is not posted twice.
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Sue Subscriber');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page).toHaveURL(`${testMode.base}/profile#name`);
  await expect(page.locator('#name').getByRole('status')).toBeVisible();
  const [again] = await Promise.all([page.waitForResponse((r) => r.url().startsWith(`${testMode.base}/profile`)), page.reload()]);
  expect(again.request().method()).toBe('GET');
  await expect(page.locator('#name').getByRole('status')).toHaveCount(0);
  await expect(page.getByTestId('profile').locator('[data-field="name"]')).toHaveText('Sue Subscriber');
});

test('sign-up and forgot-password answers, reloaded, send no second email', async ({ page }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('newbie');
  await page.goto(`${testMode.base}/signup`);
  await page.getByLabel('Name').fill('Nell Newbie');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/signup\?sent=1/);
  await expect(page.getByRole('status')).toContainText('Check your email');
  await page.reload();
  await expect(page.getByRole('status')).toContainText('Check your email');
  await waitForMail(() => outboxTo(email), /^Confirm your email/);

  await page.goto(`${testMode.base}/forgot`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page).toHaveURL(`${testMode.base}/forgot?sent=1`);
  await expect(page.getByRole('status')).toContainText('a link to choose a new password is on its way');
  await page.reload();
  await waitForMail(() => outboxTo(email), /^Reset your Courtvision password$/);
  await page.waitForTimeout(2_000);
  // One of each: no "someone tried to create an account" from a re-posted sign-up, no second reset link.
  expect((await outboxTo(email)).map((m) => m.subject).sort()).toEqual(['Confirm your email for Courtvision', 'Reset your Courtvision password']);
});
