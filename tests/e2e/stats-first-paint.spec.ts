/**
 * Lighthouse mobile: what a phone's first paint waits for, and what the largest contentful paint
 * (LCP) is, in Chromium against the built server and the test database, at 390 x 844 and 1366 x 900.
 * - The first paint needs the HTML and at most one stylesheet file (the stats app's, on stats pages): every other
 *   stylesheet is inlined, and the charts' and the with/without matrix's come with their chunks, only where used.
 * - The stats app's code is fetched after the first paint (it hydrates when the browser is idle): with its chunk
 *   held back in the network the server's table, legend and header are painted, then the app takes over.
 * - The LCP element is painted by the server: once the island has replaced the server's table, no LCP entry is an
 *   element of the island (on the team pages its legend used to be, ~1.8 s after the server's first paint).
 */
import type { Page } from '@playwright/test';
import { expect, statsAppReady, test } from './fixtures';

test.describe.configure({ timeout: 90_000 });

/** The stylesheet files the page's HTML links (each one blocks the first paint). */
const linkedStylesheets = (page: Page) => page.locator('head link[rel="stylesheet"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));

/** Every LCP entry Chromium recorded so far: when, how large, and whether its element is in the stats island. */
function lcpEntries(page: Page): Promise<{ at: number; size: number; inIsland: boolean; tag: string }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const seen: { at: number; size: number; inIsland: boolean; tag: string }[] = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { size: number; element: Element | null })[]) {
            seen.push({
              at: e.startTime,
              size: e.size,
              inIsland: Boolean(e.element?.closest('.sa-app')),
              tag: e.element ? `${e.element.tagName}.${e.element.className}` : '(removed)',
            });
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(seen), 300);
      }),
  );
}

for (const size of [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false },
]) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch });

    test("marketing pages link no stylesheet, stats pages only the stats app's; charts bring their own", async ({ page }) => {
      for (const path of ['/', '/about']) {
        await page.goto(path);
        expect(await linkedStylesheets(page), path).toEqual([]);
        // still styled: the inlined sheet sets the site's font
        expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('Inter');
      }
      const sheets: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'stylesheet') sheets.push(new URL(r.url()).pathname);
      });
      await page.goto('/stats/players');
      const linked = await linkedStylesheets(page);
      expect(linked).toHaveLength(1);
      await statsAppReady(page);
      // No chart on the players table: no chart stylesheet either.
      expect(sheets.filter((s) => /charts/.test(s))).toEqual([]);
      // A player's profile draws charts: their stylesheet comes with them and applies.
      await page.goto('/stats/player/profile/lebron_james_2544');
      const card = page.locator('.chart-card').first();
      await expect(card).toBeVisible({ timeout: 30_000 });
      expect(sheets.filter((s) => /charts/.test(s))).toHaveLength(1);
      expect(await card.evaluate((c) => getComputedStyle(c).borderTopStyle)).toBe('solid');
    });

    test("the server's table is painted while the stats app's code is held back, and the app takes over when it comes", async ({ page }) => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let appRequested = false;
      await page.route(
        (url) => /^\/_astro\/StatsApp\.[^/]+\.js$/.test(url.pathname),
        async (route) => {
          appRequested = true;
          await released;
          await route.continue();
        },
      );
      await page.goto('/stats/team/players/BOS');
      // Painted from the HTML alone: the header, the legend and the server's rows.
      await expect(page.getByRole('heading', { level: 1, name: 'Boston Celtics' })).toBeVisible();
      // (A phone folds the legend behind the compact bar, the server's copy as the island's: PhoneControls.tsx.)
      const serverLegend = page.getByTestId('first-view').locator('.sa-legend-pool');
      if (size.name === 'phone') await expect(serverLegend).toBeHidden();
      else await expect(serverLegend).toBeVisible();
      await expect(page.getByTestId('first-view').getByRole('rowheader', { name: 'Jayson Tatum' })).toBeVisible();
      // Hydrated when idle (Astro's client:idle): its code is not fetched and run ahead of the first paint on a slow
      // phone, where it would count in Lighthouse's LCP (on this fast machine both orders paint first, so it is said).
      await expect(page.locator('astro-island[component-url*="StatsApp"]')).toHaveAttribute('client', 'idle');
      // The app takes over once its code comes. (Whether the code was asked for before or after the first paint is
      // a matter of milliseconds on a loaded machine, so it is not asserted: the attribute above says when.)
      await expect.poll(() => appRequested, { timeout: 15_000 }).toBe(true);
      release();
      await statsAppReady(page);
      await expect(page.getByTestId('first-view')).toHaveCount(0);
    });

    for (const path of ['/stats/players', '/stats/team/players/BOS', '/stats/team/onoff/BOS']) {
      test(`${path}: the largest contentful paint is the server's, not the island's`, async ({ page }) => {
        await page.goto(path);
        await statsAppReady(page);
        // The island's legend is up (it repainted the words the server had painted); a phone has it folded behind
        // the compact bar until tapped (PhoneControls.tsx).
        const legend = page.locator('.sa-app .sa-legend-pool');
        if (size.name === 'phone') await expect(legend).toBeAttached();
        else await expect(legend).toBeVisible();
        const entries = await lcpEntries(page);
        expect(entries.length).toBeGreaterThan(0);
        expect(
          entries.filter((e) => e.inIsland),
          JSON.stringify(entries),
        ).toEqual([]);
      });
    }
  });
}
