/**
 * `npm run bench:random`: random legal stats queries against the built server, uncached, as a subscriber
 * (issue 25). The queries are drawn, with a seed, from the filter model itself (src/lib/filters.ts FILTERS, the
 * page kinds, their relevant filters, metric sets and sides), with entities and lineup players from the database's
 * own rosters: a filter added to the model is drawn without editing this file.
 *
 * It prints p50/p95/p99/max per page kind and overall, the errors, the ten slowest queries with their
 * parameters, and for each of those the floor: one pass of DuckDB over the same filtered possessions (the
 * server's own WHERE clause for the sample, src/server/stats/sql/filterSql.ts, summed by offense team in the same
 * database), and the ratio.
 * With --clients N, N clients ask at once (each its own share of the queries).
 *
 * Options: --db path (default STATS_DB_PATH or data/stats.duckdb; use the full one) --n 1000 --seed 1
 *          --clients 1 --port N --no-build
 */
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { DATA_PAGE_KINDS, entityKindOf, parseDataQuery, rawQueryFromSearchParams, type DataPageKind } from '../src/lib/apiParams.ts';
import { FILTERS, LAST_SEASON, FIRST_SEASON, type FilterDefinition } from '../src/lib/filters.ts';
import { relevantFilters } from '../src/lib/filterValues.ts';
import { metricSetOptions } from '../src/lib/metricSets.ts';
import { PAGE_KINDS_WITHOUT_SIDE } from '../src/lib/pageKinds.ts';
import { teamByTeamId } from '../src/lib/teams.ts';
import { benchStatsDb, buildUnlessSkipped, freePort, loadAverage, option, run, runMain, serverEnv, startServer } from './lib/benchServer.ts';
import { signInWithCredentials } from './lib/signIn.ts';
import { possessionSource } from '../src/server/stats/sql/filterSql.ts';
import { Params } from '../src/server/stats/sql/sql.ts';

const DB = benchStatsDb();
const N = Number(option('n', '1000'));
const SEED = Number(option('seed', '1'));
const CLIENTS = Number(option('clients', '1'));
const PORT = Number(option('port', String(await freePort())));
const BASE = `http://127.0.0.1:${PORT}`;

/** mulberry32: a small seeded generator, so that a run can be repeated exactly. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const some = <T>(xs: readonly T[], max: number): T[] => [...new Set(Array.from({ length: int(1, Math.min(max, xs.length)) }, () => pick(xs)))];
  return { next, int, pick, some };
}
type Rng = ReturnType<typeof generator>;

/** What the database offers to draw from: team-seasons with their players, games by season. */
interface Rosters {
  teamSeasons: { season: number; teamId: number; players: number[] }[];
  games: { season: number; code: string }[];
}

async function loadRosters(c: DuckDBConnection): Promise<Rosters> {
  const ts = await c.runAndReadAll(`SELECT season, team_id, list(player_id ORDER BY seconds DESC)[1:12] AS players
      FROM (SELECT season, team_id, player_id, sum(seconds) AS seconds FROM player_games WHERE season_type = 'regular' GROUP BY ALL)
     GROUP BY ALL`);
  const games = await c.runAndReadAll(`SELECT season, lpad(CAST(game_id AS VARCHAR), 10, '0') AS code FROM games USING SAMPLE 2000 ROWS`);
  return {
    teamSeasons: ts.getRowObjectsJS().map((r) => ({ season: Number(r.season), teamId: Number(r.team_id), players: (r.players as unknown[]).map(Number) })),
    games: games.getRowObjectsJS().map((r) => ({ season: Number(r.season), code: String(r.code) })),
  };
}

