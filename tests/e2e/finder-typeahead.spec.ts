/**
 * The finder's player boxes offer the site's player type-ahead, as the compare page's "Add a player" does: typing
 * part of a name lists the players /api/search finds, the keyboard or a click puts the picked name in the box
 * without sending the form (the conditions are still to be filled in), and the search then answers for that
 * player. The same holds for the lineup filters' boxes of a subscriber ("Off court"). Without JavaScript the box is
 * the plain GET form's field: a name typed and sent is found on the server. Chromium against the built server and
 * the test database (2012-13, 2022-23), at 1366x900 and 390x844.
 */
import path from 'node:path';
import { DEMO, seedDemoAccounts, signIn } from './accountsHelpers';
import { expect, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });
test.beforeAll(() => seedDemoAccounts());

/** Answers come from the server as you type: on a shared machine give them time. */
const expectSoon = expect.configure({ timeout: 15_000 });

/**
 * The form's player boxes once React owns them: "Only this player" and the nine lineup filters. (An island loses
 * its `ssr` mark when hydration starts; a key pressed before hydration ends can be reset by it.)
 */
async function typeaheadsReady(page: import('@playwright/test').Page) {
  await expect(page.locator('astro-island[component-url*="PlayerTypeahead"] input[data-ready="true"]')).toHaveCount(10, { timeout: 20_000 });
}

for (const [width, height] of [
  [1366, 900],
  [390, 844],
] as const) {
  test(`at ${width} px: "Only this player" offers players as you type, the pick fills the box, the search answers for him`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/stats/finder');
    await typeaheadsReady(page);
    const box = page.getByRole('combobox', { name: 'Only this player' });
    await box.pressSequentially('lebr', { delay: 30 });
    const options = page.getByRole('listbox').getByRole('option');
    await expectSoon(options.first()).toContainText('LeBron James');
    await expect(options.first()).toContainText('2012-13 to 2022-23');
    // the list is on screen, inside the page's width
    const menu = await page.getByRole('listbox').boundingBox();
    expect(menu!.x + menu!.width).toBeLessThanOrEqual(width);
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOTS_DIR, `finder-typeahead-${width}.png`) });
    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    // picked: the name in the box, the list closed, the form not sent (the conditions are still to come)
    await expect(box).toHaveValue('LeBron James');
    await expect(options).toHaveCount(0);
    await expect(page).toHaveURL(/\/stats\/finder$/);

    await page.getByTestId('cond-stat-0').selectOption('pts');
    await page.getByTestId('cond-value-0').fill('40');
    await page.getByRole('checkbox', { name: '2012-13' }).check();
    await page.getByTestId('finder-submit').click();
    await expect(page).toHaveURL(/[?&]player=2544(&|$)/);
    await expect(page.getByTestId('finder-search-line')).toContainText('Only LeBron James');
    const who = await page.getByTestId('finder-row').locator('td.who').allTextContents();
    expect(who.length).toBeGreaterThan(0);
    expect(new Set(who.map((w) => w.trim()))).toEqual(new Set(['LeBron James']));
  });
}

test('a subscriber picks a lineup filter\'s player from the type-ahead ("Off court"), with a click', async ({ page }) => {
  await signIn(page, DEMO.subscriber);
  await page.goto('/stats/finder');
  await typeaheadsReady(page);
  await page.locator('summary', { hasText: /^Lineup$/ }).click();
  const box = page.getByRole('combobox', { name: 'Off court' });
  await expect(box).toBeEnabled();
  await box.pressSequentially('jokic', { delay: 30 });
  const option = page.getByRole('listbox').getByRole('option', { name: /Nikola Jokic/ });
  await expectSoon(option).toBeVisible();
  await option.click();
  await expect(box).toHaveValue('Nikola Jokic');
  await expect(page).toHaveURL(/\/stats\/finder$/);
  await page.getByLabel('Only this team').selectOption('DEN');
  await page.getByTestId('cond-stat-0').selectOption('pts');
  await page.getByTestId('cond-value-0').fill('20');
  await page.getByTestId('finder-submit').click();
  await expect(page).toHaveURL(/[?&]off_court=203999(&|$)/);
  await expect(page.getByTestId('finder-search-line')).toContainText('Off court: Nikola Jokic');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test("the player box is the GET form's field: a typed name is found on the server", async ({ page }) => {
    await page.goto('/stats/finder');
    const box = page.getByRole('combobox', { name: 'Only this player' });
    await box.fill('LeBron James');
    await page.getByTestId('cond-stat-0').selectOption('pts');
    await page.getByTestId('cond-value-0').fill('40');
    await page.getByRole('checkbox', { name: '2012-13' }).check();
    await page.getByTestId('finder-submit').click();
    await expect(page).toHaveURL(/[?&]player=2544(&|$)/);
    await expect(page.getByTestId('finder-search-line')).toContainText('Only LeBron James');
  });
});
