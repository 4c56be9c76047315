/**
 * The minimum sample, empty tables, on/off percentiles, search labels and locked filters, as a fan sees them in Chromium against the built server and the test database
 * (2012-13, 2022-23), at 1366x900 and 390x844: the minimum sample as a qualifier (a rate sort lists only the
 * players with the minimum, with "show all"), empty tables that say why with the way out (and the controls
 * stay), on/off tables with percentiles and no possession "Diff", search labels and the empty search, and a
 * shared link's paid filters as locked pills. Numbers from independent SQL on the possession table.
 */
import AxeBuilder from '@axe-core/playwright';
import { DuckDBInstance } from '@duckdb/node-api';
import type { Page, Request } from '@playwright/test';
import path from 'node:path';
import { seedDemoAccounts } from './accountsHelpers';
import { columnValues, expect, statsAppReady, test } from './fixtures';
import { openPhoneControls } from './phoneControls';

const DB = path.resolve(process.env.STATS_DB_PATH ?? 'data/test-stats.duckdb');
const BOS = 1610612738;
test.describe.configure({ timeout: 90_000 });

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** Independent SQL on the stats file the server reads (read-only, its own connection). */
async function one<K extends string>(text: string, params: (string | number)[] = []): Promise<Record<K, number>> {
  const instance = await DuckDBInstance.create(DB, { access_mode: 'READ_ONLY' });
  try {
    const reader = await (await instance.connect()).runAndReadAll(text, params);
    const row = reader.getRowObjectsJS()[0]!;
    return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as Record<K, number>;
  } finally {
    instance.closeSync();
  }
}

/** 2022-23 regular season, garbage time out: every player on court (a team's, or the league's), his team offensive possessions. */
const ON_COURT = (team: boolean) => `
  WITH s AS (
    SELECT unnest([o1, o2, o3, o4, o5]) AS pid, seconds, possessions AS op FROM possessions
     WHERE season = 2022 AND season_type = 'regular' AND NOT is_filtered_out ${team ? 'AND off_team_id = $1' : ''}
    UNION ALL
    SELECT unnest([d1, d2, d3, d4, d5]), seconds, 0 FROM possessions
     WHERE season = 2022 AND season_type = 'regular' AND NOT is_filtered_out ${team ? 'AND def_team_id = $1' : ''})
  SELECT count(*)::INTEGER AS players, count(*) FILTER (WHERE op < $min)::INTEGER AS below
    FROM (SELECT pid, sum(op) AS op FROM s GROUP BY pid HAVING sum(seconds) > 0)`;

const onCourt = (team: boolean, min: number) => one<'players' | 'below'>(ON_COURT(team).replace('$min', String(min)), team ? [BOS] : []);

async function openTable(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await statsAppReady(page, 30_000);
}

const rowCount = (page: Page) => page.locator('.sa-table').getAttribute('data-rows').then(Number);

const num = (t: string) => Number(t.replace(/[^0-9.-]/g, ''));

