/**
 * A chunk load error reloads the page once (spec section 4, guard window 10 s). The island's chunk is made to
 * fail on purpose, so this test expects console errors and uses Playwright's own `test`, not the fixture that
 * fails on them.
 */
import { expect, test } from '@playwright/test';

test('a stats island whose chunk fails to load reloads the page once, not in a loop', async ({ page }) => {
  let documents = 0;
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents += 1;
  });
  await page.route(/\/_astro\/StatsApp\.[^/]+\.js/, (route) => route.abort());
  await page.goto('/stats/league');
  await expect.poll(() => documents, { timeout: 15_000 }).toBe(2);
  // The second document was asked for: read its storage once it is there (a read during the navigation fails).
  let stamp: string | null = null;
  await expect
    .poll(async () => (stamp = await page.evaluate(() => sessionStorage.getItem('cv:chunk-reload-at')).catch(() => null)), { timeout: 15_000 })
    .not.toBeNull();
  expect(Number(stamp)).toBeGreaterThan(Date.now() - 60_000);
  // Inside the guard window the second failure does not reload again.
  await page.waitForTimeout(4_000);
  expect(documents).toBe(2);
  await expect(page.locator('.sa-table')).toHaveCount(0);
});
