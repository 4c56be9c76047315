/**
 * /stats/teams as a user reads it, in Chromium against the built server and the test database (2012-13, 2022-23).
 * Records checked against the published standings: 2022-23 Milwaukee 58-24, Denver 53-29; 2012-13 Miami 66-16.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

test.describe.configure({ timeout: 60_000 });

const table = (page: Page) => page.getByRole('table', { name: 'Teams' });
const teamRow = (page: Page, name: string) => table(page).locator('tbody tr', { has: page.getByRole('link', { name, exact: true }) });

/** The value (without its rank) of a row's cell under the column headed `label`. */
async function value(page: Page, row: Locator, label: string): Promise<string> {
  const headers = (await table(page).locator('thead th').allTextContents()).map((h) => h.trim());
  const i = headers.indexOf(label);
  expect(i, `column ${label}`).toBeGreaterThanOrEqual(0);
  const cell = row.locator('th, td').nth(i);
  const rank = (await cell.locator('.tt-rk').count()) ? await cell.locator('.tt-rk').textContent() : '';
  return (await cell.textContent())!
    .trim()
    .slice(0, rank ? -rank.length : undefined)
    .trim();
}

test('the 30 teams of 2022-23 with records, ratings, ranks and the league average', async ({ page }) => {
  await page.goto('/stats/teams');
  await expect(table(page).locator('tbody tr')).toHaveCount(30);
  const mil = teamRow(page, 'Milwaukee Bucks');
  expect(await value(page, mil, 'W')).toBe('58');
  expect(await value(page, mil, 'L')).toBe('24');
  const den = teamRow(page, 'Denver Nuggets');
  expect(await value(page, den, 'W')).toBe('53');
  expect(await value(page, den, 'L')).toBe('29');
  // Net rating is ORtg minus DRtg, and the rows are ordered by it.
  const nets: number[] = [];
  for (const row of await table(page).locator('tbody tr').all()) {
    const ortg = Number(await value(page, row, 'ORtg'));
    const drtg = Number(await value(page, row, 'DRtg'));
    const net = Number(await value(page, row, 'Net'));
    expect(Math.abs(ortg - drtg - net)).toBeLessThan(0.11);
    nets.push(net);
  }
  expect(nets).toEqual([...nets].sort((a, b) => b - a));
  // Ranks: the lowest DRtg is ranked 1 and coloured as good (top fifth).
  const headers = (await table(page).locator('thead th').allTextContents()).map((h) => h.trim());
  const drtgCells = table(page).locator(`tbody tr > :nth-child(${headers.indexOf('DRtg') + 1})`);
  const drtgs = (await drtgCells.allTextContents()).map((t) => Number(t.trim().split(/\s+/)[0]));
  const best = drtgCells.nth(drtgs.indexOf(Math.min(...drtgs)));
  await expect(best.locator('.tt-rk')).toHaveText('1');
  await expect(best).toHaveClass(/pct-band-4/);
  const footer = table(page).locator('tfoot tr');
  await expect(footer.locator('th')).toHaveText('League average');
});

test('choose a season with the filter bar, then open a team with the same filters', async ({ page }) => {
  await page.goto('/stats/teams');
  const bar = page.getByTestId('teams-filterbar');
  await bar.locator('[data-group="Season"]').click();
  const seasons = page.locator('.sa-popover [data-filter="Season"]');
  await seasons.getByRole('button', { name: '2012-13' }).click();
  await seasons.getByRole('button', { name: '2022-23' }).click();
  await page.keyboard.press('Escape');
  await bar.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/stats\/teams\?season=2012$/);
  const mia = teamRow(page, 'Miami Heat');
  expect(await value(page, mia, 'W')).toBe('66');
  expect(await value(page, mia, 'L')).toBe('16');
  await mia.getByRole('link', { name: 'Miami Heat' }).click();
  await expect(page).toHaveURL(/\/stats\/team\/team\/MIA\?/);
  expect(new URL(page.url()).searchParams.get('season')).toBe('2012');
  await expect(page.locator('.sa-tbody .sa-row').first()).toContainText('2012-13', { timeout: 20_000 });
});

test('side and metric sets are links; the defense side ranks lower opponent numbers first', async ({ page }) => {
  await page.goto('/stats/teams?season=2012');
  await page.getByRole('navigation', { name: 'Metric sets' }).getByRole('link', { name: 'Efficiency & Four Factors' }).click();
  await expect(page).toHaveURL(/metricSet=four-factors/);
  await page.getByRole('navigation', { name: 'Side' }).getByRole('link', { name: 'Defense' }).click();
  await expect(page).toHaveURL(/side=defense/);
  await expect(page.getByRole('navigation', { name: 'Side' }).getByRole('link', { name: 'Defense' })).toHaveAttribute('aria-current', 'page');
  // The team with the lowest opponent points per possession is ranked 1.
  const rows = await table(page).locator('tbody tr').all();
  let best = { v: Infinity, rank: '' };
  for (const row of rows) {
    const v = Number(await value(page, row, 'Pts/Poss'));
    const headers = (await table(page).locator('thead th').allTextContents()).map((h) => h.trim());
    const rank = (await row.locator('th, td').nth(headers.indexOf('Pts/Poss')).locator('.tt-rk').textContent())!;
    if (v < best.v) best = { v, rank };
  }
  expect(best.rank).toBe('1');
  // A team link carries the side and the set to the team page.
  const href = await rows[0]!.getByRole('link').getAttribute('href');
  const params = new URL(href!, 'http://x').searchParams;
  expect(params.get('side')).toBe('defense');
  expect(params.get('metricSet')).toBe('opponent-four-factors');
  expect(params.get('season')).toBe('2012');
});

test('playoffs before 2013-14 say why they are empty; a bad season is a 400 with its message', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/stats/teams?season=2012&seasonType=playoffs');
  await expect(page.getByTestId('teams-empty')).toContainText('No playoffs before 2013-14');
  const response = await page.goto('/stats/teams?season=1990');
  expect(response?.status()).toBe(400);
  await expect(page.getByRole('alert')).toContainText('season');
  await page.goto('/stats/teams');
  await expect(table(page)).toBeVisible();
});
