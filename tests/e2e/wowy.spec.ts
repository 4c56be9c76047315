/**
 * The With/Without tab of a team page in the browser: the heat map opens on the top 10, N and a
 * filter change it, the list sorts, a player's row opens, the CSV downloads, the URL restores the whole view, the
 * phone does not scroll sideways; paid filters are refused by the server for an anonymous visitor.
 */
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO, seedDemoAccounts } from './accountsHelpers';
import { signedInContext } from './apiSignIn';
import { expect, switchSeasonTo2012, test } from './fixtures';

test.describe.configure({ timeout: 90_000 });
test.beforeAll(() => seedDemoAccounts());

async function openWowy(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('astro-island[component-url*="StatsApp"]:not([ssr])')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('[data-testid="wowy"] .wy-status')).toHaveText(/^$/, { timeout: 30_000 });
}

/** WCAG 2.1 AA violations inside the With/Without panel. */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('[data-testid="wowy"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
}

const matrixRows = (page: Page) => page.locator('[data-testid="wowy-matrix"] tbody tr');

/** The numbers of one list column, top to bottom. */
async function listColumn(page: Page, index: number): Promise<number[]> {
  const texts = await page.locator(`[data-testid="wowy-list"] tbody tr > :nth-child(${index})`).allTextContents();
  return texts.map((t) => Number(t.replace('−', '-').replace('+', '').replace(/,/g, '')));
}

test('desktop: heat map, N, a filter, the sorted list, a player row, the CSV and the permalink', async ({ page }) => {
  await openWowy(page, '/stats/team/wowy/BOS');
  await expect(page.locator('nav.tabs a[aria-current="page"]')).toHaveText('With/Without');
  await expect(matrixRows(page)).toHaveCount(10);
  await expect(page.locator('[data-testid="wowy-legend"]')).toContainText('small sample');
  // Every cell off the diagonal of "Together" has a number or is empty for a pair that never shared the floor.
  await expect(page.locator('[data-testid="wowy-matrix"] td.wy-diag')).toHaveCount(10);
  expect(await axeViolations(page)).toEqual([]);

  // N: six players, in the URL.
  await page.getByTestId('wowy-n').selectOption('6');
  await expect(page).toHaveURL(/[?&]n=6/);
  await expect(matrixRows(page)).toHaveCount(6);

  // A filter: 2012-13 instead of 2022-23, applied through the stats app's filter bar.
  await switchSeasonTo2012(page);
  await expect(page).toHaveURL(/season=2012/);
  await expect(page.locator('[data-testid="wowy-matrix"]')).toContainText('Pierce', { timeout: 30_000 });
  await expect(page).toHaveURL(/[?&]n=6/);

  // The list: 15 pairs, sorted by "Both on" net rating, then the other way.
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
  await expect(page.locator('[data-testid="wowy-list"] tbody tr')).toHaveCount(15);
  // columns: A, B, then Both on: Poss, ORtg, Net
  await page.locator('[data-testid="wowy-list"] thead tr').nth(1).locator('th').nth(4).getByRole('button').click();
  await expect(page).toHaveURL(/wsort=both_net/);
  const desc = await listColumn(page, 5);
  expect(desc).toEqual([...desc].sort((a, b) => b - a));
  await page.locator('[data-testid="wowy-list"] thead tr').nth(1).locator('th').nth(4).getByRole('button').click();
  await expect(page).toHaveURL(/wdir=asc/);
  const asc = await listColumn(page, 5);
  expect(asc).toEqual([...asc].sort((a, b) => a - b));
  expect(await axeViolations(page)).toEqual([]);

  // One player's row: from the heat map's row header.
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Heat map' }).click();
  const second = page.locator('[data-testid="wowy-matrix"] tbody th button').nth(1);
  const name = (await second.textContent())!;
  await second.click();
  await expect(page).toHaveURL(/wview=player&.*wplayer=\d+|wplayer=\d+.*wview=player|wview=player.*wplayer/);
  await expect(page.locator('[data-testid="wowy-player-table"] tbody tr')).toHaveCount(5);
  await expect(page.getByTestId('wowy-onoff')).toContainText(name);

  // The CSV: one line per pair, the header naming the four states.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('wowy-csv').click()]);
  expect(download.suggestedFilename()).toBe('BOS-with-without.csv');
  const csv = fs
    .readFileSync((await download.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r\n/);
  expect(csv[0]).toContain('Both on Off Poss');
  expect(csv[0]).toContain('B without A Net');
  expect(csv).toHaveLength(1 + 15);

  // The permalink restores the view: season, N, view, player.
  const permalink = page.url();
  const other = await page.context().newPage();
  await openWowy(other, permalink);
  await expect(other.getByTestId('wowy-n')).toHaveValue('6');
  await expect(other.getByTestId('wowy-player')).toHaveValue(/\d+/);
  expect(await other.getByTestId('wowy-player').locator('option:checked').textContent()).toBe(name);
  await expect(other.locator('.sa-pill[data-filter="Season"]')).toContainText('2012-13');
  await expect(other.locator('[data-testid="wowy-player-table"] tbody tr')).toHaveCount(5);
  await other.close();
});

test('phone: the matrix and the list scroll inside their box, never the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openWowy(page, '/stats/team/wowy/BOS?n=12');
  await expect(matrixRows(page)).toHaveCount(12);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The side: the defense's rating and the opponents' four factors, from the answer already there (no request).
  const requests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/team_wowy') requests.push(r.url());
  });
  // A phone folds the side and filters behind the compact bar, and the matrix's options behind their summary.
  // The net-rating matrix is the same from either end: no side toggle until a side's rating is shown.
  await page.getByRole('button', { name: /Metrics and filters/ }).click();
  await expect(page.getByRole('group', { name: 'Side' })).toHaveCount(0);
  await expect(page.locator('[data-testid="wowy-legend"]')).toContainText('possessions at either end');
  await page.getByTestId('wowy-options').locator('summary').click();
  await page.getByRole('group', { name: 'Number shown' }).getByRole('button', { name: 'Off rating' }).click();
  await page.getByRole('group', { name: 'Side' }).getByRole('button', { name: 'Defense' }).click();
  await expect(page).toHaveURL(/side=defense/);
  await expect(page.getByRole('group', { name: 'Number shown' }).getByRole('button', { name: 'Def rating' })).toHaveAttribute('aria-pressed', 'true');
  await page.waitForTimeout(300);
  expect(requests).toEqual([]);
  await expect(page.locator('[data-testid="wowy-legend"]')).toContainText("the team's defensive rating");
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
  await page.getByTestId('wowy-ff').check();
  await expect(page).toHaveURL(/ff=1/);
  await expect(page.locator('[data-testid="wowy-list"] thead')).toContainText('Opp eFG%', { timeout: 30_000 });
  await expect(page.locator('[data-testid="wowy-list"] thead')).toContainText('DRtg');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const wrap = page.locator('.wy-scroll');
  expect(await wrap.evaluate((w) => w.scrollWidth > w.clientWidth)).toBe(true);
});

