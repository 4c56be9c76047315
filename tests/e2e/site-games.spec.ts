/**
 * The game finder (/stats/games) against the test database (seasons 2012-13 and 2022-23), checked against
 * published results: Denver's 2023 title run was 20 playoff games (16-4) and Finals Game 5 on June 12, 2023
 * ended Denver 94, Miami 89; Boston played 81 regular-season games in 2012-13 (its April 16, 2013 game at
 * Indiana was cancelled after the Boston Marathon bombing and never made up), opening at Miami on October 30, 2012,
 * a 120-107 Heat win.
 */
import { test, expect } from './fixtures';

test("lists a team's playoff run with final scores, each game linking to its pages", async ({ page }) => {
  const response = await page.goto('/stats/games?season=2022&type=playoffs&team=DEN');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Games | Courtvision');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Games');
  await expect(page.locator('#stats-app')).toHaveAttribute('data-page-kind', 'NonStats');
  const rows = page.locator('table.games tbody tr');
  await expect(rows).toHaveCount(20);
  const game5 = page.locator('tr[data-game="0042200405"]');
  await expect(game5.locator('td.team')).toHaveText(['MIA', 'DEN']);
  await expect(game5.locator('td.score')).toHaveText('89–94');
  await expect(game5.locator('td.won')).toHaveText('DEN');
  await game5.getByRole('link', { name: 'Player stats' }).click();
  await expect(page).toHaveURL(/\/stats\/game\/players\/MIA_DEN_2023-06-12_0042200405$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('MIA at DEN');
  await page.waitForLoadState('networkidle');
});

test("the form narrows the list: a team's whole regular season", async ({ page }) => {
  await page.goto('/stats/games');
  await page.getByLabel('Season').selectOption('2012');
  await page.getByLabel('Type').selectOption('regular');
  await page.getByLabel('Team').selectOption('BOS');
  await page.getByRole('button', { name: 'Show games' }).click();
  await expect(page).toHaveURL(/season=2012&type=regular&team=BOS/);
  await expect(page.locator('table.games tbody tr')).toHaveCount(81);
  // Opening night, October 30, 2012: Miami 120, Boston 107.
  const opener = page.locator('table.games tbody tr').first();
  await expect(opener.locator('td.date')).toHaveText('Tue, Oct 30');
  await expect(opener.locator('td.team')).toHaveText(['BOS', 'MIA']);
  await expect(opener.locator('td.score')).toHaveText('107–120');
});

test('without a team, the league is listed a month at a time', async ({ page }) => {
  await page.goto('/stats/games?season=2022&type=regular');
  const months = page.getByRole('navigation', { name: 'Months' }).getByRole('link');
  await expect(months).toHaveText(['Oct 2022', 'Nov 2022', 'Dec 2022', 'Jan 2023', 'Feb 2023', 'Mar 2023', 'Apr 2023']);
  await expect(months.last()).toHaveAttribute('aria-current', 'page');
  await months.first().click();
  await expect(page).toHaveURL(/month=2022-10/);
  const dates = await page.locator('table.games tbody td.date').allTextContents();
  expect(dates.length).toBeGreaterThan(50);
  for (const d of dates) expect(d).toMatch(/Oct \d+/);
});

test('a bad parameter answers 400 with a message naming it', async ({ page }) => {
  const response = await page.goto('/stats/games?team=XYZ');
  expect(response?.status()).toBe(400);
  await expect(page.getByTestId('games-error')).toContainText('Invalid team: unknown team "XYZ"');
});
