/**
 * `npm run bench:shapes`: the five costly query shapes, each measured against a hand-written floor, each on the
 * built server (uncached, as the demo subscriber) and as the best direct DuckDB query we can write for the same
 * page's numbers on the same file (the floor), with the ratio (goal: within 2x).
 *
 * Each shape is asked RUNS times with a different entity or filter value each time (another team, another score
 * range), so that no answer, and no league pool the server memoises across pages of the same filters, is reused:
 * every timed answer is computed. The floor is what the page shows, computed directly from the tables that answer
 * it fastest: its own rows (the entity's sums, per player where the page has a row per player) and what else it
 * shows (the league pool it ranks them in for its percentile colours: every player with the minimum possessions
 * under the same filters; on the players table, each player's team and minutes), each timed as the best of three.
 * The goal is judged against that floor; the ratio against the own rows alone is printed beside it. Each floor is checked against the server's answer on one column per row
 * (possessions, or a rate), so that a floor that computes something else fails the run instead of flattering it.
 *
 * Options: --db path (default STATS_DB_PATH or data/stats.duckdb; use the full one) --runs 5 --warm-up 2 --port N --no-build
 */
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import { benchStatsDb, buildUnlessSkipped, freePort, loadAverage, option, run, runMain, serverEnv, startServer } from './lib/benchServer.ts';
import { signInWithCredentials } from './lib/signIn.ts';
import { timedGet } from './lib/timedGet.ts';
import { teamSeasonValue } from '../src/server/statsSchema/derivedTables.ts';
import { COMPACT, FORM_KEY, rowsOf } from '../src/lib/tables/compactAnswer.ts';

const DB = benchStatsDb();
const RUNS = Math.max(1, Number(option('runs', '5')));
/**
 * Untimed runs of each shape first, with entities and filter values the timed runs do not use (no answer or league
 * pool of theirs is reused): the server's code for the shape is then compiled (V8's JIT) as in a server that has
 * been up a while, as the floor's DuckDB is warm from its best of three. Without them the first timed runs of a
 * shape measured the compiler (a league's lineups: 115-305 ms for the first eight answers, 54-76 ms after).
 */
const WARMUP = Math.max(0, Number(option('warm-up', '2')));
// The lineups shape's i-th run spans 2004+i .. 2016+i, and the last season is 2022-23: seven distinct runs at most.
if (RUNS + WARMUP > 7) throw new Error(`--runs ${RUNS} with --warm-up ${WARMUP}: at most 7 runs in all (the lineups shape has seven 13-season spans)`);
const PORT = Number(option('port', String(await freePort())));
const BASE = `http://127.0.0.1:${PORT}`;

