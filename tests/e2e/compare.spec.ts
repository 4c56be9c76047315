/**
 * Compare players and similar players as a user walks them, at 1366 px and 390 px, in Chromium
 * against the built server and the test database (2012-13, 2022-23): from LeBron James's page to the comparison,
 * add Kevin Durant by name, switch the metric set, open the permalink in a new page and find the same state; on
 * his profile, similar players with their reasons, filtered by minutes, one opened in the comparison.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

test.describe.configure({ timeout: 90_000 });

const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const table = (page: Page) => page.getByTestId('compare-table');

/** The table as text: header names, then each line's label and cells (value, "best", percentile). */
async function tableText(page: Page): Promise<string[][]> {
  return table(page)
    .locator('tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim())));
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.doc, 'the page does not scroll sideways').toBeLessThanOrEqual(widths.view);
}

for (const vp of VIEWPORTS) {
  test(`${vp.name}: from a player page to a comparison, add a player, switch the set, open the permalink`, async ({ page, context }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await page.goto('/stats/player/profile/lebron_james_2544?season=2012');
    await page.getByTestId('compare-link').click();
    await expect(page).toHaveURL(/\/stats\/compare\?p=2544%3A2012-13$/);
    await expect(page.getByTestId('compare-card')).toHaveCount(1);
    await expect(page.getByTestId('compare-card').first()).toContainText('LeBron James');
    await expect(page.getByTestId('compare-card').first()).toContainText('2012-13');

    await page.getByRole('combobox', { name: 'Add a player' }).fill('Kevin Durant');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page).toHaveURL(/p=2544%3A2012-13&p=201142%3A2012-13/);
    await expect(page.getByTestId('compare-card')).toHaveCount(2);
    await expect(table(page).locator('thead th')).toHaveCount(3);

    await page.getByRole('navigation', { name: 'Metric sets' }).getByRole('link', { name: 'Shooting: Overall' }).click();
    await expect(page).toHaveURL(/metricSet=shooting-overall/);
    await expect(table(page).locator('thead th').first()).toHaveText('Shooting: Overall');
    // eFG%: higher is better; the cell marked "best" holds the larger value.
    const efg = table(page).locator('tr[data-field="efg_pct"] td');
    const values = (await efg.locator('.cmp-value').allTextContents()).map((t) => Number.parseFloat(t));
    const bestIndex = values.indexOf(Math.max(...values));
    await expect(efg.nth(bestIndex)).toHaveAttribute('data-best', 'true');
    await expect(efg.nth(bestIndex)).toContainText('best');
    await expect(efg.nth(1 - bestIndex)).not.toContainText('best');
    // Percentiles by position under the values.
    await expect(efg.first().locator('.cmp-pct')).toHaveText(/\d+(st|nd|rd|th) pct/);
    await noSidewaysScroll(page);

    const state = await tableText(page);
    const permalink = page.url();
    const second = await context.newPage();
    await second.setViewportSize({ width: vp.width, height: vp.height });
    await second.goto(permalink);
    expect(await tableText(second)).toEqual(state);
    await expect(second.getByRole('navigation', { name: 'Metric sets' }).locator('[aria-current="page"]')).toHaveText('Shooting: Overall');
    await second.close();
  });
}

for (const vp of VIEWPORTS) {
  test(`${vp.name}: similar players with reasons, filtered by minutes, one opened in the comparison`, async ({ page }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await page.goto('/stats/player/profile/lebron_james_2544?season=2012');
    const section = page.getByTestId('similar-players');
    await expect(section.getByRole('heading', { name: 'Similar players: LeBron James, 2012-13' })).toBeVisible();
    const rows = section.getByTestId('similar-row');
    await expect(rows).toHaveCount(10);
    for (const reason of await section.locator('.sim-reason').allTextContents()) expect(reason).toMatch(/^closest on .+ and .+$/);
    await expect(section).not.toContainText('LeBron James ·');

    await section.getByLabel('Minutes at least').fill('2500');
    await section.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/simMinutes=2500/);
    await expect(rows).toHaveCount(10);
    for (const text of await rows.allTextContents()) {
      const minutes = Number(/([\d,]+) min/.exec(text)![1]!.replace(/,/g, ''));
      expect(minutes).toBeGreaterThanOrEqual(2500);
    }
    await noSidewaysScroll(page);

    const first = rows.first();
    const name = (await first.locator('.sim-who a').textContent())!.trim();
    await first.getByRole('link', { name: 'Compare' }).click();
    await expect(page).toHaveURL(/\/stats\/compare\?p=2544%3A2012-13&p=\d+%3A20\d\d-\d\d$/);
    await expect(page.getByTestId('compare-card')).toHaveCount(2);
    await expect(page.getByTestId('compare-card').nth(1)).toContainText(name);
    await noSidewaysScroll(page);
  });
}

test('the site search offers "Compare" beside each player', async ({ page }) => {
  await page.goto('/search?q=durant');
  await page.getByRole('link', { name: 'Compare Kevin Durant with other players' }).click();
  await expect(page).toHaveURL(/\/stats\/compare\?p=201142$/);
  await expect(page.getByTestId('compare-card').first()).toContainText('Kevin Durant');
  await expect(page.getByTestId('compare-card').first()).toContainText('2022-23');
});

test('a name that matches several players offers the choice; paid filters show locked for a visitor', async ({ page }) => {
  await page.goto('/stats/compare?p=2544:2012-13');
  await page.getByRole('combobox', { name: 'Add a player' }).fill('Anthony');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const choices = page.getByTestId('compare-choices');
  await expect(choices).toContainText('Several players match');
  const links = choices.getByRole('link');
  expect(await links.count()).toBeGreaterThan(1);
  await links.first().click();
  await expect(page.getByTestId('compare-card')).toHaveCount(2);

  await page.goto('/stats/compare?p=2544:2012-13&p=201142:2012-13&metricSet=offensive-overview');
  const plain = await tableText(page);
  await page.goto('/stats/compare?p=2544:2012-13&p=201142:2012-13&metricSet=offensive-overview&period=4');
  await expect(page.getByLabel('Applied filters')).toContainText('needs the Stats plan, not applied');
  expect(await tableText(page)).toEqual(plain);
});
