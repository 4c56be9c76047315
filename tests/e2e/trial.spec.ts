/**
 * The free trial on the embedded default (no Stripe keys: the labelled test checkout; mail written to the local
 * outbox), in Chromium against the built server: pricing says the terms; a newcomer signs up, confirms, starts
 * the trial (nothing paid), a paid filter works; the trial's end is moved within 3 days in the store and the
 * reminder arrives once; the trial is cancelled on the account page, time moves to its end in the test portal:
 * no payment taken, none recorded in the store, and the paid pages send the visitor to the expiry page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startServer, waitListening, type ServerProcess } from './serverProcess';
import { usersCliOn } from './accountsHelpers';

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'rebound tempo lattice';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-trial-'));
const DB = path.join(dir, 'accounts.sqlite');
const OUTBOX = path.join(dir, 'outbox');
let server: ServerProcess;

test.beforeAll(async () => {
  usersCliOn(DB, 'seed-demo');
  // The embedded default: no Stripe, no SMTP, the default trial (PLAN_TRIAL_DAYS unset: 7 days).
  const env: Record<string, string> = {
    ACCOUNTS_DB_PATH: DB,
    DATABASE_URL: '',
    SMTP_URL: '',
    MAIL_OUTBOX_DIR: OUTBOX,
    ACCOUNT_LIMIT_PER_IP: '1000',
    TRIAL_SWEEP_SECONDS: '1',
    STRIPE_SECRET_KEY: '',
    PLAN_TRIAL_DAYS: '',
  };
  server = startServer(env);
  await waitListening(server);
});
test.afterAll(() => server?.stop());

async function outboxTo(address: string): Promise<ParsedMail[]> {
  if (!fs.existsSync(OUTBOX)) return [];
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

async function waitForMail(address: string, subject: RegExp): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await outboxTo(address)).findLast((m) => subject.test(m.subject ?? ''));
        return Boolean(found);
      },
      { timeout: 20_000, message: `a message "${subject}" to ${address}` },
    )
    .toBe(true);
  return found!;
}

const linkTo = (mail: ParsedMail, pathPrefix: string) => {
  const found = new RegExp(`https?://[^\\s]+${pathPrefix.replace(/[/?]/g, '\\$&')}[^\\s]*`).exec(mail.text ?? '');
  if (!found) throw new Error(`No ${pathPrefix} link in ${mail.text}`);
  return found[0];
};

/** The paid Period filter through the JSON API with the page's session: 200 with the plan, 403 without. */
const periodFilterStatus = async (page: Page) => (await page.request.get(`${server.base}/api/data?page=League&season=2022&location=home`)).status();

