/**
 * A stranger's walk through sign-up, payment and cancellation, in Chromium against the built server on the embedded
 * default (the test checkout, mail written to the local outbox and read from its .eml files):
 * - from the home page to a paid filter in at most 12 actions (clicks and fields) and one password, counted, at
 *   1366x900 and at 390x844 (docs/explanation/stranger-walk.md walks it): the price and Subscribe on the first
 *   screen, sign-up offering sign-in too, the confirmation link signing in the browser that signed up and going on
 *   to the checkout, then the filter;
 * - the same link opened in another browser confirms the address and signs nobody in;
 * - Pricing in the header and the footer; the home page and /pricing list the same plan contents;
 * - a mistyped password keeps where the visitor was going: the sign-in page after the error still carries the
 *   callbackUrl (the checkout), whether the form posts with its script or without (Auth.js's own answer drops it);
 * - the home page's plan card offers "Create your account" to visitors only (a signed-in visitor: "Your account");
 * - the confirmation link followed twice: the address is confirmed already, nothing more to do;
 * - the account page gives the plan's date as the confirmation page and the Billing section give it (not the
 *   day of grace after), "Renews on" then "Ends on" once cancelled, and in test mode it says no money moves;
 * - paying twice: the back button to a paid test checkout shows no second Pay, and a checkout opened in another
 *   tab before the plan started refuses to start a second subscription (409), with one welcome message only;
 * - at 390 px nothing is wider than the screen; axe (WCAG 2 A/AA) on the pages changed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, statsAppReady, test } from './fixtures';
import { startServer, waitListening, type ServerProcess } from './serverProcess';
import { simpleParser, type ParsedMail } from 'mailparser';
import { linkIn } from '../support/smtpInbox';
import { usersCliOn } from './accountsHelpers';

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'copper lantern dribble';
let server: ServerProcess;
/** The embedded default as `npm start` has it: nothing set but where the files go (the free trial is on). */
let defaults: ServerProcess;
let dbFile: string;
let outbox: string;

test.beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-walk-'));
  dbFile = path.join(dir, 'accounts.sqlite');
  outbox = path.join(dir, 'outbox');
  usersCliOn(dbFile, 'seed-demo');
  server = startServer({
    ACCOUNTS_DB_PATH: dbFile,
    DATABASE_URL: '',
    SMTP_URL: '',
    MAIL_OUTBOX_DIR: outbox,
    MAIL_RETRY_SECONDS: '1',
    ACCOUNT_LIMIT_PER_IP: '1000',
    PLAN_TRIAL_DAYS: '0',
    PLAN_MONTHLY_CENTS: '800',
    PLAN_ANNUAL_CENTS: '7500',
  });
  defaults = startServer({ ACCOUNTS_DB_PATH: dbFile, DATABASE_URL: '', SMTP_URL: '', MAIL_OUTBOX_DIR: outbox });
  await waitListening(server);
  await waitListening(defaults);
});

test.afterAll(async () => {
  server?.stop();
  defaults?.stop();
});

const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
/** The outbox's messages (one .eml file each, as a mail client would read them), oldest first. */
async function outboxMessages(): Promise<ParsedMail[]> {
  const files = fs.existsSync(outbox)
    ? fs
        .readdirSync(outbox)
        .filter((f) => f.endsWith('.eml'))
        .sort()
    : [];
  return Promise.all(files.map(async (f) => simpleParser(fs.readFileSync(path.join(outbox, f)))));
}

const mailsTo = async (address: string, subject: RegExp) =>
  (await outboxMessages()).filter((m) => m.to && 'text' in m.to && m.to.text === address && subject.test(m.subject ?? ''));

async function mailTo(address: string, subject: RegExp) {
  await expect
    .poll(async () => (await mailsTo(address, subject)).length, { timeout: 15_000, message: `a message "${subject}" to ${address}` })
    .toBeGreaterThan(0);
  return (await mailsTo(address, subject)).at(-1)!;
}

