/**
 * A phone's first screen (390x844): on every stats page kind the first data row of the page's main table starts
 * within 700 px of the top of the page, the compact bar sums up the applied filters and opens and closes from the
 * keyboard, a filter applied from it changes the table, and at 1366x900 the filter bar shows without a tap. The phone
 * layout passes axe (WCAG 2 A/AA) with its disclosures closed and open.
 */

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function axeViolations(page: Page): Promise<string[]> {
  // The table's cells: axe takes a while on them on a shared machine; they are checked by the stats-ui a11y spec.
  const results = await new AxeBuilder({ page }).withTags(WCAG).exclude('.sa-tbody').exclude('.pbp-log tbody').analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
import AxeBuilder from '@axe-core/playwright';
import { test, expect, statsAppReady } from './fixtures';
import type { Page } from '@playwright/test';
import { PAGE_KINDS, type PageKind } from '../../src/lib/site/pageKinds';
import { GAME, PHONE_PAGES as PAGES } from './phonePages';

const PHONE = { width: 390, height: 844 };
const FIRST_SCREEN = 700;
/** The top of the first data row, from the top of the page, once the page has settled (app started, rows in). */
async function firstRowTop(page: Page, kind: PageKind, row: string): Promise<number> {
  if (kind !== 'GamePlayByPlay') await expect(page.locator('.sa-app[data-started="true"]')).toHaveCount(1, { timeout: 30_000 });
  if (kind !== 'GamePlayByPlay' && kind !== 'TeamWowy') await statsAppReady(page);
  const first = page.locator(row).first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  return first.evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY));
}

test.describe('a phone (390x844)', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('every stats page kind is listed here', () => {
    expect(Object.keys(PAGES).sort()).toEqual(PAGE_KINDS.filter((k) => k !== 'NonStats').sort());
  });

  for (const [kind, { path, row }] of Object.entries(PAGES) as [PageKind, { path: string; row: string }][]) {
    test(`${kind}: the main table's first row is on the first screen`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.goto(path);
      const top = await firstRowTop(page, kind, row);
      expect(top, `${path}: first row at ${top} px`).toBeLessThanOrEqual(FIRST_SCREEN);
    });
  }

  test('the compact bar sums up the filters, opens and closes from the keyboard', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/stats/players');
    await statsAppReady(page);
    const bar = page.getByRole('button', { name: /Metrics and filters/ });
    await expect(bar).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('phone-summary')).toHaveText(/2022-23 · Regular season/);
    // Closed, the filter bar, the pills and the legend are not shown (nor read).
    await expect(page.getByRole('toolbar', { name: 'Filters' })).toBeHidden();
    await expect(page.locator('.sa-legend')).toBeHidden();
    await bar.focus();
    await page.keyboard.press('Enter');
    await expect(bar).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('toolbar', { name: 'Filters' })).toBeVisible();
    await expect(page.locator('.sa-legend')).toBeVisible();
    await expect(page.getByLabel('Metric set')).toBeVisible();
    // Tab moves into the controls; Escape there closes them and gives the focus back to the bar.
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Metric set')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(bar).toHaveAttribute('aria-expanded', 'false');
    await expect(bar).toBeFocused();
    await expect(page.getByRole('toolbar', { name: 'Filters' })).toBeHidden();
    await page.keyboard.press('Space');
    await expect(bar).toHaveAttribute('aria-expanded', 'true');
  });

  test('a filter applied from the compact bar changes the table and its summary', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/stats/players');
    await statsAppReady(page);
    await expect(page.locator('.sa-tbody')).not.toContainText('Kevin Garnett');
    const bar = page.getByRole('button', { name: /Metrics and filters/ });
    await bar.click();
    await page.locator('[data-group="Season"]').click();
    const seasons = page.locator('.sa-popover [data-filter="Season"]');
    await seasons.getByRole('button', { name: '2012-13' }).click();
    await seasons.getByRole('button', { name: '2022-23' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/stats\/players\?season=2012$/);
    // Applied: the controls fold, the bar has the focus and says what the table now shows.
    await expect(bar).toHaveAttribute('aria-expanded', 'false');
    await expect(bar).toBeFocused();
    await expect(page.getByTestId('phone-summary')).toHaveText(/2012-13 · Regular season/);
    await expect(page.locator('.sa-tbody')).toContainText('Kevin Garnett', { timeout: 30_000 });
  });

  test('the box score shows PTS right after the name', async ({ page }) => {
    await page.goto(`/stats/game/players/${GAME}`);
    const head = page.getByTestId('box-score-away').locator('thead th');
    await expect(head.nth(0)).toHaveText('Player', { timeout: 30_000 });
    await expect(head.nth(1)).toHaveText('PTS');
  });
});

