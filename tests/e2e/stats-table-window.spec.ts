/**
 * Lighthouse on a phone: a long stats table draws in full only the rows in and near its box
 * (src/islands/table/rowWindow.ts), the other rows as light rows (their name only), against the built server and the
 * test database (2022-23: 536 players on /stats/players).
 * - After hydration: every row is in the page, but at most ~100 of them are full, and as many sticky name cells (was
 *   536 full rows, 536 sticky cells, ~7,700 elements).
 * - Sorting still orders every row (read by scrolling the box through, as a reader would), the CSV still has every
 *   row, find-in-page finds a name far down and brings its row in full, the arrow keys walk down past the first
 *   window, and a row scrolled into the box is full in the very frame it shows (no flash of a light row).
 * - Shorter tables (a team's players and on/off) are drawn whole.
 * - A game's pages: the strip and box score above the table (from the game's details, fetched) come with the app's
 *   first render, so nothing already shown is pushed down (Lighthouse's layout shift was 0.08 on the team view and
 *   0.4-0.46 on the players view).
 * - At 1366 x 900 and 390 x 844: the players table (top and scrolled), a team page and its on/off; axe over the
 *   whole table box (light rows included).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { columnValues, expect, statsAppReady, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });

/** Opens /stats/players; the rows of the answer the page carries (src/lib/tables/firstViewSeed.ts), read from its HTML. */
async function openPlayers(page: Page): Promise<{ fields: string[]; values: unknown[][] }> {
  const res = await page.goto('/stats/players');
  const html = (await res!.text()) ?? '';
  const seed = /<script type="application\/json" id="stats-first-view">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(seed).toBeTruthy();
  await statsAppReady(page, 60_000);
  return (JSON.parse(seed!) as { rows: { fields: string[]; values: unknown[][] } }).rows;
}

/** Rows drawn in full, light rows, sticky cells and elements in the page. */
const counts = (page: Page) =>
  page.evaluate(() => ({
    rows: document.querySelectorAll('.sa-tbody .sa-row').length,
    full: document.querySelectorAll('.sa-tbody .sa-row:not(.sa-row-light)').length,
    sticky: [...document.querySelectorAll('.sa-table *')].filter((e) => getComputedStyle(e).position === 'sticky').length,
    elements: document.getElementsByTagName('*').length,
  }));

/** The rows visible in the table's box that are light (should be none): checked in the frame after a scroll. */
const lightRowsInBoxAfter = (page: Page, scrollTop: number) =>
  page.locator('.sa-table-wrap').evaluate(
    (wrap, y) =>
      new Promise<string[]>((done) => {
        wrap.scrollTop = y;
        requestAnimationFrame(() => {
          const box = wrap.getBoundingClientRect();
          const light = [...wrap.querySelectorAll<HTMLElement>('.sa-tbody .sa-row')].filter((r) => {
            const b = r.getBoundingClientRect();
            return b.bottom > box.top && b.top < box.bottom && r.classList.contains('sa-row-light');
          });
          done(light.map((r) => r.textContent ?? ''));
        });
      }),
    scrollTop,
  );

