/**
 * Security of the accounts endpoints against the built server, over HTTP like an attacker's script:
 * cross-site form posts, CSRF on sign-out, rate limits, cookie flags, the sign-out CSRF error page.
 */
import { test, expect } from './fixtures';
import { DEMO, seedDemoAccounts } from './accountsHelpers';

test.beforeAll(() => seedDemoAccounts());

test('a cross-site form POST (no Origin) to the auth endpoints is refused with 403', async ({ request }) => {
  const response = await request.post('/api/auth/callback/credentials', {
    form: { email: DEMO.member.email, password: DEMO.member.password },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
});

test('sign-in is rate-limited per account with a clear 429', async ({ request, page, baseURL, consoleErrors }) => {
  const email = `target-${Date.now()}@example.com`;
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const attempt = () =>
    request.post('/api/auth/callback/credentials', {
      form: { csrfToken, email, password: 'guess-guess', callbackUrl: '/' },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
  for (let i = 0; i < 5; i++) {
    const response = await attempt();
    expect(response.status()).toBe(302);
    expect(response.headers().location).toContain('error=CredentialsSignin');
  }
  const blocked = await attempt();
  expect(blocked.status()).toBe(429);
  expect(Number(blocked.headers()['retry-after'])).toBeGreaterThan(0);
  expect(await blocked.text()).toContain('Too many sign-in attempts');
  // The sign-in form shows the same answer in place (blocked attempts are not counted again).
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('guess-guess');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Too many sign-in attempts');
  expect(new URL(page.url()).pathname).toBe('/signin');
  // Chromium reports the 429 answer itself as a console error: expected here, and the only one allowed.
  expect(consoleErrors.every((e) => e.includes('status of 429'))).toBe(true);
  consoleErrors.splice(0);
  // Another account from the same client is not blocked by this account's limit.
  const other = await request.post('/api/auth/callback/credentials', {
    form: { csrfToken, email: DEMO.subscriber.email, password: DEMO.subscriber.password, callbackUrl: '/' },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(other.status()).toBe(302);
  expect(other.headers().location).not.toContain('error=');
});

test('sign-out without the CSRF token is refused and the session survives', async ({ page, baseURL }) => {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(DEMO.member.email);
  await page.getByLabel('Password').fill(DEMO.member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  const response = await page.request.post('/api/auth/signout', { form: { callbackUrl: '/' }, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect(response.headers().location).toContain('error=MissingCSRF');
  const session = await (await page.request.get('/api/auth/session')).json();
  expect(session.user.email).toBe(DEMO.member.email);
});

test('a failed CSRF fetch on the sign-out page gives 400 "Could not fetch CSRF Token for signing out"', async ({ request }) => {
  // A tampered callback-url cookie makes Auth.js refuse the CSRF request the sign-out page makes.
  const response = await request.get('/signout', { headers: { cookie: 'authjs.callback-url=javascript:alert(1)' } });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain('Could not fetch CSRF Token for signing out');
});

test('session and CSRF cookies are httpOnly and SameSite=Lax; GET session has the spec shape', async ({ page }) => {
  await page.goto('/signin?callbackUrl=%2Fprofile');
  await page.getByLabel('Email').fill(DEMO.subscriber.email);
  await page.getByLabel('Password').fill(DEMO.subscriber.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const cookies = await page.context().cookies();
  for (const name of ['authjs.session-token', 'authjs.csrf-token']) {
    expect(
      cookies.find((c) => c.name === name),
      name,
    ).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false });
  }
  const signinPage = await page.request.get('/signin');
  expect(signinPage.headers()['x-frame-options']).toBe('DENY');
  const body = await (await page.request.get('/api/auth/session?callbackUrl=%2Fprofile')).json();
  expect(Object.keys(body).sort()).toEqual(['isAdmin', 'subscriptions', 'user']);
  expect(body.user).toEqual({ name: DEMO.subscriber.name, email: DEMO.subscriber.email });
  expect(body.subscriptions).toHaveLength(1);
  expect(body.subscriptions[0].plan).toEqual({ name: 'Stats' });
  expect(Number.isInteger(body.subscriptions[0].expiresAt)).toBe(true);
  const providers = await (await page.request.get('/api/auth/providers')).json();
  expect(Object.keys(providers)).toEqual(['credentials']);
});
