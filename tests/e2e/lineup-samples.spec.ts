/**
 * Honest samples, as a subscriber sees them in Chromium against the built server and the test
 * database (2012-13, 2022-23), at desktop (1366x900) and phone (390x844) sizes: the lineups page and a player's
 * on/off page show the possessions, the net rating, its luck-adjusted twin and its ± 95% margin; changing the
 * minimum possessions changes the rows listed (exactly those at or above it), stays in the URL through a reload;
 * the page does not scroll sideways on the phone.
 */
import type { Page } from '@playwright/test';
import { seedDemoAccounts } from './accountsHelpers';
import { columnValues, expect, statsAppReady, test } from './fixtures';
import { openPhoneControls } from './phoneControls';

test.describe.configure({ timeout: 120_000 });
test.beforeAll(() => seedDemoAccounts());

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const header = (page: Page, column: string) => page.locator(`.sa-head-row [role="columnheader"][data-column="${column}"]`);

/** The text of every cell of a column, in table order. */
const asNumber = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

/** The page itself never scrolls sideways (the table scrolls inside its own frame). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

async function setMinimum(page: Page, label: string, value: number): Promise<void> {
  const min = page.getByLabel(label);
  await min.fill(String(value));
  await min.press('Enter');
  await expect(page).toHaveURL(new RegExp(`minPoss=${value}`));
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test('lineups: possessions, net, luck-adjusted net and ± 95% beside each other; the minimum decides the rows, in the URL', async ({ page, signedInAs }) => {
      await signedInAs('subscriber');
      await page.goto('/stats/lineups?season=2022');
      await statsAppReady(page, 60_000);
      for (const c of ['poss', 'net_poss', 'net_rtg', 'net_rtg_adj', 'net_rtg_margin']) await expect(header(page, c)).toHaveCount(1);
      const rows = page.locator('.sa-tbody .sa-row');
      await expect(rows.first()).toBeVisible({ timeout: 60_000 });
      const before = (await columnValues(page, 'poss')).map(asNumber);
      expect(Math.min(...before)).toBeGreaterThanOrEqual(100); // the default minimum of the league's lineups
      // The margin reads as a margin: "±" and a number, for every row.
      const margins = await columnValues(page, 'net_rtg_margin');
      expect(margins.every((m) => /^±\d+\.\d$/.test(m.trim()))).toBe(true);
      const adjusted = await columnValues(page, 'net_rtg_adj');
      expect(adjusted.every((t) => /\d/.test(t))).toBe(true);
      await expectNoSidewaysScroll(page);
      if (size.name === 'phone') await openPhoneControls(page);
      await page.locator('.sa-legend').evaluate((e) => e.scrollIntoView());

      // A stricter minimum: exactly the lineups listed before with at least that many possessions remain.
      const min = 400;
      await setMinimum(page, 'Minimum possessions (lineups listed)', min);
      await expect.poll(async () => (await columnValues(page, 'poss')).length, { timeout: 30_000 }).toBe(before.filter((p) => p >= min).length);
      expect(Math.min(...(await columnValues(page, 'poss')).map(asNumber))).toBeGreaterThanOrEqual(min);
      await page.reload();
      await statsAppReady(page, 60_000);
      await expect(page.getByLabel('Minimum possessions (lineups listed)')).toHaveValue(String(min));
      expect((await columnValues(page, 'poss')).length).toBe(before.filter((p) => p >= min).length);

      // A set without a Poss column of its own still shows each lineup's possessions.
      await page.goto(`/stats/lineups?season=2022&minPoss=${min}&metricSet=team-shooting-frequency`);
      await statsAppReady(page, 60_000);
      await expect(header(page, 'poss')).toHaveCount(1);
      await expectNoSidewaysScroll(page);
    });

    test("a player's on/off: net on and off with their margins; the minimum lists the seasons at or above it", async ({ page, signedInAs }) => {
      await signedInAs('subscriber');
      // LeBron James: 2012-13 (MIA) and 2022-23 (LAL) in the test database.
      await page.goto('/stats/player/onoff/lebron_james_2544?season=2012&season=2022');
      await statsAppReady(page, 60_000);
      for (const c of ['poss_on', 'poss_off', 'net_rtg_on', 'net_rtg_adj_on', 'net_rtg_adj_diff', 'net_rtg_margin_on', 'net_rtg_margin_diff']) {
        await expect(header(page, c)).toHaveCount(1);
      }
      const poss = (await columnValues(page, 'poss_on')).map(asNumber);
      expect(poss.length).toBe(2);
      expect((await columnValues(page, 'net_rtg_margin_diff')).every((m) => /^±\d+\.\d$/.test(m.trim()))).toBe(true);
      await expectNoSidewaysScroll(page);
      if (size.name === 'phone') await openPhoneControls(page);
      await page.locator('.sa-legend').evaluate((e) => e.scrollIntoView());

      // Between his two seasons: the smaller one is no longer listed, and the table says so.
      const min = Math.min(...poss) + 1;
      await setMinimum(page, 'Minimum possessions on court (listed and ranked)', min);
      await expect.poll(async () => (await columnValues(page, 'poss_on')).length, { timeout: 30_000 }).toBe(1);
      expect(asNumber((await columnValues(page, 'poss_on'))[0]!)).toBe(Math.max(...poss));
      await expect(page.getByTestId('qualifier')).toContainText('1 below');
      await page.getByRole('button', { name: /Show all 2/ }).click();
      await expect.poll(async () => (await columnValues(page, 'poss_on')).length).toBe(2);
      await expect(page).toHaveURL(/showAll=1/);
      await expectNoSidewaysScroll(page);
    });
  });
}
