/**
 * The nightly run with the real update (`npm run update -- --db PATH --source DIR`), end to end on a built server
 * serving a copy of the test database: the recorded game 0022000001 fetched from the CDN stand-in, written into
 * the stats file by the update, the server switched (SIGHUP, confirmed on /readyz), and the game then held with
 * its official final score (Brooklyn 125, Golden State 99: the box score and the play-by-play's last SCORE), shown
 * on /admin/stats-db as one game added and counted in /metrics.
 *
 * The archive the update reads is the real one as it stands on a new season's first night: without the season of
 * the recorded game (2020-21), which only the feed brings. (With the whole archive the update would read 2020-21's
 * 1,080 archive games as well, a season being read whole: 18 CPU s of the test's 27 for a night that never happens,
 * the archive ending with 2022-23.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import pino from 'pino';
import { config } from '../../src/server/config';
import { runNightly } from '../../src/server/feed/nightly';
import { UPDATE_COMMAND } from '../../src/server/feed/nightlyCli';
import { RECORDED_GAME, startFeedStandIn, type FeedStandIn } from '../support/feedStandIn';
import { expect, test } from './fixtures';
import { DEMO } from './accountsHelpers';
import { startServer, waitListening, type ServerProcess } from './serverProcess';

test.describe.configure({ mode: 'serial', timeout: 600_000 });

const SOURCE = path.resolve(process.env.STATS_DB_PATH ?? 'data/test-stats.duckdb');
const METRICS_TOKEN = 'nightly-real-update-metrics-token';
// The update reads game files from --source (src/server/ingest/update/cli.ts).
const UPDATE_READS_GAME_FILES = fs.readFileSync('src/server/ingest/update/cli.ts', 'utf8').includes("'--source'");

let dir = '';
let live = '';
let archive = '';

/** A copy of the archive at `into` made of links to its files, the files of `season` (e.g. 2020-21) left out. */
function archiveWithout(season: string, into: string): string {
  const from = config.nbaDataDir;
  for (const entry of fs.readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith(season)) continue;
    const source = path.join(entry.parentPath, entry.name);
    const target = path.join(into, path.relative(from, source));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.symlinkSync(source, target);
  }
  return into;
}
let server: ServerProcess;
let cdn: FeedStandIn;

test.beforeAll(async () => {
  test.skip(!UPDATE_READS_GAME_FILES, 'npm run update does not read game files (--source) in this checkout');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-nightly-real-'));
  live = path.join(dir, 'stats.duckdb');
  fs.copyFileSync(SOURCE, live);
  archive = archiveWithout('2020-21', path.join(dir, 'archive'));
  cdn = await startFeedStandIn();
  server = startServer({ STATS_DB_PATH: live, METRICS_TOKEN });
  await waitListening(server);
});

test.afterAll(async () => {
  server?.stop();
  await cdn?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test("a night's game goes from the feed into the served file", async ({ page }) => {
  const fileBefore = ((await (await fetch(`${server.base}/readyz`)).json()) as { stats: { file: number } }).stats.file;
  const { summary, exitCode } = await runNightly({
    base: cdn.url,
    games: path.join(dir, 'games'),
    db: live,
    today: '2020-12-23',
    updateCommand: [...UPDATE_COMMAND, '--data', archive],
    server: { pid: server.pid, url: server.base, waitMs: 120_000 },
    client: { minIntervalMs: 0 },
    log: pino({ level: 'silent' }),
  });
  expect(summary.error).toBeUndefined();
  expect(exitCode).toBe(0);
  expect(summary).toMatchObject({ outcome: 'ok', switched: true, update: { added: 1, replaced: 0, skipped: [] } });
  expect(((await (await fetch(`${server.base}/readyz`)).json()) as { stats: { file: number } }).stats.file).toBe(fileBefore + 1);

  const instance = await DuckDBInstance.create(live, { access_mode: 'READ_ONLY' });
  const c = await instance.connect();
  const [game] = (
    await c.runAndReadAll(`SELECT date::VARCHAR AS date, home_abbr, away_abbr, home_pts, away_pts FROM games WHERE game_code = '${RECORDED_GAME}'`)
  ).getRowObjectsJson();
  // the feed's game is the new season's one game
  const [season] = (await c.runAndReadAll('SELECT count(*)::INTEGER AS games FROM games WHERE season = 2020')).getRowObjectsJson();
  c.closeSync();
  instance.closeSync();
  expect(game).toEqual({ date: '2020-12-22', home_abbr: 'BKN', away_abbr: 'GSW', home_pts: 125, away_pts: 99 });
  expect(season).toEqual({ games: 1 });

  await page.goto(`${server.base}/signin?callbackUrl=%2Fadmin%2Fstats-db`);
  await page.getByLabel('Email').fill(DEMO.admin.email);
  await page.getByLabel('Password').fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/stats-db$/);
  await expect(page.getByTestId('last-update').locator('[data-figure="added"]')).toHaveText('1');
  await expect(page.getByTestId('nightly')).toHaveAttribute('data-outcome', 'ok');
  const metrics = await (await fetch(`${server.base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  expect(metrics).toMatch(/^courtvision_update_games_total\{outcome="added"\} 1$/m);
});