test('a trial on the embedded default: start, a paid filter, the reminder, cancelled in time, nothing charged', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `trial-${Date.now().toString(36)}@example.com`;

  // Pricing says the terms, from the configuration (7 days, the monthly price).
  await page.goto(`${server.base}/pricing`);
  await expect(page.getByTestId('trial-month')).toHaveText('7 days free, then $8.00 a month; cancel before the trial ends and pay nothing.');
  await expect(page.getByTestId('trial-year')).toHaveText('7 days free, then $75.00 a year; cancel before the trial ends and pay nothing.');

  // Sign up from the trial button, confirm the address from the message, sign in: back at checkout.
  await page.locator('[data-plan="month"]').getByRole('link', { name: 'Start the free trial' }).click();
  await expect(page).toHaveURL(/\/signup\?callbackUrl=%2Fcheckout/);
  await page.getByLabel('Name').fill('Tess Trial');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  const verify = linkTo(await waitForMail(email, /^Confirm your email/), '/verify?token=');
  await page.goto(`${server.base}/signin?callbackUrl=%2Fprofile`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/signin/);
  await page.goto(verify);
  await page.goto(`${server.base}/checkout?interval=month`);

  // The test checkout: the trial's terms, nothing paid today.
  await expect(page).toHaveURL(/\/billing\/test-checkout\?session=cs_test_/);
  await expect(page.getByTestId('test-mode')).toContainText('Test mode: no money moves');
  await expect(page.locator('[data-form="test-pay"]')).toContainText('$8.00 a month, after 7 free days');
  await expect(page.getByTestId('trial-terms')).toHaveText('Nothing is paid today; cancel before the trial ends and pay nothing.');
  expect(await periodFilterStatus(page)).toBe(403);
  await page.getByRole('button', { name: 'Start the free trial (test)' }).click();
  await expect(page).toHaveURL(/\/purchase_confirmation\?session_id=cs_test_/);
  // Test mode: neither the page nor the message promises a charge that will never come.
  await expect(page.getByTestId('confirmed')).toContainText(/Your free trial runs to \d{1,2} \w+ \d{4}; in test mode no charge follows it\./);
  await expect(page.getByTestId('confirmed')).not.toContainText('charge is');
  const started = await waitForMail(email, /^Your Courtvision Stats plan is active$/);
  expect(started.text).toContain('in test mode no charge follows it');
  expect(started.text).not.toMatch(/first charge/i);

  // During the trial the plan is active: the paid filter answers.
  expect(await periodFilterStatus(page)).toBe(200);
  await page.goto(`${server.base}/profile`);
  await expect(page.getByTestId('billing-state')).toHaveText('Free trial');
  await expect(page.getByTestId('next-charge')).toContainText('when the free trial ends; cancel before then and pay nothing');

  // The reminder: the trial's end moved to 2 days from now in the store; the sweep (every second) mails it once.
  const db = new DatabaseSync(DB);
  const userId = (db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;
  const endsAt = Math.floor(Date.now() / 1000) + 2 * 86_400;
  db.prepare("UPDATE billing_subscriptions SET current_period_end = ? WHERE user_id = ? AND status = 'trialing'").run(endsAt, userId);
  const ends = new Date(endsAt * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const reminder = await waitForMail(email, /^Your Courtvision free trial ends on /);
  expect(reminder.subject).toBe(`Your Courtvision free trial ends on ${ends}`);
  expect(reminder.text).toContain(`To pay nothing, cancel before ${ends}`);
  expect(reminder.text).toContain(`${server.base}/profile#plan`);
  await page.waitForTimeout(3_000); // three more sweeps
  expect((await outboxTo(email)).filter((m) => /free trial ends/.test(m.subject ?? ''))).toHaveLength(1);

  // Cancel during the trial, on the account page.
  await page.goto(`${server.base}/profile`);
  await page.getByTestId('cancel-plan').click();
  await expect(page.getByTestId('billing-state')).toHaveText('Trial, cancelled');
  expect(await periodFilterStatus(page)).toBe(200);

  // Time moves to the trial's end (the test portal's control): the subscription ends, with no payment.
  await page.goto(`${server.base}/billing/test-portal`);
  await expect(page.getByTestId('test-subscription-state')).toContainText('trialing, cancelled');
  await page.getByRole('button', { name: 'Move time to the end of the trial' }).click();
  await expect(page.getByTestId('test-subscription-state')).toContainText('canceled');
  await expect(page.getByTestId('test-charges')).toContainText('No payment taken.');
  const state = db.prepare('SELECT status FROM billing_subscriptions WHERE user_id = ?').all(userId) as { status: string }[];
  expect(state.map((s) => s.status)).toEqual(['canceled']);
  const paid = db.prepare("SELECT count(*) AS n FROM billing_events WHERE user_id = ? AND type = 'invoice.paid'").get(userId) as { n: number };
  expect(paid.n).toBe(0);
  db.close();

  // The plan ended without payment: the paid filter is refused and the pages send the visitor to the expiry page.
  expect(await periodFilterStatus(page)).toBe(403);
  await page.goto(`${server.base}/stats/players?period=4`);
  await expect(page).toHaveURL(/\/subscription_expiration/);
  await waitForMail(email, /^Your Courtvision Stats plan has ended$/);
});
