/**
 * The filter bar of /stats/compare ("any metric set, side and filters"), at 1366x900 and 390x844, in
 * Chromium against the built server and the test database (2012-13, 2022-23): a subscriber applies a paid filter
 * (Period: Q4) through the stats pages' bar; each player's numbers become his row of the players table with the
 * same filter, read from /api/data (the players table's own endpoint), the URL reproduces it, the filter is a pill
 * whose removal restores the numbers. A visitor without the plan finds the paid filters locked, and a hand-made
 * URL with one answers the page's locked message (left out of the numbers); an unreadable value is a 400 with a
 * message; without JavaScript the season type form still works.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { seedDemoAccounts } from './accountsHelpers';
import { expect, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });
test.beforeAll(() => seedDemoAccounts());

const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const LEBRON = 2544;
const DURANT = 201142;
const COMPARISON = `/stats/compare?p=${LEBRON}:2012-13&p=${DURANT}:2012-13`;

const table = (page: Page) => page.getByTestId('compare-table');
const bar = (page: Page) => page.getByTestId('compare-filterbar');

/** The table as text: header names, then each line's label and cells. */
async function tableText(page: Page): Promise<string[][]> {
  return table(page)
    .locator('tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim())));
}

/** A player's shown value on a line, as a number ("5,424" -> 5424, "30.1%" -> 30.1). */
async function shown(page: Page, field: string, column: number): Promise<number> {
  const text = await table(page).locator(`tr[data-field="${field}"] td`).nth(column).locator('.cmp-value').textContent();
  return Number((text ?? '').replace(/[,%+]/g, '').replace('−', '-'));
}

/** The players table's row of a player for a season and filters: GET /api/data as the players page asks it. */
async function playersTableRow(page: Page, playerId: number, season: string, filters: Record<string, string>): Promise<Record<string, unknown>> {
  const q = new URLSearchParams({ page: 'Players', season, metric_set: 'OffensiveOverview', ...filters });
  const res = await page.request.get(`/api/data?${q}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: Record<string, Record<string, unknown>[]> };
  const row = body.data.OffensiveOverview?.find((r) => Number(r.player_id) === playerId);
  expect(row, `player ${playerId} has a row on the players table`).toBeTruthy();
  return row!;
}

/** Each column equals the player's players-table row: possessions exactly, rates to the shown decimal. */
async function expectColumnsAreTableRows(page: Page, filters: Record<string, string>, season = '2012'): Promise<void> {
  for (const [column, id] of [LEBRON, DURANT].entries()) {
    const row = await playersTableRow(page, id, season, filters);
    expect(await shown(page, 'poss', column)).toBe(row.poss);
    expect(Math.abs((await shown(page, 'usage', column)) - Number(row.usage))).toBeLessThanOrEqual(0.05);
    expect(Math.abs((await shown(page, 'pts_per_100', column)) - Number(row.pts_per_100))).toBeLessThanOrEqual(0.05);
  }
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.doc, 'the page does not scroll sideways').toBeLessThanOrEqual(widths.view);
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('.stats-body').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const vp of VIEWPORTS) {
  test(`${vp.name}: a subscriber applies Period Q4 through the bar; the numbers are the players table's; permalink; pill removed`, async ({
    page,
    context,
    signedInAs,
  }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await signedInAs('subscriber');
    await page.goto(COMPARISON);
    await expect(bar(page)).toBeVisible({ timeout: 20_000 });
    // The bar replaces the page's own season-type form; it has no Season filter (each player has his own seasons).
    await expect(page.locator('form.cmp-filters')).toHaveCount(0);
    await expect(page.getByText("Filters apply to every player; each player's seasons are on his card.")).toBeVisible();
    const plain = await tableText(page);
    const plainPoss = await shown(page, 'poss', 0);
    await expectColumnsAreTableRows(page, {});

    await bar(page).locator('[data-group="Season"]').click();
    const seasonPopover = page.locator('.sa-popover');
    await expect(seasonPopover.locator('[data-filter="SeasonType"]')).toBeVisible({ timeout: 20_000 });
    await expect(seasonPopover.locator('[data-filter="Season"]')).toHaveCount(0);
    await page.keyboard.press('Escape');

    await bar(page).locator('[data-group="Time Within Game"]').click();
    const period = page.locator('.sa-popover [data-filter="Period"]');
    await expect(period).toBeVisible();
    await expect(period).not.toContainText('Needs the Stats plan');
    await period.getByRole('button', { name: 'Q4', exact: true }).click();
    await page.keyboard.press('Escape');
    await bar(page).getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page).toHaveURL(/\/stats\/compare\?p=2544%3A2012-13&p=201142%3A2012-13&period=4$/, { timeout: 30_000 });
    await expect(bar(page)).toBeVisible({ timeout: 20_000 });

    // The numbers are now each player's players-table row with Period Q4, and fewer possessions than all periods.
    await expectColumnsAreTableRows(page, { period: '4' });
    expect(await shown(page, 'poss', 0)).toBeLessThan(plainPoss);
    const pills = page.getByLabel('Applied filters');
    await expect(pills).toContainText('Q4');
    await expect(bar(page).locator('[data-group="Time Within Game"] .sa-count')).toHaveText('1');
    await noSidewaysScroll(page);
    expect(await axeViolations(page)).toEqual([]);

    // The URL is the permalink: a new page opens the same comparison.
    const filtered = await tableText(page);
    expect(filtered).not.toEqual(plain);
    const second = await context.newPage();
    await second.setViewportSize({ width: vp.width, height: vp.height });
    await second.goto(page.url());
    expect(await tableText(second)).toEqual(filtered);
    await second.close();

    // Back is the comparison before the filter, the bar too (also when the browser restores it from its cache).
    await page.goBack();
    await expect(page).toHaveURL(/\/stats\/compare\?p=2544(:|%3A)2012-13&p=201142(:|%3A)2012-13$/);
    expect(await tableText(page)).toEqual(plain);
    await expect(bar(page)).toBeVisible({ timeout: 20_000 });
    await expect(bar(page).locator('[data-group="Time Within Game"] .sa-count')).toHaveCount(0);
    await page.goForward();
    await expect(page).toHaveURL(/period=4$/);
    await expect(bar(page).locator('[data-group="Time Within Game"] .sa-count')).toHaveText('1', { timeout: 20_000 });

    // Removing the pill restores the numbers.
    await pills.getByRole('link', { name: /Remove the .* filter/ }).click();
    await expect(page).toHaveURL(/\/stats\/compare\?p=2544%3A2012-13&p=201142%3A2012-13$/);
    expect(await tableText(page)).toEqual(plain);
    await expect(page.getByLabel('Applied filters')).toHaveCount(0);
  });
}