/** A legal value of one filter as query-string pairs (the API's wire format, src/lib/filters.ts). */
function drawFilter(def: FilterDefinition, rng: Rng, seasons: number[], roster: number[], teams: string[]): [string, string][] {
  switch (def.type) {
    case 'multi':
      return rng.some(def.options, 2).map((v) => [def.apiKey, String(v)]);
    case 'range': {
      const steps = Math.floor((def.max - def.min) / def.step);
      const a = def.min + rng.int(0, steps) * def.step;
      const b = def.min + rng.int(0, steps) * def.step;
      return [[`${def.apiKey}_low`, String(Math.min(a, b))], [`${def.apiKey}_high`, String(Math.max(a, b))]];
    }
    case 'date': {
      const season = rng.pick(seasons);
      const month = rng.pick([11, 12, 1, 2, 3]);
      const year = month >= 10 ? season : season + 1;
      return [[def.apiKey, `${year}-${String(month).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`]];
    }
    case 'boolean':
      return [[def.apiKey, rng.next() < 0.5 ? 'true' : 'false']];
    case 'choice':
      return [[def.apiKey, rng.pick(def.options)]];
    case 'teams':
      return rng.some(teams, 2).map((t) => [def.apiKey, t]);
    case 'players':
      return roster.length ? rng.some(roster, 2).map((p) => [def.apiKey, String(p)]) : [];
  }
}

const ALL_TEAMS = [...new Set(Array.from({ length: 30 }, (_, i) => teamByTeamId(1610612737 + i)?.abbr).filter((x): x is string => !!x))];

/** One random legal query: the path of /api/data, its page kind. */
function drawQuery(rng: Rng, db: Rosters): { page: DataPageKind; url: string } {
  const page = rng.pick(DATA_PAGE_KINDS);
  const kind = entityKindOf(page);
  const span = rng.int(1, LAST_SEASON - FIRST_SEASON + 1);
  const first = rng.int(FIRST_SEASON, LAST_SEASON - span + 1);
  let seasons = Array.from({ length: span }, (_, i) => first + i);
  const pairs: [string, string][] = [['page', page]];
  // The entity comes from a team-season of the span: its roster feeds the lineup filters.
  const ts = rng.pick(db.teamSeasons.filter((t) => seasons.includes(t.season)));
  if (kind === 'team') pairs.push(['entity', teamByTeamId(ts.teamId)!.abbr]);
  if (kind === 'player') pairs.push(['entity', String(rng.pick(ts.players.slice(0, 8)))]);
  if (kind === 'game') {
    const g = rng.pick(db.games);
    pairs.push(['entity', g.code]);
    seasons = [g.season];
  }
  const side = PAGE_KINDS_WITHOUT_SIDE.has(page) ? null : rng.pick(['offense', 'defense'] as const);
  if (side) pairs.push(['side', side]);
  const sets = metricSetOptions(page, side ?? 'offense');
  if (sets.length) pairs.push(['metric_set', rng.pick(sets).value]);
  const relevant = new Set(relevantFilters(page));
  if (relevant.has('Season')) for (const s of seasons) pairs.push(['season', String(s)]);
  const candidates = FILTERS.filter((f) => relevant.has(f.name) && f.name !== 'Season');
  const count = rng.int(0, Math.min(3, candidates.length));
  for (const def of rng.some(candidates, Math.max(1, count)).slice(0, count)) pairs.push(...drawFilter(def, rng, seasons, ts.players, ALL_TEAMS));
  // Legal means From before To (the API refuses the other order with a 400).
  const from = pairs.find(([k]) => k === 'start_date');
  const to = pairs.find(([k]) => k === 'end_date');
  if (from && to && from[1] > to[1]) [from[1], to[1]] = [to[1], from[1]];
  return { page, url: `/api/data?${new URLSearchParams(pairs).toString()}` };
}

interface Timed {
  page: DataPageKind;
  url: string;
  ms: number;
  status: number;
  error?: string;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

function summary(rows: Timed[]): string {
  const ms = rows.map((r) => r.ms).sort((a, b) => a - b);
  return `${String(rows.length).padStart(5)}  p50 ${pct(ms, 50).toFixed(0).padStart(5)}  p95 ${pct(ms, 95).toFixed(0).padStart(5)}  p99 ${pct(ms, 99).toFixed(0).padStart(5)}  max ${(ms.at(-1) ?? NaN).toFixed(0).padStart(5)} ms`;
}

/** The floor of a query: one DuckDB pass over the possessions its filters select, summed by offense team. */
async function floorMs(c: DuckDBConnection, url: string): Promise<number | null> {
  const q = parseDataQuery(rawQueryFromSearchParams(new URL(url, BASE).searchParams));
  const b = new Params();
  // The server's own WHERE clause for the sample (no materialised scope: a handle without one).
  const source = possessionSource({ query: async () => [] }, q.filters, b, 'offense');
  const sql = `SELECT off_team_id, count(*) AS n, sum(pts) AS pts FROM (${source}) GROUP BY ALL`;
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    await c.runAndReadAll(sql, b.values);
    times.push(performance.now() - t0);
  }
  return Math.min(...times);
}