for (const size of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${size.width} x ${size.height}`, () => {
    test.use({ viewport: size, ...(size.width < 500 ? { isMobile: true, hasTouch: true } : {}) });

    test('the players table: every row in the page, ~100 drawn in full, no light row shown while scrolling', async ({ page }) => {
      const seed = await openPlayers(page);
      const total = seed.values.length;
      expect(total).toBeGreaterThan(400);
      const c = await counts(page);
      expect(c.rows).toBe(total);
      expect(c.full).toBeGreaterThan(10);
      expect(c.full).toBeLessThanOrEqual(120);
      // one sticky header row's cell and the full rows' name cells: not one per row of the table
      expect(c.sticky).toBeLessThanOrEqual(c.full + 3);
      expect(c.elements).toBeLessThan(4000);

      // Scrolled a third, then to the end: the rows in the box are full in the frame they show.
      const wrap = page.locator('.sa-table-wrap');
      const height = await wrap.evaluate((w) => w.scrollHeight);
      expect(await lightRowsInBoxAfter(page, Math.round(height / 3))).toEqual([]);
      await wrap.scrollIntoViewIfNeeded();
      expect(await lightRowsInBoxAfter(page, height)).toEqual([]);
      // The last player of the answer is the last row, drawn in full with his numbers.
      const names = seed.values.map((v) => String(v[seed.fields.indexOf('name')]));
      const last = page.locator('.sa-tbody .sa-row').last();
      await expect(last.locator('[role="rowheader"]')).toHaveText(names.at(-1)!);
      await expect(last.locator('[role="cell"]').first()).toBeVisible();
      expect((await counts(page)).full).toBeLessThanOrEqual(120);
      // Back to the top: full again there.
      expect(await lightRowsInBoxAfter(page, 0)).toEqual([]);

      // axe over the whole table box, light rows included.
      const results = await new AxeBuilder({ page }).include('.sa-table-wrap').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(
        results.violations.map(
          (v) =>
            `${v.id}: ${v.help} (${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')})`,
        ),
      ).toEqual([]);
    });

    for (const path of ['/stats/game/team/BOS_DEN_2023-01-01_0022200549', '/stats/game/players/BOS_DEN_2023-01-01_0022200549']) {
      test(`${path}: the game's strip comes with the app, nothing shown is pushed down`, async ({ page }) => {
        await page.addInitScript(() => {
          const w = window as unknown as { shifts: { value: number; nodes: string[] }[] };
          w.shifts = [];
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] }[]) {
              if (!e.hadRecentInput)
                w.shifts.push({
                  value: e.value,
                  nodes: (e.sources ?? []).map((src) => (src.node instanceof Element ? src.node.className : String(src.node?.nodeName))),
                });
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(path);
        await statsAppReady(page, 60_000);
        await expect(page.getByTestId('game-header').last()).toBeVisible();
        if (path.includes('/players/')) await expect(page.getByTestId('box-score')).toBeVisible();
        await page.waitForTimeout(500);
        const shifts = await page.evaluate(() => (window as unknown as { shifts: { value: number; nodes: string[] }[] }).shifts);
        // What moved the app's controls or table (the footer far below may move as the page grows).
        const app = shifts.filter((x) => x.nodes.some((n) => /sa-controls|sa-table-wrap|sa-pills/.test(n)));
        expect(app, JSON.stringify(shifts)).toEqual([]);
      });
    }

    for (const path of ['/stats/team/players/BOS', '/stats/team/onoff/BOS']) {
      test(`${path}: a short table drawn whole`, async ({ page }) => {
        await page.goto(path);
        await statsAppReady(page, 60_000);
        const c = await counts(page);
        expect(c.rows).toBeGreaterThan(5);
        expect(c.full).toBe(c.rows);
      });
    }
  });
}

test('sorting orders every row, and the CSV of the view has every row', async ({ page }) => {
  const seed = await openPlayers(page);
  const total = seed.values.length;
  const header = page.locator('.sa-table [role="columnheader"][data-column="usage"]');
  await header.locator('.sa-sort-btn').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  // Sorted by a rate, the players below the minimum are left out until "Show all".
  await page
    .getByTestId('qualifier')
    .getByRole('button', { name: `Show all ${total}` })
    .click();
  await expect(page.locator('.sa-tbody .sa-row')).toHaveCount(total);
  const usage = (await columnValues(page, 'usage')).map((t) => Number.parseFloat(t)).filter((v) => !Number.isNaN(v));
  expect(usage.length).toBeGreaterThan(400);
  expect(usage.every((v, i) => i === 0 || usage[i - 1]! >= v)).toBe(true);
  // The highest usage of the answer's rows (independent of the table) is the first row's.
  const fromSeed = Math.max(...seed.values.map((v) => Number(v[seed.fields.indexOf('usage')])).filter((v) => Number.isFinite(v)));
  expect(usage[0]).toBeCloseTo(fromSeed, 0);
  // Still a bounded number of full rows after sorting.
  expect((await counts(page)).full).toBeLessThanOrEqual(120);

  // The CSV link of this view: every row, in the table's order of names.
  const href = await page.locator('a.sa-csv').getAttribute('href');
  const csv = parse(await (await page.request.get(href!)).text(), { bom: true, columns: true }) as Record<string, string>[];
  expect(csv).toHaveLength(total);
  const names = await page.locator('.sa-tbody .sa-row > :first-child').allTextContents();
  expect(names).toHaveLength(total);
  expect(csv.map((r) => r.Player)).toEqual(names);
});

