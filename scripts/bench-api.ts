/**
 * `npm run bench:api`: builds the site (skip with --no-build), starts the built server (`npm run serve`, with
 * TRUST_PROXY=1 so that the benchmark can play several clients by X-Forwarded-For) on a spare port against the
 * stats database (STATS_DB_PATH or --db; use the full one), signs in a demo subscriber, and measures the stats API's
 * speed goals, printing each as MET or MISS:
 *   1. lean answers: the default Players answer as the client asks for it, its brotli size (<= 60 KB); a cached
 *      answer's latency at one connection (p50 <= 5 ms) and throughput at 64 connections (>= 1,500 req/s, 0 errors);
 *   2. fair under load: 16 anonymous uncached 20-season queries at once (one client, then 16 clients), and
 *      meanwhile an uncached one-team season game log (<= 1.5 s); the heavy ones end in 200/429/503, never 500;
 *      and, while 16 clients' heavy queries run, a cached answer and a game's page (its box score, played before)
 *      asked again and again by another client: p99 of each <= 100 ms;
 *   3. near the floor: the heaviest query through HTTP (20 seasons of players, on_court + period, uncached)
 *      against the raw DuckDB work for it (filter the possessions, sum the player rows over them) in the same run,
 *      same database, interleaved; the ratio of medians (<= 1.3);
 *   4. JS: the gzipped JavaScript a stats page loads at first paint, from the build (<= 150 KB).
 *
 * The site is built into .local/bench-dist (not dist/, which others may be serving).
 * Options: --port N --db path --duration 8 --heavy-samples 7 --no-build
 */
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { DuckDBInstance } from '@duckdb/node-api';
import { timedGet } from './lib/timedGet.ts';
import {
  BENCH_DIST,
  BROWSER_ACCEPT_ENCODING,
  benchStatsDb,
  buildUnlessSkipped,
  freePort,
  groupCpuMs,
  option,
  run,
  runMain,
  serverEnv,
  startServer,
} from './lib/benchServer.ts';
import { FIRST_LOAD_JS_GOAL, firstLoadJs } from './lib/firstLoadJs.ts';
import { signInWithCredentials } from './lib/signIn.ts';
import { ascending, percentile } from './lib/percentile.ts';
import { pathForGame } from '../src/lib/site/routes.ts';

const PORT = Number(option('port', String(await freePort())));
const DB = benchStatsDb();
const DURATION = Number(option('duration', '8'));
const HEAVY_SAMPLES = Number(option('heavy-samples', '7'));
const BASE = `http://127.0.0.1:${PORT}`;
const ACCOUNTS = path.resolve('data/bench-accounts.sqlite');
const env = serverEnv(PORT, { STATS_DB_PATH: DB, ACCOUNTS_DB_PATH: ACCOUNTS, TRUST_PROXY: '1' });

const ALL_SEASONS = Array.from({ length: 20 }, (_, i) => `season=${2003 + i}`).join('&');
/** What the client sends for the default Players view (src/lib/params/dataRequest.ts): the sample and the set on screen. */
const DEFAULT_PLAYERS = '/api/data?page=Players&season=2022&season_type=regular&is_garbage_time=true&metric_set=OffensiveOverview';
/** The heaviest legal query as the client asks for it: 20 seasons of players, one on-court player, 4th quarters. */
const heavyPath = (playerId: number, all = false) =>
  `/api/data?page=Players&${ALL_SEASONS}&season_type=regular&on_court=${playerId}&period=4${all ? '' : '&metric_set=OffensiveOverview'}`;

/** Cookie header after signing in the demo subscriber, checked on a gated request. */
async function signIn(): Promise<string> {
  const cookie = await signInWithCredentials((p, init) => fetch(`${BASE}${p}`, init), 'subscriber@example.com', 'demo-subscriber-2023', { origin: BASE });
  const check = await fetch(`${BASE}/api/data?page=League&period=4`, { headers: { Cookie: cookie } });
  if (check.status !== 200) throw new Error(`sign-in for the benchmark failed: gated request answered ${check.status}`);
  return cookie;
}

