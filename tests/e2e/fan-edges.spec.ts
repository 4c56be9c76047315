/**
 * The rough edges a paying fan hits, as he sees them in Chromium against the built server
 * and the test database (2012-13, 2022-23), at desktop (1366x900) and phone (390x844) sizes where it is visual:
 * no preseason offered, the Time Within Game padlock, a sort that leaves with its column, team minutes that read
 * like a box score, /stats/teams sortable with a CSV, the salaries tab's season, payroll and names, and the phone
 * header, definition buttons and name column. (Search: tests/e2e/search.spec.ts.)
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { columnValues, expect, statsAppReady, test } from './fixtures';
import { openPhoneControls } from './phoneControls';

test.describe.configure({ timeout: 90_000 });

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

async function openTable(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await statsAppReady(page, 30_000);
}

/** Open a filter group's popover (its module loads late: give it time on a loaded machine). */
async function openGroup(page: Page, group: string): Promise<void> {
  await page.locator(`[data-group="${group}"]`).click();
  await expect(page.locator('.sa-popover')).toBeVisible({ timeout: 20_000 });
}

const dollars = (text: string) => Number(text.replace(/[^0-9]/g, ''));

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test('the season type filter offers regular season and playoffs, no preseason', async ({ page }) => {
      await openTable(page, '/stats/players');
      if (size.name === 'phone') await openPhoneControls(page);
      await openGroup(page, 'Season');
      const types = page.locator('.sa-popover [data-filter="SeasonType"] .sa-chip');
      await expect(types).toHaveText(['Regular season', 'Playoffs']);
    });

    test('Time Within Game carries a padlock (5 of its 6 filters are locked); Season, all free, none', async ({ page }) => {
      await openTable(page, '/stats/players');
      if (size.name === 'phone') await openPhoneControls(page);
      const lock = page.locator('[data-group="Time Within Game"] .sa-group-lock');
      await expect(lock).toBeVisible();
      await expect(lock).toHaveAttribute('aria-label', 'Some filters need sign-in');
      await expect(page.locator('[data-group="Game"] .sa-group-lock')).toHaveAttribute('aria-label', 'Needs sign-in');
      await expect(page.locator('[data-group="Season"] .sa-group-lock')).toHaveCount(0);
      await openGroup(page, 'Time Within Game');
      await expect(page.locator('.sa-popover [data-filter="Period"] button', { hasText: 'Q4' })).toBeDisabled();
      await expect(page.locator('.sa-popover [data-filter="FilterOutGarbageTime"] button', { hasText: 'Include' })).toBeEnabled();
    });

    test('/stats/teams: headers sort (again: the other way), the form and set links keep the sort, Download CSV is the table shown', async ({
      page,
      browser,
      baseURL,
    }) => {
      await page.goto('/stats/teams');
      const table = page.getByRole('table', { name: 'Teams' });
      const headers = (await table.locator('thead th').allTextContents()).map((h) => h.trim());
      const drtgAt = headers.indexOf('DRtg') + 1;
      const drtgs = async () => (await table.locator(`tbody tr > :nth-child(${drtgAt})`).allTextContents()).map((t) => Number(t.trim().split(/\s+/)[0]));
      await table.getByRole('link', { name: 'DRtg', exact: true }).click();
      await expect(page).toHaveURL(/[?&]sort=drtg&dir=desc/);
      await expect(table.locator('thead th', { hasText: 'DRtg' })).toHaveAttribute('aria-sort', 'descending');
      let values = await drtgs();
      expect(values).toHaveLength(30);
      expect(values).toEqual([...values].sort((a, b) => b - a));
      await table.getByRole('link', { name: 'DRtg', exact: true }).click();
      await expect(page).toHaveURL(/[?&]sort=drtg&dir=asc/);
      values = await drtgs();
      expect(values).toEqual([...values].sort((a, b) => a - b));
      await expect(page.locator('.tt-meta')).toContainText('sorted by DRtg, low to high');
      // The first row's "#" is 1 and it is the best defense.
      await expect(
        table
          .locator('tbody tr')
          .first()
          .locator('.tt-rk')
          .nth(headers.indexOf('DRtg') - 3),
      ).toHaveText('1');
      await page.locator('.tt-meta').scrollIntoViewIfNeeded();

      // The CSV: the same teams in the same order.
      const names = (await table.locator('tbody th.team').allTextContents()).map((t) => t.trim());
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
      expect(download.suggestedFilename()).toBe('teams_overview_2022-23_regular.csv');
      const lines = readFileSync((await download.path())!, 'utf8')
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]!.split(',').slice(0, 4)).toEqual(['Team', 'Team name', 'GP', 'W']);
      expect(lines.slice(1, 31).map((l) => l.split(',')[1])).toEqual(names);
      expect(lines.at(-1)).toMatch(/^,League average,/);

      // A set without DRtg drops the sort; one with the column keeps it (the form too).
      await page.getByRole('navigation', { name: 'Metric sets' }).getByRole('link', { name: 'Efficiency & Four Factors', exact: true }).click();
      await expect(page).not.toHaveURL(/sort=/);
      await table.getByRole('link', { name: 'TOV%', exact: true }).click();
      await expect(page).toHaveURL(/[?&]sort=tov_pct&dir=desc/);
      // The GET form (the page without JavaScript; with it, the filter bar: teams-filter-bar.spec.ts) keeps the sort.
      const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
      const plain = await noScript.newPage();
      await plain.goto(page.url());
      await plain.getByLabel('Season', { exact: true }).selectOption('2012');
      await plain.getByRole('button', { name: 'Apply' }).click();
      await expect(plain).toHaveURL(/season=2012/);
      await expect(plain).toHaveURL(/[?&]sort=tov_pct&dir=desc/);
      await noScript.close();
    });

    test('the salaries tab says which season it shows, keeps "Jr." and ends with the payroll total', async ({ page }) => {
      await openTable(page, '/stats/team/salaries/NOP?season=2012');
      await expect(page.getByTestId('salary-seasons')).toHaveText('2012-13 salaries.');
      const names = await columnValues(page, 'name');
      expect(names).toContain('Roger Mason Jr.');
      expect(names).not.toContain('Roger Mason');
      const salaries = (await columnValues(page, 'salary')).map(dollars);
      const total = page.locator('.sa-tfoot .sa-total-row');
      await expect(total).toHaveCount(1);
      await expect(total.getByRole('rowheader')).toHaveText(`Payroll (${salaries.length} players)`);
      await expect(total).toContainText('2012-13');
      expect(dollars((await total.locator('.sa-num').last().textContent())!)).toBe(salaries.reduce((a, b) => a + b, 0));
      // The total stays last whatever the sort.
      await page.locator('[role="columnheader"][data-column="salary"] .sa-sort-btn').click();
      await expect(page.locator('.sa-table [role="rowgroup"]').last()).toHaveClass(/sa-tfoot/);
      await total.scrollIntoViewIfNeeded();
      // A season without salary data says so (the season asked, not a silent jump).
      await page.goto('/stats/team/salaries/NOP?season=2022');
      await expect(page.getByRole('status').filter({ hasText: 'No salaries after 2019-20' })).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('.sa-pills')).toContainText('2022-23');
    });
  });
}

