/**
 * The nightly update as the operator sees it, against a server process of its own (the built site) serving a
 * copy of the test database: `npm run nightly` fetches the recorded game from the CDN stand-in
 * (tests/support/feedStandIn.ts), runs the update (tests/support/updateStandIn.mjs in its 'install' mode: a new
 * file whose ingest_meta records the update, renamed over the path), signals the server and confirms the switch
 * on /readyz. /admin/stats-db then shows the last update (when, games added, the skipped games and why, the data
 * date) and the last run; /metrics says the same. A run that fails leaves the served file as it was and says
 * so on both. The data date is checked against SQL written here on the file itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import pino from 'pino';
import { runNightly, type NightlyOptions } from '../../src/server/feed/nightly';
import { RECORDED_GAME, startFeedStandIn, type FeedStandIn } from '../support/feedStandIn';
import { expect, test } from './fixtures';
import { DEMO } from './accountsHelpers';
import { startServer, waitListening, type ServerProcess } from './serverProcess';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const SOURCE = path.resolve(process.env.STATS_DB_PATH ?? 'data/test-stats.duckdb');
const METRICS_TOKEN = 'nightly-update-metrics-token';
const UPDATE = [process.execPath, path.resolve('tests/support/updateStandIn.mjs')];

let dir = '';
let live = '';
let server: ServerProcess;
let cdn: FeedStandIn;

async function sql<T>(file: string, text: string): Promise<[T, ...T[]]> {
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
  const c = await instance.connect();
  try {
    const rows = (await c.runAndReadAll(text)).getRowObjectsJson() as T[];
    if (rows.length === 0) throw new Error(`no row: ${text}`);
    return rows as [T, ...T[]];
  } finally {
    c.closeSync();
    instance.closeSync();
  }
}

const readyFile = async (): Promise<number> => ((await (await fetch(`${server.base}/readyz`)).json()) as { stats: { file: number } }).stats.file;
async function metrics(): Promise<Map<string, number>> {
  const text = await (await fetch(`${server.base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return new Map([...text.matchAll(/^(courtvision_(?:update|stats_data)\S*) (\S+)$/gm)].map((m) => [m[1]!, Number(m[2])]));
}

function nightly(extra: Partial<NightlyOptions> = {}): ReturnType<typeof runNightly> {
  return runNightly({
    base: cdn.url,
    games: path.join(dir, 'games'),
    db: live,
    today: '2020-12-23',
    updateCommand: UPDATE,
    server: { pid: server.pid, url: server.base, waitMs: 20_000 },
    client: { minIntervalMs: 0, retryDelayMs: 20, timeoutMs: 2_000 },
    log: pino({ level: 'silent' }),
    ...extra,
  });
}

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-nightly-'));
  live = path.join(dir, 'stats.duckdb');
  fs.copyFileSync(SOURCE, live);
  cdn = await startFeedStandIn();
  server = startServer({ STATS_DB_PATH: live, METRICS_TOKEN });
  await waitListening(server);
});

test.afterAll(async () => {
  server?.stop();
  await cdn?.close();
  delete process.env.UPDATE_STAND_IN;
  delete process.env.UPDATE_STAND_IN_SKIPPED;
  fs.rmSync(dir, { recursive: true, force: true });
});

async function openAdminPage(page: import('@playwright/test').Page): Promise<void> {
  await page.goto(`${server.base}/signin?callbackUrl=%2Fadmin%2Fstats-db`);
  await page.getByLabel('Email').fill(DEMO.admin.email);
  await page.getByLabel('Password').fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/stats-db$/);
}

test("before any update: the built file's date and build time, no nightly run", async ({ page }) => {
  // A file of the update's schema says when and what its build or last update was; an older one, its build.
  const recorded =
    (await sql<{ n: number }>(live, "SELECT count(*)::INTEGER AS n FROM duckdb_columns() WHERE table_name = 'ingest_meta' AND column_name = 'updated_at'"))[0]
      .n === 1;
  const [{ through, built, games }] = await sql<{ through: string; built: string; games: number }>(
    live,
    recorded
      ? "SELECT strftime(max(date), '%Y-%m-%d') AS through, (SELECT strftime(coalesce(updated_at, built_at), '%Y-%m-%d %H:%M:%S') FROM ingest_meta) AS built, (SELECT coalesce(update_added, games_parsed) FROM ingest_meta) AS games FROM games"
      : "SELECT strftime(max(date), '%Y-%m-%d') AS through, (SELECT strftime(built_at, '%Y-%m-%d %H:%M:%S') FROM ingest_meta) AS built, (SELECT games_parsed FROM ingest_meta) AS games FROM games",
  );
  await openAdminPage(page);
  const update = page.getByTestId('last-update');
  await expect(update.locator('[data-figure="data-through"]')).toHaveText(through);
  await expect(update.locator('[data-figure="updated"]')).toHaveText(built);
  await expect(update.locator('[data-figure="added"]')).toHaveText(Number(games).toLocaleString('en-US'));
  await expect(page.getByTestId('nightly')).toContainText('No nightly run recorded');
  const m = await metrics();
  expect(m.get('courtvision_stats_data_through_timestamp')).toBe(Date.parse(`${through}T00:00:00Z`) / 1000);
  expect(m.get('courtvision_update_last_success_timestamp')).toBe(Date.parse(`${built.replace(' ', 'T')}Z`) / 1000);
  expect(m.get('courtvision_update_games_total{outcome="added"}')).toBe(0);
});

test('a nightly run: the game fetched, the update switched to, its games on the page and in the metrics', async ({ page }) => {
  process.env.UPDATE_STAND_IN = 'install';
  process.env.UPDATE_STAND_IN_SKIPPED = JSON.stringify([{ game: '0022000002', reason: 'box_score' }]);
  const before = await readyFile();
  const { summary, exitCode } = await nightly();
  expect(summary.error).toBeUndefined();
  expect(exitCode).toBe(2); // one game skipped by the update
  expect(summary).toMatchObject({ outcome: 'partial', switched: true, fetch: [{ fetched: [RECORDED_GAME] }, { games: 0 }] });
  expect(await readyFile()).toBe(before + 1);
  const [{ through, at }] = await sql<{ through: string; at: string }>(
    live,
    "SELECT strftime(data_through, '%Y-%m-%d') AS through, strftime(updated_at, '%Y-%m-%d %H:%M:%S') AS at FROM ingest_meta",
  );
  await openAdminPage(page);
  const update = page.getByTestId('last-update');
  await expect(update.locator('[data-figure="updated"]')).toHaveText(at);
  await expect(update.locator('[data-figure="data-through"]')).toHaveText(through);
  await expect(update.locator('[data-figure="added"]')).toHaveText('0');
  await expect(update.locator('[data-figure="skipped"]')).toHaveText('1');
  await expect(page.getByTestId('skipped-games').locator('tbody tr')).toHaveText(['0022000002box_score']);
  await expect(page.getByTestId('nightly')).toHaveAttribute('data-outcome', 'partial');
  await expect(page.getByTestId('nightly')).toContainText('games of 2020-12-22 to 2020-12-23: went through with games skipped or refused');
  const m = await metrics();
  expect(m.get('courtvision_update_games_total{outcome="skipped"}')).toBe(1);
  expect(m.get('courtvision_update_games_total{outcome="added"}')).toBe(0);
  expect(m.get('courtvision_update_last_run_failed')).toBe(0);
  expect(m.get('courtvision_update_last_success_timestamp')).toBeGreaterThanOrEqual(Date.parse(`${at.replace(' ', 'T')}Z`) / 1000);
  // Nothing wider than a phone's screen (the skipped games' table scrolls inside its box).
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOTS_DIR, 'admin-stats-db-phone.png'), fullPage: true });
});

test('a run that fails leaves the served file as it was and says so', async ({ page }) => {
  const before = await readyFile();
  const stat = fs.statSync(live);
  cdn.plan('schedule', { kind: 503 }, { kind: 503 }, { kind: 503 });
  const { summary, exitCode } = await nightly();
  expect(exitCode).toBe(1);
  expect(summary.error).toMatch(/HTTP 503 \(after 3 tries\)/);
  expect(await readyFile()).toBe(before);
  expect(fs.statSync(live).ino).toBe(stat.ino);
  await openAdminPage(page);
  await expect(page.getByTestId('nightly')).toHaveAttribute('data-outcome', 'failed');
  await expect(page.getByTestId('nightly')).toContainText('HTTP 503 (after 3 tries)');
  await expect(page.getByTestId('nightly')).toContainText('the file served is as it was');
  const m = await metrics();
  expect(m.get('courtvision_update_last_run_failed')).toBe(1);
});

test('nobody but an admin sees the page', async () => {
  expect((await fetch(`${server.base}/admin/stats-db`)).status).toBe(404);
});
