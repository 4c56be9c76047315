/**
 * Accounts in a real browser against the built server: sign in and out, protected pages, the expired-plan
 * redirect (server-rendered and prerendered pages), the admin exemption, the header's signed-in state, the
 * error messages of the sign-in page, and gated filters unlocked after sign-in.
 */
import { test, expect } from './fixtures';
import { DEMO, accountNav, seedDemoAccounts, signIn, submitSignIn } from './accountsHelpers';

test.beforeAll(() => seedDemoAccounts());

test.describe('protected pages', () => {
  test('anonymous /profile goes to sign-in with SessionRequired, and signing in returns to the profile', async ({ page }) => {
    await page.goto('/profile');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/signin');
    expect(url.searchParams.get('error')).toBe('SessionRequired');
    expect(url.searchParams.get('callbackUrl')).toBe('/profile');
    await expect(page.getByRole('alert')).toHaveText('Please sign in to see that page.');

    await submitSignIn(page, DEMO.subscriber.email, DEMO.subscriber.password);
    await expect(page).toHaveURL(/\/profile$/);
    const profile = page.getByTestId('profile');
    await expect(profile.locator('[data-field="name"]')).toHaveText(DEMO.subscriber.name);
    await expect(profile.locator('[data-field="email"]')).toHaveText(DEMO.subscriber.email);
    await expect(profile.locator('[data-field="plan"]')).toContainText('Stats');
    await expect(profile.locator('[data-field="plan"]')).toContainText('Active');
    const expiry = await profile.locator('[data-field="expiry"] time').getAttribute('datetime');
    const days = (Date.parse(expiry!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(360);
    expect(days).toBeLessThan(367);
    await expect(page.getByTestId('admin-badge')).toHaveCount(0);
  });

  test('anonymous /protected?tab=1 comes back to exactly that URL after sign-in', async ({ page }) => {
    await page.goto('/protected?tab=1');
    expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe('/protected?tab=1');
    await submitSignIn(page, DEMO.member.email, DEMO.member.password);
    await expect(page).toHaveURL(/\/protected\?tab=1$/);
    await expect(page.getByTestId('member-name')).toHaveText(DEMO.member.name);
  });
});

test.describe('sign in and out', () => {
  test('the header shows the signed-in state on server-rendered and prerendered pages, without client scripts', async ({ page }) => {
    await page.goto('/about');
    await expect(accountNav(page)).toHaveAttribute('data-auth', 'anonymous');
    await accountNav(page).getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fabout$/);
    await submitSignIn(page, DEMO.subscriber.email, DEMO.subscriber.password);
    await expect(page).toHaveURL(/\/about$/);
    // /about is a prerendered file: the server filled in the header.
    await expect(accountNav(page)).toHaveAttribute('data-auth', 'authenticated');
    await expect(accountNav(page).getByRole('link', { name: DEMO.subscriber.name })).toHaveAttribute('href', '/profile');
    await expect(accountNav(page).locator('.account-badge')).toHaveText('Stats');
    expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
    // Served compressed, personalised, and never kept by shared caches.
    const raw = await page.request.get('/about', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(raw.headers()['content-encoding']).toBe('br');
    expect(raw.headers()['cache-control']).toBe('private, no-store');
    expect(await raw.text()).toContain('data-auth="authenticated"');
    await page.goto('/stats/teams');
    await expect(accountNav(page)).toHaveAttribute('data-auth', 'authenticated');
  });

  test('sign-out ends the session, also for a copy of the old cookie', async ({ page, browser }) => {
    await signIn(page, DEMO.member, '/protected');
    const before = await page.context().cookies();
    expect(before.find((c) => c.name === 'authjs.session-token')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    await accountNav(page).getByRole('link', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signout$/);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(accountNav(page)).toHaveAttribute('data-auth', 'anonymous');
    await page.goto('/protected');
    await expect(page).toHaveURL(/\/signin\?error=SessionRequired/);

    const replay = await browser.newContext();
    await replay.addCookies(before.filter((c) => c.name === 'authjs.session-token'));
    const other = await replay.newPage();
    await other.goto('/protected');
    await expect(other).toHaveURL(/\/signin\?error=SessionRequired/);
    await replay.close();
  });

  test('wrong password and unknown email show the same message', async ({ page }) => {
    await page.goto('/signin');
    await submitSignIn(page, DEMO.member.email, 'not-the-password');
    await expect(page).toHaveURL(/error=CredentialsSignin/);
    const wrong = await page.getByRole('alert').textContent();
    expect(wrong).toBe('Wrong email or password.');
    await submitSignIn(page, `nobody-${Date.now()}@example.com`, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText(wrong!);
  });

  test('a form without its CSRF token is refused with a message, and nobody is signed in', async ({ page }) => {
    await page.goto('/signin');
    await page.locator('input[name="csrfToken"]').evaluate((el) => el.remove());
    await submitSignIn(page, DEMO.member.email, DEMO.member.password);
    await expect(page).toHaveURL(/error=MissingCSRF/);
    await expect(page.getByRole('alert')).toContainText('missing its security token');
    expect((await page.context().cookies()).some((c) => c.name === 'authjs.session-token')).toBe(false);
  });

  test('if the sign-in callback never completes, the page moves on to the callback URL after 60 seconds', async ({ page }) => {
    await page.clock.install();
    await page.goto('/signin?callbackUrl=%2Fadvice');
    // The credentials callback hangs (never answered).
    await page.route('**/api/auth/callback/credentials', () => {});
    await submitSignIn(page, DEMO.member.email, DEMO.member.password);
    await page.clock.fastForward(59_000);
    expect(new URL(page.url()).pathname).toBe('/signin');
    await page.clock.fastForward(1_500);
    await expect(page).toHaveURL(/\/advice$/);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});

test.describe('roles', () => {
  test('an expired subscriber is sent to /subscription_expiration from server-rendered and prerendered pages', async ({ page, signedInAs }) => {
    await signedInAs('expired');
    await page.goto('/stats/players');
    await expect(page).toHaveURL(/\/subscription_expiration$/);
    await expect(page.locator('.plan-status')).toContainText('Your Stats plan expired on');
    await expect(accountNav(page).locator('.account-badge')).toHaveText('Stats expired');
    for (const path of ['/', '/about', '/articles/four-factors', '/stats/teams', '/profile']) {
      const response = await page.goto(path);
      expect(new URL(page.url()).pathname, `from ${path}`).toBe('/subscription_expiration');
      expect(response?.status()).toBe(200);
    }
    // Renewing must work: pricing and checkout are not redirected.
    for (const path of ['/pricing', '/checkout?interval=month']) {
      await page.goto(path);
      expect(new URL(page.url()).pathname, `from ${path}`).not.toBe('/subscription_expiration');
    }
    await page.goto('/subscription_expiration');
    // Assets, the auth endpoints and the sign-out page stay reachable.
    expect((await page.request.get('/img/teams/bos.png')).status()).toBe(200);
    expect((await page.request.get('/api/auth/session')).status()).toBe(200);
    await page.goto('/signout');
    await expect(page).toHaveURL(/\/signout$/);
  });

  test('the redirect of a prerendered page happens on the server (302), not in the browser', async ({ page, signedInAs }) => {
    await signedInAs('expired');
    const response = await page.request.get('/about', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe('/subscription_expiration');
  });

  test('an admin with an expired plan is not redirected', async ({ page, signedInAs }) => {
    await signedInAs('admin');
    await page.goto('/about');
    await expect(page).toHaveURL(/\/about$/);
    await expect(accountNav(page).locator('.account-badge')).toHaveText('Admin');
    await page.goto('/stats/players');
    await expect(page).toHaveURL(/\/stats\/players$/);
    await page.goto('/profile');
    await expect(page.getByTestId('admin-badge')).toHaveText('Administrator');
    await expect(page.locator('[data-field="plan"]')).toContainText('Expired');
  });

  test('a member without a plan browses everything and sees their name in the header', async ({ page, signedInAs }) => {
    await signedInAs('member');
    await page.goto('/articles');
    await expect(page).toHaveURL(/\/articles$/);
    await expect(accountNav(page).getByRole('link', { name: DEMO.member.name })).toBeVisible();
    await expect(accountNav(page).locator('.account-badge')).toHaveCount(0);
    await page.goto('/profile');
    await expect(page.locator('[data-field="plan"]')).toHaveText('No plan yet.');
  });
});

test.describe('gated filters', () => {
  test('the API refuses a gated filter anonymously (403) and answers it after sign-in (200)', async ({ page, signedInAs }) => {
    const gated = '/api/data?page=League&season=2022&location=home';
    const anonymous = await page.request.get(gated);
    expect(anonymous.status()).toBe(403);
    expect((await anonymous.json()).error).toMatch(/Sign in/);
    await signedInAs('subscriber');
    const signedIn = await page.request.get(gated);
    expect(signedIn.status()).toBe(200);
    expect(Object.keys((await signedIn.json()).data)).toContain('Summary');
  });
});

test.describe('client session store', () => {
  test('a stats page reads the session on load and again when the tab becomes visible', async ({ page, signedInAs }) => {
    const first = page.waitForResponse((r) => r.url().includes('/api/auth/session'));
    await page.goto('/stats/league');
    expect(await (await first).json()).toBeNull();
    // Signed in meanwhile (as from another tab of the same browser: the cookie is the browser's), then back to this tab.
    await signedInAs('subscriber');
    const again = page.waitForResponse((r) => r.url().includes('/api/auth/session'));
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const session = await (await again).json();
    expect(session.user.email).toBe(DEMO.subscriber.email);
    expect(new URL((await again).url()).searchParams.get('callbackUrl')).toBe('/stats/league');
  });
});
