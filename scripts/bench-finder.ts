/**
 * `npm run bench:finder`: random legal finder queries (src/lib/views/finderQuery.ts), uncached, through the finder's own
 * entry (src/server/stats/finder/finder.ts runFinder: the stats server's query queue, its timeout and DuckDB
 * settings, without HTTP), one after another, on the full database. Every query is drawn once (no answer is
 * served from the cache). Drawn with a seed: the mode, 1 to 20 seasons, the season type, one to three conditions
 * with thresholds of the mode's scale, and, for half of them, one or two filters of the filter model drawn from
 * its definitions (scripts/lib/randomQueries.ts drawFilter; lineup players from the seasons' rosters), a player or
 * a team for one in five, a sort and a page.
 * Prints p50/p95/p99/max overall, by mode and by source (whole games, garbage time out, possessions), the errors
 * (a query past its budget is a 503 the caller sees: counted, with its time), the ten slowest with their query,
 * and the load average. The goal: p95 <= 400 ms, p99 <= 1 s on 2 cores over 20 seasons.
 *
 * Options: --db path (default STATS_DB_PATH or data/stats.duckdb) --n 300 --seed 1 --warm-up 20
 */
import { performance } from 'node:perf_hooks';
import { DuckDBInstance } from '@duckdb/node-api';
import { FILTERS } from '../src/lib/filters/filterDefinitions.ts';
import { FINDER_MODES, FINDER_STAT_KEYS, type FinderMode, type FinderStat } from '../src/lib/views/finderQuery.ts';
import { benchStatsDb, loadAverage, option, runMain } from './lib/benchServer.ts';
import { drawFilter, generator, loadRosters, type Rng } from './lib/randomQueries.ts';
import { percentile as pct } from './lib/percentile.ts';

const DB = benchStatsDb();
process.env.STATS_DB_PATH = DB;
const N = Number(option('n', '300'));
const SEED = Number(option('seed', '1'));
const WARM_UP = Number(option('warm-up', '20'));

/** A threshold of the mode's scale: a game's, a season's (total or per game), a span's. */
function threshold(rng: Rng, stat: FinderStat, mode: FinderMode, per: 'total' | 'game', span: number): string {
  const game: Record<FinderStat, [number, number]> = {
    pts: [10, 45],
    reb: [5, 20],
    oreb: [2, 8],
    dreb: [4, 15],
    ast: [3, 15],
    stl: [1, 5],
    blk: [1, 6],
    tov: [1, 7],
    pf: [2, 6],
    fgm: [4, 18],
    fga: [8, 30],
    fg3m: [1, 8],
    fg3a: [3, 14],
    ftm: [2, 14],
    fta: [2, 16],
    min: [10, 42],
    plus_minus: [-20, 25],
    ts_pct: [40, 75],
    efg_pct: [40, 70],
    usg_pct: [15, 35],
    net_rtg: [-20, 30],
  };
  const [lo, hi] = game[stat];
  const base = rng.int(lo, hi);
  const rate = ['ts_pct', 'efg_pct', 'usg_pct', 'net_rtg', 'plus_minus'].includes(stat);
  if (rate) return String(base);
  if (mode === 'player_seasons' || mode === 'team_seasons') return String(per === 'game' ? base : base * rng.int(20, 60));
  if (mode === 'spans') return String(per === 'game' ? base : base * span);
  return String(base);
}

