/**
 * Self-service accounts in Chromium against two processes of the built server sharing one accounts store, with
 * real email: a real SMTP server (tests/support/smtpInbox.ts) receives what the site sends, and the tests follow
 * the links in it. Sign up -> confirm -> sign in; forgot -> reset, which ends a session held on the other
 * process; change of email; download of the data; deletion; a mail server down during sign-up; sign-up answers
 * that do not tell which addresses have accounts; bad links; every form at phone size.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startServer, waitListening, type ServerProcess } from './serverProcess';
import { startInbox, linkIn, type Inbox } from '../support/smtpInbox';
import { usersCliOn } from './accountsHelpers';

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'rebound tempo lattice';
let inbox: Inbox;
let dbFile: string;
let nodeA: ServerProcess;
let nodeB: ServerProcess;

function users(...args: string[]): string {
  return usersCliOn(dbFile, ...args);
}

test.beforeAll(async () => {
  inbox = await startInbox();
  dbFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cv-selfservice-')), 'accounts.sqlite');
  users('seed-demo');
  const env = {
    ACCOUNTS_DB_PATH: dbFile,
    DATABASE_URL: '',
    SMTP_URL: inbox.url,
    MAIL_FROM: 'Courtvision <no-reply@courtvision.test>',
    MAIL_RETRY_SECONDS: '1',
    ACCOUNT_LIMIT_PER_IP: '1000',
  };
  nodeA = startServer(env);
  nodeB = startServer(env);
  await Promise.all([waitListening(nodeA), waitListening(nodeB)]);
});

test.afterAll(async () => {
  nodeA?.stop();
  nodeB?.stop();
  await inbox?.close();
});

const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;

/** The newest message to an address (waits for the mail worker to send it). */
async function mailTo(address: string, subject: RegExp, after = 0) {
  let found: (typeof inbox.messages)[number] | undefined;
  await expect
    .poll(
      () => {
        found = inbox.messages.slice(after).findLast((m) => m.to && 'text' in m.to && m.to.text === address && subject.test(m.subject ?? ''));
        return Boolean(found);
      },
      { timeout: 15_000, intervals: [25, 50, 100], message: `a message "${subject}" to ${address}` },
    )
    .toBe(true);
  return found!;
}

async function signUpThroughForm(page: Page, base: string, name: string, email: string, password = PASSWORD): Promise<void> {
  await page.goto(`${base}/`);
  await page.locator('header').getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/signup\?/);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

