/**
 * A season in progress on the site, in Chromium against the built server and the test database (2012-13 and
 * 2022-23 played, the recorded 2023-24 schedule loaded, no 2023-24 game played), at 1366x900 and 390x844:
 * - every stats page says through which date the data runs, the date the stats API's Data-Through header gives;
 * - the pickers offer the seasons with games, latest first and selected by default; the game finder adds 2023-24
 *   as scheduled;
 * - the finder lists 2023-24's regular-season games as scheduled, as many (month by month, and for one team) as
 *   the schedule file holds by this test's own count, each linking to its preview, which says no game is played
 *   and shows no number;
 * - the standings through a date on /stats/teams (numbers checked against SQL and the play-by-play in
 *   tests/api/standings.test.ts; here what a reader sees), and a bad date answered 400 with its message.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, statsAppReady, test } from './fixtures';

const PHONE = { width: 390, height: 844 };
test.describe.configure({ timeout: 90_000 });

/** The schedule file's 2023-24 regular-season games with both teams named (this test's own reading). */
function scheduleFile(): { id: string; date: string; away: string; home: string }[] {
  const doc = JSON.parse(fs.readFileSync('recorded-feed/schedule/live_nba_2023.json', 'utf8'));
  return doc.leagueSchedule.gameDates
    .flatMap((d: { games: any[] }) => d.games)
    .filter((g: any) => /^00223\d{5}$/.test(g.gameId) && g.homeTeam.teamId !== 0 && g.awayTeam.teamId !== 0)
    .map((g: any) => ({ id: g.gameId, date: g.gameDateEst.slice(0, 10), away: g.awayTeam.teamTricode, home: g.homeTeam.teamTricode }));
}

async function noPageOverflow(page: Page): Promise<void> {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll, 'page width').toBeLessThanOrEqual(client);
}

/** "June 12, 2023" for 2023-06-12. */
const long = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

test('every stats page says through which date the data runs, as the API does', async ({ page, request }) => {
  const api = await request.get('/api/data?page=League&season=2022-23');
  const through = api.headers()['data-through']!;
  expect(through).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const ready = await (await request.get('/readyz')).json();
  expect(ready.stats.dataThrough).toBe(through);
  for (const path of ['/stats/players', '/stats/teams', '/stats/games', '/stats/league', '/stats/gamepreview/MIA_DEN_2023-06-12_0042200405']) {
    await page.goto(path);
    await expect(page.getByTestId('data-through'), path).toHaveText(`Data through ${long(through)}`);
    await expect(page.getByTestId('data-through').locator('time')).toHaveAttribute('datetime', through);
  }
});

test('the pickers offer the seasons with games, the latest by default; the finder adds 2023-24 as scheduled', async ({ page }) => {
  await page.goto('/stats/teams');
  await expect(page.locator('#tt-season option')).toHaveText(['2022-23', '2012-13']);
  await expect(page.locator('#tt-season')).toHaveValue('2022');
  await page.goto('/stats/games');
  await expect(page.locator('#games-season option')).toHaveText(['2023-24 (scheduled)', '2022-23', '2012-13']);
  await expect(page.locator('#games-season')).toHaveValue('2022');
  // the island reads the same seasons from the page, without asking the server
  await page.goto('/stats/players');
  const seed = JSON.parse((await page.locator('#cv-seasons').textContent())!);
  expect(seed.seasons).toEqual([2012, 2022]);
  expect(seed.scheduled).toEqual([2023]);
  await statsAppReady(page);
  await page.locator('[data-group="Season"]').click();
  await expect(page.locator('.sa-popover')).toBeVisible({ timeout: 20_000 });
  const chips = page.locator('.sa-popover [data-filter="Season"] .sa-chip');
  // the database's two seasons, not the twenty the code holds before any catalogue is read: the page's seed
  await expect(chips).toHaveText(['2022-23', '2012-13']);
  await expect(chips.first()).toHaveAttribute('aria-pressed', 'true');
  // a season the database does not hold is refused with its key named
  const bad = await page.goto('/stats/games?season=2015');
  expect(bad!.status()).toBe(400);
  await expect(page.getByTestId('games-error')).toContainText('Invalid season');
});

