/**
 * The game page's Play-by-play tab at desktop (1366x900) and phone (390x844) sizes, on the test
 * database: SAC at DEN, April 9, 2023 (95-109) and UTA at TOR, November 12, 2012 (three overtimes). Checked: the
 * tab is in the game's tab bar and server-rendered (the page without JavaScript has the chart, the stints and
 * the events); the chart ends at the header's margin and has a title and description; each team's stints add up
 * to the header's score and the game's length; the quarter and player filters narrow the events (the page's own
 * form, submitted on change); the stints CSV carries the table's cells; no axe violation.
 */
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

const SAC_DEN = '/stats/game/playbyplay/SAC_DEN_2023-04-09_0022201227';
const UTA_TOR_3OT = '/stats/game/playbyplay/UTA_TOR_2012-11-12_0021200095';

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** The server-rendered header's final score: [away, home]. */
async function headerScore(page: Page): Promise<[number, number]> {
  const nums = await page.getByTestId('final-score').locator('.num').allTextContents();
  return [Number(nums[0]), Number(nums[1])];
}

/** m:ss as seconds. */
/**
 * Wait until the filters submit themselves on a change (the page's module script has run: data-auto-submit). A
 * choice made before that does nothing until Show is pressed; CI's busy machine chose a player in that gap.
 */
async function filtersLive(page: Page): Promise<void> {
  await expect(page.getByTestId('pbp-filters')).toHaveAttribute('data-auto-submit', 'on');
}

const secs = (t: string) => {
  const [m, s] = t.split(':').map(Number);
  return m! * 60 + s!;
};

