/**
 * The finder's date range (/stats/finder, Season group): From and To stand on one line, at 1366x900 with the full
 * archive's 20 season boxes before them (the test database holds two seasons, so the other 18 boxes are added to
 * the list as the full site draws them) and on a 390x844 phone.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The boxes of the seasons the full archive has and the test database does not (2003-04 .. 2021-22, but 2012-13). */
async function fillSeasons(page: Page): Promise<void> {
  await page.locator('.checks.seasons').evaluate((list) => {
    const model = list.querySelector('label')!;
    for (let year = 2021; year >= 2003; year--) {
      if (year === 2012) continue;
      const box = model.cloneNode(true) as HTMLLabelElement;
      const input = box.querySelector('input')!;
      input.value = String(year);
      input.checked = false;
      box.lastChild!.textContent = ` ${year}-${String((year + 1) % 100).padStart(2, '0')}`;
      list.append(box);
    }
  });
  await expect(page.locator('.checks.seasons input')).toHaveCount(20);
}

async function expectOneLine(page: Page): Promise<void> {
  const from = (await page.getByLabel('From', { exact: true }).boundingBox())!;
  const to = (await page.getByLabel('To', { exact: true }).boundingBox())!;
  expect(Math.abs(to.y - from.y), 'From and To on one line').toBeLessThan(1);
  expect(to.x).toBeGreaterThan(from.x + from.width);
  const width = page.viewportSize()!.width;
  expect(to.x + to.width, 'To inside the screen').toBeLessThanOrEqual(width);
}

test('at 1366x900 with 20 seasons, To stays beside From', async ({ page }) => {
  await page.goto('/stats/finder');
  await fillSeasons(page);
  await expectOneLine(page);
  // The range still submits as two filters.
  await page.getByLabel('From', { exact: true }).fill('2023-01-01');
  await page.getByLabel('To', { exact: true }).fill('2023-01-31');
  await page.getByTestId('finder-submit').click();
  await expect(page).toHaveURL(/start_date=2023-01-01/);
  await expect(page).toHaveURL(/end_date=2023-01-31/);
});

test.describe('a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
  test('at 390x844, From and To share a line inside the screen', async ({ page }) => {
    await page.goto('/stats/finder');
    await fillSeasons(page);
    await expectOneLine(page);
    const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(scroll).toBeLessThanOrEqual(client);
  });
});
