/**
 * The win-probability chart on a game's Play-by-play tab (SAC at DEN, April 9, 2023, 95-109) at 1366 and
 * 390 px: drawn on the server with a title and description, ending at 100 % for the home winner, the biggest
 * swings listed and linked to their play (a link opens the play-by-play at that row); the page does not scroll
 * sideways on a phone; no axe violation in the section. Then, signed in as a subscriber, the Leverage filter on
 * the players table: applied from the filter popover, it changes the rows, goes into the URL and survives a
 * reload; and the article with its figures and calibration plot at phone size.
 */
import AxeBuilder from '@axe-core/playwright';
import { seedDemoAccounts } from './accountsHelpers';
import { expect, statsAppReady, test } from './fixtures';

const SAC_DEN = '/stats/game/playbyplay/SAC_DEN_2023-04-09_0022201227';

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 900 }, variant: 'wide' },
  { name: 'phone', viewport: { width: 390, height: 844 }, variant: 'narrow' },
] as const;

for (const size of SIZES) {
  test.describe(`win-probability chart at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test('drawn to the final buzzer, swings linked to their plays', async ({ page }) => {
      test.setTimeout(60_000);
      await page.goto(SAC_DEN);
      // A phone shows the plays first, the charts folded behind one summary (PlayByPlayView.astro).
      if (size.name === 'phone') await page.getByText('Win probability, game flow and stints').click();
      const section = page.getByTestId('wp-section');
      await expect(section.getByRole('heading', { name: 'Win probability' })).toBeVisible();
      const chart = section.locator(`[data-testid="win-probability"][data-variant="${size.variant}"]`);
      await expect(chart).toBeVisible();
      // Only one drawing is shown at a size.
      await expect(section.locator('[data-testid="win-probability"]:visible')).toHaveCount(1);
      const svg = chart.locator('svg');
      // A group (it holds the swing links) named by its title and described by its description.
      await expect(svg).toHaveAttribute('role', 'group');
      await expect(page.getByRole('group', { name: 'Win probability: SAC at DEN' })).toBeVisible();
      await expect(svg.locator('title')).toHaveText('Win probability: SAC at DEN');
      await expect(svg.locator('desc')).toContainText('ended at 100% (win)');
      // Denver won at home: the line ends at 100 %.
      await expect(svg).toHaveAttribute('data-final-wp', '1');
      expect(Number(await svg.getAttribute('data-points'))).toBeGreaterThan(150);
      const swings = section.getByTestId('wp-swings').locator('li');
      await expect(swings).toHaveCount(5);
      await expect(chart.locator('.wp-marker')).toHaveCount(5);
      // The phone drawing fits the screen: no sideways scroll of the page.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const axe = await new AxeBuilder({ page }).include('[data-testid="wp-section"]').analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

      // The biggest swing's link opens the play-by-play at its play.
      const changes = await swings.evaluateAll((items) => items.map((li) => Math.abs(Number(li.getAttribute('data-change')))));
      const biggest = changes.indexOf(Math.max(...changes));
      const link = swings.nth(biggest).locator('a');
      const seq = await link.getAttribute('data-seq');
      const playText = (await link.textContent())!.trim();
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${SAC_DEN}#ev-${seq}$`));
      const row = page.locator(`#ev-${seq}`);
      await expect(row).toBeInViewport();
      // The row is the play the swing names.
      const rowText = (await row.locator('.pbp-text').allTextContents())
        .map((t) => t.trim())
        .filter(Boolean)
        .join(' / ');
      expect(rowText.replace(/\s+\d+-\d+$/, '')).toContain(playText.split(' / ')[0]!);
      // A marker in the chart links to the same kind of place.
      expect(await chart.locator('.wp-marker').first().getAttribute('href')).toMatch(new RegExp(`^${SAC_DEN}#ev-\\d+$`));
    });
  });
}

test.describe('leverage filter on the players table', () => {
  test.describe.configure({ timeout: 120_000 });
  test.beforeAll(() => seedDemoAccounts());

  test('applied from the popover it changes the rows, goes into the URL and survives a reload', async ({ page, signedInAs }) => {
    await signedInAs('subscriber');
    await page.goto('/stats/players');
    await statsAppReady(page, 60_000);
    const firstRows = async () => (await page.locator('.sa-tbody .sa-row').allTextContents()).slice(0, 5).join('\n');
    const before = await firstRows();
    await page.locator('[data-group="Time Within Game"]').click();
    const leverage = page.locator('.sa-popover [data-filter="Leverage"]');
    await expect(leverage).not.toContainText('Needs the Stats plan');
    await leverage.getByRole('button', { name: 'Very high' }).click();
    await expect(page.locator('.sa-popover [data-filter="Clutch"]')).toBeVisible();
    const next = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/data' && new URL(r.url()).searchParams.get('leverage') === 'very_high', {
      timeout: 60_000,
    });
    await page.getByRole('button', { name: 'Apply' }).click();
    await next;
    await expect(page).toHaveURL(/leverage=very_high/);
    await statsAppReady(page, 90_000);
    await expect(page.locator('.sa-pill[data-filter="Leverage"]')).toContainText('Very high');
    const after = await firstRows();
    expect(after).not.toBe(before);

    await page.reload();
    await statsAppReady(page, 90_000);
    await expect(page).toHaveURL(/leverage=very_high/);
    await expect(page.locator('.sa-pill[data-filter="Leverage"]')).toContainText('Very high');
    expect(await firstRows()).toBe(after);
  });
});

test.describe('the article at phone size', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('explains the model with its held-out figures and the calibration plot', async ({ page }) => {
    await page.goto('/articles/win-probability');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Win probability');
    const plot = page.getByRole('img', { name: /Calibration plot/ });
    await expect(plot).toBeVisible();
    expect(await plot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByRole('cell', { name: 'Baseline (margin and time only)' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Very high', exact: true })).toBeVisible();
  });
});
