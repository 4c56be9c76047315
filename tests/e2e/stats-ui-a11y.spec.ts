/**
 * Accessibility of the stats islands (axe-core, WCAG 2 A/AA) in the real browser: the players table with its
 * controls, a grouped on/off table on a page with a side, and an open filter popover.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, statsAppReady, test } from './fixtures';

// Stats pages compute on demand and this machine is shared: give each test room (a slow run is not a failure).
test.describe.configure({ timeout: 90_000 });

async function violations(page: Page): Promise<string[]> {
  // Rows past the 40th are made the same way: leaving them out keeps axe quick on a 500-row table.
  const results = await new AxeBuilder({ page })
    .include('#stats-app')
    .exclude('.sa-tbody > .sa-row:nth-child(n+41)')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
}

for (const path of ['/stats/players', '/stats/team/onoff/BOS', '/stats/game/team/ATL_BOS_2023-04-09_0022201216']) {
  test(`no WCAG A/AA violations in the stats app on ${path}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(path);
    await statsAppReady(page, 30_000);
    expect(await violations(page)).toEqual([]);
  });
}

test('no WCAG A/AA violations in an open filter popover', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/stats/players');
  await statsAppReady(page, 30_000);
  await page.locator('[data-group="Time Within Game"]').click();
  await expect(page.locator('.sa-popover')).toBeVisible();
  const results = await new AxeBuilder({ page }).include('.sa-popover').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    results.violations.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    ),
  ).toEqual([]);
});
