/**
 * What the stats pages load after first paint (first-load JS), in Chromium against the built
 * server and the test database: the header search's combobox (downshift, hydrated client:idle) and the column
 * definitions' popover (Radix, ./ColumnDefinition loaded on idle or first use). Each test holds that code back
 * in the network and checks what a user sees meanwhile and once it arrives: the plain search form submits, text
 * typed meanwhile is kept, and a definition asked for by hover, keyboard focus or tap opens when its code does;
 * the filter popovers (./filters/FilterGroupPopover) open from a press or click made before their code arrived.
 * Also what the stats client fetches: a player's details (/api/player_details) only where a chart shows them.
 */
import type { Page, Route } from '@playwright/test';
import { expect, statsAppReady, tabToFirstHeader, test } from './fixtures';

test.describe.configure({ timeout: 90_000 });

/** Results come from the server as you type, code held back arrives when released: on this shared machine give them time. */
const expectSoon = expect.configure({ timeout: 15_000 });

/** Holds every request for /_astro/ files matching `pattern` until release() (then lets them through). */
async function holdBack(page: Page, pattern: RegExp): Promise<{ requested: () => boolean; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(
    (url) => url.pathname.startsWith('/_astro/') && pattern.test(url.pathname),
    async (route: Route) => {
      requested = true;
      await released;
      await route.continue();
    },
  );
  return { requested: () => requested, release };
}

/** Opens the 2012-13 players table with the chunk matching `chunk` held back, once the stats island is ready. */
async function openPlayersHolding(page: Page, chunk: RegExp): ReturnType<typeof holdBack> {
  const held = await holdBack(page, chunk);
  await page.goto('/stats/players?season=2012');
  await statsAppReady(page);
  return held;
}

const header = (page: Page, column: string) => page.locator(`.sa-head-row [role="columnheader"][data-column="${column}"]`);
const searchIsland = (page: Page) => page.locator('astro-island[component-url*="SiteSearch"]');

test.describe('header search before its combobox has loaded', () => {
  test('the form already searches: type, Enter, the results page', async ({ page }) => {
    const combobox = await holdBack(page, /\/SiteSearch\.[^/]*\.js$/);
    await page.goto('/stats/players?season=2012');
    await statsAppReady(page);
    // The table is interactive, the search island is not: its code is held back.
    await expect(searchIsland(page)).toHaveAttribute('ssr', '');
    // the server's form: the combobox's markup, before any script of it has run
    const box = page.getByRole('search').getByRole('combobox', { name: 'Site search' });
    await box.fill('lebron');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=lebron$/);
    await expect(page.getByRole('region', { name: 'Players' }).getByRole('link').first()).toHaveText('LeBron James');
    combobox.release();
  });

  test('text typed before it loads is kept, and the autocomplete takes over in place', async ({ page }) => {
    const combobox = await holdBack(page, /\/SiteSearch\.[^/]*\.js$/);
    await page.goto('/stats/league');
    // the server's form: the combobox's markup, before any script of it has run
    const box = page.getByRole('search').getByRole('combobox', { name: 'Site search' });
    await box.click();
    await box.pressSequentially('donc', { delay: 20 });
    const before = await page.getByRole('search').boundingBox();
    await expect.poll(combobox.requested, { message: 'the combobox is asked for after first paint' }).toBe(true);
    await expect(searchIsland(page)).toHaveAttribute('ssr', '');
    combobox.release();
    await expect(searchIsland(page).locator('input[data-ready="true"]')).toHaveCount(1, { timeout: 20_000 });
    const combo = page.getByRole('combobox', { name: 'Site search' });
    await expect(combo).toHaveValue('donc');
    await expect(combo).toBeFocused();
    // The form did not move when it became the combobox.
    expect(await page.getByRole('search').boundingBox()).toEqual(before);
    // Typing on: the list comes from what was typed before and after.
    await combo.press('End');
    await combo.pressSequentially('ic', { delay: 30 });
    const first = page.getByRole('search').getByRole('listbox').getByRole('option').first();
    await expectSoon(first).toContainText('Luka Doncic');
    await combo.press('ArrowDown');
    await combo.press('Enter');
    await expect(page).toHaveURL(/\/stats\/player\/profile\/luka_doncic_1629029$/);
  });
});

