/**
 * `npm run replay:season -- --db FILE [--to YYYY-MM-DD] [--compare data/stats.duckdb] [--dist DIR] [--clients 2] [--no-browser]`
 *
 * A season played again night by night, as an operator would live it, while visitors use the site: FILE is a stats
 * database built through some date (`npm run ingest -- --out FILE --through 2023-03-01`); the built server
 * (scripts/serve.mjs, from --dist, default .local/bench-dist) serves it; then for each game day of that season
 * after the file's last game, up to --to (default: the season's last day), `npm run update -- --db FILE --through
 * DAY` adds the day's games and the server is told to switch (SIGHUP, as `npm run nightly` does) and must show
 * the day on /readyz. Meanwhile a Chromium browser walks the stats pages of the season (every request of every
 * page load counted) and --clients API clients ask /api/data in a loop: every answer that is not 2xx/3xx, every
 * failed request and every page error is a failure, printed. At the end the file is compared table by table
 * with --compare (the full build of the same sources: scripts/compare-stats-db.ts).
 *
 * Prints per day: games added, wall and CPU seconds of the update, its peak memory, the switch's seconds and the
 * load; then the worst day, the requests made and failed, and the comparison. Exit 1 on any failed request, a
 * day that did not switch, or a table that differs. Figures: docs/benchmarks/replay.md.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { DuckDBInstance } from '@duckdb/node-api';
import { config } from '../src/server/config.ts';
import { BENCH_DIST, flag, freePort, option } from './lib/benchServer.ts';
import { runUpdate, type UpdateRun } from './lib/updateRun.ts';

const db = path.resolve(option('db', '.local/replay/stats.duckdb'));
const compareWith = option('compare', 'data/stats.duckdb');
const dist = path.resolve(option('dist', BENCH_DIST));
const clients = Number(option('clients', '2'));
const browse = !flag('no-browser');
const dataDir = config.nbaDataDir;
const work = path.dirname(db);

if (!fs.existsSync(db)) {
  console.error(`no database at ${db}: build one through a date first (npm run ingest -- --out ${db} --through 2023-03-01)`);
  process.exit(2);
}
if (!fs.existsSync(path.join(dist, 'server', 'entry.mjs'))) {
  console.error(`no built site in ${dist}: npx astro build --outDir ${dist} && DIST_DIR=${dist} node scripts/build-server.mjs`);
  process.exit(2);
}

/** The season of the file's last game and the game days of that season after it (regular season and playoffs). */
async function plan(): Promise<{ season: string; from: string; days: { date: string; games: number }[] }> {
  const inst = await DuckDBInstance.create(':memory:');
  const c = await inst.connect();
  await c.run(`ATTACH '${db.replaceAll("'", "''")}' AS s (READ_ONLY)`);
  const last = (await c.runAndReadAll(`SELECT strftime(max(date), '%Y-%m-%d') AS d FROM s.games`)).getRowObjectsJS()[0]!;
  const from = String(last.d);
  const start = Number(from.slice(0, 4)) - (Number(from.slice(5, 7)) < 8 ? 1 : 0);
  const season = `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
  const to = option('to', '9999-12-31');
  const r = await c.runAndReadAll(
    `SELECT strftime(CAST(GAME_DATE AS DATE), '%Y-%m-%d') AS d, count(*)::INTEGER AS n
       FROM read_parquet($games) WHERE CAST(SEASON AS VARCHAR) = $season
        AND CAST(SEASON_TYPE AS VARCHAR) IN ('Regular Season', 'Playoffs')
        AND CAST(GAME_DATE AS DATE) > $from::DATE AND CAST(GAME_DATE AS DATE) <= $to::DATE
      GROUP BY d ORDER BY d`,
    { games: path.join(dataDir, 'games.parquet'), season, from, to },
  );
  c.closeSync();
  inst.closeSync();
  return { season, from, days: r.getRowObjectsJS().map((x) => ({ date: String(x.d), games: Number(x.n) })) };
}

const { season, from, days } = await plan();
console.log(
  `replay of ${season} from ${from}: ${days.length} game days, ${days.reduce((s, d) => s + d.games, 0)} games; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`,
);

// The built server on the file, as `npm run serve` starts it (Node directly, so SIGHUP reaches it).
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const accounts = path.join(work, 'replay-accounts.sqlite');
fs.rmSync(accounts, { force: true });
const seeded = spawnSync('npx', ['tsx', 'src/server/auth/cli.ts', 'seed-demo'], { env: { ...process.env, ACCOUNTS_DB_PATH: accounts }, encoding: 'utf8' });
if (seeded.status !== 0) throw new Error(`could not create the accounts database: ${seeded.stderr}`);
const node = fs.existsSync('node_modules/node/bin/node') ? path.resolve('node_modules/node/bin/node') : process.execPath;
const server = spawn(node, ['scripts/serve.mjs'], {
  env: { ...process.env, DIST_DIR: dist, HOST: '127.0.0.1', PORT: String(port), STATS_DB_PATH: db, ACCOUNTS_DB_PATH: accounts, ASTRO_TELEMETRY_DISABLED: '1' },
  stdio: ['ignore', 'ignore', 'pipe'],
});
const serverLog = fs.createWriteStream(path.join(work, 'replay-server.log'));
server.stderr.pipe(serverLog);
let serverExited = false;
server.on('exit', (code, signal) => {
  serverExited = true;
  console.error(`the server exited (code ${code}, signal ${signal})`);
});
process.on('exit', () => server.kill('SIGTERM'));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130)); // the server goes with it

interface Ready {
  file: number;
  dataThrough: string | null;
}
async function ready(): Promise<Ready | null> {
  try {
    const r = await fetch(`${base}/readyz`);
    const body = (await r.json()) as { stats: { file: number; dataThrough: string | null } };
    return { file: body.stats.file, dataThrough: body.stats.dataThrough };
  } catch {
    return null;
  }
}
for (let i = 0; i < 600 && !(await ready()); i++) {
  if (serverExited) process.exit(1);
  await new Promise((r) => setTimeout(r, 200));
}
console.log(`server at ${base} (pid ${server.pid}), data through ${(await ready())?.dataThrough}`);

// Visitors: a browser walking the season's pages, and API clients.
let running = true;
let requests = 0;
let aborted = 0;
const failures: string[] = [];
const fail = (what: string): void => {
  failures.push(`${new Date().toISOString()} ${what}`);
  if (failures.length <= 30) console.log(`FAILED ${what}`);
};
const label = season.slice(0, 4);
const pages = [
  `/stats/players?season=${label}`,
  `/stats/teams?season=${label}`,
  `/stats/games?season=${label}`,
  `/stats/league?season=${label}`,
  `/stats/lineups?season=${label}`,
  `/stats/team/team/BOS?season=${label}`,
  `/stats/player/profile/jayson_tatum_1628369?season=${label}`,
  `/stats/rapm?season=${label}`,
];
const seenThrough = new Set<string>();
async function browser(): Promise<void> {
  const b = await chromium.launch({
    executablePath: ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => fs.existsSync(p)),
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page: Page = await b.newPage({ viewport: { width: 1366, height: 900 } });
  page.on('response', (r) => {
    if (!r.url().startsWith(base)) return;
    requests++;
    if (r.status() >= 400) fail(`${r.status()} ${r.url().slice(base.length)}`);
  });
  page.on('requestfailed', (r) => {
    if (!r.url().startsWith(base)) return;
    // cancelled by the page itself (a superseded or idle-time request) or by the walk's next navigation: not an error
    if (r.failure()?.errorText === 'net::ERR_ABORTED') aborted++;
    else fail(`request failed (${r.failure()?.errorText}) ${r.url().slice(base.length)}`);
  });
  page.on('pageerror', (e) => fail(`page error on ${page.url().slice(base.length)}: ${e.message}`));
  for (let i = 0; running; i++) {
    const url = pages[i % pages.length]!;
    try {
      await page.goto(base + url, { waitUntil: 'networkidle', timeout: 60_000 });
      const through = await page
        .getByText(/Data through/)
        .first()
        .textContent({ timeout: 5_000 })
        .catch(() => null);
      if (through) seenThrough.add(through.trim());
      else fail(`no "Data through" on ${url}`);
    } catch (e) {
      fail(`page ${url}: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  await b.close();
}
const apiUrls = [
  `/api/data?page=Players&season=${label}`,
  `/api/data?page=TeamTeam&entity=BOS&season=${label}`,
  `/api/data?page=League&season=${label}`,
  `/api/data?page=Lineups&season=${label}`,
  `/api/data?page=TeamPlayers&entity=DEN&season=${label}&season_type=playoffs`,
  '/api/players',
];
async function apiClient(k: number): Promise<void> {
  for (let i = k; running; i++) {
    const url = apiUrls[i % apiUrls.length]!;
    try {
      const r = await fetch(base + url);
      await r.arrayBuffer();
      requests++;
      if (r.status >= 400) fail(`${r.status} ${url}`);
      else if (url.startsWith('/api/data') && !r.headers.get('data-through')) fail(`no Data-Through header on ${url}`);
    } catch (e) {
      fail(`${url}: ${String((e as Error).cause ?? e)}`);
    }
    await new Promise((r) => setTimeout(r, 250)); // a visitor's pace, not a load test
  }
}
const visitors = [...(browse ? [browser()] : []), ...Array.from({ length: clients }, (_, k) => apiClient(k))];