const span = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => first + i);
const seasonKeys = (seasons: number[]) => seasons.map((s) => `season=${s}`).join('&');
const ms = (x: number) => `${x.toFixed(0).padStart(5)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

/** A team with its two players of most possessions over a span of seasons. */
interface TeamPair {
  teamId: number;
  abbr: string;
  first: number;
  second: number;
}

/**
 * One run of a shape: the server's URL, the floor's SQL with its values, and one number per row from each, to
 * compare: the floor's rows are (key, value, ...), the server's rows give `value(row)` under `key(row)`.
 */
interface ShapeRun {
  url: string;
  floor: { sql: string; values: DuckDBValue[] };
  /**
   * What else the page shows, as a direct query too: the league pool it ranks its rows in for the percentile
   * colours (the players and lineups tables are their own pool), or the players table's team and minutes.
   */
  rest?: { sql: string; values: DuckDBValue[] };
  key: (row: Row) => string;
  value: (row: Row) => number;
}

interface Shape {
  label: string;
  issueServer: string;
  issueFloor: string;
  run: (i: number) => ShapeRun;
}

type Row = Record<string, unknown>;
/** The minimum possessions of a ranked row (src/lib/tables/percentilePolicy.ts, every page here). */
const MIN_POSSESSIONS = 500;
/** The regular season, garbage time out: every shape's sample besides its own filters. */
const sample = (p: string) => `${p}.season_type = 'regular' AND NOT ${p}.is_filtered_out`;
/** The possession counters the floors sum: a shooting-accuracy set's (every shape asks for one). */
const ZONES = ['rim', 'smid', 'lmid', 'c3', 'nc3'];
const COUNTERS = ['possessions', ...ZONES.flatMap((z) => [`fga_${z}`, `fgm_${z}`])];
const sums = (counters = COUNTERS, alias = '') => counters.map((c) => `sum(${alias}${c})::DOUBLE AS ${c}`).join(', ');
/** Accuracy at the rim in percent, as the page rounds it. */
const rimAccuracy = (fgm: string, fga: string) => `round(100 * ${fgm} / nullif(${fga}, 0), 2)`;
const list = (xs: readonly unknown[]) => `(${xs.map(() => '?').join(', ')})`;
const TEN = '(p.o1, p.o2, p.o3, p.o4, p.o5, p.d1, p.d2, p.d3, p.d4, p.d5)';
const FIVE = '[o1, o2, o3, o4, o5]';

/**
 * On and off sums of the offensive possessions `s` (a CTE of possession rows with off_team_id and season), per
 * `groups` of on_court (o): on = the player in the five, off = his team-season's total minus on, each team-season
 * first, then summed per group. The rows are (key, value, the counters on and off): `value` is the possessions on
 * unless another expression is given; `where` narrows the groups; with `minimum`, only the groups with at least
 * that many possessions on (bound as the last value: a percentile pool's qualified rows).
 */
function onOffFloorSql(s: string, o: { groups: string; value?: string; where?: string; minimum?: boolean }): string {
  return `WITH s AS (${s}),
    totals AS (SELECT off_team_id, season, ${sums()} FROM s GROUP BY ALL),
    on_court AS (SELECT player_id, off_team_id, season, ${sums()} FROM (SELECT unnest(${FIVE}) AS player_id, * FROM s) GROUP BY ALL)
    SELECT (${o.groups})::VARCHAR AS key, ${o.value ?? 'sum(o.possessions)'} AS value, ${COUNTERS.map((c) => `sum(o.${c}) AS on_${c}, sum(t.${c} - o.${c}) AS off_${c}`).join(', ')}
      FROM on_court o JOIN totals t USING (off_team_id, season) WHERE ${o.where ?? 'TRUE'} GROUP BY ALL${o.minimum ? ' HAVING sum(o.possessions) >= ?' : ''}`;
}

/** A rate column of the server's rows, NaN where the page shows none. */
const rate = (key: string) => (r: Row) => (r[key] === null || r[key] === undefined ? NaN : Number(r[key]));

/** The answer's rows (it comes in the compact form the site's table asks for: src/lib/tables/compactAnswer.ts). */
const rowsOfAnswer = (a: unknown): Row[] => Object.values(rowsOf(a).data)[0] ?? [];
/** A shape's URL as the site's table asks for it: the compact form. */
const asked = (url: string) => `${BASE}${url}&${FORM_KEY}=${COMPACT}`;

async function teamPairs(c: DuckDBConnection, seasons: number[], count: number): Promise<TeamPair[]> {
  const r = await c.runAndReadAll(
    `WITH p AS (SELECT s.team_id, s.player_id, sum(s.off_poss) AS poss FROM state_player_sums s
        WHERE s.season BETWEEN ${seasons[0]} AND ${seasons.at(-1)} AND s.season_type = 'regular' GROUP BY ALL),
      ranked AS (SELECT *, row_number() OVER (PARTITION BY team_id ORDER BY poss DESC) AS n FROM p)
     SELECT r1.team_id, t.abbr, r1.player_id, r2.player_id FROM ranked r1 JOIN ranked r2 ON r2.team_id = r1.team_id AND r2.n = 2
       JOIN teams t ON t.team_id = r1.team_id WHERE r1.n = 1 ORDER BY r1.poss DESC LIMIT ${count}`,
  );
  return r.getRows().map(([teamId, abbr, first, second]) => ({ teamId: Number(teamId), abbr: String(abbr), first: Number(first), second: Number(second) }));
}

/** A player's team-seasons in a span, as team_possessions' keys (looked up before the floor is timed). */
async function playerTeamSeasons(c: DuckDBConnection, playerId: number, seasons: number[]): Promise<number[]> {
  const r = await c.runAndReadAll(
    `SELECT DISTINCT team_id, season FROM state_player_sums WHERE player_id = ? AND season IN ${list(seasons)} AND season_type = 'regular'`,
    [playerId, ...seasons],
  );
  return r.getRows().map(([team, season]) => teamSeasonValue(Number(team), Number(season)));
}

runMain(async () => {
  const env = serverEnv(PORT, { STATS_DB_PATH: DB, ACCOUNTS_DB_PATH: path.resolve('data/bench-accounts.sqlite') });
  buildUnlessSkipped(env);
  run('npm', ['run', 'users', '--', 'seed-demo'], env);
  const instance = await DuckDBInstance.create(DB, { access_mode: 'READ_ONLY' });
  const c = await instance.connect();
  const s15 = span(2008, 2022);
  const s16 = span(2007, 2022);
  const s20 = span(2003, 2022);
  const pairs15 = await teamPairs(c, s15, RUNS + WARMUP);
  const pairs16 = await teamPairs(c, s16, RUNS + WARMUP);
  const spans16: number[][] = [];
  for (const t of pairs16) spans16.push(await playerTeamSeasons(c, t.first, s16));
  const teamSeasons = (teamId: number, seasons: number[]) => seasons.map((s) => teamSeasonValue(teamId, s));

  const shapes: Shape[] = [
    {
      label: 'TeamOnOff, off_court, 15 seasons',
      issueServer: '5.4 s',
      issueFloor: '90 ms',
      run: (i) => {
        const t = pairs15[i]!;
        const keys = teamSeasons(t.teamId, s15);
        return {
          url: `/api/data?page=TeamOnOff&entity=${t.abbr}&side=offense&metric_set=Team_ShootingAccuracy&${seasonKeys(s15)}&off_court=${t.first}`,
          floor: {
            sql: onOffFloorSql(
              `SELECT p.* FROM team_possessions p WHERE p.team_season IN ${list(keys)} AND p.filed_offense AND ${sample('p')} AND ? NOT IN ${TEN}`,
              { groups: 'o.player_id' },
            ),
            values: [...keys, t.first],
          },
          rest: {
            sql: onOffFloorSql(`SELECT p.* FROM possessions p WHERE p.season IN ${list(s15)} AND ${sample('p')} AND ? NOT IN ${TEN}`, {
              groups: 'o.player_id',
              minimum: true,
            }),
            values: [...s15, t.first, MIN_POSSESSIONS],
          },
          key: (r) => String(r.player_id),
          value: (r) => Number(r.poss_on),
        };
      },
    },
    {
      label: 'PlayerOnOff, off_court + period + score, 16 seasons',
      issueServer: '3.2 s',
      issueFloor: '30-46 ms',
      run: (i) => {
        const t = pairs16[i]!;
        const period = (i % 4) + 1;
        const margin = 8 + i;
        const keys = spans16[i]!;
        return {
          url: `/api/data?page=PlayerOnOff&entity=${t.first}&side=offense&metric_set=Team_ShootingAccuracy&${seasonKeys(s16)}&off_court=${t.second}&period=${period}&score_diff_low=${-margin}&score_diff_high=${margin}`,
          floor: {
            sql: onOffFloorSql(
              `SELECT p.* FROM team_possessions p WHERE p.team_season IN ${list(keys)} AND p.filed_offense AND ${sample('p')} AND ? NOT IN ${TEN}
                 AND p.period = ? AND p.score_diff BETWEEN ? AND ?`,
              { groups: 'o.season', where: 'o.player_id = ?' },
            ),
            values: [...keys, t.second, period, -margin, margin, t.first],
          },
          rest: {
            sql: onOffFloorSql(
              `SELECT p.* FROM possessions p WHERE p.season IN ${list(s16)} AND ${sample('p')} AND ? NOT IN ${TEN} AND p.period = ? AND p.score_diff BETWEEN ? AND ?`,
              { groups: 'o.player_id, o.season', minimum: true },
            ),
            values: [...s16, t.second, period, -margin, margin, MIN_POSSESSIONS],
          },
          // one row per season and team: a traded player's two rows of a season are his season's
          key: (r) => String(r.season_start),
          value: (r) => Number(r.poss_on),
        };
      },
    },
    {
      label: 'TeamPlayers, score margin, 16 seasons',
      issueServer: '4.1 s',
      issueFloor: '~0.35 s',
      run: (i) => {
        const t = pairs16[i]!;
        const margin = 5 + i;
        const own = [...ZONES.flatMap((z) => [`fga_${z}`, `fgm_${z}`, `astd_${z}`]), 'off_poss', 'on_seconds'];
        return {
          url: `/api/data?page=TeamPlayers&entity=${t.abbr}&metric_set=ShootingAccuracy&${seasonKeys(s16)}&score_diff_low=${-margin}&score_diff_high=${margin}`,
          floor: {
            sql: `SELECT s.player_id::VARCHAR AS key, ${rimAccuracy('sum(s.fgm_rim)', 'sum(s.fga_rim)')} AS value, ${sums(own, 's.')}
              FROM state_player_sums s WHERE s.team_id = ? AND s.season IN ${list(s16)} AND ${sample('s')} AND s.score_diff BETWEEN ? AND ?
             GROUP BY s.player_id`,
            values: [t.teamId, ...s16, -margin, margin],
          },
          rest: {
            sql: `SELECT s.player_id, ${sums(own, 's.')} FROM state_player_sums s
              WHERE s.season IN ${list(s16)} AND ${sample('s')} AND s.score_diff BETWEEN ? AND ? GROUP BY s.player_id HAVING sum(s.off_poss) >= ?`,
            values: [...s16, -margin, margin, MIN_POSSESSIONS],
          },
          key: (r) => String(r.player_id),
          value: rate('rim_acc'),
        };
      },
    },
    {
      label: 'Lineups, 13 seasons, no filter',
      issueServer: '3.8 s',
      issueFloor: '0.15-1 s',
      run: (i) => {
        const seasons = span(2004 + i, 2016 + i);
        return {
          url: `/api/data?page=Lineups&side=offense&metric_set=Team_ShootingAccuracy&${seasonKeys(seasons)}`,
          floor: {
            sql: `WITH sums AS (SELECT l.lineup_id, ${sums(COUNTERS, 'l.')} FROM lineup_season_sums l
                   WHERE l.is_offense AND l.season IN ${list(seasons)} AND ${sample('l')} GROUP BY l.lineup_id HAVING sum(l.possessions) >= 100)
              SELECT s.lineup_id::VARCHAR AS key, s.possessions AS value, s.*, t.abbr, concat_ws(' - ', n1.name, n2.name, n3.name, n4.name, n5.name) AS names
                FROM sums s JOIN lineups u USING (lineup_id) JOIN teams t ON t.team_id = u.team_id
                JOIN players n1 ON n1.player_id = u.p1 JOIN players n2 ON n2.player_id = u.p2 JOIN players n3 ON n3.player_id = u.p3
                JOIN players n4 ON n4.player_id = u.p4 JOIN players n5 ON n5.player_id = u.p5`,
            values: seasons,
          },
          key: (r) => String(r.lineup_id),
          value: (r) => Number(r.poss),
        };
      },
    },
    {
      label: 'Players, on/off set, score margin + result, 20 seasons',
      issueServer: '3.2 s',
      issueFloor: '0.26 s',
      run: (i) => {
        const margin = 10 + i;
        return {
          url: `/api/data?page=Players&metric_set=OnOff_ShootingAccuracy&${seasonKeys(s20)}&score_diff_low=${-margin}&score_diff_high=${margin}&result=win`,
          floor: {
            sql: onOffFloorSql(
              `SELECT p.* FROM possessions p JOIN games g ON g.game_id = p.game_id
                WHERE p.season IN ${list(s20)} AND ${sample('p')} AND p.score_diff BETWEEN ? AND ?
                  AND (g.home_team_id = p.off_team_id) = (g.home_pts > g.away_pts)`,
              { groups: 'o.player_id', value: rimAccuracy('sum(o.fgm_rim)', 'sum(o.fga_rim)') },
            ),
            values: [...s20, -margin, margin],
          },
          // the table's team column (his team in his last game of the sample) and its order (minutes on court),
          // from the possessions of both ends: the defense's score and result are its own
          rest: {
            sql: `WITH ends AS (
                SELECT unnest([p.o1, p.o2, p.o3, p.o4, p.o5]) AS player_id, p.off_team_id AS team_id, p.game_id, p.seconds
                  FROM possessions p JOIN games g ON g.game_id = p.game_id
                 WHERE p.season IN ${list(s20)} AND ${sample('p')} AND p.score_diff BETWEEN ? AND ? AND (g.home_team_id = p.off_team_id) = (g.home_pts > g.away_pts)
                UNION ALL
                SELECT unnest([p.d1, p.d2, p.d3, p.d4, p.d5]), p.def_team_id, p.game_id, p.seconds
                  FROM possessions p JOIN games g ON g.game_id = p.game_id
                 WHERE p.season IN ${list(s20)} AND ${sample('p')} AND -p.score_diff BETWEEN ? AND ? AND (g.home_team_id = p.def_team_id) = (g.home_pts > g.away_pts))
              SELECT player_id, arg_max(team_id, game_id) AS team_id, sum(seconds) AS seconds FROM ends GROUP BY player_id ORDER BY seconds DESC`,
            values: [...s20, -margin, margin, ...s20, -margin, margin],
          },
          key: (r) => String(r.player_id),
          value: rate('rim_acc_on'),
        };
      },
    },
  ];

  const server = startServer(env);
  try {
    await server.ready(`${BASE}/healthz`, 60_000);
    const cookie = await signInWithCredentials((p, init) => fetch(`${BASE}${p}`, init), 'subscriber@example.com', 'demo-subscriber-2023', { origin: BASE });
    console.log(
      `the five query shapes, ${RUNS} runs each after ${WARMUP} untimed (another entity or filter value each run), database ${DB}, load average ${loadAverage().toFixed(1)} at the start`,
    );
    for (const shape of shapes) {
      const serverMs: number[] = [];
      const floorMs: number[] = [];
      const ownMs: number[] = [];
      for (let i = RUNS; i < RUNS + WARMUP; i++) {
        const res = await timedGet(asked(shape.run(i).url), { Cookie: cookie });
        if (res.status !== 200) throw new Error(`warm-up ${shape.run(i).url}: ${res.status} ${res.body.slice(0, 300)}`);
      }
      for (let i = 0; i < RUNS; i++) {
        const r = shape.run(i);
        // until the whole answer has arrived, as bench:random times it (the client's decompression and JSON parse
        // are not the server's: timedGet)
        const res = await timedGet(asked(r.url), { Cookie: cookie });
        serverMs.push(res.ms);
        const body = res.body;
        if (res.status !== 200) throw new Error(`${r.url}: ${res.status} ${body.slice(0, 300)}`);
        const own = await bestOfThree(c, r.floor);
        const rest = r.rest ? (await bestOfThree(c, r.rest)).ms : 0;
        ownMs.push(own.ms);
        floorMs.push(own.ms + rest);
        agree(shape.label, r, rowsOfAnswer(JSON.parse(body)), own.rows);
      }
      const ratio = median(serverMs) / median(floorMs);
      console.log(
        `  ${ratio <= 2 ? 'MET ' : 'MISS'} ${shape.label.padEnd(54)} server ${ms(median(serverMs))}  floor ${ms(median(floorMs))}  x${ratio.toFixed(1)}` +
          `  (own rows alone ${ms(median(ownMs))}, x${(median(serverMs) / median(ownMs)).toFixed(1)}; issue: ${shape.issueServer} against ${shape.issueFloor})`,
      );
    }
    console.log(`load average at the end ${loadAverage().toFixed(1)}`);
  } finally {
    server.stop();
    c.closeSync();
    instance.closeSync();
  }
});

/** A direct query run three times: the best time, and its rows. */
async function bestOfThree(c: DuckDBConnection, q: { sql: string; values: DuckDBValue[] }): Promise<{ ms: number; rows: DuckDBValue[][] }> {
  let best = Infinity;
  let rows: DuckDBValue[][] = [];
  for (let k = 0; k < 3; k++) {
    const t0 = performance.now();
    rows = (await c.runAndReadAll(q.sql, q.values)).getRows();
    best = Math.min(best, performance.now() - t0);
  }
  return { ms: best, rows };
}

/**
 * Throws unless the floor computes the page's numbers: the server's rows summed per key (a traded player's rows
 * of one season are one key) equal the floor's values on every key both have, and the keys mostly agree.
 */
function agree(label: string, r: ShapeRun, serverRows: Row[], floorRows: DuckDBValue[][]): void {
  const theirs = new Map<string, number>();
  for (const row of serverRows) theirs.set(r.key(row), (theirs.get(r.key(row)) ?? 0) + r.value(row));
  let matched = 0;
  let comparable = 0;
  for (const [key, value] of floorRows) {
    if (value === null) continue; // a rate of no attempts: the page shows none either
    comparable += 1;
    const got = theirs.get(String(key));
    if (got === undefined || Number.isNaN(got)) continue;
    // the server's values are rounded as the page shows them; a season of two rows sums possessions exactly
    if (Math.abs(got - Number(value)) > 0.011)
      throw new Error(`${label}: the floor is not the page's numbers: ${key} = ${value} in the floor, ${got} in ${r.url}`);
    matched += 1;
  }
  if (matched === 0 || matched < 0.9 * Math.min(comparable, theirs.size)) {
    throw new Error(`${label}: only ${matched} of ${comparable} floor rows with a value found in the ${theirs.size} rows of ${r.url}`);
  }
}
