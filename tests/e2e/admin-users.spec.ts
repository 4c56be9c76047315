/**
 * /admin/users in Chromium against the built server, as the demo admin (admin@example.com): the header's Admin
 * link, the lookup of an account (plan, billing, trial, sign-ins, API keys), a complimentary plan granted then
 * revoked (the member's paid filter opens, then closes), a new confirmation link (it arrives in the outbox),
 * each action in the page's log; a post without the form's CSRF token is refused and changes nothing. A
 * subscriber and an anonymous visitor get a 404 and no link.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { simpleParser } from 'mailparser';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startServer, waitListening, type ServerProcess } from './serverProcess';
import { DEMO, usersCliOn } from './accountsHelpers';
import { signedInContext } from './apiSignIn';

test.describe.configure({ mode: 'serial' });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-admin-users-'));
const DB = path.join(dir, 'accounts.sqlite');
const OUTBOX = path.join(dir, 'outbox');
let server: ServerProcess;

test.beforeAll(async () => {
  usersCliOn(DB, 'seed-demo');
  server = startServer({ ACCOUNTS_DB_PATH: DB, DATABASE_URL: '', SMTP_URL: '', MAIL_OUTBOX_DIR: OUTBOX, ACCOUNT_LIMIT_PER_IP: '1000', STRIPE_SECRET_KEY: '' });
  await waitListening(server);
});
test.afterAll(() => server?.stop());

async function signInAs(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${server.base}/signin?callbackUrl=%2Fabout`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/signin/);
}

const periodFilterStatus = async (who: { email: string; password: string }) => {
  const context = await signedInContext(server.base, who);
  const status = (await context.get('/api/data?page=League&season=2022&location=home')).status();
  await context.dispose();
  return status;
};

test('anonymous and a subscriber: 404 on every admin page, no admin link, and a post changes nothing', async ({ page }) => {
  for (const pathname of ['/admin', '/admin/users', '/admin/users?email=member%40example.com']) {
    const anonymous = await page.request.get(`${server.base}${pathname}`, { maxRedirects: 0 });
    expect(anonymous.status()).toBe(404);
    expect(await anonymous.text()).not.toContain('member@example.com');
  }
  await signInAs(page, DEMO.subscriber);
  await expect(page.locator('header .account-nav')).toBeVisible();
  await expect(page.getByTestId('admin-link')).toHaveCount(0);
  for (const pathname of ['/admin', '/admin/users?email=member%40example.com']) {
    const answer = await page.request.get(`${server.base}${pathname}`);
    expect(answer.status()).toBe(404);
    expect(await answer.text()).not.toContain('member@example.com');
  }
  const posted = await page.request.post(`${server.base}/admin/users`, {
    form: { action: 'grant', email: DEMO.member.email, days: '30', csrfToken: 'x' },
    headers: { Origin: server.base },
  });
  expect(posted.status()).toBe(404);
  expect(await periodFilterStatus(DEMO.member)).toBe(403);
});

test('the demo admin finds an account, grants and revokes a plan, resends its link; a forged post is refused', async ({ page }) => {
  test.setTimeout(90_000);
  // The member's address is not confirmed yet (as after a sign-up whose link was lost).
  const db = new DatabaseSync(DB);
  db.prepare('UPDATE users SET email_verified_at = NULL WHERE email = ?').run(DEMO.member.email);
  db.close();

  await signInAs(page, DEMO.admin);
  await page.getByTestId('admin-link').click();
  await expect(page).toHaveURL(`${server.base}/admin`);
  await page.getByRole('link', { name: 'Accounts' }).first().click();
  await expect(page).toHaveURL(`${server.base}/admin/users`);

  // A subscriber: the seeded plan, no paid subscription, no trial, no key.
  await page.getByLabel('Email').fill('SUBSCRIBER@example.com');
  await page.getByRole('button', { name: 'Look up' }).click();
  const account = page.getByTestId('account');
  await expect(account).toHaveAttribute('data-email', DEMO.subscriber.email);
  await expect(account.locator('[data-field="plan"]')).toContainText('Stats, active until');
  await expect(account.locator('[data-field="trial"]')).toHaveText('not used');
  await expect(account.locator('[data-field="billing"]')).toHaveText('No paid subscription.');
  await expect(account.locator('[data-field="api-keys"]')).toHaveText('No API key.');
  await expect(account.locator('[data-field="sign-ins"]')).toContainText('1 live sign-in');

  // Unknown and malformed addresses.
  await page.goto(`${server.base}/admin/users?email=nobody%40example.com`);
  await expect(page.getByTestId('not-found')).toHaveText('No account has the address nobody@example.com.');
  const bad = await page.request.get(`${server.base}/admin/users?email=not-an-address`);
  expect(bad.status()).toBe(400);

  // The member: grant 30 days, the paid filter opens; revoke, it closes.
  await page.goto(`${server.base}/admin/users?email=${encodeURIComponent(DEMO.member.email)}`);
  await expect(account.locator('[data-field="plan"]')).toHaveText('none');
  await expect(account.locator('[data-field="confirmed"]')).toHaveText('not confirmed');
  expect(await periodFilterStatus(DEMO.member)).toBe(403);
  await page.getByLabel('Complimentary Stats plan, days from now').fill('30');
  await page.getByRole('button', { name: 'Grant' }).click();
  await expect(page).toHaveURL(/\/admin\/users\?email=member%40example\.com&done=1$/);
  const until = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await expect(page.getByTestId('done')).toContainText(`Done: grant, Stats for 30 days, until ${until}`);
  await expect(account.locator('[data-field="plan"]')).toContainText(`Stats, active until ${until}`);
  expect(await periodFilterStatus(DEMO.member)).toBe(200);

  // A post without this form's CSRF token: 403, nothing changes, nothing logged.
  const forged = await page.request.post(`${server.base}/admin/users`, {
    form: { action: 'revoke', email: DEMO.member.email, csrfToken: 'forged' },
    headers: { Origin: server.base },
  });
  expect(forged.status()).toBe(403);
  expect(await periodFilterStatus(DEMO.member)).toBe(200);

  await page.getByRole('button', { name: 'Revoke the Stats plan' }).click();
  await expect(page.getByTestId('done')).toContainText('Done: revoke, Stats revoked');
  await expect(account.locator('[data-field="plan"]')).toHaveText('none');
  expect(await periodFilterStatus(DEMO.member)).toBe(403);

  // A bad number of days is answered on the page (400), nothing granted.
  await page.getByLabel('Complimentary Stats plan, days from now').evaluate((input: HTMLInputElement) => input.removeAttribute('max'));
  await page.getByLabel('Complimentary Stats plan, days from now').fill('4000');
  await page.getByRole('button', { name: 'Grant' }).click();
  await expect(page.getByRole('alert')).toHaveText('Days: a whole number from 1 to 3650.');
  expect(await periodFilterStatus(DEMO.member)).toBe(403);

  // Bad fields with a good token: a 4xx with a message, never a 500, nothing granted.
  const csrfToken = await page.locator('[data-form="grant"] input[name="csrfToken"]').inputValue();
  const bads: Record<string, string>[] = [
    { action: 'grant', email: DEMO.member.email, days: '1e3' },
    { action: 'grant', email: DEMO.member.email, days: '-5' },
    { action: 'grant', email: `${'a'.repeat(5000)}@example.com`, days: '5' },
    { action: 'grant', email: 'nobody@example.com', days: '5' },
    { action: 'explode', email: DEMO.member.email },
    { action: 'revoke' },
    { email: DEMO.member.email },
  ];
  for (const fields of bads) {
    const answer = await page.request.post(`${server.base}/admin/users`, { form: { csrfToken, ...fields }, headers: { Origin: server.base } });
    expect(answer.status(), JSON.stringify(fields).slice(0, 80)).toBe(400);
    expect(await answer.text()).toContain('role="alert"');
  }
  expect(await periodFilterStatus(DEMO.member)).toBe(403);

  // Resend the confirmation: the link arrives in the outbox.
  await page.goto(`${server.base}/admin/users?email=${encodeURIComponent(DEMO.member.email)}`);
  await page.getByRole('button', { name: 'Resend the confirmation link' }).click();
  await expect(page.getByTestId('done')).toContainText('Done: resend-confirmation, a new confirmation link mailed');
  await expect
    .poll(
      async () => {
        if (!fs.existsSync(OUTBOX)) return 0;
        let n = 0;
        for (const file of fs.readdirSync(OUTBOX).filter((f) => f.endsWith('.eml'))) {
          const mail = await simpleParser(fs.readFileSync(path.join(OUTBOX, file)));
          if (
            mail.to &&
            'text' in mail.to &&
            mail.to.text === DEMO.member.email &&
            /^Confirm your email/.test(mail.subject ?? '') &&
            /\/verify\?token=/.test(mail.text ?? '')
          )
            n += 1;
        }
        return n;
      },
      { timeout: 15_000 },
    )
    .toBe(1);

  // The log, newest first, with the admin's address.
  const log = account.locator('[data-field="log"] li');
  await expect(log).toHaveCount(3);
  await expect(log.nth(0)).toContainText('resend-confirmation, a new confirmation link mailed (by admin@example.com)');
  await expect(log.nth(1)).toContainText('revoke, Stats revoked (by admin@example.com)');
  await expect(log.nth(2)).toContainText(`grant, Stats for 30 days, until ${until} (by admin@example.com)`);
});