test.describe('a phone, accessibility (axe)', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('a player page with its controls and bio closed, then open (the bio facts from their summary)', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/stats/player/profile/lebron_james_2544');
    await statsAppReady(page);
    const facts = page.getByRole('definition').filter({ hasText: '250 lb' });
    await expect(facts).toBeHidden();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /Metrics and filters/ }).click();
    await page.getByText('Bio, 2022-23').click();
    await expect(facts).toBeVisible();
    await expect(page.getByRole('toolbar', { name: 'Filters' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the play-by-play and the with/without matrix', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(`/stats/game/playbyplay/${GAME}`);
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/stats/team/wowy/MIA');
    await expect(page.locator('[data-testid="wowy"] tbody tr').first()).toBeVisible({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('wowy-options').locator('summary').click();
    await expect(page.getByTestId('wowy-n')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('the play-by-play without JavaScript', () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  test('jump links take the reader to each period, and the plays start on the first screen', async ({ page }) => {
    await page.goto(`/stats/game/playbyplay/${GAME}`);
    const jump = page.getByRole('navigation', { name: "Jump to a period's plays" });
    await expect(jump.getByRole('link')).toHaveText(['Q1', 'Q2', 'Q3', 'Q4']);
    const top = await page
      .locator('.pbp-log tbody tr')
      .first()
      .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    expect(top).toBeLessThanOrEqual(FIRST_SCREEN);
    await jump.getByRole('link', { name: 'Q3' }).click();
    // The play the link points to is the third period's first, and it is in view.
    const target = page.locator('.pbp-log tr:target');
    await expect(target).toHaveAttribute('data-period', '3');
    await expect(target).toContainText('Q3 12:00');
    await expect(target).toBeInViewport();
    // The charts are one tap away.
    await expect(page.getByRole('heading', { name: 'Game flow' })).toBeHidden();
    await page.getByText('Win probability, game flow and stints').click();
    await expect(page.getByRole('heading', { name: 'Game flow' })).toBeVisible();
  });
});

test.describe('a desktop (1366x900)', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('the filter bar, legend and bio show without a tap; no compact bar', async ({ page }) => {
    await page.goto('/stats/player/profile/lebron_james_2544');
    await statsAppReady(page);
    await expect(page.getByRole('toolbar', { name: 'Filters' })).toBeVisible();
    await expect(page.getByLabel('Metric set')).toBeVisible();
    await expect(page.locator('.sa-pills')).toBeVisible();
    await expect(page.getByTestId('phone-controls')).toBeHidden();
    await expect(page.getByRole('definition').filter({ hasText: '250 lb' })).toBeVisible();
    await expect(page.getByText('Bio, 2022-23')).toBeHidden();
  });

  test('the play-by-play charts and the box score order are as before', async ({ page }) => {
    await page.goto(`/stats/game/playbyplay/${GAME}`);
    await expect(page.getByRole('heading', { name: 'Game flow' })).toBeVisible();
    await expect(page.getByText('Win probability, game flow and stints')).toBeHidden();
    await page.goto(`/stats/game/players/${GAME}`);
    const head = page.getByTestId('box-score-away').locator('thead th');
    await expect(head.nth(1)).toHaveText('MIN', { timeout: 30_000 });
  });
});
