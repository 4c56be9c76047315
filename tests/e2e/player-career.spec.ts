/**
 * The player profile's bio header and "Career" table in Chromium against the built server and the test database
 * (2012-13 and 2022-23). Numbers checked against published facts: LeBron James 2012-13 (76 games, 2,036 points,
 * age 28, salary $17,545,000) and 2022-23 (55 games, 1,590 points), first pick of the 2003 draft. The endpoint's
 * rows and its 404 and 400: tests/api/career.test.ts; the table on a phone: player-career-tables.spec.ts.
 */
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';

test.describe.configure({ timeout: 90_000 });

/** The text of a row's cell under the column headed `label`. */
async function cell(table: Locator, row: Locator, label: string): Promise<string> {
  const headers = await table.locator('thead th').allTextContents();
  const i = headers.findIndex((h) => h.trim() === label);
  expect(i, `column ${label}`).toBeGreaterThanOrEqual(0);
  return (await row.locator('th, td').nth(i).textContent())!.trim();
}

test('LeBron James: bio of the season shown and every season in "Career", whatever the filter', async ({ page }) => {
  await page.goto('/stats/player/profile/lebron_james_2544?season=2012');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('LeBron James');
  const bio = page.getByRole('definition');
  const fact = (label: string) => page.locator('.facts div', { has: page.locator('dt', { hasText: label }) }).locator('dd');
  await expect(bio.first()).toBeVisible();
  await expect(fact('Age in 2012-13')).toHaveText('28');
  await expect(fact('Draft')).toHaveText('2003, round 1, pick 1');
  await expect(fact('Salary 2012-13')).toHaveText('$17,545,000');
  await expect(fact('Team 2012-13')).toHaveText('Miami Heat');
  await expect(fact('Team 2012-13').getByRole('link')).toHaveAttribute('href', '/stats/team/players/MIA');
  await expect(fact('Position')).toContainText('listed');

  const career = page.getByRole('table', { name: 'Career' });
  await expect(career).toBeVisible();
  const row = (season: string, type: string) => career.locator('tbody tr', { has: page.locator('th', { hasText: season }) }).filter({ hasText: type });
  // The filter says 2012-13, the Career table still has his 2022-23 seasons.
  const r2012 = row('2012-13', 'Regular season');
  await expect(r2012).toHaveCount(1);
  expect(await cell(career, r2012, 'GP')).toBe('76');
  expect(await cell(career, r2012, 'PTS')).toBe('2,036');
  expect(await cell(career, r2012, 'MIN')).toMatch(/^\d{1,3}(,\d{3})*$/); // whole minutes
  const r2022 = row('2022-23', 'Regular season');
  expect(await cell(career, r2022, 'GP')).toBe('55');
  expect(await cell(career, r2022, 'PTS')).toBe('1,590');
  await expect(row('2022-23', 'Playoffs')).toHaveCount(1);
  const total = row('Career', 'Regular season');
  expect(await cell(career, total, 'GP')).toBe('131');
  expect(await cell(career, total, 'PTS')).toBe('3,626');
  // Percentiles against his position group that season: in the title and in text, not in colour alone.
  const coloured = r2012.locator('td[class*="pct-band-"]');
  expect(await coloured.count()).toBeGreaterThan(3);
  await expect(coloured.first()).toHaveAttribute('title', /percentile among Forward players, 2012-13 regular season/);

  // The filter-driven table stays, showing the filter's season.
  await expect(page.locator('.sa-tbody .sa-row')).toHaveCount(1, { timeout: 20_000 });
  await expect(page.locator('.sa-tbody .sa-row').first()).toContainText('2012-13');

  // A season link of the Career table opens the profile filtered to that season.
  await r2022.getByRole('link', { name: '2022-23' }).click();
  // (2022-23 is the default season: the stats app drops it from the URL.)
  await expect(page).toHaveURL(/\/stats\/player\/profile\/lebron_james_2544(\?season=2022)?$/);
  await expect(fact('Age in 2022-23')).toHaveText('38');
  // No salary data after 2019-20: no salary line, rather than a headline saying there is none.
  await expect(page.getByTestId('player-header').getByText('Salary', { exact: false })).toHaveCount(0);
});
