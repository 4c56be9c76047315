/**
 * A lapsed customer keeps their account: every page, /profile included, still sends them to the expiry page (the
 * spec's redirect), and that page carries what they need without paying: change the password or the email, see and
 * revoke API keys, download their data, delete the account, sign out, with /profile's forms, checks, CSRF token
 * and emails. Every link on it, and in its header and footer, opens a real page for them. Chromium against the
 * built server on the embedded default (mail read from the local outbox), at 1366x900 and 390x844.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { expect, test } from './fixtures';
import { startServer, waitListening, type ServerProcess } from './serverProcess';
import { usersCliOn } from './accountsHelpers';

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'copper lantern dribble';
const NEW_PASSWORD = 'harbour kettle zigzag';
const EXPIRY = '/subscription_expiration';
let server: ServerProcess;
let dbFile: string;
let outbox: string;

const users = (...args: string[]) => usersCliOn(dbFile, ...args);

test.beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-lapsed-'));
  dbFile = path.join(dir, 'accounts.sqlite');
  outbox = path.join(dir, 'outbox');
  users('seed-demo');
  server = startServer({ ACCOUNTS_DB_PATH: dbFile, DATABASE_URL: '', SMTP_URL: '', MAIL_OUTBOX_DIR: outbox, ACCOUNT_LIMIT_PER_IP: '1000' });
  await waitListening(server);
});

test.afterAll(() => server?.stop());

async function outboxTo(address: string, subject: RegExp): Promise<ParsedMail[]> {
  const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
  const mails = await Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(outbox, f)))));
  return mails.filter((m) => m.to && 'text' in m.to && m.to.text === address && subject.test(m.subject ?? ''));
}

async function signIn(page: Page, email: string, password: string, to = '/profile') {
  await page.goto(`${server.base}/signin?callbackUrl=${encodeURIComponent(to)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Every link of the page (header and footer included) opens a page for this visitor: none leads back here. */
async function everyLinkIsReal(page: Page) {
  const hrefs = [...new Set(await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!)))];
  const away = hrefs.filter((h) => !h.startsWith('#') && !h.startsWith(`${EXPIRY}#`));
  expect(away.length).toBeGreaterThan(0);
  for (const href of away) {
    // Sign-out is a page (it asks to confirm); following it is the test's last step.
    const response = await page.request.get(`${server.base}${href}`, { maxRedirects: 0 });
    const location = response.headers().location ?? '';
    expect(new URL(location || '/', server.base).pathname, `${href} leads back to the expiry page`).not.toBe(EXPIRY);
    expect(response.status(), href).toBeLessThan(400);
  }
  return hrefs;
}

