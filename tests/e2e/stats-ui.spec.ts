/**
 * The stats client in a real browser against the built server and the test database (2012-13 and 2022-23).
 * Any console error fails a test (fixtures.ts).
 */
import type { Page, Request } from '@playwright/test';
import { columnValues, expect, statsAppReady, test } from './fixtures';

// Stats pages compute on demand and this machine is shared: give each test room (a slow run is not a failure).
test.describe.configure({ timeout: 90_000 });

const isData = (r: Request) => new URL(r.url()).pathname === '/api/data';

/** Open a stats page and wait for its table. Returns the list of /api/data requests made from then on. */
async function openTable(page: Page, path: string): Promise<Request[]> {
  const requests: Request[] = [];
  page.on('request', (r) => {
    if (isData(r)) requests.push(r);
  });
  await page.goto(path);
  await statsAppReady(page, 20_000);
  return requests;
}

/** The /api/data query of the first view the server embedded: the client takes it instead of fetching. */
const seededQuery = async (page: Page) =>
  new URLSearchParams((JSON.parse((await page.locator('#stats-first-view').textContent()) ?? '{}') as { query: string }).query);

const asNumber = (text: string) => Number(text.replace(/[^0-9.\-−]/g, '').replace('−', '-'));

test.describe('players table', () => {
  test('shows real rows of 2022-23 with links, tooltips and the default pills', async ({ page }) => {
    const requests = await openTable(page, '/stats/players');
    // The first view came with the page (server-rendered, its answer embedded): no request for it.
    expect(requests).toHaveLength(0);
    const sent = await seededQuery(page);
    expect(sent.get('page')).toBe('Players');
    expect(sent.getAll('season')).toEqual(['2022']);
    expect(sent.has('side')).toBe(false);

    const rows = page.locator('.sa-tbody .sa-row');
    expect(await rows.count()).toBeGreaterThan(300);
    const tatum = page.locator('.sa-tbody a', { hasText: 'Jayson Tatum' });
    await expect(tatum).toHaveAttribute('href', '/stats/player/profile/jayson_tatum_1628369');
    await expect(page.locator('.sa-tbody a', { hasText: /^BOS$/ }).first()).toHaveAttribute('href', '/stats/team/players/BOS');
    await page.locator('.sa-table [role="columnheader"][data-column="usage"]').getByRole('button', { name: 'What is Usage%?' }).click();
    await expect(page.getByRole('dialog', { name: 'Usage%: definition' })).toContainText('FGA + TOV');
    await page.keyboard.press('Escape');
    await expect(page.locator('.sa-pills')).toContainText('2022-23');
    await expect(page.locator('.sa-pills')).toContainText('Regular season');
    await expect(page.locator('.sa-pills')).toContainText('Filtered out');
    // Percentile colours on rate columns.
    expect(await page.locator('.sa-tbody .sa-cell[style*="background"]').count()).toBeGreaterThan(100);
  });

  test('switching metric set fetches only that set; the first view came with the page, going back needs no request', async ({ page }) => {
    const requests = await openTable(page, '/stats/players');
    expect((await seededQuery(page)).get('metric_set')).toBe('OffensiveOverview');
    expect(requests).toHaveLength(0);
    await page.getByLabel('Metric set').selectOption({ label: 'Foul Drawing' });
    await expect(page.locator('.sa-table')).toHaveAttribute('data-metric-set', 'FoulDrawing', { timeout: 30_000 });
    await expect(page.locator('.sa-table [role="columnheader"][data-column="sfld_pct"]')).toBeVisible();
    await expect(page.locator('.sa-tbody .sa-row').first()).toBeVisible();
    await expect(page).toHaveURL(/metricSet=foul-drawing/);
    // The page carried its default set (seeded, no request); the switch fetched Foul Drawing alone.
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]!.url()).searchParams.get('metric_set')).toBe('FoulDrawing');
    // On/off sets show on, off and diff under each column.
    await page.getByLabel('Metric set').selectOption({ label: 'On/Off: Efficiency & Four Factors' });
    // (uncached on/off sums: as long as the first switch may take on a busy machine)
    await expect(page.locator('.sa-table [role="columnheader"][data-column="pts_per_poss_diff"]')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.sa-tbody .sa-row').first()).toBeVisible();
    expect(requests).toHaveLength(2);
    // Back to a set already seen: from the client-side cache.
    await page.getByLabel('Metric set').selectOption({ label: 'Foul Drawing' });
    await expect(page.locator('.sa-table [role="columnheader"][data-column="sfld_pct"]')).toBeVisible();
    await page.waitForTimeout(300);
    expect(requests).toHaveLength(2);
  });

  test('sorts a column by clicking its header', async ({ page }) => {
    await openTable(page, '/stats/players');
    const header = page.locator('.sa-table [role="columnheader"][data-column="pts_per_100"]');
    await header.locator('.sa-sort-btn').click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    const desc = (await columnValues(page, 'pts_per_100')).map(asNumber).filter((n) => !Number.isNaN(n));
    expect(desc.length).toBeGreaterThan(300);
    expect(desc.every((v, i) => i === 0 || desc[i - 1]! >= v)).toBe(true);
    await header.locator('.sa-sort-btn').click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    const asc = (await columnValues(page, 'pts_per_100')).map(asNumber).filter((n) => !Number.isNaN(n));
    expect(asc.every((v, i) => i === 0 || asc[i - 1]! <= v)).toBe(true);
    // Text columns sort alphabetically.
    await page.locator('.sa-table [role="columnheader"][data-column="name"] .sa-sort-btn').click();
    const names = await columnValues(page, 'name');
    expect(names.slice(0, 50)).toEqual([...names.slice(0, 50)].sort((a, b) => a.localeCompare(b)));
  });

  test('changing season and applying updates the URL, fetches and changes the table', async ({ page }) => {
    test.setTimeout(90_000);
    const requests = await openTable(page, '/stats/players');
    await expect(page.locator('.sa-tbody')).not.toContainText('Kevin Garnett');
    await page.locator('[data-group="Season"]').click();
    const seasons = page.locator('.sa-popover [data-filter="Season"]');
    await seasons.getByRole('button', { name: '2012-13' }).click();
    await seasons.getByRole('button', { name: '2022-23' }).click();
    await expect(page.getByText('Unapplied changes')).toBeVisible();
    await page.keyboard.press('Escape');
    const next = page.waitForRequest((r) => isData(r) && new URL(r.url()).searchParams.getAll('season').join() === '2012');
    await page.getByRole('button', { name: 'Apply' }).click();
    await next;
    await expect(page).toHaveURL(/\/stats\/players\?season=2012$/);
    // A season nobody asked for yet is computed on demand: allow the server its time.
    await expect(page.locator('.sa-tbody')).toContainText('Kevin Garnett', { timeout: 30_000 });
    await expect(page.getByText('Unapplied changes')).toHaveCount(0);
    await expect(page.locator('.sa-pill[data-filter="Season"]')).toContainText('2012-13');
    expect(requests).toHaveLength(1);

    // The URL is a permalink: opening it again shows the same view.
    await page.reload();
    await expect(page.locator('.sa-tbody')).toContainText('Kevin Garnett', { timeout: 20_000 });

    // Removing the season pill goes back to the default season.
    await page.locator('.sa-pill[data-filter="Season"]').getByRole('button').click();
    await expect(page).toHaveURL(/\/stats\/players$/);
    await expect(page.locator('.sa-tbody')).not.toContainText('Kevin Garnett', { timeout: 20_000 });
  });

  test('gated filters are locked for anonymous users and never sent', async ({ page }) => {
    const requests = await openTable(page, '/stats/players?location=home&period=4&season=2012');
    const sent = new URL(requests[0]!.url()).searchParams;
    expect(sent.has('location')).toBe(false);
    expect(sent.has('period')).toBe(false);
    expect(sent.getAll('season')).toEqual(['2012']);
    // The shared link stays as it was; its gated filters show as locked pills (tests/e2e/qualifier-empty-tables.spec.ts).
    await expect(page).toHaveURL(/\/stats\/players\?season=2012&location=home&period=4$/);
    await expect(page.locator('.sa-pill[data-locked="true"]')).toHaveCount(2);

    await page.locator('[data-group="Game"]').click();
    const popover = page.locator('.sa-popover');
    await expect(popover.locator('[data-filter="Location"]')).toContainText('Needs the Stats plan');
    await expect(popover.locator('[data-filter="Location"] button', { hasText: 'Home' })).toBeDisabled();
    // Signing in comes back to the permalink as it was opened, gated filters included.
    const href = await popover.getByRole('link', { name: 'sign in', exact: true }).first().getAttribute('href');
    expect(new URL(href!, 'http://x').pathname).toBe('/signin');
    expect(new URL(href!, 'http://x').searchParams.get('callbackUrl')).toBe('/stats/players?location=home&period=4&season=2012');
    await page.keyboard.press('Escape');

    // Public filters of the same bar stay usable.
    await page.locator('[data-group="Time Within Game"]').click();
    await expect(page.locator('.sa-popover [data-filter="FilterOutGarbageTime"] button', { hasText: 'Include' })).toBeEnabled();
    await expect(page.locator('.sa-popover [data-filter="Period"] button', { hasText: 'Q4' })).toBeDisabled();
  });
});