// The nights.
interface Night extends UpdateRun {
  date: string;
  games: number;
  switchSeconds: number;
}
const nights: Night[] = [];
const log = fs.createWriteStream(path.join(work, 'replay-days.jsonl'));
let switchFailures = 0;
for (const day of days) {
  const before = await ready();
  const run = await runUpdate(db, dataDir, ['--through', day.date]);
  const t = Date.now();
  process.kill(server.pid!, 'SIGHUP');
  let after = await ready();
  while (Date.now() - t < 120_000 && !(after && after.file !== before?.file && after.dataThrough === day.date)) {
    await new Promise((r) => setTimeout(r, 100));
    after = await ready();
  }
  const switchSeconds = (Date.now() - t) / 1000;
  if (!after || after.dataThrough !== day.date) {
    switchFailures++;
    fail(`${day.date}: the server did not switch within 120 s (data through ${after?.dataThrough})`);
  }
  const night: Night = { ...run, date: day.date, games: day.games, switchSeconds };
  nights.push(night);
  log.write(`${JSON.stringify({ date: day.date, games: day.games, wall: run.wall, cpu: run.cpu, load: run.load, switch: switchSeconds, ...run.line })}\n`);
  console.log(
    `${day.date}: ${day.games} games, added ${run.line.added}, replaced ${run.line.replaced}, skipped ${run.line.skipped.length}; ` +
      `${run.wall.toFixed(1)} s wall, ${run.cpu.toFixed(1)} s CPU, peak ${run.line.peak_mb} MB; switched in ${switchSeconds.toFixed(1)} s; load ${run.load.toFixed(1)}; ` +
      `${requests} requests, ${failures.length} failed`,
  );
}
running = false;
await Promise.all(visitors);
server.kill('SIGTERM');

