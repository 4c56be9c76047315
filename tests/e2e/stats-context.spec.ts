/**
 * Context travels, in a real browser, as a user does it: links keep the table's filters, the sort survives a
 * reload and back/forward, "Download CSV" gives the rows of the table, column definitions open by keyboard
 * and by tap with a link to the guide, and percentile colours come with a legend, a minimum and their value
 * on hover and focus (TOV% coloured the other way round). The test database has 2012-13 and 2022-23.
 */
import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Page } from '@playwright/test';
import { columnCells, columnValues, expect, statsAppReady, tabToFirstHeader, test } from './fixtures';

test.describe.configure({ timeout: 90_000 });

async function openTable(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await statsAppReady(page, 30_000);
}

const header = (page: Page, column: string) => page.locator(`.sa-head-row [role="columnheader"][data-column="${column}"]`);

/** The text of every cell of a column, in table order. */
const asNumber = (text: string) => Number(text.replace(/[^0-9.-]/g, ''));

test('a player opened from a 2012-13 table shows 2012-13, and his tabs keep it', async ({ page }) => {
  await openTable(page, '/stats/players?season=2012');
  const link = page.locator('.sa-tbody a', { hasText: /^LeBron James$/ });
  await expect(link).toHaveAttribute('href', '/stats/player/profile/lebron_james_2544?season=2012');
  await link.click();
  await expect(page).toHaveURL(/\/stats\/player\/profile\/lebron_james_2544\?season=2012$/);
  await statsAppReady(page, 30_000);
  await expect(page.locator('.sa-pills')).toContainText('2012-13');
  expect(await columnValues(page, 'season')).toEqual(['2012-13']);
  await expect(page.locator('nav.tabs a', { hasText: 'Game log' })).toHaveAttribute('href', /season=2012/);
  // His team link carries the season too, and the team page opens on it.
  await page.locator('.sa-tbody a', { hasText: /^MIA$/ }).first().click();
  await expect(page).toHaveURL(/\/stats\/team\/players\/MIA\?season=2012$/);
  await expect(page.locator('.sa-pills')).toContainText('2012-13');
});

test('the sort lives in the URL: reload and back/forward restore it', async ({ page }) => {
  await openTable(page, '/stats/players?season=2012');
  await header(page, 'tov_play_pct').locator('.sa-sort-btn').click();
  await header(page, 'tov_play_pct').locator('.sa-sort-btn').click();
  await expect(page).toHaveURL(/sort=tov_play_pct&dir=asc/);
  await expect(header(page, 'tov_play_pct')).toHaveAttribute('aria-sort', 'ascending');

  await page.reload();
  await statsAppReady(page, 30_000);
  await expect(header(page, 'tov_play_pct')).toHaveAttribute('aria-sort', 'ascending');
  const values = (await columnValues(page, 'tov_play_pct')).filter((t) => /\d/.test(t)).map(asNumber);
  expect(values.length).toBeGreaterThan(100);
  expect(values).toEqual([...values].sort((a, b) => a - b));

  // A new sample (another minimum) is a new history entry; sorting there, then Back, restores TOV% ascending.
  const min = page.getByLabel('Minimum possessions to rank');
  await min.fill('1000');
  await min.press('Enter');
  await expect(page).toHaveURL(/minPoss=1000/);
  await header(page, 'usage').locator('.sa-sort-btn').click();
  await expect(page).toHaveURL(/sort=usage&dir=desc/);
  await page.goBack();
  await expect(page).toHaveURL(/sort=tov_play_pct&dir=asc/);
  await expect(header(page, 'tov_play_pct')).toHaveAttribute('aria-sort', 'ascending');
  await expect(header(page, 'usage')).not.toHaveAttribute('aria-sort', /./);
  await page.goForward();
  await expect(header(page, 'usage')).toHaveAttribute('aria-sort', 'descending');
  await expect(min).toHaveValue('1000');
});

test('Download CSV gives the rows and columns of the table, in its order', async ({ page }) => {
  await openTable(page, '/stats/players?season=2012&metricSet=foul-drawing');
  await header(page, 'fta_rate').locator('.sa-sort-btn').click();
  const shown = Number(await page.locator('.sa-table').getAttribute('data-rows'));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('players_foul-drawing_2012-13_regular.csv');
  const file = await download.path();
  const csv: string[][] = parse(fs.readFileSync(file, 'utf8'), { bom: true });
  expect(csv[0]).toEqual(['Player', 'Player ID', 'Team', 'Pos', 'SFLD%', 'FFLD%', 'And1%', 'FTA Rate', 'FT%']);
  expect(csv.length - 1).toBe(shown);
  expect(await page.locator('.sa-tbody .sa-row').count()).toBe(shown);
  const names = await columnValues(page, 'name');
  expect(csv.slice(1, 11).map((r) => r[0])).toEqual(names.slice(0, 10));
});

