/**
 * Stats database updates without downtime, against a server process of its own serving a copy of
 * the test database: a new file is built beside the live one and renamed over it, as the ingest does, then
 * SIGHUP (or the admin page) switches to it while clients keep asking. No request fails during the switch,
 * answers come from the new file at once, and a new file that fails its checks (its checksum among them: one
 * byte changed deep in the file) is refused while the old one keeps serving.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checksumPath, installStatsFile } from '../../src/server/db/statsFileChecksum';
import { expect, test } from './fixtures';
import { DEMO } from './accountsHelpers';
import { startServer, waitListening, type ServerProcess } from './serverProcess';
import { changeStatsFile } from '../support/statsFileWriter';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const SOURCE = path.resolve(process.env.STATS_DB_PATH ?? 'data/test-stats.duckdb');
const LEBRON = 2544;
const RENAMED = 'Zzyzx Newfile';
const METRICS_TOKEN = 'stats-db-update-metrics-token';

let dir = '';
let live = '';
let server: ServerProcess;

/**
 * A new stats file built beside the live one from the test database, changed by `sql`, then renamed over it
 * with its checksum, as the ingest does.
 */
async function installNewFile(sql: string[]): Promise<void> {
  const next = `${live}.tmp-test`;
  fs.copyFileSync(SOURCE, next);
  await changeStatsFile(next, sql);
  await installStatsFile(next, live); // the ingest's last step (src/server/ingest/ingest.ts): the open file is never written
}

/** A new file with its checksum, then one byte changed deep in it (at `fraction` of its length): a damaged copy. */
async function installDamagedFile(fraction: number): Promise<void> {
  await installNewFile([]);
  const fd = fs.openSync(live, 'r+');
  const byte = Buffer.alloc(1);
  const offset = Math.floor(fs.fstatSync(fd).size * fraction);
  fs.readSync(fd, byte, 0, 1, offset);
  byte[0] = byte[0]! ^ 0x01;
  fs.writeSync(fd, byte, 0, 1, offset);
  fs.closeSync(fd);
}

/** The server's open files that were renamed over or removed: the stats file it served before a switch. */
function deletedFilesOpen(): string[] {
  const fdDir = `/proc/${server.pid}/fd`;
  return fs
    .readdirSync(fdDir)
    .map((fd) => {
      try {
        return fs.readlinkSync(path.join(fdDir, fd));
      } catch {
        return ''; // closed meanwhile
      }
    })
    .filter((target) => target.startsWith(dir) && target.endsWith('(deleted)'));
}

const servedFile = async (): Promise<number> => ((await (await fetch(`${server.base}/readyz`)).json()) as { stats: { file: number } }).stats.file;
const servedChecksum = async (): Promise<string | null> =>
  ((await (await fetch(`${server.base}/readyz`)).json()) as { stats: { checksum: string | null } }).stats.checksum;

async function searchIds(q: string): Promise<number[]> {
  const r = await fetch(`${server.base}/api/search?q=${encodeURIComponent(q)}`);
  expect(r.status).toBe(200);
  const body = (await r.json()) as { players: { second_spectrum_id: number }[] };
  return body.players.map((p) => p.second_spectrum_id);
}

/** Clients asking in a loop until stopped: every answer's status, and the failures with their body. */
function load(urls: string[], clients: number) {
  let running = true;
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  const workers = Array.from({ length: clients }, async (_, k) => {
    for (let i = k; running; i++) {
      const url = urls[i % urls.length]!;
      // each client a visitor of its own (one address each, through the trusted proxy): within the per-client caps
      const r = await fetch(server.base + url, { headers: { 'X-Forwarded-For': `203.0.113.${k + 10}` } }).catch((error: unknown) => ({
        status: 0,
        text: async () => String(error),
      }));
      const body = await r.text();
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      if (r.status !== 200) failures.push(`${url}: ${r.status} ${body.slice(0, 160)}`);
    }
  });
  return {
    statuses,
    failures,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-update-'));
  live = path.join(dir, 'stats.duckdb');
  fs.copyFileSync(SOURCE, live);
  server = startServer({ STATS_DB_PATH: live, STATS_DB_CONNECTIONS: '3', METRICS_TOKEN, TRUST_PROXY: '1' });
  await waitListening(server);
});

test.afterEach(async ({}, info) => {
  if (info.status === info.expectedStatus) return;
  // A server that just ended: give it a moment to be reported (serverProcess.ts adds its exit code and signal).
  await Promise.race([server.exited, new Promise((r) => setTimeout(r, 3_000))]);
  let alive: string;
  try {
    process.kill(server.pid, 0);
    const r = await fetch(`${server.base}/healthz`, { signal: AbortSignal.timeout(10_000) });
    alive = `process ${server.pid} alive, /healthz ${r.status}`;
  } catch (error) {
    alive = `process ${server.pid}: ${String(error)} ${String((error as Error).cause ?? '')}`;
  }
  fs.writeFileSync(path.join(os.tmpdir(), `stats-db-update-${Date.now()}.log`), `${info.error?.stack}\n[afterEach] ${alive}\n\n${server.output()}`);
});

