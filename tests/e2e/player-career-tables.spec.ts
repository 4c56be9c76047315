/**
 * The profile's career box-score tables in Chromium against the built server and the test database
 * (2012-13 regular, 2022-23 regular and playoffs), at 1366x900 and 390x844: the four modes switch and the URL
 * keeps the mode (a reload and the stats app's own URL writes too); regular season and playoffs are separate
 * tables, each closed by a career row labelled by the seasons it covers; each CSV download holds the numbers the
 * table shows. LeBron James 2012-13: 76 games, 2,036 points (published); 2022-23 playoffs 16 games, 392 points.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, statsAppReady, test } from './fixtures';

const LEBRON = '/stats/player/profile/lebron_james_2544';
test.describe.configure({ timeout: 90_000 });

/** The career tables' island has hydrated: its buttons answer. */
const careerReady = (page: Page) => expect(page.locator('astro-island[component-url*="CareerTables"]:not([ssr])')).toHaveCount(1, { timeout: 30_000 });

const table = (page: Page, name: string) => page.getByRole('table', { name, exact: true });

/** The cells of a table as text: header labels, then each body row's cells (first cell the label). */
async function cells(t: Locator): Promise<{ header: string[]; rows: string[][] }> {
  const header = (await t.locator('thead th').allTextContents()).map((s) => s.trim());
  const rows = await t.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').trim())));
  return { header, rows };
}

/** The cell under column `label` of the row whose first cell is `first`. */
async function cell(t: Locator, first: string, label: string): Promise<string> {
  const { header, rows } = await cells(t);
  const row = rows.find((r) => r[0] === first);
  expect(row, `row ${first}`).toBeDefined();
  expect(header.indexOf(label), `column ${label}`).toBeGreaterThanOrEqual(0);
  return row![header.indexOf(label)]!;
}

/** A shown number as a number: "2,036" 2036, "56.5%" 56.5, "−3.3" -3.3, "+12" 12, "–" null. */
const num = (text: string): number | null => (text === '–' || text === '' ? null : Number(text.replace(/[,%+]/g, '').replace('−', '-')));

/** Splits one CSV line (fields quoted when they hold a comma). */
const csvFields = (line: string): string[] =>
  [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)].map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"')).slice(0, -1);

