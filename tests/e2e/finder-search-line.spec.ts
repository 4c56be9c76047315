/**
 * The finder's search line (above the results, the form folded under it) says what was searched with the values
 * set, not only the filters' names: the period, the first date, the score margin, the team. Chromium against the
 * built server and the test database, as the demo subscriber (the filters are paid).
 */
import { DEMO, seedDemoAccounts, signIn } from './accountsHelpers';
import { expect, test } from './fixtures';

test.beforeAll(() => seedDemoAccounts());

test('the search line names each filter with its value', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.subscriber);
  await page.goto('/stats/finder?cond=pts:ge:20&season=2012&period=4&start_date=2012-11-01&score_diff_low=-5&score_diff_high=5&team=MIA');
  const line = page.getByTestId('finder-search-line');
  await expect(line).toContainText('2012-13 · Regular season');
  await expect(line).toContainText('Only MIA');
  await expect(line).toContainText('From 2012-11-01');
  await expect(line).toContainText('Period: Q4');
  await expect(line).toContainText('Score differential -5 to 5');
  // seasons apart are named one by one
  await page.goto('/stats/finder?cond=pts:ge:40&season=2012&season=2022');
  await expect(page.getByTestId('finder-search-line')).toContainText('2012-13, 2022-23 · Regular season · whole games');
});