test('a column definition opens with the keyboard, and its guide link is a Tab away', async ({ page }) => {
  await openTable(page, '/stats/players?season=2012');
  await tabToFirstHeader(page);
  const dialog = page.getByRole('dialog', { name: 'Player: definition' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Player (links to his page).');
  // The focus stays on the header's sort button.
  await expect(page.locator(':focus')).toHaveClass(/sa-sort-btn/);
  // Escape closes it; Tab on to the next header opens that one.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(dialog).toBeVisible();

  // Tab to its definition button (the definition stays), Enter: the focus moves to the guide link.
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', 'What is Player?');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Enter');
  const guide = dialog.getByRole('link', { name: /Guide: Offensive Overview/ });
  await expect(guide).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/stats\/guides\/offensive-overview$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Offensive Overview');
});

test('percentiles: a legend, the pool, TOV% coloured the other way round, the value on hover and focus', async ({ page }) => {
  await openTable(page, '/stats/players?season=2012');
  const legend = page.getByLabel('Percentile colours');
  await expect(legend).toContainText('Ranked against 2012-13 regular season players of the same position group with at least 500 possessions');

  // Among coloured TOV% cells, the most turnovers is blue (worse) and the fewest orange (better).
  const tov = (await columnCells(page, 'tov_play_pct'))
    .filter((c) => c.background !== '')
    .map((c) => ({ value: Number(c.text.replace('%', '')), bg: c.background }));
  expect(tov.length).toBeGreaterThan(50);
  const most = tov.reduce((a, b) => (b.value > a.value ? b : a));
  const fewest = tov.reduce((a, b) => (b.value < a.value ? b : a));
  expect(most.bg).toContain('56, 120, 200');
  expect(fewest.bg).toContain('235, 120, 45');

  // Hover: the percentile in words.
  const firstRow = page.locator('.sa-tbody .sa-row').first();
  const cells = firstRow.locator('[role="cell"][data-tip]');
  await cells.last().hover();
  await expect(page.getByRole('tooltip')).toContainText(/\d+(st|nd|rd|th) percentile\. Higher is better\./);

  // Keyboard: focus the table, arrow into it, and read a cell's percentile.
  await page.mouse.move(0, 0);
  await page.getByRole('region', { name: 'Offensive Overview table' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator(':focus')).toHaveAttribute('role', 'rowheader');
  await page.keyboard.press('End');
  await expect(page.getByRole('tooltip')).toContainText('percentile');
  await expect(page.locator(':focus')).toHaveAttribute('aria-describedby', 'sa-cell-tip');

  // A stricter minimum colours fewer players, and stays in the URL.
  const coloured = await page.locator('.sa-tbody .sa-cell[style*="background"]').count();
  const min = page.getByLabel('Minimum possessions to rank');
  await min.fill('4000');
  await min.press('Enter');
  await expect(page).toHaveURL(/minPoss=4000/);
  await expect(legend).toContainText('at least 4,000 possessions');
  await expect.poll(() => page.locator('.sa-tbody .sa-cell[style*="background"]').count()).toBeLessThan(coloured);
  const unranked = page.locator('.sa-tbody [data-tip^="Not ranked"]').first();
  // The unranked players are below the ranked ones (sorted by minutes), past the rows first drawn in full
  // (src/islands/table/rowWindow.ts): scroll the table's box down to them, as a reader would.
  await expect(async () => {
    if ((await unranked.count()) === 0) await page.locator('.sa-table-wrap').evaluate((w) => (w.scrollTop += w.clientHeight));
    expect(await unranked.count()).toBeGreaterThan(0);
  }).toPass({ timeout: 20_000 });
  // The table re-renders with the new minimum: hover again until the tip of the settled cell shows.
  await expect(async () => {
    await page.mouse.move(0, 0);
    await unranked.scrollIntoViewIfNeeded();
    await unranked.hover();
    await expect(page.getByRole('tooltip')).toContainText('Not ranked: fewer than 4,000 possessions.', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('a tap opens the definition, another tap follows its guide link', async ({ page }) => {
    await openTable(page, '/stats/players?season=2012');
    await header(page, 'tov_play_pct').scrollIntoViewIfNeeded();
    await header(page, 'tov_play_pct').getByRole('button', { name: 'What is TOV%?' }).tap();
    const dialog = page.getByRole('dialog', { name: 'TOV%: definition' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Lower is better.');
    await dialog.getByRole('link', { name: /Guide/ }).tap();
    await expect(page).toHaveURL(/\/stats\/guides\/offensive-overview$/);
  });
});