for (const vp of VIEWPORTS) {
  test(`${vp.name}: a visitor finds paid filters locked; a hand-made URL with one shows it locked, not applied`, async ({ page }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await page.goto(COMPARISON);
    await expect(bar(page)).toBeVisible({ timeout: 20_000 });
    const plain = await tableText(page);
    await bar(page).locator('[data-group="Time Within Game"]').click();
    const period = page.locator('.sa-popover [data-filter="Period"]');
    await expect(period).toBeVisible({ timeout: 20_000 });
    await expect(period).toContainText('Needs the Stats plan');
    await expect(period.getByRole('button', { name: 'Q4', exact: true })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(bar(page).locator('[data-group="Game"] .sa-group-lock')).toHaveAttribute('aria-label', 'Needs sign-in');

    const response = await page.goto(`${COMPARISON}&period=4`);
    expect(response?.status()).toBe(200);
    await expect(page.getByLabel('Applied filters')).toContainText('Period: Q4 (needs the Stats plan, not applied)');
    expect(await tableText(page)).toEqual(plain);

    // A free filter applied through the bar keeps the locked one in the URL (still shown locked).
    await expect(bar(page)).toBeVisible({ timeout: 20_000 });
    await bar(page).locator('[data-group="Time Within Game"]').click();
    await page.locator('.sa-popover [data-filter="FilterOutGarbageTime"]').getByRole('button', { name: 'Include' }).click();
    await page.keyboard.press('Escape');
    await bar(page).getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page).toHaveURL(/period=4&isGarbageTime=false$/, { timeout: 30_000 });
    await expect(page.getByLabel('Applied filters')).toContainText('needs the Stats plan, not applied');
    await expect(page.getByLabel('Applied filters')).toContainText('Garbage time');
    await noSidewaysScroll(page);

    // The API answers the same paid filter with its gated 403, never a 500.
    const api = await page.request.get(`/api/compare?player=${LEBRON}:2012-13&player=${DURANT}:2012-13&period=4`);
    expect(api.status()).toBe(403);
  });
}

