/**
 * Lineup filters, units and traded players' on/off, as a subscriber sees them in Chromium against the built server and the test database
 * (2012-13, 2022-23), at desktop (1366x900) and phone (390x844) sizes: "on court with (teammate)" and "against
 * (opponent on court)" as their own labelled choices beside the spec's "on court (either team)"; the lineup
 * picker offering the chosen season's players first, with team and season; 2-, 3- and 4-man units on the lineup
 * pages (in the URL); a traded player's on/off, one row per team.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { seedDemoAccounts } from './accountsHelpers';
import { expect, statsAppReady, test } from './fixtures';
import { openPhoneControls } from './phoneControls';

test.describe.configure({ timeout: 120_000 });
test.beforeAll(() => seedDemoAccounts());

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const isData = (r: Request) => new URL(r.url()).pathname === '/api/data';

async function openLineupGroup(page: Page): Promise<void> {
  await page.locator('[data-group="Lineup"]').click();
  await expect(page.locator('.sa-popover')).toBeVisible({ timeout: 20_000 });
}

/** The lineup cells of the table (first column), as text. */
const lineupCells = (page: Page) => page.locator('.sa-tbody .sa-row > :first-child').allTextContents();

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test('on court: either team, with (teammate) and against (opponent) are three labelled choices; "with Jokic" keeps Denver fives', async ({
      page,
      signedInAs,
    }) => {
      await signedInAs('subscriber');
      await page.goto('/stats/lineups');
      await statsAppReady(page, 60_000);
      if (size.name === 'phone') await openPhoneControls(page);
      await openLineupGroup(page);
      const popover = page.locator('.sa-popover');
      await expect(popover.locator('[data-filter="OnCourt"]')).toContainText('On court (either team)');
      await expect(popover.locator('[data-filter="OnCourtWith"]')).toContainText('On court with (teammate)');
      await expect(popover.locator('[data-filter="OnCourtAgainst"]')).toContainText('Against (opponent on court)');
      const withJokic = popover.locator('[data-filter="OnCourtWith"]');
      await withJokic.getByRole('combobox').fill('jokic');
      await withJokic.getByRole('option', { name: /Nikola Jokic/ }).click();
      await expect(withJokic.locator('.sa-chosen')).toContainText('Nikola Jokic');
      const axe = await new AxeBuilder({ page }).include('.sa-popover').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
      await page.keyboard.press('Escape');
      const sent = page.waitForRequest((r) => isData(r) && new URL(r.url()).searchParams.get('on_court_with') === '203999');
      await page.getByRole('button', { name: 'Apply' }).click();
      await sent;
      await expect(page).toHaveURL(/onCourtWith=203999/);
      await expect(page.locator('.sa-tbody .sa-row').first()).toContainText('Nikola Jokic', { timeout: 60_000 });
      const cells = await lineupCells(page);
      expect(cells.length).toBeGreaterThan(3);
      expect(cells.every((c) => c.includes('Nikola Jokic'))).toBe(true);
      // Every row is a Denver five: the team column says so.
      const teams = await page.locator('.sa-tbody .sa-row > :nth-child(2)').allTextContents();
      expect(new Set(teams.map((t) => t.trim()))).toEqual(new Set(['DEN']));
      // Against him: no Denver five, and none with him in it.
      await page.goto('/stats/lineups?onCourtAgainst=203999&minPoss=10');
      await statsAppReady(page, 60_000);
      const against = await page.locator('.sa-tbody .sa-row > :nth-child(2)').allTextContents();
      expect(against.length).toBeGreaterThan(3);
      expect(against.map((t) => t.trim())).not.toContain('DEN');
      expect((await lineupCells(page)).some((c) => c.includes('Nikola Jokic'))).toBe(false);
    });

    test("the lineup picker offers the chosen season's players first, with team and season; others after, under their heading", async ({
      page,
      signedInAs,
    }) => {
      await signedInAs('subscriber');
      await page.goto('/stats/lineups');
      await statsAppReady(page, 60_000);
      if (size.name === 'phone') await openPhoneControls(page);
      await openLineupGroup(page);
      const onCourt = page.locator('.sa-popover [data-filter="OnCourt"]');
      await onCourt.getByRole('combobox').fill('curry');
      const options = onCourt.getByRole('option');
      await expect(options.first()).toBeVisible();
      const texts = await options.allTextContents();
      const stephen = texts.findIndex((t) => t.startsWith('Stephen Curry'));
      const eddy = texts.findIndex((t) => t.startsWith('Eddy Curry'));
      expect(stephen).toBeGreaterThanOrEqual(0);
      expect(eddy).toBeGreaterThan(stephen);
      expect(texts[stephen]).toContain('GSW 2022-23');
      expect(texts[eddy]).toContain('2012-13');
      await expect(onCourt.locator('.sa-menu-heading')).toHaveText(['Played in 2022-23', 'Other seasons (no possessions in the chosen seasons)']);
    });

    test('2-, 3- and 4-man units: a control on the lineup pages, kept in the URL, each row that many players', async ({ page }) => {
      await page.goto('/stats/team/lineups/DEN');
      await statsAppReady(page, 60_000);
      if (size.name === 'phone') await openPhoneControls(page);
      const picker = page.getByRole('group', { name: 'Players per unit' });
      await expect(picker.getByRole('button', { name: '5-man' })).toHaveAttribute('aria-pressed', 'true');
      for (const size of [2, 3, 4]) {
        const sent = page.waitForRequest((r) => isData(r) && new URL(r.url()).searchParams.get('unit') === String(size));
        await picker.getByRole('button', { name: `${size}-man` }).click();
        await sent;
        await expect(page).toHaveURL(new RegExp(`[?&]unit=${size}`));
        await expect(page.locator('.sa-tbody .sa-row').first()).toBeVisible({ timeout: 60_000 });
        await expect(page.locator('.sa-table[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
        const first = page.locator('.sa-tbody .sa-row').first().locator('.sa-lineup a');
        await expect(first).toHaveCount(size, { timeout: 30_000 });
      }
      await page.getByRole('button', { name: '2-man' }).click();
      await expect(page).toHaveURL(/[?&]unit=2/);
      await page.reload();
      await statsAppReady(page, 60_000);
      if (size.name === 'phone') await openPhoneControls(page);
      await expect(page.getByRole('button', { name: '2-man' })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.locator('.sa-tbody .sa-row').first().locator('.sa-lineup a')).toHaveCount(2, { timeout: 30_000 });
      // The percentile note and the minimum say what is listed.
      await expect(page.getByText(/Ranked against the [\d,]+ 2-man units listed/)).toBeVisible();
      await expect(page.getByText('Minimum possessions (units listed)')).toBeVisible();
      const axe = await new AxeBuilder({ page }).include('.sa-toolbar').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
      // On a phone the unit control wraps under the side and set controls, whole and inside the screen.
      const box = (await picker.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.viewport.width);
      // Other pages have no unit control.
      await page.goto('/stats/team/onoff/DEN');
      await statsAppReady(page, 60_000);
      await expect(page.getByRole('group', { name: 'Players per unit' })).toHaveCount(0);
    });

    test("a traded player's on/off: one row per team (Mikal Bridges 2022-23: PHX, then BKN)", async ({ page }) => {
      await page.goto('/stats/player/onoff/mikal_bridges_1628969');
      await statsAppReady(page, 60_000);
      const rows = page.locator('.sa-tbody .sa-row');
      await expect(rows).toHaveCount(2);
      const teams = (await rows.locator('> :nth-child(2)').allTextContents()).map((t) => t.trim()).sort();
      expect(teams).toEqual(['BKN', 'PHX']);
      for (const season of await rows.locator('> :first-child').allTextContents()) expect(season.trim()).toBe('2022-23');
    });
  });
}
