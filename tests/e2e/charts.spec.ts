/**
 * Charts in Chromium against the built server and the test database: the shot chart (zones, hexbins, dots),
 * the game log trend and the career chart draw with accessible names, agree with the API and load lazily, at
 * desktop size and at 390x844.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, statsAppReady, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });

const SHOTS = '/stats/player/profile/stephen_curry_201939?season=2012';

async function open(page: Page, path: string) {
  await page.goto(path);
  await statsAppReady(page, 30_000);
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.name} size`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('player profile: shot chart in zones and hexbins, career chart', async ({ page }) => {
      const shotsAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/shots');
      await open(page, SHOTS);
      const answer = await (await shotsAnswer).json();
      const chart = page.getByRole('img', { name: /^Shot chart: Stephen Curry, 2012-13 regular season, [\d,]+ attempts$/ });
      await expect(chart).toBeVisible({ timeout: 20_000 });
      const name = (await chart.getAttribute('aria-label'))!;
      expect(Number(name.match(/([\d,]+) attempts/)![1]!.replace(/,/g, ''))).toBe(answer.fga);
      // zones: five labelled regions; the table alternative lists the five zones and adds up
      await expect(page.locator('.court-label')).toHaveCount(7);
      // the table alternative: beside the court (open) on wide screens, folded under it on phones
      const details = page.locator('details.chart-table');
      if ((await details.getAttribute('open')) === null) await page.getByText('Zones as a table').click();
      const rows = page.locator('.shot-table tbody tr');
      await expect(rows).toHaveCount(6);
      const counts = await rows.locator('td:first-of-type').allTextContents();
      const fga = counts.slice(0, 5).reduce((n, t) => n + Number(t.split('-')[1]!.replace(/,/g, '')), 0);
      expect(fga).toBe(answer.fga);
      const career = page.getByRole('img', { name: /^Stephen Curry: eFG% by regular season, .* line chart$/ });
      await expect(career).toBeVisible({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Hexbins' }).click();
      await expect(page.locator('.court-hexes path').first()).toBeVisible();
      expect(await page.locator('.court-hexes path').count()).toBe(answer.bins.length);
    });

    test("team page: the opponents' shots on defense", async ({ page }) => {
      await open(page, '/stats/team/team/MIA?season=2012&side=defense');
      await expect(page.getByRole('img', { name: /^Shot chart: Miami Heat opponents, 2012-13 regular season, [\d,]+ attempts$/ })).toBeVisible({
        timeout: 20_000,
      });
      await page.getByRole('button', { name: 'Hexbins' }).click();
      await expect(page.locator('.court-hexes path').first()).toBeVisible();
    });

    test('game page: both teams, dots', async ({ page }) => {
      await open(page, '/stats/game/team/PHI_BOS_2022-10-18_0022200001');
      await expect(page.getByRole('img', { name: /^Shot chart: Boston Celtics, PHI at BOS, 2022-10-18, \d+ attempts$/ })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('img', { name: /^Shot chart: Philadelphia 76ers, / })).toBeVisible();
      await page.getByRole('button', { name: 'Shots' }).click();
      await expect(page.locator('.shot-made').first()).toBeVisible();
    });

    test('player game log: trend with a rolling average', async ({ page }) => {
      await open(page, '/stats/player/gamelog/lebron_james_2544?season=2012');
      const chart = page.getByRole('img', { name: /^LeBron James: .+ in each game, 2012-13 regular season, with a 5-game rolling average, line chart$/ });
      await expect(chart).toBeVisible({ timeout: 20_000 });
      // one dot per game of the table
      const games = await page.locator('.sa-tbody .sa-row').count();
      expect(games).toBe(76); // LeBron played 76 games in 2012-13 (published season total)
      await expect(page.locator('.chart-dot')).toHaveCount(games);
      const column = page.getByLabel('Column');
      await column.selectOption({ index: 1 });
      const picked = (await column.locator('option').nth(1).textContent())!.trim();
      await expect(
        page.getByRole('img', { name: `LeBron James: ${picked} in each game, 2012-13 regular season, with a 5-game rolling average, line chart` }),
      ).toBeVisible();
    });

    test('team game log: trend', async ({ page }) => {
      await open(page, '/stats/team/gamelog/BOS?season=2022');
      await expect(page.getByRole('img', { name: /^Boston Celtics: .+ in each game, 2022-23 regular season, .* line chart$/ })).toBeVisible({
        timeout: 20_000,
      });
    });
  });
}

test('a season without shot locations says so (2022-23 playoffs)', async ({ page }) => {
  await open(page, '/stats/player/profile/nikola_jokic_203999?season=2022&seasonType=playoffs');
  await expect(page.getByTestId('no-locations')).toContainText('No shot locations for the 2022-23 playoffs');
  // the zones are drawn (from the shot descriptions); there is no map to switch to
  await expect(page.getByRole('img', { name: /^Shot chart: Nikola Jokic, 2022-23 playoffs, [\d,]+ attempts$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Hexbins|Shots/ })).toBeDisabled();
});

test('chart code loads only on pages with charts', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await open(page, '/stats/players');
  await page.waitForTimeout(500);
  expect(scripts.filter((s) => /Charts/.test(s))).toEqual([]);
  await open(page, SHOTS);
  await expect(page.locator('.shot-court')).toBeVisible({ timeout: 20_000 });
  expect(scripts.filter((s) => /Charts/.test(s)).length).toBeGreaterThan(0);
});

test('charts pass axe (WCAG 2 A/AA): shot chart with its table, career chart, trend chart', async ({ page }) => {
  const violations = async () =>
    (await new AxeBuilder({ page }).include('.charts').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
  await open(page, SHOTS);
  await expect(page.getByRole('img', { name: /^Stephen Curry: eFG% by regular season/ })).toBeVisible({ timeout: 20_000 });
  expect(await violations()).toEqual([]);
  await open(page, '/stats/team/gamelog/BOS?season=2022');
  await expect(page.locator('.line-chart svg')).toBeVisible({ timeout: 20_000 });
  expect(await violations()).toEqual([]);
});