for (const vp of VIEWPORTS) {
  test(`${vp.name}: a lineup filter (off court: Dwyane Wade) picked by name in the bar; numbers are the players table's`, async ({ page, signedInAs }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await signedInAs('subscriber');
    await page.goto(COMPARISON);
    await expect(bar(page)).toBeVisible({ timeout: 20_000 });
    await bar(page).locator('[data-group="Lineup"]').click();
    const offCourt = page.locator('.sa-popover [data-filter="OffCourt"]');
    await expect(offCourt).toBeVisible({ timeout: 20_000 });
    await offCourt.getByRole('combobox').fill('dwyane wade');
    await offCourt.getByRole('option', { name: 'Dwyane Wade' }).click();
    await expect(offCourt.locator('.sa-chosen')).toContainText('Dwyane Wade');
    await page.keyboard.press('Escape');
    await bar(page).getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page).toHaveURL(/&offCourt=2548$/, { timeout: 30_000 });
    await expectColumnsAreTableRows(page, { off_court: '2548' });
    await expect(page.getByLabel('Applied filters')).toContainText('Dwyane Wade');
    await noSidewaysScroll(page);
  });
}

test('an unreadable filter value in the URL is a 400 with the page message naming it', async ({ page }) => {
  for (const [query, message] of [
    ['period=9', 'period: "9" is not one of 1, 2, 3, 4, 5, 6, 7'],
    ['scoreDifferential=close', 'scoreDifferential: "close" is not a range written low_high from -75 to 75 (e.g. -75_75)'],
    ['opponent=XYZ', 'opponent: "XYZ" is not a team abbreviation (e.g. BOS)'],
  ] as const) {
    const response = await page.goto(`${COMPARISON}&${query}`);
    expect(response?.status(), query).toBe(400);
    await expect(page.getByTestId('compare-error')).toContainText(message);
    await expect(page.getByTestId('compare-error').getByRole('link', { name: 'Start a new comparison' })).toBeVisible();
  }
});

test('without JavaScript the season type form works, and the HTML carries the numbers', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  // Playoffs: the data has them from 2013-14.
  await page.goto(`/stats/compare?p=${LEBRON}:2022-23&p=${DURANT}:2022-23`);
  const form = page.locator('form.cmp-filters');
  await expect(form).toBeVisible();
  await form.getByLabel('Season type').selectOption('playoffs');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/seasonType=playoffs/);
  await expect(page.getByLabel('Applied filters')).toContainText('Playoffs');
  await expectColumnsAreTableRows(page, { season_type: 'playoffs' }, '2022');
  // A crawler's HTML holds the numbers (no script needed).
  const html = await (await page.request.get(page.url())).text();
  expect(html).toContain('data-testid="compare-table"');
  expect(html).toContain(`>${await table(page).locator('tr[data-field="poss"] td .cmp-value').first().textContent()}<`);
  await context.close();
});
