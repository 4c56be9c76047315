/**
 * A stats page carries its table once, the island still does everything after hydrating from it, and
 * the phone layouts the walkthrough found broken hold (390 px wide), against the built server and the test
 * database (2012-13 and 2022-23).
 * - /stats/players: under 150 KB of HTML; its rows once (the island's seed, field names once); the server's table
 *   shows the first 50 with a CSV link that holds them all (counted in the CSV itself).
 * - The first-load JS of a stats page (bench:js's count, from the built files) is at most 150 KB gzipped.
 * - After hydration: every row of the seed in the island's table without a request; sort, metric-set switch,
 *   the qualifier's "Show all" and a filter change work.
 * - At 390 px: /stats/games and the lineup tables never scroll the page sideways; a game's links are not covered;
 *   2-man units show whole names; a lineup page opened with ?unit=2 has its rows with the page (no fetch after the
 *   island starts: the 2-second wait the walkthrough saw).
 */
import nodePath from 'node:path';
import type { Page } from '@playwright/test';
import { FIRST_LOAD_JS_GOAL, firstLoadJs } from '../../scripts/lib/firstLoadJs';
import { columnValues, expect, statsAppReady, switchSeasonTo2012, test } from './fixtures';

test.describe.configure({ timeout: 150_000 });

const PAGE_GOAL_BYTES = 150 * 1024;

const isData = (url: string) => new URL(url).pathname === '/api/data';

/** The island's seed as the page carries it (src/lib/tables/firstViewSeed.ts). */
function seedOf(html: string): { query: string; metricSet: string; rows: { fields: string[]; values: unknown[][] } } {
  const text = /<script type="application\/json" id="stats-first-view">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(text, 'the page embeds the first view').toBeTruthy();
  return JSON.parse(text!);
}

test('/stats/players is under 150 KB and carries its rows once', async ({ request }) => {
  const res = await request.get('/stats/players');
  expect(res.status()).toBe(200);
  const body = await res.body();
  expect(body.length).toBeLessThan(PAGE_GOAL_BYTES);
  // (React's server rendering separates text pieces with empty comments)
  const html = body.toString('utf8').replace(/<!--\s*-->/g, '');
  const seed = seedOf(html);
  const total = seed.rows.values.length;
  // 2022-23 regular season: hundreds of players, each row once, its field names once.
  expect(total).toBeGreaterThan(400);
  expect(html.split('"player_id"').length - 1).toBe(1);
  // The server's table: the first 50 rows, and all of them as CSV.
  const tbody = /<div class="first-view"[\s\S]*?<tbody[^>]*>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
  expect(tbody.match(/<tr[ >]/g)).toHaveLength(50);
  expect(html).toContain(`the first 50 of ${total} rows`);
  const csvHref = /<a href="(\/api\/data\?[^"]*format=csv)">all /.exec(html)?.[1]?.replace(/&amp;/g, '&');
  expect(csvHref).toBeTruthy();
  const csv = await request.get(csvHref!);
  expect(csv.status()).toBe(200);
  const lines = (await csv.text()).trim().split(/\r?\n/);
  expect(lines.length - 1).toBe(total);
  // The last player of the seed is in the CSV, not in the server's table.
  const last = seed.rows.values.at(-1)![seed.rows.fields.indexOf('name')] as string;
  expect(lines.some((l) => l.includes(last))).toBe(true);
  expect(tbody).not.toContain(`>${last}<`);
});

test("a stats page runs under 150 KB of gzipped JS at first load (bench:js's count, the built files)", async ({ request, baseURL }) => {
  // The JS of the page's scripts and its islands hydrated without a click (the stats app, when idle), with what they
  // import statically: the first load a phone downloads and runs (zod and the API's parsers were 12 KB of it).
  for (const path of ['/stats/players', '/stats/team/players/BOS']) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    const js = firstLoadJs(await res.text(), `${baseURL}${path}`, nodePath.resolve(process.env.DIST_DIR || 'dist', 'client'));
    expect(js.files.some((f) => f.path.includes('StatsApp'))).toBe(true);
    expect(js.gzip, `${path}: ${js.files.map((f) => f.path).join(', ')}`).toBeLessThanOrEqual(FIRST_LOAD_JS_GOAL);
  }
});

