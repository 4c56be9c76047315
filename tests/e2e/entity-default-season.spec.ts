/**
 * A page about something of an earlier season shows that season, not the Season filter's default (the latest with
 * games), which would be an empty table: a player whose last season is earlier (Tim Duncan, last in the test
 * database in 2012-13) opens on it; a 2012-13 game's preview is of 2012-13 whatever the filter (and the season's
 * first game says it has nothing before it). A Season the address names is kept. Chromium against the
 * built server and the test database (2012-13 and 2022-23).
 */
import { expect, test } from './fixtures';

const ROWS = '.sa-tbody .sa-row';

test('a player of earlier seasons opens on his last season, with rows; a season in the address is kept', async ({ page }) => {
  await page.goto('/stats/player/lineups/tim_duncan_1495');
  await expect(page).toHaveURL(/\/stats\/player\/lineups\/tim_duncan_1495\?season=2012$/);
  await expect(page.locator('.sa-table')).toHaveAttribute('data-metric-set', 'Team_FourFactors', { timeout: 30_000 });
  await expect(page.locator(ROWS).first()).toBeVisible();
  await expect(page.locator('.sa-status-empty')).toHaveCount(0);
  // Asked for 2022-23 by name: no redirect (he did not play: the table is empty).
  await page.goto('/stats/player/gamelog/tim_duncan_1495?season=2022');
  await expect(page).toHaveURL(/\?season=2022$/);
  // Once the stats app has started, the address still names 2022-23, though it is the Season filter's default: on
  // his pages an address without a season opens on 2012-13. So does a reload, and the tabs carry it.
  await expect(page.locator('.sa-app[data-started="true"]')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('.sa-status-empty')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/stats\/player\/gamelog\/tim_duncan_1495\?season=2022$/);
  await expect(page.locator('nav.tabs a', { hasText: 'Lineups' })).toHaveAttribute('href', '/stats/player/lineups/tim_duncan_1495?season=2022');
  await page.reload();
  await expect(page).toHaveURL(/\/stats\/player\/gamelog\/tim_duncan_1495\?season=2022$/);
  await expect(page.locator('.sa-pills')).toContainText('2022-23', { timeout: 30_000 });
});

test("a 2012-13 game's preview has both teams' rows of 2012-13 before it; a season's first game says why it has none", async ({ page }) => {
  await page.goto('/stats/gamepreview/IND_TOR_2013-03-01_0021200864');
  await expect(page.locator('.sa-table')).toHaveAttribute('data-metric-set', 'FourFactors', { timeout: 30_000 });
  await expect(page.locator(ROWS)).toHaveCount(2);
  await page.goto('/stats/gamepreview/SAS_NOH_2012-10-31_0021200008');
  await expect(page.locator('.sa-status-empty')).toHaveText('No games before this one in 2012-13: neither team had played yet.', { timeout: 30_000 });
});

test('a player of the latest season keeps the address as asked', async ({ page }) => {
  await page.goto('/stats/player/lineups/jayson_tatum_1628369');
  await expect(page).toHaveURL(/jayson_tatum_1628369$/);
});
