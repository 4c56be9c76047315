/**
 * An applied lineup filter is named above the table (src/lib/filters/lineupCaption.ts): the spec gives lineup filters no
 * pill, so a screenshot of a filtered table must still say it is filtered. A subscriber opens Denver's players with
 * Nikola Jokic on the floor and Jamal Murray off it (by the URL, as a shared link would); the line names both, the
 * table is described by it, and it goes when the filter is reset. An anonymous visitor's locked filter is not
 * applied, so no line claims it. Desktop 1366x900 and phone 390x844.
 */
import type { Page } from '@playwright/test';
import { seedDemoAccounts } from './accountsHelpers';
import { expect, statsAppReady, test } from './fixtures';

test.describe.configure({ timeout: 90_000 });
test.beforeAll(() => seedDemoAccounts());

const FILTERED = '/stats/team/players/DEN?onCourt=203999&offCourt=1627750';
const LINE = 'Lineup filter: Nikola Jokic on the floor; Jamal Murray off the floor.';

async function openFiltered(page: Page): Promise<void> {
  await page.goto(FILTERED);
  await statsAppReady(page);
}

for (const size of [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`${size.name}: the lineup filter is named above the table, and goes with the filter`, async ({ page, signedInAs }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signedInAs('subscriber');
    await openFiltered(page);
    const caption = page.getByTestId('lineup-caption');
    await expect(caption).toHaveText(LINE, { timeout: 30_000 });
    await expect(caption).toBeVisible();
    // The table is described by the line (read with it by a screen reader).
    await expect(page.getByRole('table')).toHaveAttribute('aria-describedby', 'sa-lineup-caption');
    // It sits above the table, in the first screen with the table's head.
    const captionBox = (await caption.boundingBox())!;
    const tableBox = (await page.locator('.sa-table-wrap').boundingBox())!;
    expect(captionBox.y + captionBox.height).toBeLessThanOrEqual(tableBox.y);
    expect(captionBox.y).toBeLessThan(size.height);
    // Reset: no lineup filter, no line.
    if (size.name === 'phone') await page.getByRole('button', { name: /Metrics and filters/ }).click();
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect(page).not.toHaveURL(/onCourt/);
    await expect(caption).toHaveCount(0);
  });
}

test('an anonymous visitor: the lineup filter is locked, not applied, and no line claims it', async ({ page }) => {
  await openFiltered(page);
  await expect(page.getByTestId('lineup-caption')).toHaveCount(0);
  await expect(page.getByRole('table')).not.toHaveAttribute('aria-describedby', /.+/);
});
