/**
 * The traditional box score on a game's Player stats tab, at desktop (1366x900) and phone (390x844)
 * sizes, on the test database: SAC at DEN, April 9, 2023 (95-109, the example) and the 2023 Finals game 5,
 * MIA at DEN, June 12, 2023 (89-94). Checked: the box score sits above the metric-set table, the away team first,
 * each totals row equals the score in the page header, five starters marked and listed first, the "Page filters"
 * option (garbage time out by default) says so, and the CSV download carries the same numbers.
 */
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { test, expect, statsAppReady } from './fixtures';

const SAC_DEN = '/stats/game/players/SAC_DEN_2023-04-09_0022201227';
const FINALS_5 = '/stats/game/players/MIA_DEN_2023-06-12_0042200405';

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

async function open(page: Page, path: string): Promise<Locator> {
  await page.goto(path);
  await statsAppReady(page);
  const box = page.getByTestId('box-score');
  await expect(box.getByTestId('box-score-away').locator('tbody tr[data-player-id]').first()).toBeVisible();
  return box;
}

/** The header's score: [away, home] as the page shows it above everything. */
async function headerScore(page: Page): Promise<[number, number]> {
  const nums = await page.getByTestId('game-header').locator('.sa-score-team strong').allTextContents();
  return [Number(nums[0]), Number(nums[1])];
}

const cell = (row: Locator, col: string) => row.locator(`td[data-col="${col}"]`);

