/**
 * The finder (/stats/finder) in Chromium against the built server and the test database (2012-13 and 2022-23), at
 * 1366 and 390 px: the form's conditions become the permalink, the rows meet them (checked against the box score
 * the game page shows), a column sorts, pages turn, the CSV downloads, links keep the filters; a subscriber finds
 * fourth-quarter games within 5 and Denver's best stretch without Jokic; an anonymous visitor is told a paid filter
 * needs the plan; bad conditions are a 400 with the message on the page.
 */
import { seedDemoAccounts } from './accountsHelpers';
import { expect, statsAppReady, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });
test.beforeAll(() => seedDemoAccounts());

const values = async (page: import('@playwright/test').Page, key: string) =>
  page
    .getByTestId('finder-table')
    .locator(`td[data-key="${key}"]`)
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));

for (const width of [1366, 390]) {
  test(`30-point, 10-assist games at ${width} px: form to permalink, sort, pages, CSV, a game's box score`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.goto('/stats/finder');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Finder');
    await page.getByTestId('cond-stat-0').selectOption('pts');
    await page.getByTestId('cond-value-0').fill('30');
    await page.getByTestId('cond-stat-1').selectOption('ast');
    await page.getByTestId('cond-value-1').fill('10');
    await page.getByRole('checkbox', { name: '2012-13' }).check();
    await page.getByTestId('finder-submit').click();
    await expect(page).toHaveURL(/\/stats\/finder\?mode=player_games&cond=pts%3Age%3A30&cond=ast%3Age%3A10/);
    await expect(page).toHaveURL(/season=2012&season=2022/);
    const count = Number((await page.getByTestId('finder-count').textContent())!.replace(/[^\d]/g, ''));
    expect(count).toBeGreaterThan(50);
    const pts = await values(page, 'pts');
    const ast = await values(page, 'ast');
    expect(pts.length).toBe(50);
    expect(pts.every((p) => p >= 30) && ast.every((a) => a >= 10)).toBe(true);
    expect(pts).toEqual([...pts].sort((a, b) => b - a));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // The permalink opened afresh shows the same rows.
    const permalink = await page.getByTestId('finder-permalink').getAttribute('href');
    // Sort by assists, then the next page holds the rest of the count.
    await page.getByTestId('finder-table').getByRole('link', { name: 'AST', exact: true }).click();
    await expect(page).toHaveURL(/sort=ast/);
    const byAst = await values(page, 'ast');
    expect(byAst).toEqual([...byAst].sort((a, b) => b - a));
    await page.getByTestId('finder-next').click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId('finder-row').first()).toBeVisible();
    expect(await page.getByTestId('finder-row').count()).toBe(Math.min(50, count - 50));
    await page.goto(permalink!);
    expect(await values(page, 'pts')).toEqual(pts);

    // CSV: every match, one line each.
    const csv = await page.request.get((await page.getByTestId('finder-csv').getAttribute('href')) as string);
    expect(csv.headers()['content-type']).toMatch(/text\/csv/);
    expect((await csv.text()).trim().split(/\r\n/).length).toBe(count + 1);

    // The first row's game opens its players' page (the filters kept), which lists that player.
    const first = page.getByTestId('finder-row').first();
    const name = (await first.locator('td.who a').textContent())!.trim();
    const gameId = (await first.getByTestId('finder-game-link').getAttribute('href'))!.match(/_(\d{10})\?/)![1];
    await first.getByTestId('finder-game-link').click();
    await expect(page).toHaveURL(new RegExp(`/stats/game/players/.*_${gameId}\\?isGarbageTime=false`));
    await statsAppReady(page);
    await expect(page.getByText(name).first()).toBeAttached({ timeout: 20_000 });
  });
}

test("a subscriber: 15+ fourth-quarter points within 5, and Denver's best 10 games without Jokic", async ({ page, signedInAs }) => {
  await signedInAs('subscriber');
  await page.goto('/stats/finder?mode=player_games&cond=pts:ge:15&period=4&score_diff_low=-5&score_diff_high=5&season=2022');
  await expect(page.getByTestId('finder-count')).toContainText('match');
  const pts = await values(page, 'pts');
  expect(pts.length).toBeGreaterThan(5);
  expect(pts.every((p) => p >= 15)).toBe(true);
  // the search line says the filters; the form, folded under it, holds them (its Time Within Game group open)
  await expect(page.getByTestId('finder-search-line')).toContainText('Period');
  await page.getByText('Change the search').click();
  await expect(page.getByRole('checkbox', { name: 'Q4' })).toBeChecked();
  // a player's link keeps the filters on his game log
  const href = await page.getByTestId('finder-row').first().locator('td.who a').getAttribute('href');
  expect(href).toMatch(/\/stats\/player\/gamelog\/.*period=4/);
  expect(href).toMatch(/scoreDifferential=-5_5/);

  // the search saved under a name from the results' toolbar, listed on the account page with its alert switch
  await page.getByTestId('save-view').click();
  const dialog = page.getByRole('dialog', { name: 'Save this view' });
  const name = `Clutch scorers ${Date.now()}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status')).toContainText(`Saved as "${name}"`);
  await page.goto('/profile#saved-views');
  const view = page.getByTestId('saved-view').filter({ hasText: name });
  await expect(view.locator('[data-field="view-name"]')).toHaveAttribute('href', /^\/stats\/finder\?.*cond=pts(%3A|:)ge(%3A|:)15/);
  await view.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page.getByTestId('saved-views').getByRole('status')).toHaveText('Deleted.');

  await page.goto('/stats/finder?mode=spans&of=team&team=DEN&off_court=203999&span=10&span_stat=net_rtg&season=2022');
  await expect(page.getByTestId('finder-count')).toHaveText('1 match');
  await expect(page.getByTestId('finder-row')).toHaveCount(1);
});

test('an anonymous visitor: basic filters answer, a paid one is a 403 with the plan named; bad conditions a 400', async ({ page }) => {
  const locked = await page.goto('/stats/finder?cond=pts:ge:15&period=4&season=2022');
  expect(locked!.status()).toBe(403);
  await expect(page.getByTestId('finder-locked')).toContainText('Period');
  await expect(page.getByTestId('finder-locked-note')).toBeVisible();
  const bad = await page.goto('/stats/finder?cond=pts:ge:30&cond=pts:le:20');
  expect(bad!.status()).toBe(400);
  await expect(page.getByTestId('finder-error')).toContainText('impossible range');
  const unknown = await page.goto('/stats/finder?cond=xyz:ge:3');
  expect(unknown!.status()).toBe(400);
  await expect(page.getByTestId('finder-error')).toContainText('unknown stat');
  const ok = await page.goto('/stats/finder?mode=streaks&cond=pts:ge:30&season=2022');
  expect(ok!.status()).toBe(200);
  await expect(page.getByTestId('finder-row').first()).toBeVisible();
});