async function axe(page: Page, ...selectors: string[]): Promise<void> {
  const builder = new AxeBuilder({ page });
  for (const s of selectors) builder.include(s);
  const results = await builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test('a rate sort lists only players with the minimum; "Show all" lists everyone; a count sort hides nothing', async ({ page }) => {
      const { players, below } = await onCourt(false, 500);
      expect(below).toBeGreaterThan(50);
      await openTable(page, '/stats/players?season=2022');
      expect(await rowCount(page)).toBe(players);
      await expect(page.getByTestId('qualifier')).toHaveCount(0);

      await page.locator('[data-column="tov_play_pct"] .sa-sort-btn').click();
      await expect(page).toHaveURL(/sort=tov_play_pct&dir=desc/);
      await expect(page.getByTestId('qualifier')).toContainText(`${below} below 500 possessions not listed`);
      expect(await rowCount(page)).toBe(players - below);
      // Every player listed has the minimum: no 6-minute player with TOV% 100 on top.
      const poss = (await columnValues(page, 'poss')).map(num);
      expect(Math.min(...poss)).toBeGreaterThanOrEqual(500);
      expect(num((await columnValues(page, 'tov_play_pct'))[0]!)).toBeLessThan(40);

      await page
        .getByTestId('qualifier')
        .getByRole('button', { name: `Show all ${players}` })
        .click();
      await expect(page).toHaveURL(/showAll=1/);
      await expect.poll(() => rowCount(page)).toBe(players);
      await expect(page.getByTestId('qualifier')).toContainText('All listed');
      await page.reload();
      await statsAppReady(page, 30_000);
      expect(await rowCount(page)).toBe(players);
      await page.getByTestId('qualifier').getByRole('button', { name: 'Only 500+ possessions' }).click();
      await expect.poll(() => rowCount(page)).toBe(players - below);
      await expect(page).not.toHaveURL(/showAll/);

      // Sorted by a count (possessions), nobody is hidden.
      await openTable(page, '/stats/players?season=2022&sort=poss&dir=asc');
      expect(await rowCount(page)).toBe(players);
      await expect(page.getByTestId('qualifier')).toHaveCount(0);
    });

    test('when the minimum leaves no player, the table says how many are below it and the minimum stays', async ({ page }) => {
      const { players } = await onCourt(true, 100_000);
      expect(players).toBeGreaterThan(10);
      await page.goto('/stats/team/players/BOS?season=2022&sort=usage&dir=desc&minPoss=100000');
      const empty = page.getByTestId('empty-below-min');
      await expect(empty).toContainText(`${players} players are below the minimum of 100,000 possessions`, { timeout: 30_000 });
      await expect(empty).toContainText('sorted by Usage%');
      await expect(page.locator('.sa-legend-min input')).toHaveValue('100000');
      if (size.name === 'phone') await openPhoneControls(page);
      await expect(page.locator('.sa-filterbar')).toBeVisible();
      await expect(page.getByText('No rows match these filters')).toHaveCount(0);
      await axe(page, '.sa-app');
      await empty.getByRole('button', { name: `Show the ${players} players` }).click();
      await expect(page).toHaveURL(/showAll=1/);
      await expect.poll(() => rowCount(page)).toBe(players);
    });

    test('a lineup table the minimum leaves empty counts the lineups below it and lists them on demand', async ({ page }) => {
      const { n } = await one<'n'>(
        `SELECT count(DISTINCT off_lineup_id)::INTEGER AS n FROM possessions
          WHERE season = 2022 AND season_type = 'regular' AND NOT is_filtered_out AND off_team_id = $1 AND possessions > 0`,
        [BOS],
      );
      await page.goto('/stats/team/lineups/BOS?season=2022&minPoss=5000');
      const empty = page.getByTestId('empty-below-min');
      await expect(empty).toContainText(`No lineup has at least 5,000 possessions in this sample: ${n} lineups are below the minimum of 5,000 possessions.`, {
        timeout: 30_000,
      });
      await expect(page.locator('.sa-legend-min input')).toHaveValue('5000');
      await empty.getByRole('button', { name: `Show the ${n} lineups` }).click();
      await expect(page).toHaveURL(/minPoss=1(&|$)/);
      await expect.poll(() => rowCount(page), { timeout: 30_000 }).toBe(n);
    });

    test("a player's on/off the minimum leaves empty counts his seasons, or his team-seasons when he was traded", async ({ page }) => {
      const teams = (id: number, seasons: string) =>
        one<'n'>(
          `SELECT count(DISTINCT (season, off_team_id))::INTEGER AS n FROM possessions
            WHERE season IN (${seasons}) AND season_type = 'regular' AND $1 IN (o1, o2, o3, o4, o5)`,
          [id],
        ).then((r) => r.n);
      // Kevin Durant, 2022-23: Brooklyn, then Phoenix (one season, two rows).
      expect(await teams(201142, '2022')).toBe(2);
      await page.goto('/stats/player/onoff/kevin_durant_201142?season=2022&minPoss=100000');
      const empty = page.getByTestId('empty-below-min');
      await expect(empty).toContainText(
        'No team-season has at least 100,000 possessions in this sample: 2 team-seasons are below the minimum of 100,000 possessions.',
        {
          timeout: 30_000,
        },
      );
      await expect(empty.getByRole('button', { name: 'Show the 2 team-seasons' })).toBeVisible();
      // LeBron James, 2012-13 and 2022-23: one team each season.
      expect(await teams(2544, '2012, 2022')).toBe(2);
      await page.goto('/stats/player/onoff/lebron_james_2544?season=2012&season=2022&minPoss=100000');
      await expect(page.getByTestId('empty-below-min')).toContainText(
        'No season has at least 100,000 possessions in this sample: 2 seasons are below the minimum',
        { timeout: 30_000 },
      );
    });

    test('a filter that leaves nothing is named, with a button that removes it', async ({ page }) => {
      const { last } = await one<'last'>(
        `SELECT strftime(max(date), '%Y%m%d')::INTEGER AS last FROM possessions WHERE season = 2022 AND season_type = 'regular'`,
      );
      expect(last).toBe(20230409);
      await page.goto('/stats/players?season=2022&startDate=2023-06-01');
      const empty = page.getByTestId('empty-filters');
      await expect(empty).toContainText('No rows: From: 2023-06-01 leaves nothing in 2022-23 regular season.', { timeout: 30_000 });
      if (size.name === 'phone') await openPhoneControls(page);
      await expect(page.locator('.sa-pill[data-filter="StartDate"]')).toBeVisible();
      await empty.getByRole('button', { name: 'Remove From: 2023-06-01' }).click();
      await expect(page).not.toHaveURL(/startDate/);
      await expect.poll(() => rowCount(page), { timeout: 30_000 }).toBeGreaterThan(500);

      await page.goto('/stats/players?season=2022&startDate=2022-07-01&endDate=2022-08-01');
      await expect(page.getByTestId('empty-filters')).toContainText('No rows match all of these filters together', { timeout: 30_000 });
      await expect(page.getByTestId('empty-filters').getByRole('button')).toHaveText(['Remove From: 2022-07-01', 'Remove To: 2022-08-01']);
    });

    test('on/off tables: no possession Diff, percentiles on On and Diff, the pool explained', async ({ page }) => {
      await openTable(page, '/stats/team/onoff/BOS?season=2022');
      await expect(page.locator('[data-column="poss_on"]')).toHaveCount(1);
      await expect(page.locator('[data-column="poss_off"]')).toHaveCount(1);
      await expect(page.locator('[data-column="poss_diff"]')).toHaveCount(0);
      await expect(page.locator('[data-column="pts_per_poss_diff"]')).toHaveCount(1);
      await expect(page.locator('.sa-legend-pool')).toContainText(
        "the on/off of the league's 2022-23 regular season players of the same position group with at least 500 possessions on court",
      );
      // The first row (most possessions) is ranked: its On and Diff cells are coloured or carry their percentile.
      const first = page.locator('.sa-tbody .sa-row').first();
      const tips = await first.locator('[data-tip]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-tip')));
      expect(tips.filter((t) => /percentile/.test(t ?? '')).length).toBeGreaterThanOrEqual(8);
      await axe(page, '.sa-legend');

      await openTable(page, '/stats/player/onoff/jayson_tatum_1628369?season=2022');
      await expect(page.locator('[data-column="poss_diff"]')).toHaveCount(0);
      await expect(page.locator('.sa-legend-pool')).toContainText('his position group in the same season');
      const tip = await page.locator('.sa-tbody .sa-row').first().locator('[data-tip]').first().getAttribute('data-tip');
      expect(tip).toMatch(/percentile/);
    });

    test('search: seasons as the site writes them; an empty box shows nothing and no error', async ({ page }) => {
      await page.goto('/stats/league');
      await expect(page.locator('astro-island[component-url*="SiteSearch"] input[data-ready="true"]')).toHaveCount(1, { timeout: 20_000 });
      const box = page.getByRole('combobox', { name: 'Site search' });
      await box.fill('lebron');
      const option = page.getByRole('search').getByRole('option').first();
      await expect(option).toContainText('LAL · 2012-13 to 2022-23', { timeout: 15_000 });
      await expect(page.getByRole('search')).not.toContainText(/\d{4}–\d{4}/);
      await box.fill('');
      await expect(page.getByRole('search').getByRole('option')).toHaveCount(0);
      const answer = await page.request.get('/api/search?q=');
      expect(answer.status()).toBe(200);
      expect(await answer.json()).toEqual({ players: [], teams: [], games: [] });
    });

    test("anonymous: a shared link's paid filters are locked pills with what they need; the table is answered without them", async ({ page }) => {
      const sent: Request[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/data') sent.push(r);
      });
      await openTable(page, '/stats/players?season=2022&location=home&period=4');
      const locked = page.locator('.sa-pill[data-locked="true"]');
      await expect(locked).toHaveCount(2);
      await expect(locked.nth(0)).toContainText('LocationHome');
      await expect(locked.nth(1)).toContainText('PeriodQ4');
      const note = page.getByTestId('locked-filters-note');
      await expect(note).toContainText('These filters need the Stats plan, so the table is shown without them.');
      await expect(note.getByRole('link', { name: 'see the plans' })).toHaveAttribute('href', '/pricing');
      const signInLink = new URL((await note.getByRole('link', { name: 'Sign in' }).getAttribute('href'))!, 'http://x');
      expect(signInLink.searchParams.get('callbackUrl')).toBe('/stats/players?season=2022&location=home&period=4');
      // The link stays the one shared; nothing gated was asked for.
      await expect(page).toHaveURL(/\/stats\/players\?location=home&period=4$/); // 2022-23 is the default season
      for (const r of sent) expect(new URL(r.url()).searchParams.has('location') || new URL(r.url()).searchParams.has('period')).toBe(false);
      // The note shows without a tap; the locked pills themselves are behind the phone's compact bar.
      if (size.name === 'phone') await openPhoneControls(page);
      await expect(locked.nth(0)).toBeVisible();
      await axe(page, '.sa-pills', '[data-testid="locked-filters-note"]');
      await note.getByRole('button', { name: 'Remove locked filters' }).click();
      await expect(locked).toHaveCount(0);
      await expect(page).toHaveURL(/\/stats\/players$/);
    });
  });
}

test.describe('a member without a plan', () => {
  test.beforeAll(() => seedDemoAccounts());

  for (const size of SIZES) {
    test(`sees the shared link's paid filters as "Stats plan" locked pills at ${size.name} size`, async ({ page, signedInAs }) => {
      await page.setViewportSize(size.viewport);
      await signedInAs('member');
      await openTable(page, '/stats/team/players/BOS?season=2022&opponent=MIA&result=win');
      const locked = page.locator('.sa-pill[data-locked="true"]');
      await expect(locked).toHaveText([/Result\s*Wins/, /Opponent\s*MIA/]);
      const note = page.getByTestId('locked-filters-note');
      await expect(note).toContainText('These filters need the Stats plan');
      await expect(note.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
      await expect(note.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
      await expect(page).toHaveURL(/opponent=MIA/);
      if (size.name === 'phone') await openPhoneControls(page);
      await expect(locked.nth(0)).toBeVisible();
      // The answer is the ungated one: the server would refuse the filters (403), the page never asks.
      const { players } = await onCourt(true, 500);
      expect(await rowCount(page)).toBe(players);
    });
  }
});