test('after hydration the island has every row and sorts, switches set, shows all and filters', async ({ page }) => {
  const data: string[] = [];
  page.on('request', (r) => {
    if (isData(r.url())) data.push(r.url());
  });
  const response = await page.goto('/stats/players');
  const total = seedOf((await response!.text()) ?? '').rows.values.length;
  await statsAppReady(page, 30_000);
  const rows = page.locator('.sa-tbody .sa-row');
  await expect(rows).toHaveCount(total);
  await expect(page.getByTestId('first-view')).toHaveCount(0);
  expect(data).toEqual([]);

  // Sort by a rate: high to low; the rows below the minimum are left out, "Show all" brings them back.
  const header = page.locator('.sa-table [role="columnheader"][data-column="pts_per_100"]');
  await header.locator('.sa-sort-btn').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const values = (await columnValues(page, 'pts_per_100')).map(Number).filter((v) => !Number.isNaN(v));
  expect(values.length).toBeGreaterThan(200);
  expect(values.every((v, i) => i === 0 || values[i - 1]! >= v)).toBe(true);
  const qualifier = page.getByTestId('qualifier');
  await expect(qualifier).toBeVisible();
  await qualifier.getByRole('button', { name: `Show all ${total}` }).click();
  await expect(rows).toHaveCount(total);
  // The CSV link follows the view.
  await expect(page.locator('a.sa-csv')).toHaveAttribute('href', /metric_set=OffensiveOverview.*sort=pts_per_100.*format=csv/);

  // A filter: 2012-13 instead of 2022-23.
  await switchSeasonTo2012(page);
  // (a season nobody asked for yet is computed on demand: allow the server its time on a busy machine)
  await expect(page.locator('.sa-tbody')).toContainText('Kevin Garnett', { timeout: 60_000 });
  await expect(page.locator('.sa-pill[data-filter="Season"]')).toContainText('2012-13');
  expect(data).toHaveLength(1);

  // Another metric set: fetched and shown.
  await page.getByLabel('Metric set').selectOption({ label: 'Foul Drawing' });
  await expect(page.locator('.sa-table')).toHaveAttribute('data-metric-set', 'FoulDrawing', { timeout: 60_000 });
  await expect(rows.first()).toBeVisible();
  await expect(page.locator('.sa-tbody')).toContainText('Kevin Garnett');

  expect(data).toHaveLength(2);
});

test.describe('at 390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  const pageWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

  test('/stats/games does not scroll sideways and its links are not covered', async ({ page }) => {
    await page.goto('/stats/games');
    await expect(page.locator('table.games tbody tr').first()).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    const link = page.locator('table.games tbody tr').first().getByRole('link', { name: 'Team stats' });
    await expect(link).toBeInViewport();
    // What a tap at the link's centre hits is the link.
    const hit = await link.evaluate((a) => {
      const r = a.getBoundingClientRect();
      return a.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
    });
    expect(hit).toBe(true);
    await link.click();
    await expect(page).toHaveURL(/\/stats\/game\/team\//);
  });

  for (const path of ['/stats/lineups?unit=2', '/stats/team/lineups/BOS?unit=2']) {
    test(`${path}: rows with the page, whole names, no sideways scroll`, async ({ page }) => {
      const data: string[] = [];
      page.on('request', (r) => {
        if (isData(r.url())) data.push(r.url());
      });
      await page.goto(path);
      await statsAppReady(page, 30_000);
      // The rows came with the page: the island asked for nothing.
      expect(data).toEqual([]);
      await expect(page.locator('.sa-unit-picker button[aria-pressed="true"]')).toHaveText('2-man');
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      // Every name of the first rows is whole: inside its cell, not ellipsed.
      const cut = await page.locator('.sa-tbody .sa-row').evaluateAll((rows) =>
        rows.slice(0, 15).flatMap((row) => {
          const cell = row.firstElementChild!.getBoundingClientRect();
          return [...row.firstElementChild!.querySelectorAll('a')]
            .filter((a) => {
              const r = a.getBoundingClientRect();
              return r.right > cell.right + 0.5 || r.left < cell.left - 0.5 || r.width === 0;
            })
            .map((a) => a.textContent);
        }),
      );
      expect(cut).toEqual([]);
      const names = await page.locator('.sa-tbody .sa-row').first().locator('a[href^="/stats/player/"]').count();
      expect(names).toBe(2);
    });
  }

  test('/stats/players does not scroll sideways (its table scrolls in its own box)', async ({ page }) => {
    await page.goto('/stats/players');
    await statsAppReady(page, 30_000);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    const wrap = page.locator('.sa-table-wrap');
    expect(await wrap.evaluate((w) => w.scrollWidth > w.clientWidth)).toBe(true);
  });
});
