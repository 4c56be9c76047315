/**
 * The League page's season shortcut and trend chart (src/islands/SeasonShortcut.tsx, charts/LeagueTrendChart.tsx):
 * "All seasons" puts every season the database holds in the table in one tap (the test database holds 2012-13 and
 * 2022-23), "Latest season" goes back; under the table "Every season" draws the chosen metric by season over every
 * season held, even while the table shows one. The chart's points are checked against the League answer of each
 * season asked alone. Desktop 1366x900 and phone 390x844.
 */
import type { Page } from '@playwright/test';
import { expect, statsAppReady, test } from './fixtures';

test.describe.configure({ timeout: 90_000 });

const tableSeasons = (page: Page) => page.locator('.sa-tbody .sa-row > :first-child').allTextContents();

for (const size of [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`${size.name}: All seasons fills the table; the chart shows every season whatever the table`, async ({ page, request }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/stats/league');
    await statsAppReady(page);
    expect(await tableSeasons(page)).toEqual(['2022-23']);

    // The chart, under the table: both seasons held, though the table has one. Its answer (the table's query with
    // every season) gives each season the numbers the League answer of that season alone gives.
    const chart = page.getByTestId('league-trend');
    await expect(chart).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('league-trend-legend')).toContainText('2012-13 to 2022-23 (2 seasons)');
    await expect(page.getByTestId('league-trend-legend')).toContainText('The table shows 2022-23.');
    const [shooting] = await Promise.all([
      page.waitForResponse(
        (r) =>
          r.url().includes('/api/data?') &&
          new URL(r.url()).searchParams.getAll('season').length === 2 &&
          new URL(r.url()).searchParams.get('metric_set') === 'Shooting',
      ),
      chart.getByLabel('Metric').selectOption({ label: 'All 3 (share of shots)' }),
    ]);
    expect(shooting.ok()).toBe(true);
    await expect(chart.locator('svg[role="img"]')).toHaveAttribute(
      'aria-label',
      /^League average: All 3 \(share of shots\) by season, regular season, 2012-13 to 2022-23, line chart$/,
    );
    await expect(chart.locator('circle.chart-dot')).toHaveCount(2);
    const alone = async (season: number) => {
      const answer = await (await request.get(`/api/data?page=League&season=${season}&side=offense&metric_set=Shooting`)).json();
      return answer.data.Shooting;
    };
    const trendBody = await shooting.text();
    for (const season of [2012, 2022]) {
      const [row] = await alone(season);
      expect(row.season_start).toBe(season);
      // The same row (every column) in the every-season answer, whatever its packing.
      for (const value of Object.values(row).filter((v) => typeof v === 'number' && !Number.isInteger(v))) expect(trendBody).toContain(String(value));
    }
    await chart.scrollIntoViewIfNeeded();

    // The shortcut, among the controls (folded behind the compact bar on a phone).
    if (size.name === 'phone') await page.getByRole('button', { name: /Metrics and filters/ }).click();
    const seasons = page.getByRole('group', { name: 'Seasons shown' });
    await expect(seasons.getByRole('button', { name: 'Latest season' })).toHaveAttribute('aria-pressed', 'true');
    await seasons.getByRole('button', { name: 'All seasons' }).click();
    await expect(page).toHaveURL(/season=2012&season=2022/);
    await expect.poll(() => tableSeasons(page), { timeout: 30_000 }).toEqual(['2022-23', '2012-13']);
    await expect(seasons.getByRole('button', { name: 'All seasons' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.sa-pill[data-filter="Season"]')).toContainText('2012-13, 2022-23');
    await seasons.getByRole('button', { name: 'Latest season' }).click();
    await expect.poll(() => tableSeasons(page), { timeout: 30_000 }).toEqual(['2022-23']);
  });
}