test.describe('column definitions before their popover has loaded', () => {
  test('the table hydrates and sorts without it; a hover then opens the definition', async ({ page }) => {
    const popover = await openPlayersHolding(page, /\/ColumnDefinition\.[^/]*\.js$/);
    await expect.poll(popover.requested, { message: 'loaded when the browser is idle' }).toBe(true);
    // Sorting needs nothing of the popover.
    const firstName = page.locator('.sa-tbody .sa-row').first().locator('[role="rowheader"]');
    const top = await firstName.textContent();
    await header(page, 'usage').locator('.sa-sort-btn').click();
    await expect(header(page, 'usage')).toHaveAttribute('aria-sort', /ascending|descending/);
    await header(page, 'usage').locator('.sa-sort-btn').click();
    await expect.poll(() => firstName.textContent()).not.toBe(top);
    await page.mouse.move(0, 0);
    await header(page, 'tov_play_pct').locator('.sa-sort-btn').hover();
    const dialog = page.getByRole('dialog', { name: 'TOV%: definition' });
    await page.waitForTimeout(600); // past the hover delay: asked for, not here yet
    await expect(dialog).toHaveCount(0);
    popover.release();
    await expectSoon(dialog).toBeVisible();
    await expect(dialog).toContainText('Lower is better.');
    // Moving away closes it; the focus never moved.
    await page.mouse.move(0, 0);
    await expect(dialog).toHaveCount(0);
  });

  test('keyboard focus asks for it, and the definition opens when it arrives', async ({ page }) => {
    const popover = await openPlayersHolding(page, /\/ColumnDefinition\.[^/]*\.js$/);
    await tabToFirstHeader(page);
    const dialog = page.getByRole('dialog', { name: 'Player: definition' });
    await expect(dialog).toHaveCount(0);
    popover.release();
    await expectSoon(dialog).toBeVisible();
    await expect(page.locator(':focus')).toHaveClass(/sa-sort-btn/);
    // Tab to the "i" button, Enter: the focus goes to the guide link; Escape brings it back to the button.
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveAttribute('aria-label', 'What is Player?');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('link', { name: /Guide: Offensive Overview/ })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.locator(':focus')).toHaveAttribute('aria-label', 'What is Player?');
    await expect(page.locator(':focus')).toHaveAttribute('aria-expanded', 'false');
  });

  test.describe('on a touch screen', () => {
    test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

    test('a tap before it has loaded opens it when it arrives; another tap on "i" closes it', async ({ page }) => {
      const popover = await openPlayersHolding(page, /\/ColumnDefinition\.[^/]*\.js$/);
      const info = header(page, 'tov_play_pct').getByRole('button', { name: 'What is TOV%?' });
      await info.scrollIntoViewIfNeeded();
      await info.tap();
      await expect(info).toHaveAttribute('aria-expanded', 'true');
      const dialog = page.getByRole('dialog', { name: 'TOV%: definition' });
      await expect(dialog).toHaveCount(0);
      popover.release();
      await expectSoon(dialog).toBeVisible();
      await expect(info).toHaveAttribute('aria-controls', (await dialog.getAttribute('id'))!);
      // The focus went into it (as a Radix trigger does it).
      await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
      await info.tap();
      await expect(dialog).toHaveCount(0);
      await expect(info).toHaveAttribute('aria-expanded', 'false');
    });
  });
});

test.describe('filter popovers before their code has loaded', () => {
  test('a press that straddles the arrival of the popover code still opens it, and Escape gives the focus back', async ({ page }) => {
    const popover = await openPlayersHolding(page, /\/FilterGroupPopover\.[^/]*\.js$/);
    await expect.poll(popover.requested, { message: 'loaded when the browser is idle' }).toBe(true);
    const season = page.locator('[data-group="Season"]');
    const box = (await season.boundingBox())!;
    // Press while the code is held back, let it arrive, then release: the button under the pointer must be the
    // same element (a button re-mounted in between would lose the click).
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    popover.release();
    await page.waitForResponse((r) => /\/FilterGroupPopover\.[^/]*\.js$/.test(new URL(r.url()).pathname));
    await page.waitForTimeout(300); // the module evaluated and rendered
    await page.mouse.up();
    const dialog = page.getByRole('dialog', { name: 'Season filters' });
    await expectSoon(dialog).toBeVisible();
    await expect(season).toHaveAttribute('aria-expanded', 'true');
    await expect(dialog.getByRole('button', { name: '2012-13' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(season).toBeFocused();
    await expect(season).toHaveAttribute('aria-expanded', 'false');
  });

  test('a click before the code arrives opens the popover when it does', async ({ page }) => {
    const popover = await openPlayersHolding(page, /\/FilterGroupPopover\.[^/]*\.js$/);
    await page.locator('[data-group="Season"]').click();
    const dialog = page.getByRole('dialog', { name: 'Season filters' });
    await page.waitForTimeout(300);
    await expect(dialog).toHaveCount(0);
    popover.release();
    await expectSoon(dialog).toBeVisible();
    // A second click on the button closes it (the button toggles; the popover does not see it as outside).
    await page.locator('[data-group="Season"]').click();
    await expect(dialog).toHaveCount(0);
  });
});

test('player details are fetched only on the player pages whose charts show them', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/player_details') asked.push(r.url());
  });
  for (const view of ['onoff', 'positions', 'lineups']) {
    await page.goto(`/stats/player/${view}/stephen_curry_201939?season=2012`);
    await statsAppReady(page);
    await page.waitForLoadState('networkidle');
  }
  expect(asked).toEqual([]);
  // The profile names him in its shot chart, from those details.
  await page.goto('/stats/player/profile/stephen_curry_201939?season=2012');
  await statsAppReady(page);
  await expectSoon(page.getByRole('img', { name: /^Shot chart: Stephen Curry, 2012-13 regular season/ })).toBeVisible();
  expect(asked.map((u) => new URL(u).searchParams.get('player_id'))).toEqual(['201939']);
});

test('a browser that never finds an idle moment still gets the stats app and the search, within a few seconds', async ({ page }) => {
  // requestIdleCallback that only keeps its deadline: the page's main thread is never idle.
  await page.addInitScript(() => {
    window.requestIdleCallback = ((callback: IdleRequestCallback, options?: IdleRequestOptions) =>
      options?.timeout === undefined
        ? 0
        : window.setTimeout(() => callback({ didTimeout: true, timeRemaining: () => 0 }), options.timeout)) as typeof window.requestIdleCallback;
  });
  await page.goto('/stats/players?season=2012');
  await statsAppReady(page, 15_000);
  await expect(searchIsland(page).locator('input[data-ready="true"]')).toHaveCount(1, { timeout: 15_000 });
});
