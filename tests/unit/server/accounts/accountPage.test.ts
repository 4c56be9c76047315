/**
 * The account forms' handler shared by /profile and the expiry page (src/server/accounts/accountPage.ts), for a
 * lapsed customer on the expiry page, through the real store, the real Auth.js CSRF token and the real actions:
 * a password change with the token goes through (303 back to the expiry page's section, the new password works,
 * the owner is mailed); the same post without the token, or with another visitor's, is refused (403) and changes
 * nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDbPath } from '../auth/helpers.ts';

// The process's mail worker writes the messages here, as on a server without SMTP_URL.
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-expiry-outbox-'));
process.env.MAIL_OUTBOX_DIR = outbox;
process.env.SMTP_URL = '';

process.env.ACCOUNTS_DB_PATH = tempDbPath();
process.env.DATABASE_URL = '';
process.env.AUTH_SECRET = 'unit-test-secret-unit-test-secret-0123456789';
process.env.AUTH_URL = '';

const { accountForms } = await import('../../../../src/server/accounts/accountPage.ts');
const { fetchCsrfToken } = await import('../../../../src/server/auth/csrf.ts');
const { accountLivesOnExpiryPage, EXPIRY_PAGE } = await import('../../../../src/server/auth/access.ts');
const { getAccountForRequest, signInWithoutForm } = await import('../../../../src/server/auth/requestSession.ts');
const { getAccountStore } = await import('../../../../src/server/auth/store/index.ts');
const { hashPassword, verifyPassword } = await import('../../../../src/server/auth/password.ts');
const { nowSeconds } = await import('../../../../src/server/auth/store/rows.ts');

const ORIGIN = 'http://localhost:4321';
const OLD = 'copper lantern dribble';
const NEW = 'harbour kettle zigzag';

/** A visitor's cookies: their session, and a CSRF token with its cookie. */
async function visitor(sessionCookie: string) {
  const csrf = (await fetchCsrfToken(new Request(`${ORIGIN}${EXPIRY_PAGE}`)))!;
  return { token: csrf.csrfToken, cookie: [sessionCookie, ...csrf.setCookies.map((c) => c.split(';')[0])].join('; ') };
}

function post(cookie: string, fields: Record<string, string>) {
  const url = new URL(`${ORIGIN}${EXPIRY_PAGE}`);
  const request = new Request(url, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  return { request, url, clientAddress: '198.51.100.9', response: { status: 200, headers: new Headers() } };
}

describe('the expiry page runs the account forms for a lapsed customer', () => {
  let sessionCookie: string;
  let userId: number;
  beforeAll(async () => {
    const store = getAccountStore();
    const user = await store.createUser({ email: 'lee@example.com', name: 'Lee Lapsed', passwordHash: await hashPassword(OLD) });
    userId = user.id;
    await store.grantSubscription(user.email, 'Stats', nowSeconds() - 60);
    const signedIn = await signInWithoutForm(user.id, ORIGIN);
    sessionCookie = signedIn!.setCookie.split(';')[0]!;
  });

  it('is a lapsed customer: /profile sends them to the expiry page', async () => {
    const account = await getAccountForRequest(new Request(ORIGIN, { headers: { cookie: sessionCookie } }));
    expect(accountLivesOnExpiryPage(account!.session, nowSeconds())).toBe(true);
  });

  it("refuses a post without the CSRF token, or with another visitor's, and changes nothing", async () => {
    const mine = await visitor(sessionCookie);
    const theirs = await visitor('');
    for (const fields of [{}, { csrfToken: theirs.token }] as Record<string, string>[]) {
      const page = post(mine.cookie, { ...fields, intent: 'password', currentPassword: OLD, newPassword: NEW });
      const account = (await getAccountForRequest(page.request))!;
      const answer = await accountForms(page, account, EXPIRY_PAGE);
      expect(answer).not.toBeInstanceOf(Response);
      expect(answer).toMatchObject({
        result: { ok: false, status: 403, message: 'This form has expired. Reload the page and try again.' },
        intent: 'password',
      });
      expect(page.response.status).toBe(403);
    }
    expect(await verifyPassword((await getAccountStore().findUserById(userId))!.passwordHash, OLD)).toBe(true);
  });

  it("changes the password with the token: 303 back to the expiry page's section, the new password works, the owner is mailed", async () => {
    const mine = await visitor(sessionCookie);
    const page = post(mine.cookie, { csrfToken: mine.token, intent: 'password', currentPassword: OLD, newPassword: NEW });
    const answer = await accountForms(page, (await getAccountForRequest(page.request))!, EXPIRY_PAGE);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(303);
    expect((answer as Response).headers.get('location')).toBe(`${EXPIRY_PAGE}#password`);
    expect(await verifyPassword((await getAccountStore().findUserById(userId))!.passwordHash, NEW)).toBe(true);
    const sent = () => fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
    await expect
      .poll(() => sent().filter((m) => m.includes('To: lee@example.com') && m.includes('Subject: Your Courtvision password was changed')).length, {
        timeout: 10_000,
      })
      .toBe(1);
  });
});
