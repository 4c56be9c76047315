/**
 * Security headers on every kind of response of the built server (prerendered page, server-rendered page, JSON
 * API, auth endpoint, static file, build asset, 404 page, 400/413 errors), and no CSP violation on the main pages
 * (stats islands, sign-in, a signed-in stats page): the policy allows what the site loads and nothing else.
 */
import { DEMO, seedDemoAccounts, signIn } from './accountsHelpers';
import { expect, statsAppReady, test } from './fixtures';
import { startServer, waitListening, type ServerProcess } from './serverProcess';

test.beforeAll(() => seedDemoAccounts());

const COMMON = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
};

function expectSecurityHeaders(headers: Record<string, string>, kind: 'page' | 'other', what: string): void {
  for (const [name, value] of Object.entries(COMMON)) expect(headers[name], `${name} on ${what}`).toBe(value);
  expect(headers['permissions-policy'], what).toMatch(/camera=\(\)/);
  const csp = headers['content-security-policy'] ?? '';
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp, what).not.toContain("'unsafe-eval'");
  if (kind === 'page') {
    expect(csp, what).toMatch(/(^|; )default-src 'self'/);
    expect(csp, what).toMatch(/(^|; )script-src 'self'/);
    expect(csp, what).toContain("object-src 'none'");
  } else {
    expect(csp, what).toMatch(/^default-src 'none'/);
  }
  expect(headers['strict-transport-security'], `no HSTS over plain http (${what})`).toBeUndefined();
}

test('every kind of response carries the security headers', async ({ request, page }) => {
  const cases: [string, 'page' | 'other', number, Record<string, string>?][] = [
    ['/about', 'page', 200],
    ['/', 'page', 200],
    ['/stats/players', 'page', 200],
    ['/signin', 'page', 200],
    ['/stats/nope/nope', 'page', 404],
    ['/no-such-page', 'page', 404],
    ['/api/players', 'other', 200],
    ['/api/data?page=Nope', 'other', 400],
    ['/api/data?page=League&location=home', 'other', 403],
    ['/api/auth/csrf', 'other', 200],
    ['/api/auth/session?callbackUrl=--', 'other', 400],
    ['/favicon.svg', 'other', 200],
    ['/%E0%A4%A', 'other', 400],
  ];
  for (const [path, kind, status] of cases) {
    const r = await request.get(path, { maxRedirects: 0 });
    expect(r.status(), path).toBe(status);
    expectSecurityHeaders(r.headers(), kind, path);
  }
  // A hashed build asset (the stats island's script) and a 413.
  await page.goto('/stats/league');
  const asset = await page
    .locator('script[src^="/_astro/"], link[href^="/_astro/"]')
    .first()
    .evaluate((e) => e.getAttribute('src') ?? e.getAttribute('href'));
  const assetResponse = await request.get(asset!);
  expect(assetResponse.status()).toBe(200);
  expectSecurityHeaders(assetResponse.headers(), 'other', asset!);
  const tooLarge = await request.post('/api/auth/callback/credentials', { data: 'x'.repeat(17 * 1024), headers: { 'content-type': 'application/json' } });
  expect(tooLarge.status()).toBe(413);
  expectSecurityHeaders(tooLarge.headers(), 'other', '413');
});

test.describe('no page reports a CSP violation', () => {
  test.describe.configure({ timeout: 90_000 });

  async function watchViolations(page: import('@playwright/test').Page): Promise<() => Promise<string[]>> {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
    });
    return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
  }

  const PAGES = [
    ['/', 'h1'],
    ['/about', 'h1'],
    ['/articles', 'h1'],
    ['/signin', 'form[data-signin]'],
    ['/stats/league', '.sa-tbody .sa-row'],
    ['/stats/players', '.sa-tbody .sa-row'],
    ['/stats/team/team/BOS', '.sa-tbody .sa-row'],
    ['/stats/player/profile/lebron_james_2544', '.sa-tbody .sa-row'],
    ['/stats/games', 'h1'],
    ['/no-such-page', 'h1'],
  ] as const;

  test('anonymous: the main pages, with their islands running', async ({ page }) => {
    const violations = await watchViolations(page);
    for (const [path, ready] of PAGES) {
      await page.goto(path);
      await expect(page.locator(ready).first(), path).toBeVisible({ timeout: 30_000 });
      // Open a filter popover on every stats table page (they all have the Season filter): the island's
      // interactive parts load too. Decided by the page, not by whether the button happens to be there.
      if (ready === '.sa-tbody .sa-row') {
        await statsAppReady(page, 30_000);
        await page.locator('[data-group="Season"]').click();
        await expect(page.locator('.sa-popover')).toBeVisible();
        await page.keyboard.press('Escape');
      }
      expect(await violations(), path).toEqual([]);
    }
  });

  test('signed in: the sign-in form (with its script), then a stats page with gated filters', async ({ page }) => {
    const violations = await watchViolations(page);
    await signIn(page, DEMO.subscriber, '/stats/players?period=4');
    await expect(page.locator('.sa-pill[data-filter="Period"]')).toBeVisible({ timeout: 60_000 });
    await statsAppReady(page, 60_000);
    expect(await violations()).toEqual([]);
    await page.goto('/profile');
    await expect(page.getByTestId('profile')).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('an inline script that is not ours is refused (the policy is enforced, not decorative)', async ({ page, consoleErrors }) => {
    const violations = await watchViolations(page);
    await page.goto('/about');
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      document.body.append(s);
    });
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    expect((await violations()).some((v) => v.startsWith('script-src'))).toBe(true);
    // Chromium logs the refusal as a console error: expected here.
    expect(consoleErrors.every((e) => e.includes('Content Security Policy'))).toBe(true);
    consoleErrors.splice(0);
  });
});

test.describe('over https (AUTH_URL https://…)', () => {
  let server: ServerProcess; // started in beforeAll, not when Playwright loads the file to list its tests
  test.beforeAll(async () => {
    server = startServer({ AUTH_URL: 'https://courtvision.example' });
    await waitListening(server);
  });
  test.afterAll(() => server?.stop());

  test('HSTS is sent on pages, API and files', async ({ request }) => {
    for (const path of ['/about', '/stats/league', '/api/players', '/favicon.svg']) {
      const r = await request.get(server.base + path);
      expect(r.headers()['strict-transport-security'], path).toBe('max-age=31536000; includeSubDomains');
      expect(r.headers()['x-frame-options'], path).toBe('DENY');
    }
  });
});