interface Measure {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  requests: number;
  errors: number;
}

/** autocannon run; latencies collected from every response to compute exact p95. */
async function load(paths: string[], cookie: string, duration = DURATION, extraHeaders: Record<string, string> = {}, connections = 10): Promise<Measure> {
  const times: number[] = [];
  let i = 0;
  let done!: (r: autocannon.Result) => void;
  let fail!: (e: unknown) => void;
  const finished = new Promise<autocannon.Result>((res, rej) => {
    done = res;
    fail = rej;
  });
  const instance = autocannon(
    {
      url: BASE,
      connections,
      duration,
      // What Chromium sends; the API answers cached views with brotli (or gzip) bytes.
      headers: { Cookie: cookie, ...BROWSER_ACCEPT_ENCODING, ...extraHeaders },
      requests: [
        {
          setupRequest: (req) => {
            req.path = paths[i++ % paths.length]!;
            return req;
          },
        },
      ],
    },
    (err, result) => (err ? fail(err) : done(result)),
  );
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => times.push(ms));
  const result = await finished;
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: result.requests.average,
    requests: result.requests.total,
    errors: result['4xx'] + result['5xx'] + result.errors,
  };
}

/** One request timed to its last byte (timedGet): the answer's status, time and text. */
async function timeOne(pathname: string, headers: Record<string, string> = {}): Promise<{ ms: number; status: number; body: string }> {
  const r = await timedGet(`${BASE}${pathname}`, headers);
  return { ms: r.ms, status: r.status, body: r.body };
}

/** The size on the wire of an answer with brotli, and of its JSON. */
async function brotliBytes(pathname: string): Promise<{ wire: number; json: number }> {
  const r = await timedGet(`${BASE}${pathname}`, { 'Accept-Encoding': 'br' });
  return { wire: r.wireBytes, json: r.textBytes };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2 : NaN;
};

/**
 * The raw DuckDB work of the heaviest query, on its own read-only instance of the same file: the possessions of
 * 20 regular seasons in 4th quarters, out of garbage time, with the player on the floor; every counter of
 * player_possession_stats summed per player and side over them.
 */
async function rawWork(): Promise<(playerId: number) => Promise<number>> {
  const instance = await DuckDBInstance.create(DB, { access_mode: 'READ_ONLY' });
  const c = await instance.connect();
  const cols = (
    await c.runAndReadAll("SELECT column_name FROM information_schema.columns WHERE table_name = 'player_possession_stats' AND data_type = 'UTINYINT'")
  )
    .getRowObjectsJS()
    .map((r) => String(r.column_name));
  const sql = `WITH p AS (
      SELECT possession_id FROM possessions
       WHERE season BETWEEN 2003 AND 2022 AND season_type = 'regular' AND period = 4 AND NOT is_filtered_out
         AND $1 IN (o1, o2, o3, o4, o5, d1, d2, d3, d4, d5))
    SELECT s.player_id, s.is_offense, ${cols.map((k) => `sum(s.${k}) AS ${k}`).join(', ')}
      FROM player_possession_stats s SEMI JOIN p ON s.possession_id = p.possession_id
     GROUP BY s.player_id, s.is_offense`;
  return async (playerId) => {
    const t0 = performance.now();
    await c.runAndReadAll(sql, [playerId]);
    return performance.now() - t0;
  };
}

const goals: { ok: boolean; text: string }[] = [];
const goal = (ok: boolean, text: string) => {
  goals.push({ ok, text });
  console.log(`  ${ok ? 'MET ' : 'MISS'} ${text}`);
};