test.describe('other stats pages', () => {
  test('a page with a side: toggling side swaps the sets and fetches the other side', async ({ page }) => {
    await openTable(page, '/stats/team/team/BOS');
    expect((await seededQuery(page)).get('side')).toBe('offense');
    await page.getByLabel('Metric set').selectOption({ label: 'Transition' });
    const next = page.waitForRequest((r) => isData(r) && new URL(r.url()).searchParams.get('side') === 'defense');
    await page.getByRole('button', { name: 'Defense' }).click();
    await next;
    await expect(page).toHaveURL(/side=defense$/);
    await expect(page.getByLabel('Metric set')).toHaveValue('Opponent_FourFactors');
    await expect(page.locator('.sa-table')).toHaveAttribute('data-metric-set', 'Opponent_FourFactors');
  });

  test('a game page shows both teams and the final score from game details', async ({ page }) => {
    await openTable(page, '/stats/game/team/ATL_BOS_2023-04-09_0022201216');
    const header = page.getByTestId('game-header');
    // Official box score: Atlanta 114 at Boston 120, April 9, 2023.
    await expect(header).toContainText('Atlanta Hawks');
    await expect(header).toContainText('Boston Celtics');
    await expect(header.locator('.sa-score')).toContainText('114');
    await expect(header.locator('.sa-score')).toContainText('120');
    await expect(header).toContainText('Apr 9, 2023');
    await expect(page.locator('.sa-tbody .sa-row')).toHaveCount(2);
  });

  test('a player page shows his name, team and position from player details', async ({ page }) => {
    await openTable(page, '/stats/player/profile/jayson_tatum_1628369');
    const header = page.getByTestId('player-header');
    await expect(header).toContainText('Jayson Tatum');
    await expect(header).toContainText('Boston Celtics');
  });

  test('an empty result says so quietly: preseason', async ({ page }) => {
    await page.goto('/stats/league?seasonType=preseason');
    await expect(page.locator('.sa-status-empty')).toContainText(/preseason/i);
  });
});

