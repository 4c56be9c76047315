/**
 * The RAPM leaderboard (/stats/rapm) and the profile's RAPM block in Chromium against the built server and the
 * test database (2012-13 and 2022-23), at 1366 and 390 px: sort by a column, filter by position and minimum
 * possessions, follow a player into his page where his RAPM block shows the same numbers; bad input is a 400
 * with its message on the page.
 */
import { expect, test } from './fixtures';

test.describe.configure({ timeout: 90_000 });

const numbers = async (cells: import('@playwright/test').Locator) => await cells.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));

for (const width of [1366, 390]) {
  test(`leaderboard at ${width} px: sort, filter, into a player page`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.goto('/stats/rapm');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('RAPM');
    const table = page.getByTestId('rapm-table');
    await expect(table).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toContainText('2022-23');
    // Default: sorted by RAPM, best first, every row at 2,000 possessions or more.
    const totals = await numbers(table.locator('td[data-key="total"]'));
    expect(totals.length).toBeGreaterThan(100);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const poss = (await table.locator('td.poss').allTextContents()).map((t) => Number(t.replace(/,/g, '')));
    expect(Math.min(...poss)).toBeGreaterThanOrEqual(2000);
    // The page never scrolls sideways: the table does, inside its box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // Sort by defense: the header link, then ascending by clicking it again.
    await table.getByRole('link', { name: 'Def', exact: true }).click();
    await expect(page).toHaveURL(/sort=def/);
    const defs = await numbers(page.getByTestId('rapm-table').locator('td[data-key="def"]'));
    expect(defs).toEqual([...defs].sort((a, b) => b - a));
    await page.getByTestId('rapm-table').getByRole('link', { name: 'Def', exact: true }).click();
    await expect(page).toHaveURL(/order=asc/);
    const up = await numbers(page.getByTestId('rapm-table').locator('td[data-key="def"]'));
    expect(up).toEqual([...up].sort((a, b) => a - b));

    // Bigs with 5,000 possessions or more, still sorted by defense (the form keeps the sort).
    await page.getByLabel('Position').selectOption('big');
    await page.getByLabel('Min. possessions').fill('5000');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/position=big/);
    await expect(page).toHaveURL(/min_poss=5000/);
    await expect(page).toHaveURL(/sort=def/);
    const rows = page.getByTestId('rapm-table').locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(5);
    for (const pos of await rows.locator('td:nth-child(4)').allTextContents()) expect(pos).toBe('Big');
    const bigPoss = (await rows.locator('td.poss').allTextContents()).map((t) => Number(t.replace(/,/g, '')));
    expect(Math.min(...bigPoss)).toBeGreaterThanOrEqual(5000);
    await expect(page.getByTestId('rapm-count')).toContainText(`${await rows.count()} bigs of`);

    // Into the first big's page: his RAPM block has the leaderboard's numbers for 2022-23.
    const first = rows.first();
    const name = (await first.locator('td.player a').textContent())!.trim();
    const values = await first.locator('td[data-key]').evaluateAll((els) => els.map((e) => e.getAttribute('data-value')));
    await first.locator('td.player a').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    const block = page.getByTestId('player-rapm');
    await block.scrollIntoViewIfNeeded();
    await expect(block.getByRole('heading', { name: 'RAPM' })).toBeVisible();
    const season = block.getByTestId('rapm-seasons').locator('tr[data-season="2022"]');
    await expect(season).toHaveCount(1);
    // The same Off, Def and RAPM (percentiles differ: the leaderboard's are at its minimum, 5,000; the block's at 2,000).
    expect(await season.locator('td[data-key]').evaluateAll((els) => els.map((e) => e.getAttribute('data-value')))).toEqual(values);
    await expect(season.locator('td[data-key="total"]')).toHaveAttribute('title', /percentile of \d+ players/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test('a bad parameter is a 400 with its message on the page, and the CSV link downloads the rows', async ({ page, request }) => {
  const response = await page.goto('/stats/rapm?min_poss=lots');
  expect(response?.status()).toBe(400);
  await expect(page.getByTestId('rapm-error')).toContainText('min_poss');
  await page.goto('/stats/rapm?season=2012&position=wing');
  const href = await page.getByTestId('rapm-csv').getAttribute('href');
  expect(href).toBe('/api/rapm?season=2012&position=wing&format=csv');
  const csv = await request.get(href!);
  expect(csv.status()).toBe(200);
  const lines = (await csv.text()).trim().split('\r\n');
  expect(lines.length - 1).toBe(await page.getByTestId('rapm-table').locator('tbody tr').count());
});

test('the RAPM guide: listed under Models, with its method and validation table', async ({ page }) => {
  await page.goto('/stats/guides');
  await expect(page.getByRole('heading', { name: 'Models' })).toBeVisible();
  await page.locator('a[href="/stats/guides/rapm"]').click();
  await expect(page).toHaveURL(/\/stats\/guides\/rapm$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('RAPM');
  await expect(page.getByRole('heading', { name: 'Validation: predicting games it has not seen' })).toBeVisible();
  await expect(page.locator('table').filter({ hasText: 'On-court +/- per 100, season before' }).first()).toBeVisible();
});