/** 16 uncached 20-season queries at once (each its own start_date), and after 300 ms one uncached team game log. */
async function fairness(clients: 'one' | 'many', round: number) {
  const statuses = new Map<number, number>();
  const heavy = Array.from({ length: 16 }, (_, i) => {
    const day = String(1 + ((i + round * 16) % 28)).padStart(2, '0');
    const month = String(10 + (Math.floor((i + round * 16) / 28) % 3));
    const p = `/api/data?page=Players&${ALL_SEASONS}&start_date=2003-${month}-${day}&metric_set=OffensiveOverview`;
    const headers: Record<string, string> = clients === 'many' ? { 'X-Forwarded-For': `198.51.100.${i + 1}` } : {};
    return timeOne(p, headers).then((r) => statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1));
  });
  await new Promise((r) => setTimeout(r, 300));
  const teams = ['BOS', 'MIA', 'DEN', 'GSW', 'LAL', 'NYK'];
  const log = await timeOne(`/api/data?page=TeamGameLog&entity=${teams[round % teams.length]}&season=${2010 + round}&metric_set=OffensiveOverview`, {
    'X-Forwarded-For': '203.0.113.77',
  });
  await Promise.all(heavy);
  return { log, statuses };
}

/** Box-score pages of four games of 2022-23, as the scores link them (their canonical paths, from the database). */
async function gamePages(): Promise<string[]> {
  const instance = await DuckDBInstance.create(DB, { access_mode: 'READ_ONLY' });
  const c = await instance.connect();
  const rows = (
    await c.runAndReadAll(
      `SELECT away_abbr, home_abbr, strftime(date, '%Y-%m-%d') AS date, game_code FROM games WHERE season = 2022 AND season_type = 'regular' ORDER BY game_id LIMIT 4 OFFSET 400`,
    )
  ).getRowObjectsJS();
  c.closeSync();
  instance.closeSync();
  return rows.map((r) => pathForGame('players', String(r.away_abbr), String(r.home_abbr), String(r.date), String(r.game_code)));
}

/**
 * While 16 clients' uncached 20-season queries run (each its own start date and client), another client asks, one
 * after the other until they are done, for a cached answer (the default Players view) and a game page (played
 * once before, so its reads are cached as a visitor's second look is). Returns the latencies of each.
 */
async function underHeavy(round: number, pages: string[]): Promise<{ cached: number[]; games: number[]; statuses: Set<number> }> {
  for (const g of pages) {
    const first = await timeOne(g);
    if (first.status !== 200) throw new Error(`${g} answered ${first.status}`);
  }
  await timeOne(DEFAULT_PLAYERS);
  let running = 16;
  const statuses = new Set<number>();
  const heavy = Array.from({ length: 16 }, (_, i) => {
    const day = String(1 + ((i + round * 16) % 28)).padStart(2, '0');
    const month = String(10 + (Math.floor((i + round * 16) / 28) % 3));
    const p = `/api/data?page=Players&${ALL_SEASONS}&start_date=2004-${month}-${day}&metric_set=DefenseAndRebounding`;
    return timeOne(p, { 'X-Forwarded-For': `198.51.100.${40 + i}` }).then((r) => {
      statuses.add(r.status);
      running--;
    });
  });
  await new Promise((r) => setTimeout(r, 200));
  const cached: number[] = [];
  const games: number[] = [];
  const other = { 'X-Forwarded-For': '203.0.113.99', ...BROWSER_ACCEPT_ENCODING };
  for (let i = 0; running > 0; i++) {
    cached.push((await timeOne(DEFAULT_PLAYERS, other)).ms);
    games.push((await timeOne(pages[i % pages.length]!, other)).ms);
  }
  await Promise.all(heavy);
  return { cached, games, statuses };
}

