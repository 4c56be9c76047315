/**
 * The game preview page in Chromium against the built server and the test database, at
 * 1366x900 and 390x844: the two teams' rows of the stats app stay, and under them the server-rendered section
 * (ranks, both matchups with the edge, the season series with links, the last 10 games, shot profiles). The
 * numbers themselves are checked against the raw files in tests/api/gamePreview.test.ts; here: what a reader
 * sees and can follow, the HTML a crawler gets, the phone layout and axe.
 * 2023 Finals game 5 (MIA at DEN, Jun 12, 2023): DEN led the series 3-1; six earlier meetings that season
 * (two regular-season games, four Finals games).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, statsAppReady, test } from './fixtures';

const GAME5 = '/stats/gamepreview/MIA_DEN_2023-06-12_0042200405';
const OPENER = '/stats/gamepreview/PHI_BOS_2022-10-18_0022200001';
test.describe.configure({ timeout: 90_000 });

const section = (page: Page) => page.getByTestId('game-preview');

/** The page is no wider than the screen (tables scroll inside their own boxes). */
async function expectNoPageOverflow(page: Page): Promise<void> {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll, 'page width').toBeLessThanOrEqual(client);
}

async function expectAxeClean(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).include('[data-testid="game-preview"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** What every preview of a played-out season shows, whatever the screen. */
async function expectGame5(page: Page): Promise<void> {
  // The spec's table: the two teams' rows.
  await statsAppReady(page);
  await expect(page.locator('.sa-tbody .sa-row')).toHaveCount(2);
  const s = section(page);
  await expect(s.getByRole('heading', { name: 'Before the game' })).toBeVisible();
  await expect(s.getByTestId('series-context')).toHaveText('Game 5, DEN leads 3-1');
  // Ranks: both teams, each ranked line with its rank as text.
  const ranks = s.getByRole('table', { name: 'League ranks' });
  await expect(ranks.getByRole('columnheader')).toHaveText(['Metric', 'MIA', 'DEN', 'League']);
  const rows = await ranks
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').trim())));
  for (const metric of ['ORtg', 'eFG%', 'TOV%', 'ORB%', 'FT Rate', 'DRtg', 'Opp eFG%', 'Opp TOV%', 'DRB%', 'Opp FT Rate', 'Net']) {
    const row = rows.find((r) => r[0] === metric);
    expect(row, metric).toBeDefined();
    // a value and its rank among the 30 teams, for each team
    for (const cell of row!.slice(1, 3)) expect(cell, metric).toMatch(/^[+−-]?\d+\.\d%?\s*([1-9]|[12]\d|30)(st|nd|rd|th)$/);
  }
  // Two matchups, five factors each, each with an edge that names a team or says even.
  for (const name of ['MIA offense vs DEN defense', 'DEN offense vs MIA defense']) {
    const t = s.getByRole('table', { name });
    await expect(t.locator('tbody tr')).toHaveCount(5);
    for (const edge of await t.locator('td.pv-edge').allTextContents()) expect(['MIA', 'DEN', 'Even']).toContain(edge.trim());
  }
  // Season series: six earlier meetings, each a link to its game.
  await expect(s.getByTestId('series-summary')).toHaveText('DEN won 5 of 6 earlier meetings in 2022-23.');
  const meetings = s.getByRole('table', { name: 'Season series' });
  await expect(meetings.locator('tbody tr')).toHaveCount(6);
  await expect(meetings.locator('tbody a')).toHaveCount(6);
  // Last 10: ten linked games a team, newest first, the W-L above them.
  const forms = s.getByTestId('preview-form');
  await expect(forms).toHaveCount(2);
  for (const f of await forms.all()) {
    await expect(f.locator('li a')).toHaveCount(10);
    const wl = await f.locator('.pv-wl').allTextContents();
    await expect(f.getByTestId('form-summary')).toContainText(`${wl.filter((x) => x === 'W').length}-${wl.filter((x) => x === 'L').length}, net rating `);
  }
  await expect(forms.nth(1).getByTestId('form-summary')).toContainText('9-1');
  // Shot profiles: seven zones, taken and allowed.
  for (const name of ['Shots taken', 'Shots allowed (opponents)']) await expect(s.getByRole('table', { name }).locator('tbody tr')).toHaveCount(7);
}

test('desktop 1366x900: ranks, matchups, series, form and shots under the two rows; links lead to the games; axe', async ({ page }) => {
  await page.goto(GAME5);
  await expectGame5(page);
  await expectNoPageOverflow(page);
  // Ranks and matchups side by side on a wide screen.
  const ranksBox = (await section(page).getByRole('table', { name: 'League ranks' }).boundingBox())!;
  const matchupBox = (await section(page).getByRole('table', { name: 'MIA offense vs DEN defense' }).boundingBox())!;
  expect(matchupBox.x).toBeGreaterThan(ranksBox.x + ranksBox.width - 1);
  await expectAxeClean(page);
  // The first meeting's link opens that game (Dec 30, 2022, MIA at DEN).
  await section(page).getByRole('table', { name: 'Season series' }).locator('tbody a').first().click();
  await expect(page).toHaveURL(/\/stats\/game\/team\/MIA_DEN_2022-12-30_\d{10}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('MIA at DEN');
});

test('phone 390x844: one column, no sideways page scroll, tap-sized game links; axe', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(GAME5);
  await expectGame5(page);
  await expectNoPageOverflow(page);
  // Stacked: the matchup under the ranks; every table inside the screen or scrolling in its own box.
  const s = section(page);
  const ranksBox = (await s.getByRole('table', { name: 'League ranks' }).boundingBox())!;
  const matchupBox = (await s.getByRole('table', { name: 'MIA offense vs DEN defense' }).boundingBox())!;
  expect(matchupBox.y).toBeGreaterThan(ranksBox.y + ranksBox.height - 1);
  for (const box of await s.locator('.pv-scroll').all()) {
    const b = (await box.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width).toBeLessThanOrEqual(390);
  }
  for (const li of await s.locator('.pv-games li').all()) expect((await li.boundingBox())!.height).toBeGreaterThanOrEqual(24);
  await expectAxeClean(page);
});

test('crawlable: the section is in the server HTML (no JavaScript needed)', async ({ request }) => {
  const res = await request.get(GAME5);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('data-testid="game-preview"');
  expect(html).toContain('Game 5, DEN leads 3-1');
  expect(html).toMatch(/href="\/stats\/game\/team\/DEN_MIA_2023-06-09_0042200404"/);
});

test("a season's first game: says there is nothing before it, at both sizes, without errors", async ({ page }) => {
  for (const size of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    const res = await page.goto(OPENER);
    expect(res!.status()).toBe(200);
    await expect(section(page).getByTestId('preview-no-games')).toHaveText(/No games before this one in 2022-23/);
    await expect(section(page).getByRole('table')).toHaveCount(0);
    await expectNoPageOverflow(page);
  }
  await expectAxeClean(page);
});
