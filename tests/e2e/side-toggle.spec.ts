/**
 * The Offense/Defense toggle shows only where it changes a number (src/stores/side.ts $hasSide). League and a
 * team's game log answer the same for both sides (checked on the API: tests/api/endpoints.test.ts), so they show none; a
 * team's own page does (its answers differ). On the with/without page the net-rating matrix is the same from
 * either end: no toggle until a side's rating is asked for. The phone's compact bar names Defense only where the
 * toggle is. Desktop 1366x900 and phone 390x844.
 */
import type { Page } from '@playwright/test';
import { expect, statsAppReady, test } from './fixtures';

test.describe.configure({ timeout: 90_000 });

const sideGroup = (page: Page) => page.getByRole('group', { name: 'Side' });

for (const size of [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`${size.name}: no toggle on League or a team's game log; one on the team's page`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const openControls = async () => {
      if (size.name === 'phone') await page.getByRole('button', { name: /Metrics and filters/ }).click();
    };
    // A link that still says side=defense: nothing shows it, and the phone's summary does not claim it.
    await page.goto('/stats/league?side=defense');
    await statsAppReady(page);
    await openControls();
    await expect(page.getByLabel('Metric set')).toBeVisible();
    await expect(sideGroup(page)).toHaveCount(0);
    if (size.name === 'phone') await expect(page.getByTestId('phone-summary')).not.toContainText('Defense');

    await page.goto('/stats/team/gamelog/DEN');
    await statsAppReady(page);
    await openControls();
    await expect(page.getByLabel('Metric set')).toBeVisible();
    await expect(sideGroup(page)).toHaveCount(0);

    await page.goto('/stats/team/team/DEN');
    await statsAppReady(page);
    await openControls();
    await expect(sideGroup(page).getByRole('button', { name: 'Defense' })).toBeVisible();
  });
}

test("with/without: no toggle on the net-rating matrix; it comes with a side's rating and the list", async ({ page }) => {
  await page.goto('/stats/team/wowy/DEN');
  await expect(page.locator('astro-island[component-url*="StatsApp"]:not([ssr])')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId('wowy-matrix')).toBeVisible({ timeout: 30_000 });
  await expect(sideGroup(page)).toHaveCount(0);
  await expect(page.getByTestId('wowy-legend')).toContainText('possessions at either end');
  await page.getByRole('group', { name: 'Number shown' }).getByRole('button', { name: 'Off rating' }).click();
  await expect(sideGroup(page)).toBeVisible();
  await sideGroup(page).getByRole('button', { name: 'Defense' }).click();
  await expect(page.getByTestId('wowy-legend')).toContainText('defensive possessions');
  await page.getByRole('group', { name: 'Number shown' }).getByRole('button', { name: 'Net rating' }).click();
  await expect(sideGroup(page)).toHaveCount(0);
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
  await expect(sideGroup(page)).toBeVisible();
});