test.afterAll(() => {
  server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

// Beside the suite this failed about 1 run in 3 with "fetch failed: other side closed" and was read as the
// server ending; afterEach now records whether the server is still alive (it was, every time it was checked).
test('SIGHUP switches to the new file under load: no failed request, answers and caches from the new file at once', async () => {
  expect(await searchIds('lebron')).toContain(LEBRON);
  const before = await servedFile();
  // Uncached tables of every kind (each seen twice: the second is a cache hit until the switch clears it).
  const urls = [
    '/api/data?page=Players&season=2012',
    '/api/data?page=League&season=2022',
    '/api/data?page=Lineups&season=2012',
    '/api/data?page=TeamTeam&entity=MIA&season=2012',
    '/api/data?page=TeamPlayers&entity=BOS&season=2022',
    '/api/data?page=PlayerProfile&entity=2544&season=2012',
    '/api/shots?page=PlayerProfile&entity=2544&season=2012',
    '/api/players',
    '/api/search?q=durant',
    '/stats/players?season=2012',
    '/stats/player/profile/lebron_james_2544',
    '/readyz',
  ];
  const clients = load(urls, 6);
  await new Promise((r) => setTimeout(r, 2_000));
  await installNewFile([
    `UPDATE players SET name = '${RENAMED}' WHERE player_id = ${LEBRON}`,
    "UPDATE ingest_meta SET built_at = TIMESTAMP '2030-01-02 03:04:05'",
  ]);
  const answered = () => [...clients.statuses.values()].reduce((a, b) => a + b, 0);
  const atSignal = answered();
  process.kill(server.pid, 'SIGHUP');
  await expect.poll(servedFile, { timeout: 60_000 }).toBe(before + 1);
  const atSwitch = answered();
  await new Promise((r) => setTimeout(r, 2_000));
  await clients.stop();
  test.info().annotations.push({
    type: 'answers during the switch',
    description: JSON.stringify({ statuses: [...clients.statuses], atSignal, atSwitch, total: answered() }),
  });
  expect(clients.failures).toEqual([]);
  // The clients were asking before the signal and kept getting answers after it (how many depends on the CPU:
  // a fixed count failed beside the rest of the suite on a loaded machine).
  expect(atSignal).toBeGreaterThan(0);
  expect(answered()).toBeGreaterThan(atSignal);
  // The search index, the players list and the stats answers were built again from the new file.
  expect(await searchIds('zzyzx')).toContain(LEBRON);
  const players = await (await fetch(`${server.base}/api/players`)).text();
  expect(players).toContain(RENAMED);
  const profile = await (await fetch(`${server.base}/stats/player/profile/lebron_james_${LEBRON}`)).text();
  expect(profile).toContain(RENAMED);
  expect(server.output()).toContain('stats database switched to the new file');
  expect(await servedChecksum()).toBe('verified');
  // The old file is closed once its last query is done: the server holds no descriptor of it (it was renamed
  // over, so its descriptor reads "(deleted)"), and the metrics say one file is open.
  await expect.poll(deletedFilesOpen, { timeout: 30_000 }).toEqual([]);
  expect(server.output()).toContain('the old file is closed');
  const metrics = await (await fetch(`${server.base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  expect(metrics).toMatch(/^courtvision_stats_db_files_open 1$/m);
  // A second signal with the same file changes nothing.
  process.kill(server.pid, 'SIGHUP');
  await expect.poll(() => server.output().includes('stats database unchanged'), { timeout: 10_000 }).toBe(true);
  expect(await servedFile()).toBe(before + 1);
});

test('a new file that fails its checks is refused, and the old one keeps serving', async () => {
  // A good new file first (the refusals below compare against it).
  await installNewFile([`UPDATE players SET name = '${RENAMED}' WHERE player_id = ${LEBRON}`]);
  const before = await servedFile();
  process.kill(server.pid, 'SIGHUP');
  // (the file served may already hold the new name: the under-load test switched to such a file)
  await expect.poll(servedFile, { timeout: 20_000 }).toBe(before + 1);
  const served = before + 1;
  expect(await searchIds('zzyzx')).toContain(LEBRON);
  const refusals = [
    { label: 'another schema version', sql: ['UPDATE ingest_meta SET schema_version = schema_version - 1'], reason: /schema version/ },
    { label: 'fewer games than the file served', sql: ['DELETE FROM games WHERE game_id = (SELECT min(game_id) FROM games)'], reason: /fewer games/ },
  ];
  for (const refusal of refusals) {
    await installNewFile(refusal.sql);
    const logged = server.output().length;
    process.kill(server.pid, 'SIGHUP');
    await expect.poll(() => server.output().slice(logged), { timeout: 10_000, message: refusal.label }).toMatch(/stats database update refused/);
    expect(server.output().slice(logged), refusal.label).toMatch(refusal.reason);
    expect(await servedFile()).toBe(served);
    expect((await fetch(`${server.base}/api/data?page=Players&season=2022`)).status).toBe(200);
    expect(await searchIds('zzyzx')).toContain(LEBRON); // still the file switched to before
  }
  // One byte changed deep in a file that has its checksum: the checksum refuses it (the read of every table's
  // first rows does not reach that far), the refusal logged at error level (pino's level 50).
  for (const fraction of [0.37, 0.83]) {
    await installDamagedFile(fraction);
    const logged = server.output().length;
    process.kill(server.pid, 'SIGHUP');
    await expect.poll(() => server.output().slice(logged), { timeout: 30_000 }).toMatch(/stats database update refused/);
    const line = server
      .output()
      .slice(logged)
      .split('\n')
      .find((l) => l.includes('stats database update refused'))!;
    expect(JSON.parse(line)).toMatchObject({
      level: 50,
      source: 'SIGHUP',
      reason: expect.stringMatching(new RegExp(`^STATS_DB_PATH="${live}" is damaged: its SHA-256 is`)),
    });
    expect(await servedFile()).toBe(served);
    expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
    expect(await searchIds('zzyzx')).toContain(LEBRON);
  }
  // A file without a checksum is served outside production, but one damaged near its start fails the read of
  // its tables.
  fs.rmSync(checksumPath(live));
  fs.copyFileSync(SOURCE, `${live}.tmp-test`);
  const fd = fs.openSync(`${live}.tmp-test`, 'r+');
  fs.writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, Math.floor(fs.statSync(`${live}.tmp-test`).size * 0.0005));
  fs.closeSync(fd);
  fs.renameSync(`${live}.tmp-test`, live);
  const logged = server.output().length;
  process.kill(server.pid, 'SIGHUP');
  await expect.poll(() => server.output().slice(logged), { timeout: 10_000 }).toMatch(/stats database update refused/);
  expect(await servedFile()).toBe(served);
  const ready = await fetch(`${server.base}/readyz`);
  expect(ready.status).toBe(200);
  expect((await fetch(`${server.base}/api/data?page=League&season=2012`)).status).toBe(200);
});

test('the admin page switches files too, and shows a refusal; nobody else sees it', async ({ page }) => {
  expect((await fetch(`${server.base}/admin/stats-db`)).status).toBe(404);
  await installNewFile(["UPDATE ingest_meta SET built_at = TIMESTAMP '2031-05-06 07:08:09'"]);
  await page.goto(`${server.base}/signin?callbackUrl=%2Fadmin%2Fstats-db`);
  await page.getByLabel('Email').fill(DEMO.admin.email);
  await page.getByLabel('Password').fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/stats-db$/);
  const served = await servedFile();
  await expect(page.locator('[data-figure="generation"]')).toHaveText(String(served));
  await page.getByRole('button', { name: 'Switch to the file at STATS_DB_PATH' }).click();
  await expect(page.locator('[data-outcome="switched"]')).toContainText('Switched to the new file');
  await expect(page.locator('[data-figure="built"]')).toHaveText('2031-05-06 07:08:09');
  await expect(page.locator('[data-figure="generation"]')).toHaveText(String(served + 1));
  await expect(page.locator('[data-figure="checksum"]')).toHaveText('verified');
  await page.getByRole('button', { name: 'Switch to the file at STATS_DB_PATH' }).click();
  await expect(page.locator('[data-outcome="unchanged"]')).toBeVisible();
  // A damaged new file: refused on the page, the file served stays.
  await installDamagedFile(0.61);
  await page.getByRole('button', { name: 'Switch to the file at STATS_DB_PATH' }).click();
  await expect(page.locator('[data-outcome="refused"]')).toContainText(`Refused: STATS_DB_PATH="${live}" is damaged: its SHA-256 is`);
  await expect(page.locator('[data-outcome="refused"]')).toContainText('The old file keeps serving.');
  await expect(page.locator('[data-figure="generation"]')).toHaveText(String(served + 1));
  await expect(page.locator('[data-figure="built"]')).toHaveText('2031-05-06 07:08:09');
  // An intact new file after it is switched to.
  await installNewFile([]);
  await page.getByRole('button', { name: 'Switch to the file at STATS_DB_PATH' }).click();
  await expect(page.locator('[data-outcome="switched"]')).toContainText('Switched to the new file');
  await expect(page.locator('[data-figure="generation"]')).toHaveText(String(served + 2));
  // A forged post (no CSRF token) changes nothing.
  const forged = await page.request.post(`${server.base}/admin/stats-db`, { form: { csrfToken: 'forged' } });
  expect(forged.status()).toBe(403);
});