for (const size of SIZES) {
  test.describe(`box score at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test('above the metric table, away first, totals = the header score, starters marked', async ({ page }) => {
      test.setTimeout(60_000); // the first uncached answers of a cold server
      const box = await open(page, SAC_DEN);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('SAC at DEN');
      await expect(box.getByRole('heading', { name: 'Box score' })).toBeVisible();
      // Above the spec's metric-set table.
      const boxBottom = (await box.boundingBox())!;
      const table = (await page.locator('.sa-table').boundingBox())!;
      expect(boxBottom.y + boxBottom.height).toBeLessThanOrEqual(table.y);
      // Away team first, as "SAC at DEN" reads, in the box score and in the metric table below.
      const teams = box.locator('section.bx-team');
      await expect(teams).toHaveCount(2);
      await expect(teams.nth(0)).toHaveAttribute('data-team', 'SAC');
      await expect(teams.nth(1)).toHaveAttribute('data-team', 'DEN');
      await expect(page.locator('.sa-tbody .sa-row').first()).toContainText('SAC');
      // The whole game by default; the totals rows are the final score in the header.
      await expect(box).toHaveAttribute('data-mode', 'game');
      await expect(box.getByRole('button', { name: 'Whole game' })).toHaveAttribute('aria-pressed', 'true');
      const [awayPts, homePts] = await headerScore(page);
      expect([awayPts, homePts]).toEqual([95, 109]);
      const away = box.getByTestId('box-score-away');
      const home = box.getByTestId('box-score-home');
      await expect(cell(away.getByTestId('box-totals'), 'pts')).toHaveText(String(awayPts));
      await expect(cell(home.getByTestId('box-totals'), 'pts')).toHaveText(String(homePts));
      await expect(cell(away.getByTestId('box-totals'), 'plus_minus')).toHaveText(`−${homePts - awayPts}`);
      // Starters: the first five rows, under "Starters", then "Bench".
      for (const t of [away, home]) {
        const flags = await t.locator('tbody tr[data-player-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-starter')));
        expect(flags.slice(0, 5)).toEqual(['true', 'true', 'true', 'true', 'true']);
        expect(flags.slice(5).every((f) => f === 'false')).toBe(true);
        await expect(t.locator('tr.bx-group th')).toHaveText(['Starters', 'Bench']);
        // Player names link to their pages; the player column's points add up to the totals row.
        await expect(t.locator('tbody tr[data-player-id] th a:visible').first()).toHaveAttribute('href', /^\/stats\/player\/profile\//);
        const pts = (await cell(t.locator('tbody tr[data-player-id]'), 'pts').allTextContents()).map(Number);
        await expect(cell(t.getByTestId('box-totals'), 'pts')).toHaveText(String(pts.reduce((a, b) => a + b, 0)));
      }
      // The columns of a traditional box score; a phone shows PTS right after the name (no sideways scroll for it).
      const usual = ['MIN', 'FG', 'FG%', '3P', '3P%', 'FT', 'FT%', 'ORB', 'DRB', 'TRB', 'AST', 'STL', 'BLK', 'TOV', 'PF', 'PTS', '+/-'];
      await expect(away.locator('thead th')).toHaveText(size.name === 'phone' ? ['Player', 'PTS', ...usual.filter((c) => c !== 'PTS')] : ['Player', ...usual]);
    });

    test('the CSV download carries the numbers shown', async ({ page }) => {
      test.setTimeout(60_000);
      const box = await open(page, FINALS_5);
      const [awayPts, homePts] = await headerScore(page);
      expect([awayPts, homePts]).toEqual([89, 94]);
      const downloading = page.waitForEvent('download');
      await box.getByRole('button', { name: 'Download CSV' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('box-score_MIA-at-DEN_2023-06-12_0042200405_whole-game.csv');
      const csv = fs
        .readFileSync((await download.path())!, 'utf8')
        .trimEnd()
        .split('\r\n')
        .map((l) => l.split(','));
      const header = csv[0]!;
      const at = (name: string) => header.indexOf(name);
      const totals = csv.filter((r) => r[1] === 'Team totals');
      expect(totals.map((r) => [r[0], Number(r[at('PTS')])])).toEqual([
        ['MIA', awayPts],
        ['DEN', homePts],
      ]);
      // Every player row of the page is in the file with the same points, rebounds, assists and +/-.
      const shown = await box.locator('tbody tr[data-player-id]').evaluateAll((rows) =>
        rows.map((r) => {
          const v = (c: string) => r.querySelector(`td[data-col="${c}"]`)!.textContent!;
          return [r.getAttribute('data-player-id'), v('min'), v('fg'), v('pts'), v('trb'), v('ast'), v('plus_minus').replace('−', '-').replace('+', '')];
        }),
      );
      const inFile = csv
        .slice(1)
        .filter((r) => r[1] !== 'Team totals')
        .map((r) => [r[at('Player ID')], r[at('MIN')], `${r[at('FGM')]}-${r[at('FGA')]}`, r[at('PTS')], r[at('TRB')], r[at('AST')], r[at('+/-')]]);
      expect(inFile).toEqual(shown);
    });

    test('"Page filters" applies the page\'s filters and says so', async ({ page }) => {
      test.setTimeout(60_000);
      const box = await open(page, FINALS_5);
      await box.getByRole('button', { name: 'Page filters' }).click();
      await expect(box).toHaveAttribute('data-mode', 'filters');
      await expect(box.getByTestId('box-score-note')).toContainText('Garbage time: Filtered out');
      await expect(box.getByTestId('box-score-away').locator('tbody tr[data-player-id]').first()).toBeVisible();
      // Garbage time out keeps no more than the final score.
      const pts = Number(await cell(box.getByTestId('box-score-home').getByTestId('box-totals'), 'pts').textContent());
      expect(pts).toBeGreaterThan(0);
      expect(pts).toBeLessThanOrEqual(94);
      await box.getByRole('button', { name: 'Whole game' }).click();
      await expect(cell(box.getByTestId('box-score-home').getByTestId('box-totals'), 'pts')).toHaveText('94');
    });
  });
}

test('no WCAG A/AA violations in the box score', async ({ page }) => {
  test.setTimeout(90_000);
  await open(page, FINALS_5);
  const results = await new AxeBuilder({ page }).include('[data-testid="box-score"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
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

test.describe('box score on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('scrolls sideways with a narrow sticky player column and no overlapping controls', async ({ page }) => {
    const box = await open(page, SAC_DEN);
    // The page itself does not scroll sideways; the table's own wrapper does.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const wrap = box.getByTestId('box-score-away').locator('.bx-wrap');
    expect(await wrap.evaluate((w) => w.scrollWidth > w.clientWidth)).toBe(true);
    const firstName = box.getByTestId('box-score-away').locator('tbody tr[data-player-id] th').first();
    const before = (await firstName.boundingBox())!;
    expect(before.width).toBeLessThanOrEqual(120);
    // Short names on the phone ("D. Fox"), the full name in its title.
    await expect(firstName.locator('a:visible')).toHaveText(/^[A-Z]\. \S/);
    await wrap.evaluate((w) => (w.scrollLeft = 400));
    const after = (await firstName.boundingBox())!;
    expect(after.x).toBeCloseTo(before.x, 0);
    // The controls of the box score's head do not overlap each other.
    const boxes = await Promise.all(
      [
        box.getByRole('heading', { name: 'Box score' }),
        box.getByRole('button', { name: 'Whole game' }),
        box.getByRole('button', { name: 'Page filters' }),
        box.getByRole('button', { name: 'Download CSV' }),
      ].map(async (l) => (await l.boundingBox())!),
    );
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
        expect(overlap, `controls ${i} and ${j} overlap`).toBe(false);
      }
  });
});