async function main() {
  buildUnlessSkipped(env);
  run('npm', ['run', 'users', '--', 'seed-demo'], env);
  console.log(`\nstarting the built server on ${BASE} (database ${DB})`);
  const server = startServer(env);
  try {
    await server.ready(`${BASE}/api/players`, 90_000);
    const cookie = await signIn();
    const loadStart = os.loadavg()[0]!;

    console.log('\n1. Lean answers: the default Players view as the client asks for it');
    const cold = await timeOne(DEFAULT_PLAYERS);
    const size = await brotliBytes(DEFAULT_PLAYERS);
    console.log(
      `  first request ${cold.ms.toFixed(0)} ms (status ${cold.status}); ${(size.json / 1024).toFixed(0)} KiB of JSON, ${(size.wire / 1024).toFixed(1)} KiB with brotli`,
    );
    const one = await load([DEFAULT_PLAYERS], '', DURATION, {}, 1);
    console.log(`  cached, 1 connection:   p50 ${one.p50.toFixed(2)} ms, p95 ${one.p95.toFixed(2)} ms, ${one.rps.toFixed(0)} req/s`);
    const cpu0 = groupCpuMs(server.process.pid!);
    const many = await load([DEFAULT_PLAYERS], '', DURATION, {}, 64);
    const cpuPerRequest = (groupCpuMs(server.process.pid!) - cpu0) / Math.max(1, many.requests);
    console.log(`  cached, 64 connections: p50 ${many.p50.toFixed(1)} ms, p95 ${many.p95.toFixed(1)} ms, ${many.rps.toFixed(0)} req/s, ${many.errors} errors`);
    console.log(`  server CPU per cached request: ${cpuPerRequest.toFixed(2)} ms, so one free core serves about ${(1000 / cpuPerRequest).toFixed(0)} req/s`);

    console.log('\n2. Fair under load: 16 anonymous uncached 20-season players queries, and a one-team season game log meanwhile');
    const fair: { clients: 'one' | 'many'; ms: number; status: number; statuses: Map<number, number> }[] = [];
    let round = 0;
    for (const clients of ['one', 'many'] as const) {
      for (let i = 0; i < 2; i++) {
        const r = await fairness(clients, round++);
        fair.push({ clients, ms: r.log.ms, status: r.log.status, statuses: r.statuses });
        const st = [...r.statuses]
          .sort()
          .map(([k, v]) => `${v}x${k}`)
          .join(' ');
        console.log(
          `  ${clients === 'one' ? 'one client  ' : '16 clients  '} game log ${r.log.ms.toFixed(0).padStart(5)} ms (status ${r.log.status}); heavy: ${st}`,
        );
      }
    }

    console.log('\n   While 16 clients ask uncached 20-season queries: a cached answer and a game page, again and again');
    const quick: { cached: number[]; games: number[] } = { cached: [], games: [] };
    const pages = await gamePages();
    for (let i = 0; i < 3; i++) {
      const r = await underHeavy(i, pages);
      quick.cached.push(...r.cached);
      quick.games.push(...r.games);
      console.log(`  round ${i + 1}: ${r.cached.length} cached answers, ${r.games.length} game pages; heavy: ${[...r.statuses].sort().join(', ')}`);
    }
    const spread = (xs: number[]) =>
      `p50 ${percentile(ascending(xs), 50).toFixed(0)}, p95 ${percentile(ascending(xs), 95).toFixed(0)}, p99 ${percentile(ascending(xs), 99).toFixed(0)}, max ${Math.max(...xs).toFixed(0)} ms`;
    console.log(`  cached answer ${spread(quick.cached)}; game page ${spread(quick.games)}`);

    console.log(`\n3. Near the floor: the heaviest query uncached through HTTP vs the raw DuckDB work, ${HEAVY_SAMPLES} samples each, interleaved`);
    const raw = await rawWork();
    const players = (await (await fetch(`${BASE}${DEFAULT_PLAYERS}`)).json()) as { data: { OffensiveOverview: { player_id: number }[] } };
    const ids = players.data.OffensiveOverview.map((r) => r.player_id);
    const httpMs: number[] = [];
    const httpAllMs: number[] = [];
    const rawMs: number[] = [];
    let httpCpu = 0;
    let rawCpu = 0;
    for (let i = 0; i < HEAVY_SAMPLES; i++) {
      const id = ids[i * 3]!;
      const c0 = groupCpuMs(server.process.pid!);
      const r = await timeOne(heavyPath(id), { Cookie: cookie });
      httpCpu += groupCpuMs(server.process.pid!) - c0;
      if (r.status !== 200) throw new Error(`heaviest query answered ${r.status}: ${r.body.slice(0, 200)}`);
      httpMs.push(r.ms);
      const u0 = process.cpuUsage();
      rawMs.push(await raw(id));
      const u = process.cpuUsage(u0);
      rawCpu += (u.user + u.system) / 1000;
      const all = await timeOne(heavyPath(ids[i * 3 + 1]!, true), { Cookie: cookie });
      httpAllMs.push(all.ms);
    }
    const ratio = median(httpMs) / median(rawMs);
    console.log(`  HTTP, the set on screen (metric_set): median ${median(httpMs).toFixed(0)} ms  [${httpMs.map((x) => x.toFixed(0)).join(' ')}]`);
    console.log(`  HTTP, every metric set:               median ${median(httpAllMs).toFixed(0)} ms  [${httpAllMs.map((x) => x.toFixed(0)).join(' ')}]`);
    console.log(`  raw DuckDB (filter + sum):            median ${median(rawMs).toFixed(0)} ms  [${rawMs.map((x) => x.toFixed(0)).join(' ')}]`);
    console.log(`  ratio HTTP / raw: ${ratio.toFixed(2)} (every set: ${(median(httpAllMs) / median(rawMs)).toFixed(2)})`);
    console.log(
      `  CPU (all threads) per query: HTTP ${(httpCpu / HEAVY_SAMPLES).toFixed(0)} ms, raw ${(rawCpu / HEAVY_SAMPLES).toFixed(0)} ms, ratio ${(httpCpu / Math.max(1, rawCpu)).toFixed(2)} (less sensitive to other work on the machine)`,
    );

    console.log('\n4. JS at first load of a stats page (gzip -9 of every module it runs before any interaction)');
    const js = firstLoadJs(await (await fetch(`${BASE}/stats/players`)).text(), `${BASE}/stats/players`, path.join(BENCH_DIST, 'client'));
    console.log(`  /stats/players: ${js.files.length} files, ${(js.raw / 1024).toFixed(0)} KiB, ${(js.gzip / 1024).toFixed(1)} KiB gzipped`);

    console.log('\nGoals');
    goal(size.wire <= 60 * 1024, `default Players answer <= 60 KB with brotli: ${(size.wire / 1024).toFixed(1)} KB`);
    goal(one.p50 <= 5, `cached answer p50 <= 5 ms on loopback: ${one.p50.toFixed(2)} ms`);
    goal(many.rps >= 1500 && many.errors === 0, `>= 1,500 req/s at 64 connections with 0 errors: ${many.rps.toFixed(0)} req/s, ${many.errors} errors`);
    const worst = Math.max(...fair.map((x) => x.ms));
    goal(
      worst <= 1500 && fair.every((x) => x.status === 200),
      `uncached one-team game log <= 1.5 s while 16 uncached 20-season queries run: worst ${worst.toFixed(0)} ms`,
    );
    const heavyStatuses = new Set(fair.flatMap((x) => [...x.statuses.keys()]));
    goal(
      [...heavyStatuses].every((st) => st === 200 || st === 429 || st === 503),
      `the heavy ones end in 200, 429 or 503: ${[...heavyStatuses].sort().join(', ')}`,
    );
    const p99 = (xs: number[]) => percentile(ascending(xs), 99);
    goal(
      p99(quick.cached) <= 100,
      `cached answer p99 <= 100 ms while 16 heavy queries run: ${p99(quick.cached).toFixed(0)} ms (${quick.cached.length} answers)`,
    );
    goal(p99(quick.games) <= 100, `game page p99 <= 100 ms while 16 heavy queries run: ${p99(quick.games).toFixed(0)} ms (${quick.games.length} pages)`);
    goal(ratio <= 1.3, `heaviest query through HTTP / raw DuckDB work <= 1.3: ${ratio.toFixed(2)}`);
    goal(js.gzip <= FIRST_LOAD_JS_GOAL, `stats page JS at first load <= 150 KB gzipped: ${(js.gzip / 1024).toFixed(1)} KB`);
    console.log(`\n${goals.filter((g) => g.ok).length} of ${goals.length} goals met.`);
    console.log(
      `Machine: ${os.cpus().length} cores, load average ${loadStart.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end (other work on the machine inflates every number).`,
    );
  } finally {
    server.stop();
  }
}

runMain(main);
