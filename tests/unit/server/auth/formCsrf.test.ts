/**
 * The account forms' CSRF check (verifyCsrfToken): the token a page got from Auth.js (fetchCsrfToken) with the
 * cookie it set passes; a missing, foreign, tampered or swapped token or cookie does not.
 */
import { describe, expect, it } from 'vitest';

process.env.AUTH_SECRET = 'unit-test-secret-unit-test-secret-0123456789';
process.env.AUTH_URL = '';

const { fetchCsrfToken, verifyCsrfToken } = await import('../../../../src/server/auth/csrf.ts');

const ORIGIN = 'http://localhost:4321';

/** A visitor's CSRF token and the cookie header their browser would send back. */
async function visitor(): Promise<{ token: string; cookie: string }> {
  const csrf = (await fetchCsrfToken(new Request(`${ORIGIN}/signup`)))!;
  const cookie = csrf.setCookies.map((c) => c.split(';')[0]).join('; ');
  return { token: csrf.csrfToken, cookie };
}

const post = (cookie: string | null, url = `${ORIGIN}/signup`) => new Request(url, { method: 'POST', headers: cookie ? { cookie } : {} });

describe('verifyCsrfToken (double submit, the same token as Auth.js forms)', () => {
  it('accepts the page token with its own cookie', async () => {
    const { token, cookie } = await visitor();
    expect(cookie).toMatch(/^authjs\.csrf-token=/);
    expect(verifyCsrfToken(post(cookie), token)).toBe(true);
  });

  it("refuses a missing or wrong token, a missing or forged cookie, and another visitor's pair mixed", async () => {
    const a = await visitor();
    const b = await visitor();
    expect(verifyCsrfToken(post(a.cookie), undefined)).toBe(false);
    expect(verifyCsrfToken(post(a.cookie), '')).toBe(false);
    expect(verifyCsrfToken(post(a.cookie), b.token)).toBe(false);
    expect(verifyCsrfToken(post(null), a.token)).toBe(false);
    // An attacker who sets their own cookie cannot sign it without the secret.
    expect(verifyCsrfToken(post(`authjs.csrf-token=${a.token}%7C${'0'.repeat(64)}`), a.token)).toBe(false);
    expect(verifyCsrfToken(post('authjs.csrf-token=%E0%A4%A'), a.token)).toBe(false);
    // Over https the cookie must be the __Host- one.
    expect(verifyCsrfToken(post(a.cookie, 'https://courtvision.test/signup'), a.token)).toBe(false);
  });
});
