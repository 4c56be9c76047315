/**
 * A free trial whose first payment is declined, as its buyer sees it (src/server/billing/subscriptionState.ts):
 * Stripe through the stand-in (tests/support/stripeStandIn.ts) and a server process of the built site. The buyer
 * starts the 7-day trial at the stand-in's checkout; the trial's end comes with the card declined (past_due, a new
 * month started unpaid). The account page says "Payment failed", promises no charge a month away, and says the plan
 * stays open until 3 days after the trial's end; the email says the same date. Desktop 1366x900 and phone 390x844.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { submitSignIn, usersCliOn } from './accountsHelpers';
import { mailTo } from './inboxMail';
import { startServer, waitListening, type ServerProcess } from './serverProcess';
import { startInbox, type Inbox } from '../support/smtpInbox';
import { startStripeStandIn, type StripeStandIn } from '../support/stripeStandIn';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const PASSWORD = 'declined card lattice';
const SECRET = 'whsec_e2etrialdeclined012345';
const DAY = 86_400;
let inbox: Inbox;
let standIn: StripeStandIn;
let dbFile: string;
let node: ServerProcess;

/** A date as the pages and emails write it ("4 December 2026"), written here. */
const written = (seconds: number) => new Date(seconds * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

test.beforeAll(async () => {
  inbox = await startInbox();
  standIn = await startStripeStandIn(
    [
      { id: 'price_monthly_trial', unit_amount: 800, currency: 'usd', interval: 'month' },
      { id: 'price_annual_trial', unit_amount: 7500, currency: 'usd', interval: 'year' },
    ],
    { url: '', secret: SECRET },
  );
  dbFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cv-trial-declined-')), 'accounts.sqlite');
  usersCliOn(dbFile, 'seed-demo');
  node = startServer({
    ACCOUNTS_DB_PATH: dbFile,
    DATABASE_URL: '',
    SMTP_URL: inbox.url,
    MAIL_RETRY_SECONDS: '1',
    ACCOUNT_LIMIT_PER_IP: '1000',
    PLAN_TRIAL_DAYS: '7',
    STRIPE_SECRET_KEY: 'sk_test_trialdeclined',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_PRICE_MONTHLY: 'price_monthly_trial',
    STRIPE_PRICE_ANNUAL: 'price_annual_trial',
    STRIPE_API_URL: standIn.url,
    PLAN_MONTHLY_CENTS: '800',
    PLAN_ANNUAL_CENTS: '7500',
  });
  await waitListening(node);
  standIn.webhook.url = `${node.base}/api/billing/webhook`;
});

test.afterAll(async () => {
  node?.stop();
  await inbox?.close();
  await standIn?.close();
});

async function signIn(page: Page, email: string, callbackUrl: string): Promise<void> {
  await page.goto(`${node.base}/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  await submitSignIn(page, email, PASSWORD);
}

for (const size of [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`${size.name}: the trial ends with the card declined: the account page and the email give the plan's last day`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const email = `declined-${size.name}-${Date.now().toString(36)}@example.com`;
    usersCliOn(dbFile, 'add', email, '--name', 'Dee Clined', '--password', PASSWORD);
    await signIn(page, email, '/checkout?interval=month');
    // The stand-in's hosted checkout; the trial starts (nothing charged).
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/purchase_confirmation/);
    const customer = [...standIn.customers.values()].find((c) => c.email === email)!;
    const sub = [...standIn.subscriptions.values()].find((s) => s.customer === customer.id)!;
    expect(sub.status).toBe('trialing');

    // The trial's end: Stripe starts a paid month, the card is declined.
    for (const event of standIn.endTrial(sub.id, 'declined')) expect((await standIn.deliver(event)).status).toBe(200);
    const trialEnd = standIn.subscriptions.get(sub.id)!.trial_end!;
    const lastDay = written(trialEnd + 3 * DAY);
    expect(standIn.charges.filter((c) => c.subscription === sub.id)).toEqual([]);

    await page.goto(`${node.base}/profile#plan`);
    const plan = page.getByTestId('plan');
    await expect(plan.getByTestId('billing-state')).toHaveText('Payment failed');
    await expect(plan.getByTestId('next-charge')).toHaveCount(0);
    await expect(plan.getByTestId('payment-failed')).toHaveText(
      `The last payment failed. The plan stays open until ${lastDay} while it is retried: please update your payment method.`,
    );
    // Not the unpaid month's end.
    await expect(page.locator('body')).not.toContainText(written(standIn.subscriptions.get(sub.id)!.items.data[0]!.current_period_end));

    const notice = await mailTo(inbox, email, /^Your Courtvision payment did not go through$/);
    expect(notice.text).toContain(`Your plan stays open until ${lastDay}`);
  });
}