for (const size of SIZES) {
  test.describe(`play-by-play tab at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test('in the tab bar; chart, stints and events agree with the header score', async ({ page }) => {
      test.setTimeout(60_000);
      await page.goto(SAC_DEN.replace('playbyplay', 'team'));
      const tab = page.getByRole('navigation', { name: 'Game views' }).getByRole('link', { name: 'Play-by-play' });
      await expect(tab).toBeVisible();
      await tab.click();
      await expect(page).toHaveURL(SAC_DEN);
      await expect(page.getByRole('navigation', { name: 'Game views' }).getByRole('link', { name: 'Play-by-play' })).toHaveAttribute('aria-current', 'page');
      const [awayPts, homePts] = await headerScore(page);
      expect([awayPts, homePts]).toEqual([95, 109]);
      // A phone shows the plays first, the charts and stints folded behind one summary (PlayByPlayView.astro).
      if (size.name === 'phone') await page.getByText('Win probability, game flow and stints').click();

      // The chart: accessible name and description, ends at the final margin (DEN minus SAC).
      // One of the two drawings is shown: the wide one on desktop, the narrow one on phones (no sideways scroll).
      const figure = page.locator(`[data-testid="game-flow"][data-variant="${size.name === 'desktop' ? 'wide' : 'narrow'}"]`);
      await expect(figure).toBeVisible();
      await expect(page.locator(`[data-testid="game-flow"][data-variant="${size.name === 'desktop' ? 'narrow' : 'wide'}"]`)).toBeHidden();
      const chart = figure.locator('svg');
      const [scroll, client] = await figure.locator('.gf-scroll').evaluate((el) => [el.scrollWidth, el.clientWidth]);
      expect(scroll).toBeLessThanOrEqual(client);
      await expect(chart).toHaveAttribute('role', 'img');
      await expect(chart).toHaveAccessibleName('Game flow: SAC at DEN');
      await expect(chart).toHaveAccessibleDescription(/final DEN by 14/);
      await expect(chart).toHaveAttribute('data-final-margin', String(homePts - awayPts));
      // The margin axis says whose lead each line is, on both sides of the middle.
      const ticks = (await chart.locator('.gf-grid > g > text:not(.gf-period-label)').allTextContents()).filter((t) => t !== '');
      expect(ticks).toContain('Tied');
      expect(ticks.some((t) => /^DEN \+\d+$/.test(t))).toBe(true);
      expect(ticks.some((t) => /^SAC \+\d+$/.test(t))).toBe(true);
      expect((await chart.boundingBox())!.height).toBeGreaterThan(150);
      // Every stint drawn in the bands.
      for (const side of ['away', 'home']) {
        const rows = await page.getByTestId(`stints-${side}`).locator('tbody tr').count();
        const drawn = await chart.locator(`g[data-side="${side}"] rect`).count();
        expect(drawn).toBeGreaterThan(8);
        expect(drawn).toBeLessThanOrEqual(rows);
      }

      // Stints: minutes add up to 48:00, points for and against to the header score, +/- to the margin.
      for (const [side, pts, opp] of [
        ['away', awayPts, homePts],
        ['home', homePts, awayPts],
      ] as const) {
        const table = page.getByTestId(`stints-${side}`);
        await expect(table.locator('thead th')).toHaveText(['Period', 'On', 'Off', 'Five', 'MIN', 'PTS for', 'PTS against', '+/-']);
        const col = async (c: string) => table.locator(`tbody td[data-col="${c}"]`).allInnerTexts();
        const total = (xs: string[], f: (x: string) => number) => xs.map(f).reduce((a, b) => a + b, 0);
        expect(total(await col('MIN'), secs)).toBe(48 * 60);
        expect(total(await col('PTS for'), Number)).toBe(pts);
        expect(total(await col('PTS against'), Number)).toBe(opp);
        expect(total(await col('+/-'), (x) => Number(x.replace('−', '-')))).toBe(pts - opp);
        for (const five of await col('Five')) expect(five.split(', ')).toHaveLength(5);
      }

      // Play-by-play: the last event's score is the final score; every row has the ten.
      const rows = page.getByTestId('pbp-table').locator('tbody tr');
      expect(await rows.count()).toBeGreaterThan(400);
      await expect(rows.last()).toHaveAttribute('data-score', `${awayPts}-${homePts}`);
      const fives = await rows.nth(40).locator('.pbp-five').allTextContents();
      expect(fives.map((f) => f.split(', ').length)).toEqual([5, 5]);
    });

    test('quarter and player filters narrow the events', async ({ page }) => {
      test.setTimeout(60_000);
      await page.goto(UTA_TOR_3OT);
      const rows = page.getByTestId('pbp-table').locator('tbody tr');
      const all = await rows.count();
      const periods = new Set(await rows.evaluateAll((rs) => rs.map((r) => r.getAttribute('data-period'))));
      expect(periods).toEqual(new Set(['1', '2', '3', '4', '5', '6', '7']));
      // Overtimes are offered; choosing one submits the form (no button press) and keeps only its events.
      const quarter = page.getByTestId('pbp-quarter');
      await expect(quarter.locator('option')).toHaveText(['All periods', 'Q1', 'Q2', 'Q3', 'Q4', 'OT1', 'OT2', 'OT3']);
      await filtersLive(page);
      await quarter.selectOption({ label: 'OT2' });
      await expect(page).toHaveURL(/\?quarter=6&player=#play-by-play$/);
      // The new page's count line (the URL changes before the page has loaded).
      await expect(page.getByTestId('pbp-count')).toContainText(`of ${all} events (OT2)`);
      const inOt2 = await rows.count();
      expect(inOt2).toBeGreaterThan(10);
      expect(inOt2).toBeLessThan(all / 5);
      expect(new Set(await rows.evaluateAll((rs) => rs.map((r) => r.getAttribute('data-period'))))).toEqual(new Set(['6']));
      await expect(page.getByTestId('pbp-count')).toContainText(`${inOt2} of ${all} events (OT2)`);

      // A player: every row names him, in that period; then every period.
      const player = page.getByTestId('pbp-player');
      const optionValue = await player.locator('option').nth(1).getAttribute('value');
      const name = (await player.locator('option').nth(1).textContent())!;
      await filtersLive(page);
      await player.selectOption(optionValue!);
      await expect(page).toHaveURL(new RegExp(`\\?quarter=6&player=${optionValue}#play-by-play$`));
      await expect(page.getByTestId('pbp-count')).toContainText(`(OT2, ${name})`);
      const his = await rows.evaluateAll((rs) => rs.map((r) => r.getAttribute('data-players')!.split(' ')));
      expect(his.length).toBeGreaterThan(0);
      expect(his.length).toBeLessThan(inOt2);
      expect(his.every((ids) => ids.includes(optionValue!))).toBe(true);
      await expect(page.getByTestId('pbp-count')).toContainText(`(OT2, ${name})`);
      await filtersLive(page);
      await page.getByTestId('pbp-quarter').selectOption({ label: 'All periods' });
      await expect(page).toHaveURL(new RegExp(`\\?quarter=&player=${optionValue}#play-by-play$`));
      await expect(page.getByTestId('pbp-count')).toContainText(`events (${name})`);
      const hisGame = await rows.count();
      expect(hisGame).toBeGreaterThan(his.length);
      expect(hisGame).toBeLessThan(all);
      // Stints and the three overtimes: 63 minutes.
      const minutes = await page.getByTestId('stints-away').locator('tbody td[data-col="MIN"]').allTextContents();
      expect(minutes.map(secs).reduce((a, b) => a + b, 0)).toBe(63 * 60);
    });
  });
}

