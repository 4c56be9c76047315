/**
 * Sign-in bounded, against a server of its own (the rate-limit counters of the shared test server stay clean;
 * TRUST_PROXY=1 so X-Forwarded-For stands for different client addresses):
 * - bodies on /api/auth/* are capped (413) before anything reads them, declared or chunked;
 * - the limiter reads the email whatever the content type: a JSON attempt counts and is refused like a form one;
 * - guessing one account from a new address each time checks only the threshold and a handful more (one attempt per
 *   doubling delay, the rest answered as wrong passwords, the right one included); the owner is emailed, and
 *   the reset link always works and clears the count;
 * - a bad callbackUrl on any auth route is a 400 (never a 500), query, body or cookie.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { simpleParser, type ParsedMail } from 'mailparser';
import { usersCli } from './accountsHelpers';
import { expect, test } from './fixtures';
import { startServer, waitListening, type ServerProcess } from './serverProcess';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const THRESHOLD = 6;
const OUTBOX = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-signin-outbox-'));
const ACCOUNTS_DB = path.resolve(process.env.ACCOUNTS_DB_PATH ?? 'data/accounts.sqlite');

/** The newest message to an address in the server's outbox (waits for the mail worker). */
async function outboxMessage(to: string, subject: RegExp): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        for (const file of fs
          .readdirSync(OUTBOX)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse()) {
          const mail = await simpleParser(fs.readFileSync(path.join(OUTBOX, file)));
          if (mail.to && 'text' in mail.to && mail.to.text === to && subject.test(mail.subject ?? '')) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000, message: `a message "${subject}" to ${to}` },
    )
    .toBe(true);
  return found!;
}

// Started in beforeAll, not at module load: Playwright also loads spec files to list them, where no hook runs,
// and a server spawned there was never stopped.
let server: ServerProcess;
test.beforeAll(async () => {
  server = startServer({
    TRUST_PROXY: '1',
    SIGNIN_MAX_FAILURES_PER_ACCOUNT: '3',
    SIGNIN_SLOW_AFTER_FAILURES_PER_ACCOUNT: String(THRESHOLD),
    SIGNIN_MAX_DELAY_MS: '60000',
    SIGNIN_MAX_FAILURES_PER_IP: '1000',
    MAIL_OUTBOX_DIR: OUTBOX,
  });
  await waitListening(server);
});
test.afterAll(() => server?.stop());

const stamp = Date.now();
function account(name: string): { email: string; password: string } {
  const who = { email: `${name}-${stamp}@example.com`, password: `pw-${name}-${stamp}` };
  usersCli('add', who.email, '--name', name, '--password', who.password);
  return who;
}

/** A CSRF token and its cookie, fetched as a client at `ip` (plain fetch: no cookie jar shared between attempts). */
async function csrf(ip: string): Promise<{ token: string; cookie: string }> {
  const r = await fetch(`${server.base}/api/auth/csrf`, { headers: { 'X-Forwarded-For': ip } });
  const cookie = r.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { token: ((await r.json()) as { csrfToken: string }).csrfToken, cookie };
}