test('2023-24 scheduled: every game of the file, none played, each with its preview', async ({ page }) => {
  const file = scheduleFile();
  await page.goto('/stats/games?season=2023');
  await expect(page.locator('#games-season')).toHaveValue('2023');
  const months = await page
    .getByRole('navigation', { name: 'Months' })
    .getByRole('link')
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  expect(months.length).toBe(new Set(file.map((g) => g.date.slice(0, 7))).size);
  let listed = 0;
  for (const href of months) {
    await page.goto(href);
    const rows = page.locator('table.games tbody tr');
    const n = await rows.count();
    // every row is scheduled: no score, a preview link only
    await expect(page.locator('table.games tbody tr[data-scheduled="true"]')).toHaveCount(n);
    await expect(page.getByTestId('scheduled-count')).toHaveText('none played yet');
    listed += n;
  }
  expect(listed).toBe(file.length);
  // one team's season at once
  await page.goto('/stats/games?season=2023&team=BOS');
  const bos = file.filter((g) => g.away === 'BOS' || g.home === 'BOS');
  await expect(page.getByTestId('games-count')).toHaveText(`${bos.length} games`);
  await page.setViewportSize(PHONE);
  await noPageOverflow(page);

  // the season's first game: its preview says no game is played and shows no number
  const first = [...file].sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id))[0]!;
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/stats/games?season=2023&month=${first.date.slice(0, 7)}`);
  await page.locator(`tr[data-game="${first.id}"]`).getByRole('link', { name: 'Preview' }).click();
  await expect(page).toHaveURL(new RegExp(`/stats/gamepreview/${first.away}_${first.home}_${first.date}_${first.id}$`));
  const preview = page.getByTestId('game-preview');
  await expect(preview.getByTestId('preview-scheduled')).toContainText('Not played yet');
  await expect(preview.getByTestId('preview-no-games')).toContainText('No game of 2023-24 has been played yet');
  await expect(preview.locator('table')).toHaveCount(0);
  // no stats table waits for rows that cannot come
  await expect(page.locator('#stats-app .placeholder')).toHaveCount(0);
  // no number: no decimal, no record (the season label 2023-24 is not one)
  await expect(preview).not.toContainText(/\d+\.\d|\b\d{1,2}-\d{1,2}\b/);
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(preview.getByTestId('preview-no-games')).toBeVisible();
  await noPageOverflow(page);
});

test('standings through a date on the teams page; a bad date is a 400 naming it', async ({ page }) => {
  await page.goto('/stats/teams?season=2022&through=2023-01-15');
  const st = page.getByTestId('standings');
  await expect(st.getByTestId('standings-through')).toContainText('2022-23 regular season through January 15, 2023');
  const rows = st.locator('tbody tr');
  await expect(rows).toHaveCount(30);
  // Boston 32-12 and Denver 30-13, 1.5 back, through 2023-01-15 (tests/api/standings.test.ts checks every team)
  await expect(rows.nth(0)).toHaveAttribute('data-team', 'BOS');
  await expect(rows.nth(0).locator('[data-col="w"]')).toHaveText('32');
  await expect(rows.nth(0).locator('[data-col="l"]')).toHaveText('12');
  await expect(rows.nth(0).locator('[data-col="gb"]')).toHaveText('–');
  const den = st.locator('tr[data-team="DEN"]');
  await expect(den.locator('[data-col="gb"]')).toHaveText('1.5');
  await expect(den.locator('[data-col="l10"]')).toHaveText(/^\d+-\d+$/);
  await expect(den.locator('[data-col="streak"]')).toHaveText(/^[WL]\d+$/);
  await page.setViewportSize(PHONE);
  await noPageOverflow(page);
  // the date picker: another date, the other keys kept
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/stats/teams?season=2022&isGarbageTime=false');
  await st.locator('#st-through').fill('2022-11-01');
  await st.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/through=2022-11-01/);
  await expect(page).toHaveURL(/isGarbageTime=false/);
  await expect(st.getByTestId('standings-through')).toContainText('November 1, 2022');
  // bad dates
  for (const q of ['through=2023-02-30', 'through=2021-01-15']) {
    const r = await page.goto(`/stats/teams?season=2022&${q}`);
    expect(r!.status(), q).toBe(400);
    await expect(page.getByTestId('teams-error')).toContainText('through');
  }
});