/** An operator's account is confirmed: it can buy at once. */
function addUser(email: string, name: string) {
  usersCliOn(dbFile, 'add', email, '--name', name, '--password', PASSWORD);
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** At 390 px: nothing wider than the screen. */
async function onPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * The walk, counted: every click and every field filled is one action; arriving at the home page and opening the
 * link of the message in the mailbox are what a stranger does too, and the link counts as one.
 */
const WALK_VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

for (const viewport of WALK_VIEWPORTS) {
  test(`${viewport.name}: a stranger goes from the home page to a paid filter in at most 12 actions, typing one password once`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const email = uniqueEmail(`walk-${viewport.name}`);
    const steps: string[] = [];
    let passwords = 0;
    const act = async (what: string, action: () => Promise<unknown>) => {
      steps.push(what);
      await action();
    };

    await page.goto(`${defaults.base}/`);
    // Pricing is in the header and the footer; the price and Subscribe are on the first screen.
    await expect(page.locator('header .main-nav').getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    await expect(page.locator('footer').getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    await expect(page.getByTestId('hero-price')).toContainText('$8.00 a month or $75.00 a year.');
    const subscribe = page.getByTestId('hero-action');
    const box = (await subscribe.boundingBox())!;
    expect(box.y + box.height, 'Subscribe is on the first screen').toBeLessThanOrEqual(viewport.height);
    expect(await page.locator('script:not([type="application/ld+json"])').count(), 'the home page runs no script').toBe(0);
    await act('Subscribe', () => subscribe.click());

    await expect(page).toHaveURL(/\/signup\?callbackUrl=%2Fcheckout%3Finterval%3Dmonth$/);
    // Both ways on keep the checkout: sign in (an account already) or create one here.
    const toCheckout = '/signin?callbackUrl=%2Fcheckout%3Finterval%3Dmonth';
    await expect(page.getByTestId('checkout-steps').getByRole('link', { name: 'Sign in and go on to the checkout' })).toHaveAttribute('href', toCheckout);
    await expect(page.locator('header .account-nav').getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', toCheckout);
    await act('Name', () => page.getByLabel('Name').fill('Walker Stranger'));
    await act('Email', () => page.getByLabel('Email').fill(email));
    await act('Password', () => page.getByLabel('Password').fill(PASSWORD));
    passwords++;
    await act('Create account', () => page.getByRole('button', { name: 'Create account' }).click());
    await expect(page.getByRole('status')).toContainText('Open it in this browser and you are signed in.');
    await expect(page.getByTestId('checkout-next')).toHaveText('The link brings you back to the checkout.');

    const verify = linkIn(await mailTo(email, /^Confirm your email/), '/verify?token=');
    expect(new URL(verify).searchParams.get('next')).toBe('/checkout?interval=month');
    await act('the link in the message', () => page.goto(verify));
    // Signed in by the link, in the browser that signed up, and on at the checkout.
    await expect(page).toHaveURL(/\/billing\/test-checkout\?session=cs_test_/);
    await expect(page.locator('header .account-nav')).toHaveAttribute('data-auth', 'authenticated');
    // The free trial (on by default) or the payment: one button either way.
    await act('Pay', () => page.getByRole('button', { name: /^(Start the free trial|Pay \$8\.00) \(test\)$/ }).click());

    await expect(page).toHaveURL(/\/purchase_confirmation\?session_id=cs_test_/);
    await act('Players', () => page.locator('a.card[href="/stats/players"]').click());
    await statsAppReady(page, 60_000);
    // On a phone the metric set and the filters fold behind one bar: one more tap.
    if (viewport.name === 'phone') await act('Metrics and filters', () => page.getByTestId('phone-controls').click());
    await act('the Game filters', () => page.locator('[data-group="Game"]').click());
    const location = page.locator('.sa-popover [data-filter="Location"]');
    await expect(location).toBeVisible({ timeout: 20_000 }); // drawn, so "no lock" means something
    await expect(location.locator('.sa-lock')).toHaveCount(0);
    await act('Home', () => location.getByRole('button', { name: 'Home' }).click());
    const answered = page.waitForResponse((r) => r.url().includes('/api/data') && new URL(r.url()).searchParams.getAll('location').includes('home'));
    await act('Apply', () => page.getByRole('button', { name: 'Apply' }).click());
    // The server applied the paid filter for this user (it refuses it, 403, without the plan).
    expect((await answered).status()).toBe(200);
    await expect(page).toHaveURL(/[?&]location=home/);
    await expect(page.locator('.sa-pill[data-filter="Location"]')).toContainText('Home');

    const filter = viewport.name === 'phone' ? ['Metrics and filters', 'the Game filters', 'Home', 'Apply'] : ['the Game filters', 'Home', 'Apply'];
    expect(steps).toEqual(['Subscribe', 'Name', 'Email', 'Password', 'Create account', 'the link in the message', 'Pay', 'Players', ...filter]);
    expect(steps.length).toBeLessThanOrEqual(12);
    expect(passwords).toBe(1);
    // Back home with the plan running: no second Subscribe, the way to what was bought instead.
    await page.goto(`${defaults.base}/`);
    await expect(page.getByTestId('hero-action')).toHaveText('Open the finder');
    await expect(page.getByTestId('hero-action')).toHaveAttribute('href', '/stats/finder');
  });
}

test('the confirmation link opened in another browser confirms the address and signs nobody in', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('elsewhere');
  await page.goto(`${server.base}/signup?callbackUrl=${encodeURIComponent('/checkout?interval=month')}`);
  await page.getByLabel('Name').fill('Elsa Elsewhere');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status')).toContainText('Check your email');
  const verify = linkIn(await mailTo(email, /^Confirm your email/), '/verify?token=');

  // Another browser (no cookie of the sign-up): the address is confirmed, and that is all.
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  const answer = await elsewhere.goto(verify);
  expect(answer?.status()).toBe(200);
  await expect(elsewhere).toHaveURL(/\/verify\?token=/);
  await expect(elsewhere.getByRole('status')).toHaveText(`Thank you: ${email} is confirmed.`);
  await expect(elsewhere.locator('header .account-nav')).toHaveAttribute('data-auth', 'anonymous');
  expect(await (await elsewhere.request.get(`${server.base}/api/auth/session`)).json()).toBeNull();
  expect((await other.cookies()).map((c) => c.name)).not.toContain('authjs.session-token');
  await expect(elsewhere.getByRole('link', { name: 'Sign in to continue to the checkout' })).toHaveAttribute(
    'href',
    '/signin?callbackUrl=%2Fcheckout%3Finterval%3Dmonth',
  );
  await axe(elsewhere);
  await onPhone(elsewhere);
  await other.close();

  // The browser that signed up was not signed in by that click either: it signs in with its password, and goes on.
  await page.goto(`${server.base}/checkout?interval=month`);
  await expect(page).toHaveURL(/\/signup\?callbackUrl=/);
  await page.getByTestId('checkout-steps').getByRole('link', { name: 'Sign in and go on to the checkout' }).click();
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/billing\/test-checkout\?session=cs_test_/);
});

test('a newcomer who mistypes the password still reaches the checkout; the confirmation link followed twice says there is nothing more to do', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('stranger');
  await page.goto(`${server.base}/`);
  const planCard = page.locator('.plan-featured');
  await expect(planCard.getByRole('link', { name: 'Create your account' })).toHaveAttribute('href', '/signup');
  // One list of what the plan opens: the home page's is /pricing's.
  const homeLines = (await page.getByTestId('plan-lines').locator('li').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
  expect(homeLines.join(' ')).toContain('Leverage');
  expect(homeLines.join(' ')).toContain('Clutch');
  expect(homeLines.join(' ')).toContain('Any player on or off the floor');
  await planCard.getByRole('link', { name: 'See pricing' }).click();
  const pricingTerms = await page.getByTestId('plan-lines').locator('dt').allTextContents();
  const pricingItems = await page.getByTestId('plan-lines').locator('dd').allTextContents();
  expect(pricingTerms.map((t, i) => `${t.trim()}: ${pricingItems[i]!.trim()}`)).toEqual(homeLines);
  await page.getByRole('link', { name: 'Subscribe monthly' }).click();
  await expect(page).toHaveURL(/\/signup\?callbackUrl=%2Fcheckout%3Finterval%3Dmonth$/);
  await axe(page);
  await onPhone(page);
  await page.getByLabel('Name').fill('Walker Stranger');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status')).toContainText('Check your email');
  await expect(page.getByTestId('checkout-steps')).toHaveCount(0);
  const verify = linkIn(await mailTo(email, /^Confirm your email/), '/verify?token=');

  // Signing in before confirming, with the wrong password first: the error, and the way on to the checkout is kept.
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
  expect([location.pathname, location.searchParams.get('error'), location.searchParams.get('callbackUrl')]).toEqual([
    '/signin',
    'CredentialsSignin',
    '/stats/players?period=4',
  ]);

  // The link (signed in already: it confirms, and offers the checkout), then the same link again.
  await page.goto(verify);
  await expect(page.getByRole('status')).toHaveText(`Thank you: ${email} is confirmed.`);
  await expect(page.getByRole('link', { name: 'Continue to the checkout' })).toHaveAttribute('href', '/checkout?interval=month');
  const again = await page.goto(verify);
  expect(again?.status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText('This link has already been used.');
  await expect(page.getByTestId('already-confirmed')).toHaveText(`Your address, ${email}, is confirmed already: there is nothing more to do.`);
  await expect(page.getByRole('link', { name: /Ask for a new link/ })).toHaveCount(0);
  await axe(page);
  await onPhone(page);
  await page.getByRole('link', { name: 'Continue to the checkout' }).click();
  await expect(page).toHaveURL(/\/billing\/test-checkout\?session=cs_test_/);

  // The home page (prerendered) no longer offers to create the account this visitor has.
  await page.goto(`${server.base}/`);
  await expect(planCard.getByRole('link', { name: 'Create your account' })).toHaveCount(0);
  await expect(planCard.getByRole('link', { name: 'Your account' })).toHaveAttribute('href', '/profile');
});

test("buying: the account page gives the confirmation page's date, says test mode moves no money, and no checkout is paid twice", async ({ page, context }) => {
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
  await onPhone(other);
  await other.close();

  // Back to the paid checkout: no second Pay.
  await page.goBack();
  await expect(page).toHaveURL(/\/billing\/test-checkout\?session=cs_test_/);
  await expect(page.getByTestId('checkout-complete')).toContainText('This checkout is already paid');
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await axe(page);
  await onPhone(page);

  // The account page: one monthly plan, one date everywhere, and no money in test mode.
  await page.goto(`${server.base}/profile`);
  const profile = page.getByTestId('profile');
  await expect(profile.locator('dt').filter({ hasText: /^Renews on$/ })).toBeVisible();
  await expect(profile.locator('[data-field="expiry"]')).toHaveText(renews!);
  const plan = page.getByTestId('plan');
  await expect(plan).toContainText('Stats plan, monthly.');
  await expect(plan.getByTestId('next-charge')).toHaveText(`Next renewal: $8.00 on ${renews} (test mode: no money moves).`);
  await expect(plan.getByTestId('manage-billing')).toHaveText('Manage billing (test mode)');
  await onPhone(page);
  await plan.getByRole('button', { name: 'Cancel at the end of the period' }).click();
  await expect(plan.getByRole('status')).toContainText(`it stays open until ${renews}`);
  await expect(profile.locator('dt').filter({ hasText: /^Ends on$/ })).toBeVisible();
  await expect(profile.locator('[data-field="expiry"]')).toHaveText(renews!);
  await expect(page.getByText('Renews or ends on')).toHaveCount(0);
  // One welcome message: the refused checkout started nothing.
  await page.waitForTimeout(2_000);
  expect(await mailsTo(email, /^Your Courtvision Stats plan is active$/)).toHaveLength(1);
});

test("the home page, built once, shows the running server's prices, to visitors and to signed-in users alike", async ({ page }) => {
  test.setTimeout(60_000);
  const priced = startServer({
    ACCOUNTS_DB_PATH: dbFile,
    DATABASE_URL: '',
    SMTP_URL: '',
    MAIL_OUTBOX_DIR: outbox,
    PLAN_TRIAL_DAYS: '0',
    PLAN_MONTHLY_CENTS: '1250',
    PLAN_ANNUAL_CENTS: '9900',
  });
  try {
    await waitListening(priced);
    await page.goto(`${priced.base}/`);
    await expect(page.getByTestId('hero-price')).toHaveText('Stats plan: $12.50 a month or $99.00 a year. Every filter; cancel any time.');
    await page.goto(`${priced.base}/signin?callbackUrl=%2F`);
    await signIn(page, 'member@example.com', 'demo-member-2023');
    await expect(page).toHaveURL(`${priced.base}/`);
    await expect(page.locator('header .account-nav')).toHaveAttribute('data-auth', 'authenticated');
    await expect(page.getByTestId('hero-price')).toHaveText('Stats plan: $12.50 a month or $99.00 a year. Every filter; cancel any time.');
    // a member without a plan is still offered it
    await expect(page.getByTestId('hero-action')).toHaveText('Subscribe');
    await page.goto(`${priced.base}/pricing`);
    await expect(page.locator('[data-plan="month"] .amount')).toHaveText('$12.50');
  } finally {
    priced.stop();
  }
});