test('find-in-page finds a name far down the table and brings its row in full; the arrow keys walk past the first window', async ({ page }) => {
  const seed = await openPlayers(page);
  const names = seed.values.map((v) => String(v[seed.fields.indexOf('name')]));
  // A name unique in the table, far below the first window.
  const far = names.slice(400).find((n) => names.filter((m) => m === n).length === 1)!;
  const row = page.locator('.sa-tbody .sa-row', { has: page.getByRole('rowheader', { name: far, exact: true }) });
  await expect(row).toHaveClass(/sa-row-light/);
  // Chromium's window.find searches the page's text as Ctrl+F does and selects the match; it does not scroll there in
  // headless Chromium, so the match is scrolled into view as the find bar would.
  const found = await page.evaluate((n) => {
    const hit = (window as unknown as { find: (s: string) => boolean }).find(n);
    const at = window.getSelection()?.anchorNode?.parentElement;
    at?.scrollIntoView({ block: 'center' });
    return hit ? at?.closest('[role="row"]')?.getAttribute('aria-rowindex') : null;
  }, far);
  expect(found).toBe(String(names.indexOf(far) + 2));
  await expect(row).not.toHaveClass(/sa-row-light/);
  await expect(row.locator('[role="cell"]').first()).toBeInViewport();

  // Keyboard: into the table, then 60 rows down, one arrow at a time.
  await page.getByRole('region', { name: 'Offensive Overview table' }).evaluate((w) => (w.scrollTop = 0));
  await page.getByRole('region', { name: 'Offensive Overview table' }).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  for (let i = 0; i < 60; i++) await page.keyboard.press('ArrowDown');
  const focused = await page.evaluate(() => {
    const cell = document.activeElement as HTMLElement;
    return {
      role: cell.getAttribute('role'),
      row: Number(cell.parentElement!.getAttribute('aria-rowindex')),
      light: cell.parentElement!.classList.contains('sa-row-light'),
    };
  });
  // the second cell of the 61st body row (the header row is row 1)
  expect(focused).toEqual({ role: 'cell', row: 62, light: false });
  await expect(page.locator(':focus')).toBeInViewport();
});

test('an arrow key held down faster than the page paints keeps its column, 150 rows down', async ({ page }) => {
  await openPlayers(page);
  const region = page.getByRole('region', { name: 'Offensive Overview table' });
  await region.evaluate((w) => (w.scrollTop = 0));
  await region.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  // 150 key presses in one task: no frame is painted between them (as a held key on a busy machine), so the box's
  // own scroll events come only after the last; the focus must still move cell by cell in the second column.
  const focused = await page.evaluate(() => {
    for (let i = 0; i < 150; i++) document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }));
    const cell = document.activeElement as HTMLElement;
    const row = cell.parentElement!;
    return {
      role: cell.getAttribute('role'),
      column: [...row.children].indexOf(cell),
      row: Number(row.getAttribute('aria-rowindex')),
      light: row.classList.contains('sa-row-light'),
    };
  });
  expect(focused).toEqual({ role: 'cell', column: 1, row: 152, light: false });
  await expect(page.locator(':focus')).toBeInViewport();
});

test('the arrow keys right after the table box was moved back to the top start from a full row, in the second column', async ({ page }) => {
  await openPlayers(page);
  const region = page.getByRole('region', { name: 'Offensive Overview table' });
  // Far down first, and that window drawn: the top rows are light.
  await region.evaluate((w) => {
    w.scrollTop = w.scrollHeight;
    w.dispatchEvent(new Event('scroll'));
  });
  await expect(page.locator('.sa-tbody .sa-row').first()).toHaveClass(/sa-row-light/);
  // Back to the top and straight into the table with the keys, in one task: the box's own scroll event (with the
  // next frame) has not come, so the window is still far down when the first keys arrive.
  const focused = await region.evaluate((w) => {
    w.scrollTop = 0;
    w.focus();
    const key = (k: string) => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
    key('ArrowDown');
    key('ArrowRight');
    for (let i = 0; i < 10; i++) key('ArrowDown');
    const cell = document.activeElement as HTMLElement;
    const row = cell.parentElement!;
    return {
      role: cell.getAttribute('role'),
      column: [...row.children].indexOf(cell),
      row: Number(row.getAttribute('aria-rowindex')),
      light: row.classList.contains('sa-row-light'),
    };
  });
  expect(focused).toEqual({ role: 'cell', column: 1, row: 12, light: false });
});

test('keys that move no focus leave a scrolled table where it is', async ({ page }) => {
  await openPlayers(page);
  const region = page.getByRole('region', { name: 'Offensive Overview table' });
  await region.evaluate((w) => {
    w.scrollTop = w.scrollHeight / 2;
    w.dispatchEvent(new Event('scroll'));
  });
  await expect(page.locator('.sa-tbody .sa-row').first()).toHaveClass(/sa-row-light/);
  // The box focused, no cell yet: ArrowUp, ArrowLeft, Home and End choose no cell, so nothing jumps to the top.
  const after = await region.evaluate((w) => {
    const before = w.scrollTop;
    w.focus();
    for (const k of ['ArrowUp', 'ArrowLeft', 'Home', 'End']) w.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
    return { before, now: w.scrollTop, focusedBox: document.activeElement === w };
  });
  expect(after.now).toBe(after.before);
  expect(after.before).toBeGreaterThan(1000);
  expect(after.focusedBox).toBe(true);
});