async function main(): Promise<void> {
  const inst = await DuckDBInstance.create(DB, { access_mode: 'READ_ONLY' });
  const rosters = await loadRosters(await inst.connect());
  inst.closeSync();
  // imported after STATS_DB_PATH is set: the server's configuration reads it
  const { runFinder, finderQueryOf } = await import('../src/server/stats/finder/finder.ts');
  const { readsPossessions } = await import('../src/server/stats/finder/finderSql.ts');
  const { currentSeasons } = await import('../src/server/stats/entities/seasons.ts');
  const { closeStatsDb } = await import('../src/server/db/statsDb.ts');
  await currentSeasons();
  const rng = generator(SEED);
  const seasons = rosters.seasons;
  const teams = ['BOS', 'DEN', 'GSW', 'LAL', 'MIA', 'PHI', 'SAS', 'TOR', 'UTA', 'NYK'];

  const draw = (): string => {
    const p = new URLSearchParams();
    const mode = rng.pick(FINDER_MODES);
    p.set('mode', mode);
    const per = rng.next() < 0.5 ? 'game' : 'total';
    const span = rng.pick([5, 10, 20]);
    if ((mode === 'streaks' || mode === 'spans') && rng.next() < 0.3) p.set('of', 'team');
    if (mode === 'spans') p.set('span', String(span));
    if (mode.endsWith('seasons') || mode === 'spans') p.set('per', per);
    const conds = rng.some(FINDER_STAT_KEYS, mode === 'streaks' ? 2 : 3);
    for (const s of conds) p.append('cond', `${s}:${rng.next() < 0.8 ? 'ge' : 'le'}:${threshold(rng, s, mode, per, span)}`);
    // 1 season (30 %), 2-5 (30 %), 6-19 (20 %), all 20 (20 %): a run of consecutive seasons
    const r = rng.next();
    const count = r < 0.3 ? 1 : r < 0.6 ? rng.int(2, 5) : r < 0.8 ? rng.int(6, seasons.length - 1) : seasons.length;
    const first = rng.int(0, seasons.length - count);
    const chosen = seasons.slice(first, first + count);
    for (const s of chosen) p.append('season', String(s));
    const t = rng.next();
    if (t < 0.2) for (const x of ['regular', 'playoffs']) p.append('season_type', x);
    else if (t < 0.3) p.set('season_type', 'playoffs');
    if (rng.next() < 0.5) {
      const roster = rosters.teamSeasons.filter((x) => chosen.includes(x.season)).flatMap((x) => x.players.slice(0, 3));
      const filters = FILTERS.filter((f) => f.name !== 'Season' && f.name !== 'SeasonType' && f.name !== 'LineupAllOrAny');
      for (const f of rng.some(filters, 2)) for (const [k, v] of drawFilter(f, rng, chosen, roster, teams)) p.append(k, v);
    }
    const who = rng.next();
    if (who < 0.1) p.set('team', rng.pick(teams));
    else if (who < 0.2) {
      const ts = rosters.teamSeasons.filter((x) => chosen.includes(x.season));
      p.set('player', String(rng.pick(rng.pick(ts).players.slice(0, 5))));
    }
    if (rng.next() < 0.3) p.set('sort', rng.pick(FINDER_STAT_KEYS));
    if (rng.next() < 0.2) p.set('page', String(rng.int(2, 3)));
    return p.toString();
  };

  const legal = (qs: string) => {
    try {
      finderQueryOf(qs);
      return true;
    } catch {
      return false;
    }
  };
  const seen = new Set<string>();
  const next = () => {
    for (;;) {
      const qs = draw();
      if (!seen.has(qs) && legal(qs)) {
        seen.add(qs);
        return qs;
      }
    }
  };
  for (let i = 0; i < WARM_UP; i++) await runFinder(next()).catch(() => undefined);

  type Timed = { qs: string; mode: string; source: string; ms: number; error?: string };
  const timed: Timed[] = [];
  const loads: number[] = [];
  for (let i = 0; i < N; i++) {
    const qs = next();
    const q = finderQueryOf(qs);
    const source = readsPossessions(q.filters) ? 'possessions' : q.filters.filterOutGarbageTime ? 'garbage out' : 'whole games';
    const t0 = performance.now();
    let error: string | undefined;
    try {
      await runFinder(q, { asker: { client: `bench-${i}` } });
    } catch (e) {
      error = e instanceof Error ? `${e.constructor.name}: ${e.message}` : String(e);
    }
    timed.push({ qs, mode: q.mode, source, ms: performance.now() - t0, error });
    if (i % 20 === 0) loads.push(loadAverage());
  }
  await closeStatsDb();

  const line = (label: string, rows: Timed[]) => {
    const ms = rows.map((r) => r.ms).sort((a, b) => a - b);
    return `${label.padEnd(16)} ${String(rows.length).padStart(5)}  p50 ${pct(ms, 50).toFixed(0).padStart(5)}  p95 ${pct(ms, 95).toFixed(0).padStart(5)}  p99 ${pct(ms, 99).toFixed(0).padStart(5)}  max ${(ms.at(-1) ?? NaN).toFixed(0).padStart(6)} ms`;
  };
  console.log(
    `bench:finder ${DB}: ${N} queries, seed ${SEED}, warm-up ${WARM_UP}, load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`,
  );
  console.log(line('all', timed));
  for (const m of FINDER_MODES)
    console.log(
      line(
        m,
        timed.filter((t) => t.mode === m),
      ),
    );
  for (const s of ['whole games', 'garbage out', 'possessions'])
    console.log(
      line(
        s,
        timed.filter((t) => t.source === s),
      ),
    );
  const errors = timed.filter((t) => t.error);
  console.log(`errors: ${errors.length}`);
  for (const e of errors.slice(0, 10)) console.log(`  ${e.ms.toFixed(0)} ms ${e.error} ${e.qs}`);
  console.log('slowest:');
  for (const t of [...timed].sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`  ${t.ms.toFixed(0).padStart(6)} ms  ${t.qs}`);
}

runMain(main);
