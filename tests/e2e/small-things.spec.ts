/**
 * The small things of the stats tables, as a user sees them in Chromium (built server, test database 2012-13 and 2022-23):
 * minutes, the salaries tab's season, empty states that say why, the expiry page, one position vocabulary, team rows
 * without player-only columns, and the phone sub-nav that shows it scrolls.
 */
import type { Page } from '@playwright/test';
import { seedDemoAccounts } from './accountsHelpers';
import { columnValues, expect, statsAppReady, test } from './fixtures';

test.describe.configure({ timeout: 90_000 });

async function openTable(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await statsAppReady(page, 30_000);
}

test('minutes: whole minutes on season tables, m:ss on game lines', async ({ page }) => {
  await openTable(page, '/stats/players');
  const season = await columnValues(page, 'sec');
  expect(season.length).toBeGreaterThan(100);
  for (const v of season.slice(0, 20)) expect(v).toMatch(/^\d{1,3}(,\d{3})*$/);
  await openTable(page, '/stats/player/gamelog/lebron_james_2544');
  const games = await columnValues(page, 'sec');
  // one line per game he played in 2022-23, the default season: 55 (published season total)
  expect(games).toHaveLength(55);
  for (const v of games) expect(v).toMatch(/^\d{1,2}:\d{2}$/);
});

// The test database holds 2012-13 and 2022-23: the latest of them with salary data (to 2019-20) is 2012-13
// (src/lib/site/site.ts salaryOpeningSeason; the full database opens on 2019-20).
test('the Salaries tab opens on the latest season held with salary data; later seasons say why they are empty', async ({ page }) => {
  await page.goto('/stats/team/salaries/MIA');
  await expect(page).toHaveURL(/[?&]season=2012(&|$)/);
  await expect(page.locator('.sa-pills')).toContainText('2012-13');
  await page.goto('/stats/team/salaries/MIA?season=2022');
  await expect(page.getByRole('status').filter({ hasText: 'No salaries after 2019-20' })).toBeVisible({ timeout: 20_000 });
});

test('playoffs before 2013-14 say why the table is empty', async ({ page }) => {
  await page.goto('/stats/players?season=2012&seasonType=playoffs');
  await expect(page.getByRole('status').filter({ hasText: 'No playoffs before 2013-14' })).toBeVisible({ timeout: 20_000 });
});

test('the expiry page says what really happens while the plan is expired', async ({ page, signedInAs }) => {
  seedDemoAccounts();
  await signedInAs('expired');
  await page.goto('/stats/players');
  await expect(page).toHaveURL(/\/subscription_expiration$/);
  const lede = page.locator('.page-head');
  await expect(lede).toContainText("the site's other pages bring you back here");
  await expect(lede).not.toContainText('you can still read every page');
  // And it is true: another page brings him back.
  await page.goto('/stats/teams');
  await expect(page).toHaveURL(/\/subscription_expiration$/);
  await expect(page.getByRole('link', { name: 'Sign out and read with the free filters' })).toHaveAttribute('href', '/signout');
});

test('one position vocabulary: the positions tab and the tables both say point ... big', async ({ page }) => {
  await openTable(page, '/stats/player/positions/lebron_james_2544?season=2012');
  const slots = await columnValues(page, 'position');
  expect(slots.length).toBeGreaterThan(0);
  for (const s of slots) expect(['Point', 'Combo', 'Wing', 'Forward', 'Big']).toContain(s);
  await openTable(page, '/stats/players');
  const groups = new Set(await columnValues(page, 'position'));
  for (const g of groups) expect(['Point', 'Combo', 'Wing', 'Forward', 'Big', '–']).toContain(g);
});

test('team rows show no player-only columns; player rows keep them', async ({ page }) => {
  // (a game log opens on its box-score line: the rate set that has the player-only columns is asked for)
  await openTable(page, '/stats/team/gamelog/BOS?metricSet=offensive-overview');
  await expect(page.locator('.sa-table [role="columnheader"][data-column="pts_per_100"]')).toBeVisible();
  await expect(page.locator('.sa-table [role="columnheader"][data-column="usage"]')).toHaveCount(0);
  await expect(page.locator('.sa-table [role="columnheader"][data-column="ast_usg"]')).toHaveCount(0);
  await openTable(page, '/stats/player/gamelog/jayson_tatum_1628369?metricSet=offensive-overview');
  await expect(page.locator('.sa-table [role="columnheader"][data-column="usage"]')).toBeVisible();
});

test('on a phone the stats sub-nav shows that it scrolls and reaches Guides', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/stats/teams');
  const nav = page.getByRole('navigation', { name: 'Stats', exact: true });
  const guides = nav.getByRole('link', { name: 'Guides' });
  const overflow = await nav.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, bg: getComputedStyle(el).backgroundImage }));
  expect(overflow.scroll).toBeGreaterThan(overflow.client);
  expect(overflow.bg).toContain('linear-gradient'); // the glowing edge on the side with more links
  expect((await guides.boundingBox())!.x).toBeGreaterThan(390 - 40);
  await nav.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(guides).toBeInViewport();
  await guides.click();
  await expect(page).toHaveURL(/\/stats\/guides$/);
});
