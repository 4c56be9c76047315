/**
 * The RAPM leaderboard on a phone (390x844): its four choices sit two by two, so the table's first row starts on the
 * first screen, below the form and the note, within 760 px of the top. Chromium against the built server and the
 * test database.
 */
import { expect, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test("a phone sees the leaderboard's first row on its first screen, the form two choices a line", async ({ page }) => {
  await page.goto('/stats/rapm');
  const form = page.getByTestId('rapm-form');
  const season = await form.getByLabel('Season').boundingBox();
  const span = await form.getByLabel('Span').boundingBox();
  expect(Math.abs(season!.y - span!.y), 'Season and Span on one line').toBeLessThan(4);
  const first = page.locator('table tbody tr').first();
  await expect(first).toBeVisible();
  const top = await first.evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY));
  expect(top).toBeLessThanOrEqual(760);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