test('paid filters: refused to an anonymous caller (403), answered for a subscriber, locked on the page', async ({ page, baseURL }) => {
  const anonymous = await signedInContext(baseURL!, null);
  const refused = await anonymous.get('/api/team_wowy?team=BOS&season=2022&period=4');
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: string }).error).toMatch(/Period/);
  const bad = await anonymous.get('/api/team_wowy?team=BOS&n=1');
  expect(bad.status()).toBe(400);
  expect(((await bad.json()) as { error: string }).error).toMatch(/^n: /);
  await anonymous.dispose();

  const subscriber = await signedInContext(baseURL!, DEMO.subscriber);
  const answered = await subscriber.get('/api/team_wowy?team=BOS&season=2022&period=4&n=5');
  expect(answered.status()).toBe(200);
  const body = (await answered.json()) as { players: unknown[]; team_total: { off_poss: number } };
  expect(body.players).toHaveLength(5);
  expect(body.team_total.off_poss).toBeGreaterThan(1000);
  await subscriber.dispose();

  // On the page, an anonymous visitor's paid filter stays a locked pill and is never sent.
  const sent: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/team_wowy') sent.push(r.url());
  });
  await openWowy(page, '/stats/team/wowy/BOS?period=4');
  await expect(page.locator('.sa-pill[data-filter="Period"][data-locked="true"]')).toHaveCount(1);
  expect(sent.length).toBeGreaterThan(0);
  for (const url of sent) expect(new URL(url).searchParams.has('period')).toBe(false);
});