test('a bad filter value is said and ignored; the tab works without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const res = await page.goto(`${SAC_DEN}?quarter=9&player=abc`);
  expect(res!.status()).toBe(200);
  await expect(page.getByRole('alert')).toHaveText([
    '"9" is not a period of this game (1 to 4): showing every period.',
    '"abc" is not the id of a player in this game: showing every player.',
  ]);
  const rows = page.getByTestId('pbp-table').locator('tbody tr');
  expect(await rows.count()).toBeGreaterThan(400);
  // Without JavaScript the Show button submits the form.
  await page.getByTestId('pbp-quarter').selectOption({ label: 'Q3' });
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/quarter=3/);
  await expect(page.getByTestId('pbp-count')).toContainText('events (Q3)');
  expect(new Set(await rows.evaluateAll((rs) => rs.map((r) => r.getAttribute('data-period'))))).toEqual(new Set(['3']));
  await context.close();
});

test('the stints CSV carries the table', async ({ page }) => {
  await page.goto(SAC_DEN);
  const table = page.getByTestId('stints-home');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('stints-csv-home').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('stints_SAC-at-DEN_2023-04-09_0022201227_DEN.csv');
  const text = fs
    .readFileSync((await download.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd();
  const lines = text.split('\r\n').slice(1);
  // What the reader sees (innerText: the full names on desktop).
  const shown = await table
    .locator('tbody tr')
    // biome-ignore lint/performance/useDomNodeTextContent: innerText is what the reader sees (hidden short names left out); textContent is not
    .evaluateAll((rs) => rs.map((r) => [...r.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim())));
  expect(lines.length).toBe(shown.length);
  lines.forEach((line, i) => {
    const five = /"([^"]*)"/.exec(line)![1];
    const c = line.replace(/"[^"]*"/, 'FIVE').split(',');
    const row = shown[i]!;
    expect([c[1], c[2], c[3], five, c[5], c[6], c[7], Number(c[8])]).toEqual([
      row[0],
      row[1],
      row[2],
      row[3],
      row[4],
      row[5],
      row[6],
      Number(row[7]!.replace('−', '-')),
    ]);
  });
});

test('no axe violations on the play-by-play tab', async ({ page }) => {
  test.setTimeout(120_000); // ~500 events of ten names each: axe takes a while on a busy machine
  await page.goto(SAC_DEN);
  const results = await new AxeBuilder({ page }).include('[data-testid="play-by-play-tab"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
});
