/**
 * The e2e test fixture: every page a test opens is watched for console errors and uncaught page errors,
 * and the test fails if any appeared. Import `test` and `expect` from here, not from @playwright/test.
 *
 * `signedInAs(role)` puts a demo account's session cookie in the test's browser context, so the next page load is
 * signed in: `await signedInAs('subscriber'); await page.goto('/stats/players')` (or another context of the test's:
 * `await signedInAs('admin', context)`). Each worker signs in once per
 * role, over HTTP as a script would (apiSignIn.ts), and every later test of that worker reuses the cookie: no
 * sign-in form and no extra page loads. The session is a row of the accounts store, so a test that signs out,
 * changes the password or the plan of a demo account must sign in through the form instead (its own session);
 * so do the tests whose point is the sign-in form.
 */
import { test as base, expect, type BrowserContext, type BrowserContextOptions, type ConsoleMessage, type Page } from '@playwright/test';
import { signedInContext } from './apiSignIn';
import { DEMO, type Role } from './demoAccounts';
import { lendKeptPage, type KeptPage } from './keptPage';

type Cookie = Awaited<ReturnType<BrowserContext['cookies']>>[number];

export const test = base.extend<
  {
    consoleErrors: string[];
    signedInAs: (role: Role, other?: BrowserContext) => Promise<void>;
    /** Playwright's own fixture (not in its public types): the options of the context it would make for a test. */
    _combinedContextOptions: BrowserContextOptions;
  },
  { roleCookies: Map<Role, Promise<Cookie[]>>; keptPage: { kept?: KeptPage } }
>({
  // The worker's page, lent to one test after another (keptPage.ts); `context` is that page's context.
  keptPage: [
    async ({}, use) => {
      const holder: { kept?: KeptPage } = {};
      await use(holder);
      await holder.kept?.context.close();
    },
    { scope: 'worker' },
  ],
  // The context options as Playwright assembles them for its own page (the project's and the test's `use`, every
  // option it knows): its `_combinedContextOptions` fixture, declared above for the types.
  page: async ({ browser, keptPage, _combinedContextOptions }, use, testInfo) => {
    await lendKeptPage(browser, keptPage, _combinedContextOptions, testInfo, use);
  },
  context: async ({ page }, use) => {
    await use(page.context());
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const onConsole = (msg: ConsoleMessage) => {
        if (msg.type() !== 'error') return;
        // An error page legitimately answers 4xx/5xx: Chromium logs the document's own status as a console error.
        // Tests assert that status themselves; a failed subresource or API call still counts.
        const url = msg.location().url;
        if (/^Failed to load resource: the server responded with a status of \d+/.test(msg.text()) && url === page.url()) return;
        errors.push(`${msg.text()} (${url})`);
      };
      const onPageError = (err: Error) => errors.push(`page error: ${err.message}`);
      page.on('console', onConsole);
      page.on('pageerror', onPageError);
      await use(errors);
      // The page may be lent to the next test (keptPage.ts): this test's listeners go with it.
      page.off('console', onConsole);
      page.off('pageerror', onPageError);
      expect(errors, 'console errors and page errors').toEqual([]);
    },
    { auto: true },
  ],
  // The session cookies of each role this worker has signed in as (the promise, so two uses never sign in twice).
  roleCookies: [
    async ({}, use) => {
      await use(new Map());
    },
    { scope: 'worker' },
  ],
  signedInAs: async ({ context, baseURL, roleCookies }, use) => {
    await use(async (role, other) => {
      let cookies = roleCookies.get(role);
      if (!cookies) {
        cookies = (async () => {
          const api = await signedInContext(baseURL!, DEMO[role]);
          const { cookies: signedIn } = await api.storageState();
          await api.dispose();
          return signedIn;
        })();
        roleCookies.set(role, cookies);
      }
      await (other ?? context).addCookies(await cookies);
    });
  },
});

export { expect };

/**
 * Wait until the stats island has hydrated and shows its whole table. The server renders the first view's rows, so
 * a visible row alone does not mean the controls answer yet: Astro drops the island's `ssr` attribute once hydrated.
 */
export async function statsAppReady(page: Page, timeout = 30_000): Promise<void> {
  await expect(page.locator('astro-island[component-url*="StatsApp"]:not([ssr])')).toHaveCount(1, { timeout });
  await expect(page.locator('.sa-tbody .sa-row').first()).toBeVisible({ timeout });
  // A long table's first fill comes in slices after the first paint (src/islands/table/progressiveRows.ts).
  await expect(page.locator('.sa-table[aria-busy="true"]')).toHaveCount(0, { timeout });
}

/** A body cell of the island's table as a reader sees it: its text and its percentile colour ('' when none). */
export interface TableCell {
  text: string;
  background: string;
}