async function signInThroughForm(page: Page, base: string, email: string, password = PASSWORD): Promise<void> {
  await page.goto(`${base}/signin?callbackUrl=%2Fprofile`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('a newcomer signs up from the home page, confirms the address from the email, and is signed in by it in the same browser', async ({ page }) => {
  const email = uniqueEmail('newcomer');
  await signUpThroughForm(page, nodeA.base, 'Nia Newcomer', email);
  await expect(page.getByRole('status')).toContainText('Check your email');
  const mail = await mailTo(email, /^Confirm your email for Courtvision$/);
  expect(mail.html).toContain('Confirm my email');
  const link = linkIn(mail, '/verify?token=');
  expect(link.startsWith(nodeA.base)).toBe(true);
  // The link works on any node: the token is in the shared store, and the browser that signed up is signed in by it
  // (its sign-up cookie is checked with the shared AUTH_SECRET).
  await page.goto(link.replace(nodeA.base, nodeB.base));
  await expect(page.getByRole('status')).toHaveText(`Thank you: ${email} is confirmed.`);
  await expect(page.getByTestId('signed-in-here')).toHaveText(`You are signed in as ${email}.`);
  await page.goto(`${nodeB.base}/profile`);
  await expect(page.getByTestId('profile').locator('[data-field="name"]')).toHaveText('Nia Newcomer');
  await expect(page.getByTestId('email-verified')).toBeVisible();
  // The same link a second time: a clear message, not an error page.
  const again = await page.goto(link);
  expect(again?.status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText('This link has already been used.');
});

test('an unconfirmed account can sign in and ask for a new link; only the newest works', async ({ page }) => {
  const email = uniqueEmail('resend');
  await signUpThroughForm(page, nodeA.base, 'Rae Resend', email);
  const first = linkIn(await mailTo(email, /^Confirm your email/), '/verify?token=');
  const count = inbox.messages.length;
  await signInThroughForm(page, nodeA.base, email);
  await expect(page.getByTestId('email-unverified')).toBeVisible();
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect(page.locator('#email-confirmation').getByRole('status')).toHaveText(`We sent a new link to ${email}.`);
  const second = linkIn(await mailTo(email, /^Confirm your email/, count), '/verify?token=');
  expect(second).not.toBe(first);
  await page.goto(first);
  await expect(page.getByRole('alert')).toContainText('not valid');
  await page.goto(second);
  await expect(page.getByRole('status')).toContainText('is confirmed');
});

test('forgot -> reset: the old session stops working on the other node, the owner is told, the new password works', async ({ browser }) => {
  const email = uniqueEmail('reset');
  const onA = await newPage(browser);
  await signUpThroughForm(onA, nodeA.base, 'Rex Reset', email);
  await mailTo(email, /^Confirm your email/);
  // A session on node B, kept in another browser.
  const onB = await newPage(browser);
  await signInThroughForm(onB, nodeB.base, email);

  await onA.goto(`${nodeA.base}/signin`);
  await onA.getByRole('link', { name: 'Forgot your password?' }).click();
  await onA.getByLabel('Email').fill(email.toUpperCase());
  await onA.getByRole('button', { name: 'Send the link' }).click();
  await expect(onA.getByRole('status')).toContainText('If an account uses that address');
  const link = linkIn(await mailTo(email, /^Reset your Courtvision password$/), '/reset?token=');
  await onA.goto(link);
  await expect(onA.locator('.auth-note')).toHaveText(`Choose a new password for ${email}.`);
  await onA.getByLabel('New password').fill('password');
  await onA.getByRole('button', { name: 'Save the new password' }).click();
  await expect(onA.getByRole('alert')).toContainText('used password');
  await onA.getByLabel('New password').fill('harbour kestrel lantern');
  await onA.getByRole('button', { name: 'Save the new password' }).click();
  await expect(onA.getByRole('status')).toContainText('Your password is changed');
  await mailTo(email, /^Your Courtvision password was changed$/);

  // Node B's session was issued before the reset: it no longer works.
  await onB.goto(`${nodeB.base}/profile`);
  await expect(onB).toHaveURL(/\/signin\?error=SessionRequired/);
  await signInThroughForm(onB, nodeB.base, email, 'harbour kestrel lantern');
  // The link is single-use.
  await onA.goto(link);
  await expect(onA.getByRole('alert')).toHaveText('This link has already been used.');
  await expect(onA.getByLabel('New password')).toHaveCount(0);
});

test('forgot answers the same for an address with no account, and sends nothing', async ({ page }) => {
  const count = inbox.messages.length;
  await page.goto(`${nodeA.base}/forgot`);
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses that address');
  await page.waitForTimeout(1_500);
  expect(inbox.messages.length).toBe(count);
});

test('change of email: the new address confirms by link, the old one is told; then the data download and deletion', async ({ page }) => {
  const email = uniqueEmail('mover');
  const moved = uniqueEmail('moved');
  await signUpThroughForm(page, nodeA.base, 'Mo Mover', email);
  await signInThroughForm(page, nodeA.base, email);
  const emailForm = page.locator('form[data-form="email"]');
  await emailForm.getByLabel('New email').fill(moved);
  await emailForm.getByLabel('Password').fill(PASSWORD);
  await emailForm.getByRole('button', { name: 'Change email' }).click();
  await expect(page.locator('#email').getByRole('status')).toContainText(`We sent a link to ${moved}`);
  await mailTo(email, /^A change of email was asked/);
  await page.goto(linkIn(await mailTo(moved, /^Confirm your new email/), '/confirm-email?token='));
  await expect(page.getByRole('status')).toHaveText(`Your account now uses ${moved}.`);
  await page.goto(`${nodeA.base}/profile`);
  await expect(page.getByTestId('profile').locator('[data-field="email"]')).toContainText(moved);

  const download = page.waitForEvent('download');
  await page.getByTestId('download-data').click();
  const file = await (await download).path();
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as { profile: { email: string; name: string }; signIns: unknown[] };
  expect(data.profile).toMatchObject({ email: moved, name: 'Mo Mover' });
  expect(data.signIns.length).toBeGreaterThan(0);

  const remove = page.locator('form[data-form="delete"]');
  await remove.getByLabel('Password').fill('not my password');
  await remove.getByLabel('Type "delete" to confirm').fill('delete');
  await remove.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.locator('#delete').getByRole('alert')).toHaveText('That is not your current password.');
  await remove.getByLabel('Password').fill(PASSWORD);
  await remove.getByLabel('Type "delete" to confirm').fill('delete');
  await remove.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('heading', { name: 'Account deleted' })).toBeVisible();
  await expect(page.locator('header .account-nav')).toHaveAttribute('data-auth', 'anonymous');
  await mailTo(moved, /^Your Courtvision account was deleted$/);
  expect(users('list')).not.toContain(moved);
  await page.goto(`${nodeA.base}/signin`);
  await page.getByLabel('Email').fill(moved);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page).toHaveURL(/\/signin/);
});

test('the account forms refuse a post without the page token (CSRF), changing nothing', async ({ page }) => {
  const email = uniqueEmail('csrf');
  await signUpThroughForm(page, nodeA.base, 'Cy Csrf', email);
  await signInThroughForm(page, nodeA.base, email);
  // From the site's own origin, with the session cookie but a forged token: our check refuses it.
  const forged = { intent: 'name', name: 'Hijacked', csrfToken: 'forged' };
  const response = await page.request.post(`${nodeA.base}/profile`, { form: forged, headers: { origin: nodeA.base } });
  expect(response.status()).toBe(403);
  expect(await response.text()).toContain('This form has expired');
  // From another origin, even with a token: refused before the page runs (Astro's origin check).
  const crossSite = await page.request.post(`${nodeA.base}/profile`, { form: forged, headers: { origin: 'https://evil.example' } });
  expect(crossSite.status()).toBe(403);
  await page.reload();
  await expect(page.getByTestId('profile').locator('[data-field="name"]')).toHaveText('Cy Csrf');
});