test('a sort by a column the new metric set lacks leaves the URL; a column both sets have stays', async ({ page }) => {
  await openTable(page, '/stats/players?sort=tov_play_pct&dir=asc');
  await expect(page.locator('.sa-table-meta')).toContainText('sorted by TOV%');
  await page.getByLabel('Metric set').selectOption({ label: 'Foul Drawing' });
  await expect(page.locator('.sa-table')).toHaveAttribute('data-metric-set', 'FoulDrawing', { timeout: 30_000 });
  await expect(page).toHaveURL(/metricSet=foul-drawing/);
  await expect(page).not.toHaveURL(/sort=/);
  await expect(page.locator('.sa-table-meta')).not.toContainText('sorted by');
  // FT% is in Foul Drawing and in Shooting: Overall.
  await page.locator('[role="columnheader"][data-column="ft_pct"] .sa-sort-btn').click();
  await expect(page).toHaveURL(/sort=ft_pct&dir=desc/);
  await page.getByLabel('Metric set').selectOption({ label: 'Shooting: Overall' });
  await expect(page.locator('.sa-table')).toHaveAttribute('data-metric-set', 'ShootingOverall', { timeout: 30_000 });
  await expect(page).toHaveURL(/sort=ft_pct&dir=desc/);
});

test('a team game log reads MIN like a box score: 48:00 a regulation game, 53:00 with one overtime', async ({ page }) => {
  await openTable(page, '/stats/team/gamelog/MIA?season=2012&isGarbageTime=false');
  const minutes = await columnValues(page, 'sec');
  expect(minutes).toHaveLength(82);
  const asSeconds = minutes.map((m) => {
    const [mm, ss] = m.split(':').map(Number);
    return mm! * 60 + ss!;
  });
  // Whatever the team played: never more than the game (3OT: 63:00), never five players' sum (240:00).
  for (const s of asSeconds) expect(s).toBeLessThanOrEqual(63 * 60);
  expect(minutes.filter((m) => m === '48:00').length).toBeGreaterThan(70);
  expect(minutes).toContain('53:00');
});

