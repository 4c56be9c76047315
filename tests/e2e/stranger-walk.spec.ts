/**
 * What a stranger's walk through sign-up, payment and cancellation found, in Chromium against the built server in
 * test mode (the embedded default; mail through a real SMTP server, read as a mail client reads it):
 * - a mistyped password keeps where the visitor was going: the sign-in page after the error still carries the
 *   callbackUrl (the checkout), whether the form posts with its script or without (Auth.js's own answer drops it);
 * - the home page's plan card offers "Create your account" to visitors only (a signed-in visitor: "Your account");
 * - the confirmation link followed twice: the address is confirmed already, nothing more to do (no "ask for a new
 *   link"), and the next step for someone without a plan is the plan;
 * - the account page gives the plan's date as the confirmation page and the Billing section give it (not the
 *   day of grace after), "Renews on" then "Ends on" once cancelled, and in test mode it says no money moves;
 * - paying twice: the back button to a paid test checkout shows no second Pay, and a checkout opened in another
 *   tab before the plan started refuses to start a second subscription (409), with one welcome message only;
 * - at 390 px nothing is wider than the screen; axe (WCAG 2 A/AA) on the pages changed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startServer, waitListening, type ServerProcess } from './serverProcess';
import { linkIn, startInbox, type Inbox } from '../support/smtpInbox';

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'copper lantern dribble';
let inbox: Inbox;
let server: ServerProcess;
let dbFile: string;

test.beforeAll(async () => {
  inbox = await startInbox();
  dbFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cv-walk-')), 'accounts.sqlite');
  execFileSync('npm', ['run', '--silent', 'users', '--', 'seed-demo'], { env: { ...process.env, ACCOUNTS_DB_PATH: dbFile, DATABASE_URL: '' } });
  server = startServer({
    ACCOUNTS_DB_PATH: dbFile,
    DATABASE_URL: '',
    SMTP_URL: inbox.url,
    MAIL_RETRY_SECONDS: '1',
    ACCOUNT_LIMIT_PER_IP: '1000',
    PLAN_TRIAL_DAYS: '0',
    PLAN_MONTHLY_CENTS: '800',
    PLAN_ANNUAL_CENTS: '7500',
  });
  await waitListening(server);
});

test.afterAll(async () => {
  server?.stop();
  await inbox?.close();
});

const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
const mailsTo = (address: string, subject: RegExp) =>
  inbox.messages.filter((m) => m.to && 'text' in m.to && m.to.text === address && subject.test(m.subject ?? ''));

async function mailTo(address: string, subject: RegExp) {
  await expect.poll(() => mailsTo(address, subject).length, { timeout: 15_000, message: `a message "${subject}" to ${address}` }).toBeGreaterThan(0);
  return mailsTo(address, subject).at(-1)!;
}

/** An operator's account is confirmed: it can buy at once. */
function addUser(email: string, name: string) {
  execFileSync('npm', ['run', '--silent', 'users', '--', 'add', email, '--name', name, '--password', PASSWORD], { env: { ...process.env, ACCOUNTS_DB_PATH: dbFile, DATABASE_URL: '' } });
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** At 390 px: nothing wider than the screen; a screenshot for the eye. */
async function onPhone(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `/tmp/walk-e2e-${name}-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a newcomer who mistypes the password still reaches the checkout; the confirmation link followed twice says there is nothing more to do', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('stranger');
  await page.goto(`${server.base}/`);
  const planCard = page.locator('.plan-featured');
  await expect(planCard.getByRole('link', { name: 'Create your account' })).toHaveAttribute('href', '/signup');
  await planCard.getByRole('link', { name: 'See pricing' }).click();
  await page.getByRole('link', { name: 'Subscribe monthly' }).click();
  await expect(page).toHaveURL(/\/signup\?callbackUrl=%2Fcheckout%3Finterval%3Dmonth$/);
  // Not a detour: the page says how the purchase goes on.
  await expect(page.getByTestId('checkout-steps')).toHaveText(
    'To buy the Stats plan: create your account here, confirm your email from the message we send, then sign in to continue to the checkout.',
  );
  await axe(page);
  await onPhone(page, 'signup-to-buy');
  await page.getByLabel('Name').fill('Walker Stranger');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status')).toContainText('Check your email');
  await expect(page.getByTestId('checkout-steps')).toHaveCount(0);
  const verify = linkIn(await mailTo(email, /^Confirm your email/), '/verify?token=');

  // The wrong password first: the error, and the way on to the checkout is kept.
  await page.getByRole('link', { name: 'Sign in' }).last().click();
  await signIn(page, email, 'not my password at all');
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password.' })).toBeVisible();
  const afterError = new URL(page.url());
  expect(afterError.pathname).toBe('/signin');
  expect(afterError.searchParams.get('error')).toBe('CredentialsSignin');
  expect(afterError.searchParams.get('callbackUrl')).toBe('/checkout?interval=month');
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(`${server.base}/checkout?interval=month`);
  await expect(page.getByRole('heading', { name: 'Confirm your email first' })).toBeVisible();

  // The same form without its script (a plain POST): Auth.js's redirect, with the callbackUrl kept.
  const csrf = ((await (await page.request.get(`${server.base}/api/auth/csrf`)).json()) as { csrfToken: string }).csrfToken;
  const plain = await page.request.post(`${server.base}/api/auth/callback/credentials`, {
    form: { csrfToken: csrf, callbackUrl: '/stats/players?period=4', email, password: 'still not my password' },
    headers: { Origin: server.base },
    maxRedirects: 0,
  });
  expect(plain.status()).toBe(302);
  const location = new URL(plain.headers().location!);
  expect([location.pathname, location.searchParams.get('error'), location.searchParams.get('callbackUrl')]).toEqual(['/signin', 'CredentialsSignin', '/stats/players?period=4']);

  // The link, then the same link again.
  await page.goto(verify);
  await expect(page.getByRole('status')).toHaveText(`Thank you: ${email} is confirmed.`);
  await expect(page.getByRole('link', { name: 'See the Stats plan' })).toBeVisible();
  const again = await page.goto(verify);
  expect(again?.status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText('This link has already been used.');
  await expect(page.getByTestId('already-confirmed')).toHaveText(`Your address, ${email}, is confirmed already: there is nothing more to do.`);
  await expect(page.getByRole('link', { name: /Ask for a new link/ })).toHaveCount(0);
  await axe(page);
  await onPhone(page, 'verify-again');
  await page.getByRole('link', { name: 'See the Stats plan' }).click();
  await expect(page).toHaveURL(`${server.base}/pricing`);

  // The home page (prerendered) no longer offers to create the account this visitor has.
  await page.goto(`${server.base}/`);
  await expect(planCard.getByRole('link', { name: 'Create your account' })).toHaveCount(0);
  await expect(planCard.getByRole('link', { name: 'Your account' })).toHaveAttribute('href', '/profile');
});

test('buying: the account page gives the confirmation page\'s date, says test mode moves no money, and no checkout is paid twice', async ({ page, context }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('payer');
  addUser(email, 'Pat Payer');
  await page.goto(`${server.base}/signin?callbackUrl=${encodeURIComponent('/checkout?interval=month')}`);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/billing\/test-checkout\?session=cs_test_/);
  // A second checkout, yearly, opened in another tab before paying the first.
  const other = await context.newPage();
  await other.goto(`${server.base}/checkout?interval=year`);
  await expect(other).toHaveURL(/\/billing\/test-checkout\?session=cs_test_/);
  await expect(other.getByRole('button', { name: 'Pay $75.00 (test)' })).toBeVisible();

  await page.getByRole('button', { name: 'Pay $8.00 (test)' }).click();
  await expect(page).toHaveURL(/\/purchase_confirmation\?session_id=cs_test_/);
  const renews = /Your plan renews on (\d{1,2} \w+ \d{4})\./.exec((await page.getByTestId('confirmed').textContent()) ?? '')?.[1];
  expect(renews).toBeTruthy();
  const welcome = await mailTo(email, /^Your Courtvision Stats plan is active$/);
  expect(welcome.text).toContain(`renewing on ${renews}`);

  // The other tab's Pay: refused, nothing started.
  const refused = other.waitForResponse((r) => r.url().endsWith('/billing/test-checkout') && r.request().method() === 'POST');
  await other.getByRole('button', { name: 'Pay $75.00 (test)' }).click();
  expect((await refused).status()).toBe(409);
  await expect(other.getByRole('alert')).toContainText('You already have the Stats plan, so this checkout was not paid');
  await expect(other.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await axe(other);
  await onPhone(other, 'second-checkout');
  await other.close();

  // Back to the paid checkout: no second Pay.
  await page.goBack();
  await expect(page).toHaveURL(/\/billing\/test-checkout\?session=cs_test_/);
  await expect(page.getByTestId('checkout-complete')).toContainText('This checkout is already paid');
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await axe(page);
  await onPhone(page, 'checkout-paid');

  // The account page: one monthly plan, one date everywhere, and no money in test mode.
  await page.goto(`${server.base}/profile`);
  const profile = page.getByTestId('profile');
  await expect(profile.locator('dt').filter({ hasText: /^Renews on$/ })).toBeVisible();
  await expect(profile.locator('[data-field="expiry"]')).toHaveText(renews!);
  const plan = page.getByTestId('plan');
  await expect(plan).toContainText('Stats plan, monthly.');
  await expect(plan.getByTestId('next-charge')).toHaveText(`Next renewal: $8.00 on ${renews} (test mode: no money moves).`);
  await expect(plan.getByTestId('manage-billing')).toHaveText('Manage billing (test mode)');
  await onPhone(page, 'profile-active');
  await plan.getByRole('button', { name: 'Cancel at the end of the period' }).click();
  await expect(plan.getByRole('status')).toContainText(`it stays open until ${renews}`);
  await expect(profile.locator('dt').filter({ hasText: /^Ends on$/ })).toBeVisible();
  await expect(profile.locator('[data-field="expiry"]')).toHaveText(renews!);
  await expect(page.getByText('Renews or ends on')).toHaveCount(0);
  // One welcome message: the refused checkout started nothing.
  await page.waitForTimeout(2_000);
  expect(mailsTo(email, /^Your Courtvision Stats plan is active$/)).toHaveLength(1);
});