test('sign-up does not tell which addresses have accounts: the same page and status, and no timing difference', async ({ request }) => {
  /** A sign-up POST with a fresh page token; returns the page with its tokens blanked, and the time it took. */
  // The time of the POST alone; the attempt then waits until the site has mailed the address (a confirmation link
  // or "someone tried to sign up"), so that no attempt's mail is still being sent during the next one's timing.
  async function attempt(email: string): Promise<{ status: number; body: string; ms: number }> {
    const jar = await request.get(`${nodeA.base}/signup`);
    const token = /name="csrfToken" value="([^"]+)"/.exec(await jar.text())![1]!;
    const mailsBefore = inbox.messages.length;
    const started = performance.now();
    const response = await request.post(`${nodeA.base}/signup`, {
      form: { csrfToken: token, name: 'Probe', email, password: PASSWORD },
      headers: { origin: nodeA.base },
    });
    const ms = performance.now() - started;
    const body = (await response.text()).replace(/value="[^"]{20,}"/g, 'value="TOKEN"');
    await mailTo(email, /./, mailsBefore);
    return { status: response.status(), body, ms };
  }
  test.setTimeout(90_000);
  const known = Array.from({ length: 21 }, (_, i) => uniqueEmail(`known${i}`));
  for (const email of known) await attempt(email); // now they have accounts
  const timings = { known: [] as number[], unknown: [] as number[] };
  let first: { known?: string; unknown?: string } = {};
  for (let i = 0; i < known.length; i++) {
    // Interleaved, so that load on the machine falls on both alike, and each first in turn, so that neither
    // always follows the other.
    const unknownEmail = uniqueEmail(`unknown${i}`);
    let a: Awaited<ReturnType<typeof attempt>>;
    let b: Awaited<ReturnType<typeof attempt>>;
    if (i % 2 === 0) {
      a = await attempt(known[i]!);
      b = await attempt(unknownEmail);
    } else {
      b = await attempt(unknownEmail);
      a = await attempt(known[i]!);
    }
    expect([a.status, b.status]).toEqual([200, 200]);
    timings.known.push(a.ms);
    timings.unknown.push(b.ms);
    first = { known: first.known ?? a.body, unknown: first.unknown ?? b.body };
  }
  expect(first.known).toBe(first.unknown);
  expect(first.known).toContain('Check your email');
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const [mk, mu] = [median(timings.known), median(timings.unknown)];
  // Each known attempt is paired with the unknown one right after it, so load on the machine (other tests run
  // beside this one) falls on both alike and cancels in the difference; a real difference in work (say, skipping
  // the argon2id hash for a taken address, tens of ms) shows in nearly every pair.
  const pairDiff = median(timings.known.map((k, i) => k - timings.unknown[i]!));
  const note = `medians ${mk.toFixed(1)} ms (known) and ${mu.toFixed(1)} ms (unknown); median paired difference ${pairDiff.toFixed(1)} ms`;
  test.info().annotations.push({ type: 'sign-up timing', description: note });
  console.log(`sign-up timing: ${note} (n=${known.length} pairs)`);
  expect(Math.abs(pairDiff), note).toBeLessThan(Math.max(10, 0.2 * Math.min(mk, mu)));
});

test('a mail server that is down during sign-up loses nothing: the account exists, and the message arrives once it is back', async ({ page }) => {
  test.setTimeout(60_000);
  await inbox.close();
  const email = uniqueEmail('outage');
  await signUpThroughForm(page, nodeA.base, 'Otto Outage', email);
  await expect(page.getByRole('status')).toContainText('Check your email');
  await signInThroughForm(page, nodeA.base, email);
  await page.waitForTimeout(1_500);
  inbox = await startInbox(inbox.port, inbox);
  const mail = await mailTo(email, /^Confirm your email/);
  await page.goto(linkIn(mail, '/verify?token='));
  await expect(page.getByRole('status')).toContainText('is confirmed');
});

test('at phone size (390x844) every account form fits and works', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const email = uniqueEmail('phone');
  const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await signUpThroughForm(page, nodeA.base, 'Pia Phone', email);
  await expect(page.getByRole('status')).toContainText('Check your email');
  await fits();
  for (const pathname of ['/signup', '/forgot', '/signin']) {
    await page.goto(`${nodeA.base}${pathname}`);
    await fits();
    await expect(page.getByRole('button').last()).toBeInViewport({ ratio: 0.5 });
  }
  await signInThroughForm(page, nodeA.base, email);
  await fits();
  const nameForm = page.locator('form[data-form="name"]');
  await nameForm.getByLabel('Name').fill('Pia P.');
  await nameForm.getByRole('button', { name: 'Save name' }).click();
  await expect(page.locator('#name').getByRole('status')).toHaveText('Your name is saved.');
  await fits();
  const box = await page.locator('form[data-form="delete"] input[name="password"]').boundingBox();
  expect(box!.width).toBeGreaterThan(300);
  await context.close();
});
