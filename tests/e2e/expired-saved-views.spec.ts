/**
 * A lapsed customer (their Stats plan expired) lands on the expiry page from every page: it lists their saved views
 * by name, so they see what renewing opens again. The names are not links (each would lead back to the expiry
 * page). Chromium against the built server, at 1366x900 and 390x844.
 */
import path from 'node:path';
import { seedDemoAccounts, signIn, usersCli } from './accountsHelpers';
import { expect, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });
test.beforeAll(() => seedDemoAccounts());

const PASSWORD = 'lapsed-views-password-2023';

async function saveFinderView(page: import('@playwright/test').Page, address: string, name: string) {
  await page.goto(address);
  await expect(page.getByTestId('finder-count')).toContainText('match');
  await page.getByTestId('save-view').click();
  const dialog = page.getByRole('dialog', { name: 'Save this view' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status')).toContainText(`Saved as "${name}"`);
}

test('the expiry page lists the saved views of a lapsed customer by name, at 1366 and 390 px', async ({ page }) => {
  const email = `lapsed-views-${Date.now().toString(36)}@example.com`;
  usersCli('add', email, '--name', 'Lou Lapsed', '--password', PASSWORD);
  usersCli('grant', email, '--days', '30');
  await signIn(page, { email, password: PASSWORD }, '/');
  await saveFinderView(page, '/stats/finder?cond=pts:ge:40&season=2012', 'Forty-point nights');
  await saveFinderView(page, '/stats/finder?mode=streaks&cond=ast:ge:10&season=2022', 'Ten-assist streaks of 2022-23, the long ones first');

  // The plan lapses: every page sends them to the expiry page, which names both views.
  usersCli('grant', email, '--days=-1');
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/subscription_expiration$/);
  const list = page.getByTestId('expired-saved-views');
  await expect(list.getByRole('heading', { name: 'Your saved views' })).toBeVisible();
  await expect(list.getByTestId('expired-saved-view')).toHaveCount(2);
  for (const name of ['Forty-point nights', 'Ten-assist streaks of 2022-23, the long ones first'])
    await expect(list.getByText(name, { exact: true })).toBeVisible();
  // listed, not linked: no link on the page leads to a stats page (it would bring them back here)
  await expect(page.locator('a[href^="/stats/"]')).toHaveCount(0);

  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await list.scrollIntoViewIfNeeded();
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOTS_DIR, `expired-saved-views-${width}.png`) });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `nothing wider than ${width}`).toBeLessThanOrEqual(width);
  }
});
