/**
 * A lineups table over the most rows one answer lists (STATS_MAX_LINEUP_ROWS, set to 1,000 on a server of its own so
 * that the test database's 2022-23 fives cross it at a low minimum): the page says so in its own words, naming the
 * "Minimum possessions" box, and keeps that box under the message, so the reader raises it there and gets the table.
 * The refusal itself (its status, its count, from SQL over the possessions): tests/api/lineupRowsLimit.test.ts.
 */
import { expect, statsAppReady, test } from './fixtures';
import { startServer, waitListening, type ServerProcess } from './serverProcess';

let server: ServerProcess;
test.beforeAll(async () => {
  server = startServer({ STATS_MAX_LINEUP_ROWS: '1000' });
  await waitListening(server);
});
test.afterAll(() => server?.stop());

for (const size of [
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("too many lineups for the minimum keeps the minimum's box, and raising it brings the table", async ({ page, consoleErrors }) => {
      await page.goto(`${server.base}/stats/lineups?season=2022&minPoss=1`);
      const alert = page.getByRole('alert');
      await expect(alert).toContainText(
        'More than 1,000 lineups have 1 possession or more; raise the minimum possessions below, choose fewer seasons or add a filter.',
        { timeout: 20_000 },
      );
      await expect(alert).not.toContainText('min_poss');
      const minimum = page.getByLabel('Minimum possessions (lineups listed)');
      await expect(minimum).toHaveValue('1');
      await minimum.fill('150');
      await minimum.press('Enter');
      await statsAppReady(page);
      await expect(alert).toHaveCount(0);
      await expect(page).toHaveURL(/minPoss=150/);
      await expect(minimum).toHaveValue('150');
      // the refused answer is the one error the browser logged: its 400
      expect(consoleErrors).toHaveLength(1);
      expect(consoleErrors[0]).toContain('status of 400');
      consoleErrors.splice(0);
    });
  });
}