/** Nothing wider than the screen, at desktop and phone size. */
async function fitsBothSizes(page: Page) {
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `nothing wider than ${width}`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('the demo expired user is sent to the expiry page from /profile, and finds the account there; the header offers no page that bounces back', async ({
  page,
}) => {
  await signIn(page, 'expired@example.com', 'demo-expired-2023');
  await expect(page).toHaveURL(`${server.base}${EXPIRY}`);
  await page.goto(`${server.base}/profile`);
  await expect(page).toHaveURL(`${server.base}${EXPIRY}`);
  const account = page.getByTestId('expired-account');
  await expect(account).toContainText('Signed in as Eve Expired, expired@example.com.');
  for (const form of ['password', 'email', 'delete']) await expect(account.locator(`form[data-form="${form}"]`)).toHaveAttribute('action', `${EXPIRY}#${form}`);
  await expect(account.getByTestId('download-data')).toHaveAttribute('href', '/api/account/export');
  // The header and the footer: Pricing and Sign out, the name leading to this section; no stats, no search, no home link.
  const header = page.locator('header.site-header');
  expect(await header.locator('.main-nav a').allTextContents()).toEqual(['Pricing']);
  await expect(header.locator('.stats-nav')).toHaveCount(0);
  await expect(header.locator('form[role="search"], .site-search')).toHaveCount(0);
  await expect(header.locator('a.brand')).toHaveCount(0);
  await expect(header.locator('.account-name')).toHaveAttribute('href', `${EXPIRY}#account`);
  expect(await page.locator('footer a').allTextContents()).toEqual(['Pricing']);
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveCount(0);
  const hrefs = await everyLinkIsReal(page);
  expect(hrefs).toEqual(expect.arrayContaining(['/checkout?interval=month', '/checkout?interval=year', '/pricing', '/signout', '/api/account/export']));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await fitsBothSizes(page);
});

test('a lapsed customer revokes a key, downloads the data, changes the password and the email, then deletes the account, all from the expiry page; a post without the CSRF token changes nothing', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `lapsed-${Date.now().toString(36)}@example.com`;
  users('add', email, '--name', 'Lee Lapsed', '--password', PASSWORD);
  users('grant', email, '--days', '30');
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(`${server.base}/profile`);
  await page.getByLabel('Name of a new key').fill('nightly pull');
  await page.getByRole('button', { name: 'Make a key' }).click();
  await expect(page.getByTestId('new-key')).toHaveValue(/^cv_live_/);
  // The plan lapses.
  users('grant', email, '--days=-1');
  await page.goto(`${server.base}/stats/players`);
  await expect(page).toHaveURL(`${server.base}${EXPIRY}`);
  const account = page.getByTestId('expired-account');

  // API keys: seen, and revoked here.
  const key = account.locator('tr', { hasText: 'nightly pull' });
  await expect(key).toBeVisible();
  await key.getByRole('button', { name: 'Revoke nightly pull' }).click();
  await expect(page).toHaveURL(`${server.base}${EXPIRY}#api-keys`);
  await expect(account.getByRole('status')).toContainText('The key is revoked');
  await expect(account.locator('tr', { hasText: 'nightly pull' })).toContainText('Revoked');
  await expect(account.getByRole('button', { name: 'Make a key' })).toHaveCount(0);

  // The data download.
  const download = await page.request.get(`${server.base}/api/account/export`);
  expect(download.status()).toBe(200);
  expect(((await download.json()) as { profile: { email: string } }).profile.email).toBe(email);

  // A post without the CSRF token: 403, and nothing changed (the old password still works below).
  const forged = await page.request.post(`${server.base}${EXPIRY}`, {
    form: { intent: 'password', currentPassword: PASSWORD, newPassword: 'forged password typed elsewhere' },
    headers: { Origin: server.base },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  expect(await forged.text()).toContain('This form has expired');

  // The password: the current one is checked, then it changes, this device stays signed in, the owner is told.
  await page.locator('#current-password').fill('not the password');
  await page.locator('#new-password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(account.getByRole('alert')).toHaveText('That is not your current password.');
  await page.locator('#current-password').fill(PASSWORD);
  await page.locator('#new-password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(`${server.base}${EXPIRY}#password`);
  await expect(account.getByRole('status')).toHaveText('Your password is changed. Every other device was signed out.');
  await expect.poll(async () => (await outboxTo(email, /password was changed/)).length, { timeout: 15_000 }).toBe(1);
  await fitsBothSizes(page);

  // The email: the password first, then a link to the new address.
  const newEmail = `moved-${email}`;
  await page.locator('#new-email').fill(newEmail);
  await page.locator('#email-password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page).toHaveURL(`${server.base}${EXPIRY}#email`);
  await expect(account.getByRole('status')).toContainText(newEmail);
  await expect.poll(async () => (await outboxTo(newEmail, /./)).length, { timeout: 15_000 }).toBe(1);

  // Deleting the account: the password and the word, then the account is gone and nobody is signed in.
  await page.locator('#delete-password').fill(NEW_PASSWORD);
  await page.locator('#delete-confirm').fill('delete');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('heading', { name: 'Account deleted' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Your account and its personal data were deleted.');
  await fitsBothSizes(page);
  expect(users('list')).not.toContain(email);
  await expect(page.locator('header .account-nav')).toHaveAttribute('data-auth', 'anonymous');
});

test('signing out from the expiry page works, and the forms are not offered to anyone whose account page opens', async ({ page }) => {
  await signIn(page, 'expired@example.com', 'demo-expired-2023');
  await expect(page).toHaveURL(`${server.base}${EXPIRY}`);
  await page.getByTestId('expired-account').getByRole('link', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.goto(`${server.base}${EXPIRY}`);
  await expect(page.getByTestId('expired-account')).toHaveCount(0);
  await expect(page.locator('header .account-nav')).toHaveAttribute('data-auth', 'anonymous');
  // A subscriber: the account page, not these forms; a post here is refused.
  await signIn(page, 'subscriber@example.com', 'demo-subscriber-2023', EXPIRY);
  await expect(page).toHaveURL(`${server.base}${EXPIRY}`);
  await expect(page.getByTestId('expired-account')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'your account page' })).toHaveAttribute('href', '/profile');
  const csrf = ((await (await page.request.get(`${server.base}/api/auth/csrf`)).json()) as { csrfToken: string }).csrfToken;
  const post = await page.request.post(`${server.base}${EXPIRY}`, {
    form: { csrfToken: csrf, intent: 'name', name: 'Changed Here' },
    headers: { Origin: server.base },
  });
  expect(post.status()).toBe(400);
  expect(users('list')).toContain('Sam Subscriber');
});
