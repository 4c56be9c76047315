/**
 * A past season's game shows its teams as they were then. The 2012-13 opener in New Orleans (SAS at NOH, Oct 31,
 * 2012, 0021200008): the league's official team box score of that game (team-box-scores.parquet) names the home
 * team "New Orleans Hornets", NOH; the franchise became the Pelicans (NOP) in 2013-14. The game pages, the preview
 * and the game finder say so, with the NOH roundel; links to the team page keep today's abbreviation.
 */
import { expect, test } from './fixtures';

const GAME = 'SAS_NOH_2012-10-31_0021200008';

test.describe.configure({ timeout: 60_000 });

for (const path of [`/stats/game/team/${GAME}`, `/stats/gamepreview/${GAME}`]) {
  test(`${path} names the New Orleans Hornets with the NOH roundel`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('SAS at NOH');
    const meta = page.locator('.entity-meta').first();
    await expect(meta).toContainText('San Antonio Spurs at New Orleans Hornets');
    await expect(meta).not.toContainText('Pelicans');
    const roundel = page.getByRole('img', { name: 'New Orleans Hornets logo' });
    await expect(roundel).toHaveAttribute('src', '/img/teams/noh.png');
    // The roundel is there to be seen: the image loaded.
    expect(await roundel.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(128);
    await expect(page.locator('body')).not.toContainText('New Orleans Pelicans');
  });
}

test('the game page strip and the team rows name the Hornets and link to the team page as today', async ({ page }) => {
  await page.goto(`/stats/game/team/${GAME}`);
  const strip = page.getByTestId('game-header');
  await expect(strip).toContainText('New Orleans Hornets');
  await expect(strip.getByRole('link', { name: 'New Orleans Hornets' })).toHaveAttribute('href', /\/stats\/team\/team\/NOP$/);
  await expect(page.locator('.sa-tbody')).toContainText('New Orleans Hornets');
  // The shot chart's two courts are titled by team.
  const chart = page.locator('.chart-card').first();
  await expect(chart).toContainText('New Orleans Hornets', { timeout: 30_000 });
  await expect(chart).not.toContainText('Pelicans');
});

test("the game finder lists New Orleans' 2012-13 games as the Hornets'", async ({ page }) => {
  await page.goto('/stats/games?season=2012&type=regular&team=NOP');
  await expect(page.getByRole('heading', { name: /New Orleans Hornets, 2012-13/ })).toBeVisible();
  const row = page.locator('tr[data-game="0021200008"]');
  await expect(row).toContainText('NOH');
  await expect(row.locator('img[src="/img/teams/noh.png"]')).toHaveCount(1);
});