test.describe('on a phone (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header shows every area link whole, inside the screen', async ({ page }) => {
    for (const path of ['/about', '/stats/players']) {
      await page.goto(path);
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const label of ['Stats', 'Articles', 'About', 'Advice']) {
        const link = nav.getByRole('link', { name: label, exact: true });
        await expect(link).toBeVisible();
        const box = (await link.boundingBox())!;
        expect(box.x, `${label} on ${path}`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${label} on ${path}`).toBeLessThanOrEqual(390);
      }
      // Nothing is cut: the nav does not overflow, and neither does the page.
      expect(await nav.evaluate((n) => n.scrollWidth <= n.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    }
  });

  test('definition buttons are 32+ px tap targets set apart from the sort button; a tap opens the definition, not a sort', async ({ page }) => {
    await openTable(page, '/stats/players');
    const headers = page.locator('.sa-head-row [role="columnheader"]');
    const count = await headers.count();
    expect(count).toBeGreaterThan(5);
    for (let i = 0; i < count; i++) {
      const def = (await headers.nth(i).locator('.sa-def-btn').boundingBox())!;
      const sort = (await headers.nth(i).locator('.sa-sort-btn').boundingBox())!;
      expect(def.width, `header ${i}`).toBeGreaterThanOrEqual(32);
      expect(def.height, `header ${i}`).toBeGreaterThanOrEqual(32);
      expect(def.x - (sort.x + sort.width), `gap in header ${i}`).toBeGreaterThanOrEqual(2);
    }
    await page.locator('[role="columnheader"][data-column="usage"]').getByRole('button', { name: 'What is Usage%?' }).click();
    await expect(page.getByRole('dialog', { name: 'Usage%: definition' })).toBeVisible({ timeout: 15_000 });
    await expect(page).not.toHaveURL(/sort=/);
  });

  test('the sticky name column takes at most 40 % of the screen; long names end in an ellipsis', async ({ page }) => {
    await openTable(page, '/stats/players');
    const first = page.locator('.sa-tbody .sa-row').first().locator('.sa-sticky');
    const box = (await first.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(0.4 * 390);
    expect(box.width).toBeGreaterThanOrEqual(0.3 * 390);
    await expect(page.locator('.sa-thead .sa-sticky')).toHaveCSS('position', 'sticky');
    // Scrolled sideways, the names stay and the numbers pass under them.
    await page.locator('.sa-table-wrap').evaluate((w) => (w.scrollLeft = 300));
    const after = (await first.boundingBox())!;
    expect(Math.abs(after.x - box.x)).toBeLessThan(2);
  });
});