// The other kinds' first metric set is checked where site.spec.ts opens each kind; pages of earlier seasons:
// entity-default-season.spec.ts.
test.describe('every stats page kind', () => {
  const PAGES = [
    ['/stats/player/lineups/jayson_tatum_1628369', 'Team_FourFactors'],
    ['/stats/gamepreview/ATL_BOS_2023-04-09_0022201216', 'FourFactors'],
  ] as const;
  for (const [path, set] of PAGES) {
    test(`${path} shows its first metric set with rows`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.goto(path);
      await expect(page.locator('.sa-table')).toHaveAttribute('data-metric-set', set, { timeout: 30_000 });
      expect(await page.locator('.sa-tbody .sa-row').count()).toBeGreaterThan(0);
      await expect(page.locator('.sa-status-error')).toHaveCount(0);
    });
  }
});

test('tabs keep the applied filters and side, not the metric set', async ({ page }) => {
  test.setTimeout(60_000);
  await openTable(page, '/stats/team/team/BOS');
  await page.getByRole('button', { name: 'Defense' }).click();
  await page.getByLabel('Metric set').selectOption({ label: 'Transition' });
  await page.locator('[data-group="Season"]').click();
  await page.locator('.sa-popover [data-filter="Season"]').getByRole('button', { name: '2012-13' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/season=2012&season=2022&side=defense&metricSet=opponent-context-stats-transition$/);
  const onoff = page.locator('nav.tabs a', { hasText: 'On/Off' });
  await expect(onoff).toHaveAttribute('href', '/stats/team/onoff/BOS?season=2012&season=2022&side=defense');
  await onoff.click();
  await expect(page.locator('.sa-pill[data-filter="Season"]')).toContainText('2012-13, 2022-23', { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Defense' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.sa-table')).toHaveAttribute('data-metric-set', 'Opponent_FourFactors', { timeout: 30_000 });
  // Reset puts every filter back to its default (the side stays).
  await page.getByRole('button', { name: 'Reset filters' }).click();
  await expect(page).toHaveURL(/\/stats\/team\/onoff\/BOS\?side=defense$/);
  await expect(page.locator('.sa-pill[data-filter="Season"]')).toHaveText(/2022-23$/);
  await expect(page.getByRole('button', { name: 'Reset filters' })).toHaveCount(0);
});

test('team salaries of a season without salary data say where the data stops', async ({ page }) => {
  // (Salaries open on 2019-20, the latest season with salary data: ask for a later one.)
  await page.goto('/stats/team/salaries/BOS?season=2022');
  await expect(page.locator('.sa-status-empty')).toContainText('2003-04 to 2019-20', { timeout: 30_000 });
  // No side toggle on salaries, and the season is the only filter.
  await expect(page.getByRole('button', { name: 'Defense' })).toHaveCount(0);
  await expect(page.locator('.sa-group-button')).toHaveText([/^Season/]);
});
