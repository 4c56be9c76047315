/**
 * The 30-team table's filter bar (/stats/teams, src/islands/TeamsFilterBar.tsx): the stats pages' bar with every
 * filter group, paid filters open to a subscriber and locked otherwise; Apply loads the permalink, which the server
 * computes and gates (src/lib/params/teamsTableParams.ts; /api/teams_table answers 403 for a gated filter without the plan).
 * Denver's fourth-quarter offensive rating under Period: Q4 is checked against SQL written here over the possessions
 * table. Desktop 1366x900 and phone 390x844; without JavaScript the GET form carries the other filters.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { seedDemoAccounts } from './accountsHelpers';
import { expect, test } from './fixtures';

test.describe.configure({ timeout: 90_000 });
test.beforeAll(() => seedDemoAccounts());

const DB = path.resolve(process.env.STATS_DB_PATH ?? 'data/test-stats.duckdb');
const DEN = 1610612743;
const table = (page: Page) => page.getByRole('table', { name: 'Teams' });
const bar = (page: Page) => page.getByTestId('teams-filterbar');
const teamRow = (page: Page, name: string) => table(page).locator('tbody tr', { has: page.getByRole('link', { name, exact: true }) });

/** The value (without its rank) of a row's cell under the column headed `label`. */
async function value(page: Page, row: Locator, label: string): Promise<string> {
  const headers = (await table(page).locator('thead th').allTextContents()).map((h) => h.trim());
  const i = headers.indexOf(label);
  const cell = row.locator('th, td').nth(i);
  const rank = (await cell.locator('.tt-rk').count()) ? await cell.locator('.tt-rk').textContent() : '';
  return (await cell.textContent())!
    .trim()
    .slice(0, rank ? -rank.length : undefined)
    .trim();
}

/** Denver's 2022-23 regular-season points per 100 possessions in fourth quarters, garbage time and heaves out. */
async function denverQ4Ortg(): Promise<number> {
  const instance = await DuckDBInstance.create(DB, { access_mode: 'READ_ONLY' });
  try {
    const reader = await (await instance.connect()).runAndReadAll(
      `SELECT 100.0 * sum(pts) / sum(possessions) AS ortg FROM possessions
        WHERE season = 2022 AND season_type = 'regular' AND period = 4 AND NOT is_filtered_out AND off_team_id = $1`,
      [DEN],
    );
    return Number(reader.getRowObjectsJS()[0]!.ortg);
  } finally {
    instance.closeSync();
  }
}

for (const size of [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`${size.name}: a subscriber filters the 30 teams to fourth quarters with the stats pages' bar`, async ({ page, signedInAs }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signedInAs('subscriber');
    await page.goto('/stats/teams');
    await expect(bar(page)).toBeVisible({ timeout: 30_000 });
    await expect(bar(page).locator('.sa-group-button')).toHaveText([/^Season/, /^Game/, /^Time Within Game/, /^Opponent/, /^Lineup/]);
    await bar(page).scrollIntoViewIfNeeded();
    await bar(page).locator('[data-group="Time Within Game"]').click();
    await page.locator('.sa-popover [data-filter="Period"]').getByRole('button', { name: 'Q4' }).click();
    await page.keyboard.press('Escape');
    await bar(page).getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/stats\/teams\?period=4$/);
    await expect(page.getByTestId('teams-pills')).toContainText('Q4');
    await expect(page.locator('.tt-legend')).toContainText('Q4');
    await expect(table(page).locator('tbody tr')).toHaveCount(30);
    // The number, against SQL over the possessions table.
    const ortg = Number(await value(page, teamRow(page, 'Denver Nuggets'), 'ORtg'));
    expect(Math.abs(ortg - (await denverQ4Ortg()))).toBeLessThan(0.051);
    // The record under a possession filter stays the games' (each game has a fourth quarter).
    expect(await value(page, teamRow(page, 'Denver Nuggets'), 'W')).toBe('53');
    // The team link carries the filter to the team page.
    const href = await teamRow(page, 'Denver Nuggets').getByRole('link').getAttribute('href');
    expect(new URL(href!, 'http://x').searchParams.get('period')).toBe('4');
    await page.getByTestId('teams-pills').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    // The pill's × removes it.
    await page.getByRole('link', { name: /Remove the .* filter/ }).click();
    await expect(page).toHaveURL(/\/stats\/teams$/);
    await expect(page.getByTestId('teams-pills')).toHaveCount(0);
  });
}

test('without the plan: a paid filter of a link is locked, not applied, and the API refuses it', async ({ page, request }) => {
  await page.goto('/stats/teams?period=4');
  await expect(bar(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('teams-locked-note')).toContainText('the numbers are shown without it');
  // Unfiltered numbers: Denver's whole season.
  expect(await value(page, teamRow(page, 'Denver Nuggets'), 'W')).toBe('53');
  await expect(bar(page).locator('[data-group="Time Within Game"]')).toBeVisible();
  const refused = await request.get('/api/teams_table?period=4');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toMatch(/Period \(period\)/);
  expect((await request.get('/api/teams_table?season=2012')).status()).toBe(200);
});

test('without JavaScript: the GET form carries the other filters', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/stats/teams?season=2022&isGarbageTime=false&location=home');
  await expect(page.locator('form.tt-filters input[type="hidden"][name="location"]')).toHaveValue('home');
  await page.getByLabel('Season', { exact: true }).selectOption({ label: '2012-13' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/location=home/);
  await expect(page).toHaveURL(/season=2012/);
  await context.close();
});