/**
 * In the page: scrolls the table box from top to bottom, a box's height at a time, reading cell `at` of each row
 * drawn in full; returns the rows in the table, the cells read, in row order, and the scroll positions at which a
 * row in sight was still light (the window did not follow). Synchronous (Playwright's evaluate takes either).
 *
 * Each step sends the box its `scroll` event itself, right after moving it. The browser sends one too, but only
 * with the next frame it paints, and a page on a busy machine (CI, two test workers on two cores) went seconds
 * without painting: the scan then waited up to 5 s a step and ran out the test's 90 s (four CI runs in three
 * sessions). The table's own listener (src/islands/table/rowWindow.ts) draws the rows synchronously in the event,
 * so they can be read at once; a row in sight still light after that is the window not following, reported as such.
 */
function scanColumn(wrap: HTMLElement, at: number): { rows: number; cells: TableCell[]; stuck: number[] } {
  const lightInSight = () => {
    const box = wrap.getBoundingClientRect();
    return [...wrap.querySelectorAll('.sa-tbody .sa-row-light')].some((row) => {
      const r = row.getBoundingClientRect();
      return r.bottom > box.top && r.top < box.bottom;
    });
  };
  const stuck: number[] = [];
  const seen = new Map<number, TableCell>();
  const scrollTo = (y: number) => {
    wrap.scrollTop = y;
    wrap.dispatchEvent(new Event('scroll'));
    if (lightInSight()) stuck.push(wrap.scrollTop);
    for (const row of wrap.querySelectorAll<HTMLElement>('.sa-tbody .sa-row:not(.sa-row-light)')) {
      const cell = row.children[at] as HTMLElement | undefined;
      seen.set(Number(row.getAttribute('aria-rowindex')), { text: cell?.textContent ?? '', background: cell?.style.background ?? '' });
    }
  };
  const start = wrap.scrollTop;
  scrollTo(0);
  // A box's height at a time, until the end or until a step no longer moves it (a box with no height): the
  // caller reads again when rows were missed, rather than this looping for ever.
  for (let steps = 0; wrap.scrollTop + wrap.clientHeight < wrap.scrollHeight - 1 && steps < 1000; steps += 1) {
    const before = wrap.scrollTop;
    scrollTo(before + Math.max(1, wrap.clientHeight));
    if (wrap.scrollTop === before) break;
  }
  scrollTo(start);
  return { rows: wrap.querySelectorAll('.sa-tbody .sa-row').length, cells: [...seen.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => c), stuck };
}

/**
 * One column of the island's table, every body row in order. A long table draws in full only the rows in and near
 * its box (src/islands/table/rowWindow.ts; the others show their name only), so the box is scrolled through as a
 * reader would (scanColumn); every row must have been read (the count of rows in the table). The scan waits until
 * the table is not busy (loading an answer or filling its rows); a table redrawn during a scan anyway (a new
 * answer asked for after it started, e.g. a minimum typed digit by digit) is scanned again, a few times at most.
 */
export async function columnCells(page: Page, column: string): Promise<TableCell[]> {
  const index = await page
    .locator('.sa-head-row [role="columnheader"]')
    .evaluateAll((cells, key) => cells.findIndex((c) => c.getAttribute('data-column') === key), column);
  expect(index, `column ${column}`).toBeGreaterThanOrEqual(0);
  let scan = { rows: 0, cells: [] as TableCell[], stuck: [] as number[] };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await expect(page.locator('.sa-table[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
    scan = await page.locator('.sa-table-wrap').evaluate(scanColumn, index);
    if (scan.cells.length === scan.rows) break;
    await page.waitForTimeout(250);
  }
  expect(scan.stuck, 'scroll positions where a row in sight stayed light (the row window did not follow)').toEqual([]);
  expect(scan.cells, `every row of column ${column} read`).toHaveLength(scan.rows);
  return scan.cells;
}

/** The text of one column of the island's table, every body row in order (columnCells). */
export async function columnValues(page: Page, column: string): Promise<string[]> {
  return (await columnCells(page, column)).map((c) => c.text);
}

/**
 * In the stats app's filter bar: pick 2012-13 and drop 2022-23 (the test database's two seasons), close the
 * popover and apply. The caller checks what the table shows then.
 */
export async function switchSeasonTo2012(page: Page): Promise<void> {
  await page.locator('[data-group="Season"]').click();
  const seasons = page.locator('.sa-popover [data-filter="Season"]');
  await seasons.getByRole('button', { name: '2012-13' }).click();
  await seasons.getByRole('button', { name: '2022-23' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Apply' }).click();
}

/**
 * From the metric-set select, Tab until the keyboard focus is on a column header's sort button (the first one),
 * and check that it got there.
 */
export async function tabToFirstHeader(page: Page): Promise<void> {
  await page.getByLabel('Metric set').focus();
  let onHeader = false;
  for (let i = 0; i < 40 && !onHeader; i++) {
    await page.keyboard.press('Tab');
    onHeader = await page.evaluate(() => document.activeElement?.classList.contains('sa-sort-btn') ?? false);
  }
  expect(onHeader).toBe(true);
}