/** One sign-in attempt from `ip`, as a form or as JSON. Returns the status and whether it signed in. */
async function attempt(ip: string, email: string, password: string, as: 'form' | 'json') {
  const { token, cookie } = await csrf(ip);
  const fields = { csrfToken: token, email, password, callbackUrl: '/' };
  const r = await fetch(`${server.base}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      Origin: server.base,
      'X-Forwarded-For': ip,
      Cookie: cookie,
      'Content-Type': as === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
    },
    body: as === 'form' ? new URLSearchParams(fields).toString() : JSON.stringify(fields),
  });
  const location = r.headers.get('location') ?? '';
  const signedIn = r.status === 302 && !location.includes('error=') && r.headers.getSetCookie().some((c) => c.startsWith('authjs.session-token='));
  return { status: r.status, signedIn };
}

test('bodies over 16 KB are refused with 413 before being read, declared or chunked', async ({ request }) => {
  for (const path of ['/api/auth/callback/credentials', '/api/auth/signout', '/api/auth/signin/credentials', '/api/data']) {
    const big = await request.post(server.base + path, {
      data: 'a='.padEnd(16 * 1024 + 1, 'x'),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.base },
    });
    expect(big.status(), path).toBe(413);
    expect(((await big.json()) as { error: string }).error).toMatch(/too large/);
  }
  // Chunked (no Content-Length): a 1 MB stream is cut off at the limit.
  const chunked = await fetch(`${server.base}/api/auth/callback/credentials`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.base },
    body: new ReadableStream({
      start(controller) {
        for (let i = 0; i < 64; i++) controller.enqueue(new Uint8Array(16 * 1024).fill(32));
        controller.close();
      },
    }),
    duplex: 'half',
  } as RequestInit).catch((e: Error) => e);
  if (chunked instanceof Error) {
    // The server may close the connection at the limit before the client has read the 413: then the upload fails
    // with the socket closed under it, never with a refused connection or a timeout (which would pass unnoticed).
    const cause = (chunked as Error & { cause?: { code?: string; message?: string } }).cause;
    expect(`${cause?.code ?? ''} ${cause?.message ?? chunked.message}`, String(cause ?? chunked)).toMatch(/ECONNRESET|EPIPE|UND_ERR_SOCKET|other side closed/);
  } else {
    expect(chunked.status).toBe(413);
  }
  // A body just under the limit is read normally (a failed sign-in, not a 413).
  const { token, cookie } = await csrf('192.0.2.200');
  const fits = await request.post(`${server.base}/api/auth/callback/credentials`, {
    form: { csrfToken: token, email: `nobody-${stamp}@example.com`, password: 'x'.repeat(15 * 1024), callbackUrl: '/' },
    headers: { Origin: server.base, Cookie: cookie, 'X-Forwarded-For': '192.0.2.200' },
    maxRedirects: 0,
  });
  expect(fits.status()).toBe(302);
  expect((await request.get(`${server.base}/api/auth/csrf`)).status()).toBe(200);
});

test('JSON attempts are counted and refused like form ones; the right password as JSON does not slip past', async () => {
  const who = account('json-lock');
  const ip = '198.51.100.10';
  expect((await attempt(ip, who.email, 'wrong-1', 'json')).status).toBe(302);
  expect((await attempt(ip, who.email, 'wrong-2', 'form')).status).toBe(302);
  expect((await attempt(ip, who.email.toUpperCase(), 'wrong-3', 'json')).status).toBe(302);
  const locked = await attempt(ip, who.email, who.password, 'json');
  expect(locked).toEqual({ status: 429, signedIn: false });
  expect((await attempt(ip, who.email, who.password, 'form')).status).toBe(429);
  // A JSON attempt signs in normally when not limited.
  expect(await attempt('198.51.100.11', who.email, who.password, 'json')).toEqual({ status: 302, signedIn: true });
});

test('guesses at one account for 8 s, each from a new address: only the threshold and one per doubling delay are checked; the owner is told, and a reset lets them in', async ({
  page,
}) => {
  const who = account('victim');
  // Guessing as fast as the server answers, for at least 8 s: past the threshold the delays of 1, 2, 4 ... s let
  // floor(log2(seconds + 1)) more guesses be checked (3 in 8 s), where a delay that did not double would let one a
  // second through (8 or more).
  const started = performance.now();
  let guesses = 0;
  while (performance.now() - started < 8_000 || guesses < 50) {
    const i = guesses++;
    const ip = `10.${(i >> 8) & 255}.${i & 255}.${7 + (i % 3)}`;
    const r = await attempt(ip, who.email, `guess-${i}`, i % 2 ? 'json' : 'form');
    expect(r.signedIn).toBe(false);
    expect(r.status).toBe(302); // every refusal looks like a wrong password
  }
  const seconds = (performance.now() - started) / 1000;
  // Checked attempts are the failures counted for the account in the shared store.
  const db = new DatabaseSync(ACCOUNTS_DB, { readOnly: true });
  const { n } = db.prepare('SELECT count(*) AS n FROM signin_failures WHERE key = ?').get(`account:${who.email}`) as { n: number };
  db.close();
  expect(n).toBeGreaterThanOrEqual(THRESHOLD);
  // one more than the doublings allow: a guess can land on a delay's last millisecond
  const bound = THRESHOLD + Math.floor(Math.log2(seconds + 1)) + 1;
  expect(n, `${n} of ${guesses} guesses in ${seconds.toFixed(1)} s were checked`).toBeLessThanOrEqual(bound);
  // Inside the delay, the right password is refused like a wrong one.
  expect(await attempt('192.0.2.77', who.email, who.password, 'form')).toEqual({ status: 302, signedIn: false });
  // The owner was told, with the way back in.
  const warning = await outboxMessage(who.email, /^Many failed sign-ins on your Courtvision account$/);
  await page.goto(`${server.base}/forgot`);
  expect(warning.text).toContain(`${server.base}/forgot`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses that address');
  const reset = await outboxMessage(who.email, /^Reset your Courtvision password$/);
  await page.goto(/https?:\/\/\S+\/reset\?token=\S+/.exec(reset.text ?? '')![0]);
  await page.getByLabel('New password').fill('a fresh harbour lantern');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is changed');
  // The reset cleared the count: the new password works at once.
  expect(await attempt('192.0.2.77', who.email, 'a fresh harbour lantern', 'form')).toEqual({ status: 302, signedIn: true });
});

test('a bad callbackUrl on any auth route is a 400 with a JSON message, never a 500', async ({ request }) => {
  const bad = [
    '--',
    '//evil.example',
    '/\\evil.example',
    '/../\\evil.example',
    'https://evil.example/',
    '/%2F%2Fevil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
  ];
  const routes = [
    '/api/auth/session',
    '/api/auth/csrf',
    '/api/auth/providers',
    '/api/auth/signin',
    '/api/auth/signout',
    '/api/auth/error',
    '/api/auth/callback/credentials',
  ];
  for (const route of routes) {
    for (const value of bad) {
      const r = await request.get(`${server.base}${route}?callbackUrl=${encodeURIComponent(value)}`, { maxRedirects: 0 });
      expect(r.status(), `${route} ${value}`).toBe(400);
      expect(((await r.json()) as { param: string }).param).toBe('callbackUrl');
    }
  }
  // In the body of a post, and in Auth.js's callback-url cookie.
  const { token, cookie } = await csrf('192.0.2.201');
  const posted = await request.post(`${server.base}/api/auth/signout`, {
    form: { csrfToken: token, callbackUrl: '//evil.example' },
    headers: { Origin: server.base, Cookie: cookie },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(400);
  const cookied = await request.get(`${server.base}/api/auth/session`, { headers: { Cookie: 'authjs.callback-url=javascript%3Aalert(1)' } });
  expect(cookied.status()).toBe(400);
  expect(cookied.headers()['set-cookie']).toMatch(/^authjs\.callback-url=; .*Max-Age=0/);
  // A foreign URL in the cookie (another node of the site may have set it) is no error: Auth.js only ever uses it
  // through the redirect callback, which keeps the browser on this site.
  const foreign = await request.get(`${server.base}/api/auth/session`, { headers: { Cookie: 'authjs.callback-url=https%3A%2F%2Fevil.example%2F' } });
  expect(foreign.status()).toBe(200);
  // Good ones pass: a path, and the site's own absolute URL.
  expect((await request.get(`${server.base}/api/auth/session?callbackUrl=%2Fstats%2Fplayers%3Fseason%3D2012`)).status()).toBe(200);
  expect((await request.get(`${server.base}/api/auth/session?callbackUrl=${encodeURIComponent(`${server.base}/profile`)}`)).status()).toBe(200);
});