runMain(async () => {
  const env = serverEnv(PORT, { STATS_DB_PATH: DB, ACCOUNTS_DB_PATH: path.resolve('data/bench-accounts.sqlite'), TRUST_PROXY: '1' });
  buildUnlessSkipped(env);
  run('npm', ['run', 'users', '--', 'seed-demo'], env); // the demo subscriber this benchmark signs in as
  const instance = await DuckDBInstance.create(DB, { access_mode: 'READ_ONLY' });
  const c = await instance.connect();
  const rosters = await loadRosters(c);
  const rng = generator(SEED);
  const seen = new Set<string>();
  const queries: { page: DataPageKind; url: string }[] = [];
  while (queries.length < N) {
    const q = drawQuery(rng, rosters);
    if (seen.has(q.url)) continue;
    seen.add(q.url);
    queries.push(q);
  }
  const server = startServer(env);
  try {
    await server.ready(`${BASE}/healthz`, 60_000);
    const cookie = await signInWithCredentials((p, init) => fetch(`${BASE}${p}`, init), 'subscriber@example.com', 'demo-subscriber-2023', { origin: BASE });
    console.log(`${N} random legal queries (seed ${SEED}), ${CLIENTS} client(s), database ${DB}, load average ${loadAverage().toFixed(1)} at the start`);
    const results: Timed[] = [];
    let next = 0;
    const client = async (k: number) => {
      while (next < queries.length) {
        const q = queries[next++]!;
        const t0 = performance.now();
        // Each client its own address (TRUST_PROXY=1), so that the per-client cap counts clients, not the bench.
        const r = await fetch(BASE + q.url, { headers: { Cookie: cookie, 'X-Forwarded-For': `10.9.0.${k + 1}` } });
        const body = await r.text();
        const ms = performance.now() - t0;
        results.push({ ...q, ms, status: r.status, error: r.status === 200 ? undefined : body.slice(0, 200) });
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, k) => client(k)));
    const errors = results.filter((r) => r.status !== 200);
    console.log(`\nper page kind (uncached; ms from request to the whole answer)`);
    for (const page of DATA_PAGE_KINDS) {
      const rows = results.filter((r) => r.page === page);
      if (rows.length) console.log(`  ${page.padEnd(16)} ${summary(rows)}`);
    }
    console.log(`  ${'all'.padEnd(16)} ${summary(results)}`);
    console.log(`\nerrors: ${errors.length}`);
    for (const e of errors.slice(0, 10)) console.log(`  ${e.status} ${e.url}\n      ${e.error}`);
    const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, 10);
    console.log('\nthe ten slowest, with the floor (one DuckDB pass over the same filtered possessions, summed by team):');
    for (const s of slowest) {
      const floor = await floorMs(c, s.url).catch(() => null);
      console.log(`  ${s.ms.toFixed(0).padStart(6)} ms  floor ${floor === null ? '   —' : floor.toFixed(0).padStart(4)} ms  x${floor ? (s.ms / floor).toFixed(1) : '—'}  ${s.url}`);
    }
    const all = results.map((r) => r.ms).sort((a, b) => a - b);
    const goal = (label: string, ok: boolean) => console.log(`  ${ok ? 'MET ' : 'MISS'} ${label}`);
    console.log('\ngoals (issue 25, full database, this machine):');
    if (CLIENTS === 1) {
      goal(`p95 <= 300 ms (${pct(all, 95).toFixed(0)})`, pct(all, 95) <= 300);
      goal(`p99 <= 1 s (${pct(all, 99).toFixed(0)})`, pct(all, 99) <= 1000);
      goal(`max <= 2 s (${(all.at(-1) ?? 0).toFixed(0)})`, (all.at(-1) ?? 0) <= 2000);
    } else goal(`${CLIENTS} clients: p95 <= 1 s (${pct(all, 95).toFixed(0)})`, pct(all, 95) <= 1000);
    goal(`0 errors (${errors.length})`, errors.length === 0);
    console.log(`load average at the end ${loadAverage().toFixed(1)}`);
  } finally {
    server.stop();
    c.closeSync();
    instance.closeSync();
  }
});