console.log('\n| day | games | added | wall s | CPU s | peak MB | switch s | load |\n|---|---:|---:|---:|---:|---:|---:|---:|');
for (const n of nights) {
  console.log(
    `| ${n.date} | ${n.games} | ${n.line.added} | ${n.wall.toFixed(1)} | ${n.cpu.toFixed(1)} | ${n.line.peak_mb} | ${n.switchSeconds.toFixed(1)} | ${n.load.toFixed(1)} |`,
  );
}
const worst = nights.reduce((a, b) => (b.wall > a.wall ? b : a), nights[0]!);
const sorted = nights.map((n) => n.wall).sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
console.log(
  `\n${nights.length} days, ${nights.reduce((s, n) => s + n.line.added, 0)} games added; median day ${median.toFixed(1)} s wall; worst day ${worst.date} ` +
    `(${worst.games} games) ${worst.wall.toFixed(1)} s wall at load ${worst.load.toFixed(1)}; highest peak ${Math.max(...nights.map((n) => n.line.peak_mb))} MB; ` +
    `CPU per day ${Math.min(...nights.map((n) => n.cpu)).toFixed(1)}-${Math.max(...nights.map((n) => n.cpu)).toFixed(1)} s`,
);
console.log(
  `visitors: ${requests} requests, ${failures.length} failed, ${aborted} cancelled by the page or the next navigation; "Data through" seen: ${seenThrough.size} distinct; switches missed: ${switchFailures}`,
);
for (const f of failures.slice(0, 50)) console.log(`  ${f}`);

let equal = true;
if (compareWith !== 'none') {
  const c = spawnSync('npx', ['tsx', 'scripts/compare-stats-db.ts', db, path.resolve(compareWith)], { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  const different = c.stdout.split('\n').filter((l) => /different/.test(l));
  equal = c.status === 0;
  console.log(`compared with ${compareWith}: ${equal ? 'every table equal' : `${different.length} table(s) differ`}`);
  if (!equal) console.log(c.stdout.slice(-6000), c.stderr.slice(-2000));
}
process.exit(failures.length || switchFailures || !equal ? 1 : 0);
