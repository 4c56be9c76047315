/**
 * Site search as a user does it, in Chromium against the built server and the test database (2012-13, 2022-23):
 * the autocomplete of the stats pages (typing, arrow keys, Enter), the plain GET form of the marketing pages
 * without JavaScript, the /search page. The endpoint's answers, its 400s and the empty search (a 200 with nothing in
 * it): tests/api/search.test.ts.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Results come from the server as you type: on this shared machine give them time. */
const expectSoon = expect.configure({ timeout: 15_000 });

/** The header's combobox, once its island has hydrated. */
async function searchBox(page: Page) {
  await expect(page.locator('astro-island[component-url*="SiteSearch"] input[data-ready="true"]')).toHaveCount(1, { timeout: 20_000 });
  return page.getByRole('combobox', { name: 'Site search' });
}

test.describe.configure({ timeout: 60_000 });

test.describe('with JavaScript (stats pages: autocomplete)', () => {
  test('type part of a name, pick with the keyboard and land on the player', async ({ page }) => {
    await page.goto('/stats/league');
    const box = await searchBox(page);
    await box.pressSequentially('doncic', { delay: 30 });
    const options = page.getByRole('search').getByRole('listbox').getByRole('option');
    await expectSoon(options.first()).toContainText('Luka Doncic');
    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/stats\/player\/profile\/luka_doncic_1629029$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Luka Doncic');
  });

  test('accents and case do not matter; teams by nickname and former abbreviation', async ({ page }) => {
    await page.goto('/stats/players');
    const box = await searchBox(page);
    await box.fill('DONČIĆ');
    await expectSoon(page.getByRole('search').getByRole('option').first()).toContainText('Luka Doncic');
    await box.fill('NJN');
    await expectSoon(page.getByRole('search').getByRole('option').first()).toContainText('Brooklyn Nets');
    await box.fill('celtics');
    const first = page.getByRole('search').getByRole('option').first();
    await expectSoon(first).toContainText('Boston Celtics');
    await expect(first).toContainText('BOS');
    await first.click();
    await expect(page).toHaveURL(/\/stats\/team\/team\/BOS$/);
  });

  test('a nickname finds its player: "kd", then Enter on the first option', async ({ page }) => {
    await page.goto('/stats/league');
    const box = await searchBox(page);
    await box.pressSequentially('kd', { delay: 30 });
    const options = page.getByRole('search').getByRole('listbox').getByRole('option');
    await expectSoon(options.first()).toContainText('Kevin Durant');
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/stats\/player\/profile\/kevin_durant_201142$/);
  });

  test('the compare page adds a player from the type-ahead: a nickname, the keyboard, no results page', async ({ page }) => {
    await page.goto('/stats/compare?p=2544%3A2012-13');
    await expect(page.locator('astro-island[component-url*="PlayerTypeahead"] input[data-ready="true"]')).toHaveCount(1, { timeout: 20_000 });
    const box = page.getByRole('combobox', { name: 'Add a player' });
    await box.pressSequentially('the process', { delay: 30 });
    const options = page.getByRole('listbox').getByRole('option');
    await expectSoon(options.first()).toContainText('Joel Embiid');
    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(/p=2544%3A2012-13&p=203954%3A/);
    await expect(page.getByTestId('compare-card')).toHaveCount(2);
    await expect(page.getByTestId('compare-card').nth(1)).toContainText('Joel Embiid');
  });

  // A slow phone: the island hydrates when the page is idle, after the visitor typed. What was typed is taken over
  // and, the box still focused, its list opens without another keystroke.
  for (const { island, path } of [
    { island: 'SiteSearch', path: '/stats/players' },
    { island: 'PlayerTypeahead', path: '/stats/compare?p=2544%3A2012-13' },
  ]) {
    test(`${island}: "lebr" typed slowly before the island hydrates shows its list once it does`, async ({ page }) => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => new RegExp(`^/_astro/${island}\\.[^/]+\\.js$`).test(url.pathname),
        async (route) => {
          await released;
          await route.continue();
        },
      );
      await page.goto(path);
      const input = page.locator(`astro-island[component-url*="${island}"] input`).first();
      await input.pressSequentially('lebr', { delay: 250 });
      await expect(input).not.toHaveAttribute('data-ready', 'true');
      release();
      await expect(input).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
      await expect(input).toHaveValue('lebr');
      await expect(input).toBeFocused();
      await expectSoon(page.getByRole('listbox').getByRole('option').first()).toContainText('LeBron James');
    });
  }

  test('Enter with nothing highlighted opens the results page', async ({ page }) => {
    await page.goto('/stats/teams');
    const box = await searchBox(page);
    await box.fill('lebron');
    await expectSoon(page.getByRole('search').getByRole('option').first()).toContainText('LeBron James');
    // Seasons in the site's format, not "2012–2022".
    await expect(page.getByRole('search').getByRole('option').first()).toContainText('LAL · 2012-13 to 2022-23');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=lebron$/);
    await expect(page.getByRole('region', { name: 'Players' }).getByRole('link').first()).toHaveText('LeBron James');
  });

  test('on a phone the search box has its own row and the list fits the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/stats/guides');
    const box = await searchBox(page);
    await box.fill('james');
    await expectSoon(page.getByRole('search').getByRole('option').first()).toBeVisible();
    const menu = await page.getByRole('search').getByRole('listbox').boundingBox();
    expect(menu!.x).toBeGreaterThanOrEqual(0);
    expect(menu!.x + menu!.width).toBeLessThanOrEqual(390);
  });
});

test.describe('without JavaScript (a plain GET form)', () => {
  test.use({ javaScriptEnabled: false });

  test('from a marketing page: type, press Enter, open the player', async ({ page }) => {
    await page.goto('/about');
    const box = page.getByRole('search').getByRole('searchbox', { name: 'Site search' });
    await box.fill('lebron');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=lebron$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “lebron”');
    await page.getByRole('region', { name: 'Players' }).getByRole('link', { name: 'LeBron James', exact: true }).click();
    await expect(page).toHaveURL(/\/stats\/player\/profile\/lebron_james_2544$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('LeBron James');
  });

  test('a game by its teams and date', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Site search' }).fill('BOS DEN 2023-01-01');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    const games = page.getByRole('region', { name: 'Games' }).getByRole('link');
    await expect(games).toHaveCount(1);
    await games.first().click();
    await expect(page).toHaveURL(/\/stats\/game\/team\/BOS_DEN_2023-01-01_\d{10}$/);
  });

  test('an empty search is the search page with its hint, a 200 and no error', async ({ page }) => {
    const response = await page.goto('/search?q=');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
    await expect(page.getByText('Players by any part of the name')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('Nothing matches')).toHaveCount(0);
  });

  test('the search box submitted with nothing typed lands on that page, not an error', async ({ page }) => {
    await page.goto('/stats/teams');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=$/);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
  });

  test('player results write seasons as the site does: "2012-13 to 2022-23"', async ({ page }) => {
    await page.goto('/search?q=lebron');
    const lebron = page.getByRole('region', { name: 'Players' }).getByRole('listitem').filter({ hasText: 'LeBron James' });
    await expect(lebron.locator('.meta')).toHaveText(/^LAL · 2012-13 to 2022-23$/);
  });
});