/** Downloads a table's CSV and checks it holds the table's labels and numbers, row by row. */
async function expectCsvMatches(page: Page, t: Locator, part: string, fileName: string): Promise<void> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('region', { name: part, exact: true }).getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(fileName);
  const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = text.trim().split('\r\n').map(csvFields);
  const shown = await cells(t);
  // Season, Season type, Age, Team, then the table's columns in its order.
  expect(lines[0]!.slice(4).map((h) => h.replace(/^'/, ''))).toEqual(shown.header.slice(3));
  expect(lines.length - 1).toBe(shown.rows.length);
  shown.rows.forEach((row, i) => {
    const csv = lines[i + 1]!;
    expect(csv[0]).toBe(row[0]);
    expect(csv[2]).toBe(row[1]);
    expect(csv[3]).toBe(row[2]);
    row.slice(3).forEach((v, j) => {
      expect(csv[4 + j] === '' ? null : Number(csv[4 + j]), `${row[0]} ${shown.header[j + 3]}`).toBe(num(v));
    });
  });
}

test('desktop: four modes, the URL keeps the mode, regular and playoff tables with labelled career rows, CSV as shown', async ({ page }) => {
  await page.goto(LEBRON);
  await careerReady(page);
  const modes = page.getByRole('group', { name: 'Career tables: numbers' });
  await expect(modes.getByRole('button', { name: 'Per game' })).toHaveAttribute('aria-pressed', 'true');

  // Per game (the default, left out of the URL): two tables, each with its own career row.
  let regular = table(page, 'Regular season, per game');
  let playoffs = table(page, 'Playoffs, per game');
  await expect(regular).toBeVisible();
  await expect(playoffs).toBeVisible();
  expect((await cells(regular)).rows.map((r) => r[0])).toEqual(['2022-23', '2012-13', 'Career (2012-13 to 2022-23)']);
  expect((await cells(playoffs)).rows.map((r) => r[0])).toEqual(['2022-23', 'Playoffs 2022-23 (earlier playoffs are not in the data)']);
  expect((await cells(regular)).header).toEqual([
    'Season',
    'Age',
    'Team',
    'G',
    'GS',
    'MIN',
    'FGM',
    'FGA',
    'FG%',
    '3PM',
    '3PA',
    '3P%',
    'FTM',
    'FTA',
    'FT%',
    'ORB',
    'DRB',
    'TRB',
    'AST',
    'STL',
    'BLK',
    'TOV',
    'PF',
    'PTS',
    '+/-',
  ]);
  expect(await cell(regular, '2012-13', 'G')).toBe('76');
  expect(await cell(regular, '2012-13', 'Age')).toBe('28'); // born 1984-12-30
  expect(await cell(regular, '2022-23', 'Age')).toBe('38');
  expect(await cell(regular, '2012-13', 'PTS')).toBe('26.8'); // 2,036 / 76
  expect(await cell(regular, 'Career (2012-13 to 2022-23)', 'PTS')).toBe('27.7'); // 3,626 / 131
  expect(await cell(playoffs, '2022-23', 'PTS')).toBe('24.5'); // 392 / 16
  // The Career rates table stays, with its percentiles.
  await expect(page.getByRole('table', { name: 'Career' })).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Career' }).locator('td[class*="pct-band-"]').first()).toBeVisible();
  await expectCsvMatches(page, regular, 'Regular season', 'player-2544_career_per-game_regular.csv');
  await expectNoAxeViolations(page);

  // Totals: the URL says so; the 2012-13 line is his published season.
  await modes.getByRole('button', { name: 'Totals' }).click();
  await expect(page).toHaveURL(/[?&]career=totals(&|$)/);
  regular = table(page, 'Regular season, totals');
  playoffs = table(page, 'Playoffs, totals');
  expect(await cell(regular, '2012-13', 'PTS')).toBe('2,036');
  expect(await cell(regular, 'Career (2012-13 to 2022-23)', 'G')).toBe('131');
  expect(await cell(regular, 'Career (2012-13 to 2022-23)', 'PTS')).toBe('3,626');
  expect(await cell(playoffs, 'Playoffs 2022-23 (earlier playoffs are not in the data)', 'PTS')).toBe('392');
  const trb = Number(await cell(regular, '2012-13', 'ORB')) + Number(await cell(regular, '2012-13', 'DRB'));
  expect(num(await cell(regular, '2012-13', 'TRB'))).toBe(trb);
  await expectCsvMatches(page, playoffs, 'Playoffs', 'player-2544_career_totals_playoffs.csv');

  // Per 36 minutes and per 100 possessions, from the totals.
  const pts = 2036;
  const minutes = num(await cell(regular, '2012-13', 'MIN'))!;
  await modes.getByRole('button', { name: 'Per 36 min' }).click();
  await expect(page).toHaveURL(/[?&]career=per_36(&|$)/);
  regular = table(page, 'Regular season, per 36 min');
  expect(Math.abs(num(await cell(regular, '2012-13', 'PTS'))! - (pts * 36) / minutes)).toBeLessThan(0.1);
  // MIN stays his total minutes (the base of the rate).
  expect(num(await cell(regular, '2012-13', 'MIN'))).toBe(minutes);
  await modes.getByRole('button', { name: 'Per 100 poss' }).click();
  await expect(page).toHaveURL(/[?&]career=per_100(&|$)/);
  regular = table(page, 'Regular season, per 100 poss');
  const per100 = num(await cell(regular, '2012-13', 'PTS'))!;
  expect(per100).toBeGreaterThan(30);
  expect(per100).toBeLessThan(45);
  // A season's link keeps the mode.
  await expect(regular.getByRole('link', { name: '2012-13' })).toHaveAttribute('href', `${LEBRON}?season=2012&career=per_100`);
  // The header says which possessions.
  await expect(page.getByText(/his team's offensive possessions while he was on the floor/)).toBeVisible();
  await expectCsvMatches(page, regular, 'Regular season', 'player-2544_career_per-100_regular.csv');

  // A reload opens the same mode (server-rendered); back to per game leaves the key out.
  await page.reload();
  await careerReady(page);
  await expect(modes.getByRole('button', { name: 'Per 100 poss' })).toHaveAttribute('aria-pressed', 'true');
  await expect(table(page, 'Regular season, per 100 poss')).toBeVisible();
  await modes.getByRole('button', { name: 'Per game' }).click();
  await expect(table(page, 'Regular season, per game')).toBeVisible();
  await expect(page).not.toHaveURL(/career=/);
});

test("the stats app's own URL writes keep the mode beside the filters", async ({ page }) => {
  await page.goto(`${LEBRON}?season=2012&career=totals`);
  await statsAppReady(page);
  await careerReady(page);
  await expect(page).toHaveURL(/\?season=2012&career=totals$/);
  await expect(table(page, 'Regular season, totals')).toBeVisible();
  // The tab links do not carry it: another view has no career tables.
  await expect(page.getByRole('link', { name: 'Game log' })).toHaveAttribute('href', /^\/stats\/player\/gamelog\/lebron_james_2544\?season=2012$/);
});

test('phone 390x844: tables scroll inside their box, narrow sticky first column, tap targets of 32 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${LEBRON}?career=totals`);
  await careerReady(page);
  const regular = table(page, 'Regular season, totals');
  await regular.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const box = page.getByRole('region', { name: 'Regular season table, scrolls sideways' });
  const [scrollW, clientW] = await box.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(scrollW).toBeGreaterThan(clientW);
  // The first column is narrow and stays put when the table scrolls.
  const first = regular.locator('tbody th').first();
  const before = (await first.boundingBox())!;
  expect(before.width).toBeLessThanOrEqual(120);
  await box.evaluate((el) => el.scrollBy({ left: 400 }));
  await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
  expect(Math.round((await first.boundingBox())!.x)).toBe(Math.round(before.x));
  await box.evaluate((el) => el.scrollTo({ left: 0 }));
  // Tap targets: the mode buttons, the CSV links, the season links.
  const targets = [
    ...(await page.getByRole('group', { name: 'Career tables: numbers' }).getByRole('button').all()),
    ...(await page.locator('.career-part').getByRole('link', { name: 'Download CSV' }).all()),
    ...(await regular.locator('tbody th a').all()),
  ];
  expect(targets.length).toBeGreaterThanOrEqual(4 + 2 + 2);
  for (const t of targets) expect((await t.boundingBox())!.height, (await t.textContent()) ?? '').toBeGreaterThanOrEqual(32);
  // The mode buttons fit the screen.
  for (const b of await page.getByRole('group', { name: 'Career tables: numbers' }).getByRole('button').all()) {
    const r = (await b.boundingBox())!;
    expect(r.x + r.width).toBeLessThanOrEqual(390);
  }
  await page.getByRole('group', { name: 'Career tables: numbers' }).getByRole('button', { name: 'Per game' }).click();
  await expect(page).not.toHaveURL(/career=/);
  await expect(table(page, 'Regular season, per game')).toBeVisible();
  await expectNoAxeViolations(page);
});

/** The career section passes axe (WCAG 2 A/AA). */
async function expectNoAxeViolations(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).include('.career').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
