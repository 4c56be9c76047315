/**
 * Helpers every view uses: names, row building per metric set, league context, percentiles.
 */
import { withDefaultsExcept, type AppliedFilters } from '../../../lib/params/apiParams';
import { seasonLabel } from '../../../lib/filters/filterDefinitions';
import { betterOf, type Better } from '../../../lib/tables/columnMeta';
import { COLUMNS } from '../../../lib/tables/metricColumns';
import { metricSetDefinitions, ONOFF_PERCENTILE_PARTS, onOffParts, type MetricSetDefinition } from '../../../lib/tables/metricSets';
import type { DataQuery } from '../../../lib/params/apiParams';
import type { PageKind } from '../../../lib/site/pageKinds';
import { teamByTeamId } from '../../../lib/league/franchises';
import { onStatsDbChange, type StatsDb, type Row } from '../../db/statsDb';
import { TEAM_COUNTERS, pick, type TeamCounter, type TeamSums } from '../metrics/counters';
import { nullsOf, readsLeagueHcPpp, round, teamCountersFor, type LeagueShooting, type Value, type Values } from '../metrics/formulas';
import { LRUCache } from 'lru-cache';
import { sharedLookup } from '../entities/sharedLookup';
import { NET_COUNTERS, teamSumsBy } from '../sql/sums';

export type SetRows = Record<string, Row[]>;

/** The metric sets a view builds: the one the query asks for (metric_set), or every set the page offers. */
export function setsOf(q: Pick<DataQuery, 'side' | 'metricSet'>, page: PageKind): MetricSetDefinition[] {
  const defs = metricSetDefinitions(page, q.side);
  return q.metricSet === null ? defs : defs.filter((d) => d.value === q.metricSet);
}

const playerNames = new Map<string, Promise<Map<number, string>>>();

/** Every player's display name by id (loaded once per stats file). */
export function playerNameMap(db: StatsDb): Promise<Map<number, string>> {
  return sharedLookup(db, playerNames, 'all', () =>
    db.query<{ player_id: number; name: string }>('SELECT player_id, name FROM players').then((rows) => new Map(rows.map((r) => [r.player_id, r.name]))),
  );
}

export const teamAbbr = (teamId: unknown): string | null => teamByTeamId(Number(teamId))?.abbr ?? null;

export const seasonOf = (season: unknown) => seasonLabel(Number(season));

export const teamSums = (row: Row): TeamSums => pick(row, TEAM_COUNTERS);

/** The columns of these sets (each once). */
export function columnKeysOfSets(defs: readonly MetricSetDefinition[]): string[] {
  return [...new Set(defs.flatMap((def) => COLUMNS[def.base].map((c) => c.key)))];
}

/** The team counters the columns of these sets are computed from: a league-wide sum for them sums only those. */
export function teamCountersOfSets(defs: readonly MetricSetDefinition[]): TeamCounter[] {
  return teamCountersFor(columnKeysOfSets(defs));
}

/**
 * The counters every team aggregate of a page's computation sums, on the pages whose views sum only their sets'
 * counters (and the net rating's, from both ends, when a set shows it): lineups and on/off. The request's
 * lineup sample need carry no others (sql/sample.ts fullSample). Null on the other pages: every counter.
 */
export function sampleCountersOf(q: DataQuery): TeamCounter[] | null {
  return SAMPLE_NARROW_PAGES.includes(q.page) ? setCountersOf(q) : null;
}
const SAMPLE_NARROW_PAGES: readonly PageKind[] = ['Lineups', 'TeamLineups', 'PlayerLineups', 'TeamOnOff', 'PlayerOnOff'];

/** Does a set the query asks for show the net rating (then its rows need both ends)? */
export const showsNet = (q: Pick<DataQuery, 'side' | 'metricSet' | 'page'>) => setsOf(q, q.page).some((d) => d.base === 'NetFourFactors');

/** The team counters of the sets a query asks for, with the net rating's when one shows it. */
export function setCountersOf(q: Pick<DataQuery, 'side' | 'metricSet' | 'page'>): TeamCounter[] {
  return [...new Set([...teamCountersOfSets(setsOf(q, q.page)), ...(showsNet(q) ? NET_COUNTERS : [])])];
}

/**
 * Rows of one plain set: identity fields plus the set's columns (rounded for the wire: formulas.ts round), and
 * the `{key}_pct` fields of `percentiles` (null until addPercentiles fills them) when the caller ranks them.
 */
export function plainRows(def: MetricSetDefinition, entries: readonly { id: Row; v: Values }[], percentiles: readonly PercentileColumn[] = []): Row[] {
  const keys = COLUMNS[def.base].map((c) => c.key);
  const shaped = rowsOfShape([...keys, ...percentiles.map((c) => `${c.key}_pct`)]);
  return entries.map((e) => {
    const row = shaped(e.id);
    for (const key of keys) row[key] = round(e.v[key] ?? null);
    return row;
  });
}

/**
 * Rows of one on/off set: for each column `{key}_on`, `{key}_off` and, for rates and percents, `{key}_diff` (on
 * minus off); the `{key}_pct` fields of `percentiles` as plainRows.
 */
export function onOffRows(
  def: MetricSetDefinition,
  entries: readonly { id: Row; on: Values; off: Values }[],
  percentiles: readonly PercentileColumn[] = [],
): Row[] {
  const columns = COLUMNS[def.base].map((c) => ({ c, on: `${c.key}_on`, off: `${c.key}_off`, diff: onOffParts(c).includes('diff') ? `${c.key}_diff` : null }));
  const shaped = rowsOfShape([...columns.flatMap((x) => [x.on, x.off, ...(x.diff ? [x.diff] : [])]), ...percentiles.map((c) => `${c.key}_pct`)]);
  return entries.map((e) => {
    const row = shaped(e.id);
    for (const { c, on: onKey, off: offKey, diff } of columns) {
      const on = e.on[c.key] ?? null;
      const off = e.off[c.key] ?? null;
      row[onKey] = round(on);
      row[offKey] = round(off);
      // A margin of error's difference is the margin of the difference (independent samples: in quadrature).
      if (diff) row[diff] = on === null || off === null ? null : round(c.margin ? Math.hypot(on, off) : on - off);
    }
    return row;
  });
}

/**
 * A maker of rows holding an identity's fields and then `fields` (null until set), each row a copy of one object
 * with all of those keys per identity shape (its keys, in order). A row given more than a dozen keys one by one
 * under computed names becomes a dictionary in V8, and every later read, the percentiles' writes and
 * JSON.stringify take the slow path: a league's lineups (4,421 rows of 19 fields) took 11-15 ms to stringify
 * instead of 9-10. The keys come in the order the rows always had: the identity's, then `fields`.
 */
function rowsOfShape(fields: readonly string[]): (id: Row) => Row {
  const shapes = new Map<string, Row>();
  return (id) => {
    const idKeys = Object.keys(id);
    const signature = idKeys.join('\n');
    let shape = shapes.get(signature);
    if (!shape) shapes.set(signature, (shape = nullsOf([...idKeys, ...fields])));
    const row: Row = { ...shape };
    for (const k of idKeys) row[k] = id[k];
    return row;
  };
}

const baselines = new LRUCache<string, Promise<LeagueBaseline>>({ max: 200 });

/** The league's numbers a view measures against (leagueBaseline). */
export interface LeagueBaseline {
  /** points per halfcourt play (transition "points added") */
  hcPpp: number | null;
  /** three-point and free-throw percentages (the luck-adjusted net rating) */
  shooting: LeagueShooting;
}

/**
 * What a view reads of the league baseline: the counters its values are computed from (transition points added
 * reads the league's halfcourt points per play when they include its own: formulas.ts readsLeagueHcPpp) and
 * whether it shows a net rating (luck-adjusted by the league's shooting). A view that reads neither is answered
 * NO_BASELINE without a query.
 */
export interface BaselineReads {
  counters: readonly TeamCounter[];
  shooting: boolean;
}
const READS_ALL: BaselineReads = { counters: TEAM_COUNTERS, shooting: true };
const NO_BASELINE: LeagueBaseline = { hcPpp: null, shooting: { fg3Pct: null, ftPct: null } };

/** The counters leagueBaseline reads (only these are summed). */
const BASELINE_COUNTERS = ['possessions', 'hc_pts', 'hc_plays', 'fg3m', 'fg3a', 'ftm', 'fta'] as const satisfies readonly TeamCounter[];
type BaselineCounter = (typeof BASELINE_COUNTERS)[number];

/**
 * The league over the same seasons, season types, dates and garbage-time choice (possession-level and
 * team-level filters left out: the baseline is the league's, not the subset's): points per halfcourt play, and
 * 3P% and FT% (pooled over the seasons of the sample). One query, memoised per stats file; none when the caller
 * reads neither (`reads`: NO_BASELINE).
 */
export function leagueBaseline(db: StatsDb, f: AppliedFilters, reads: BaselineReads = READS_ALL): Promise<LeagueBaseline> {
  if (!readsLeagueHcPpp(reads.counters) && !reads.shooting) return Promise.resolve(NO_BASELINE);
  // The league's own numbers over the sample's seasons, season types, dates and garbage-time choice: every other
  // filter (game, opponent, time within the game, lineup) at its default.
  const league = withDefaultsExcept(f, ['Season', 'SeasonType', 'StartDate', 'EndDate', 'FilterOutGarbageTime']);
  const key = JSON.stringify([league.seasons, league.seasonTypes, league.startDate, league.endDate, league.filterOutGarbageTime]);
  return sharedLookup(db, baselines, key, () =>
    teamSumsBy(db, league, { persp: 'offense', groupBy: [], counters: BASELINE_COUNTERS }).then(([row]) => {
      const n = (k: BaselineCounter) => Number(row?.[k] ?? 0);
      const share = (a: BaselineCounter, b: BaselineCounter) => (n(b) === 0 ? null : n(a) / n(b));
      return { hcPpp: share('hc_pts', 'hc_plays'), shooting: { fg3Pct: share('fg3m', 'fg3a'), ftPct: share('ftm', 'fta') } };
    }),
  );
}

/**
 * League points per halfcourt play, the baseline of transition "points added" (leagueBaseline): null, without a
 * query, when the caller sums too few counters to compute that column.
 */
export function leagueHalfcourtPpp(db: StatsDb, f: AppliedFilters, counters: readonly TeamCounter[] = TEAM_COUNTERS): Promise<number | null> {
  return leagueBaseline(db, f, { counters, shooting: false }).then((b) => b.hcPpp);
}

const positionsBySeasons = new LRUCache<string, Promise<ReadonlyMap<number, string>>>({ max: 200 });

// Memoised lookups hold until the server switches to a new stats file.
onStatsDbChange(() => {
  playerNames.clear();
  baselines.clear();
  positionsBySeasons.clear();
});

/**
 * Estimated position (player_seasons.position) of each player in his latest season of the sample. Memoised by
 * the seasons (the only input) per stats file: player tables and shot charts of
 * the same seasons ask for it again and again.
 */
export function positionsIn(db: StatsDb, f: AppliedFilters): Promise<ReadonlyMap<number, string>> {
  return sharedLookup(db, positionsBySeasons, f.seasons.join(), () =>
    db
      .query<{ player_id: number; position: string }>(
        `SELECT player_id, arg_max(position, season * 10 + (season_type = 'regular')::INTEGER) AS position
           FROM player_seasons WHERE season IN (${f.seasons.map((_, i) => `$${i + 1}`).join(', ')}) GROUP BY player_id`,
        f.seasons,
      )
      .then((rows): ReadonlyMap<number, string> => new Map(rows.map((r) => [r.player_id, r.position]))),
  );
}

/** A column that carries a percentile, and which way is good (src/lib/tables/columnMeta.ts). */
export interface PercentileColumn {
  key: string;
  better: Better;
}

/**
 * Percentile (0-100) of each rate/percent column among qualified rows in the same group (position group for
 * players; one pool for lineups), METRICS.md "Presentation": share of the pool below, counting ties as half,
 * turned round for columns where lower is better, so 100 is always the best (columns that describe style keep
 * the plain rank). Adds `{key}_pct`; rows that do not qualify (below the minimum sample) get null: they are
 * neither ranked nor coloured. `poolRows` (default: the rows themselves) are the rows the pools are drawn from.
 */
export function addPercentiles(
  rows: Row[],
  columns: readonly PercentileColumn[],
  groupOf: (row: Row) => string,
  qualified: (row: Row) => boolean,
  poolRows: readonly Row[] = rows,
): void {
  // Thousands of rows (a league's lineups or on/off pool) pass through here: each group's pool is one sorted
  // typed array per column (by the column's index; a numeric sort with no comparator, 2.5x faster), each value's
  // percentile found once per pool and value (most rows share their rounded values), and the `_pct` names made once.
  const keys = columns.map((c) => c.key);
  const pctKeys = keys.map((k) => `${k}_pct`);
  const lists = new Map<string, number[][]>();
  for (const row of poolRows) {
    if (!qualified(row)) continue;
    const g = groupOf(row);
    let pool = lists.get(g);
    if (!pool) lists.set(g, (pool = keys.map(() => [])));
    for (let i = 0; i < keys.length; i++) {
      const v = row[keys[i]!];
      if (typeof v === 'number') pool[i]!.push(v);
    }
  }
  const pools = new Map<string, PercentilePool[]>();
  for (const [g, pool] of lists)
    pools.set(
      g,
      pool.map((list) => new PercentilePool(list)),
    );
  for (const row of rows) {
    const pool = qualified(row) ? pools.get(groupOf(row)) : undefined;
    for (let i = 0; i < keys.length; i++) {
      const v = row[keys[i]!];
      const p = typeof v === 'number' && pool ? pool[i]!.percentileOf(v) : null;
      row[pctKeys[i]!] = p === null ? null : columns[i]!.better === 'lower' ? Math.round(1000 - 10 * p) / 10 : p;
    }
  }
}

/** One column's pool of values: a value's percentile is the share of the pool below it, ties counted as half. */
class PercentilePool {
  private readonly sorted: Float64Array;
  private readonly known = new Map<number, number>();

  constructor(values: readonly number[]) {
    this.sorted = Float64Array.from(values).sort();
  }

  /** 0-100, one decimal; null for an empty pool. */
  percentileOf(v: number): Value {
    const n = this.sorted.length;
    if (n === 0) return null;
    let p = this.known.get(v);
    if (p === undefined) {
      const below = this.bound(v, 0, false);
      const equal = this.bound(v, below, true) - below;
      p = Math.round((1000 * (below + equal / 2)) / n) / 10;
      this.known.set(v, p);
    }
    return p;
  }

  /** First index from `lo` whose value is >= v (or > v when `after`). */
  private bound(v: number, lo: number, after: boolean): number {
    const sorted = this.sorted;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < v || (after && sorted[mid] === v)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** The rate and percent columns of a set (those that carry percentiles), with which way is good. */
export function percentileColumns(def: MetricSetDefinition): PercentileColumn[] {
  return COLUMNS[def.base]
    .filter((c) => (c.format === 'rate' || c.format === 'percent') && !c.margin)
    .map((c) => ({ key: c.key, better: betterOf(c.key, def.group) }));
}

/** The on/off fields that carry a percentile: `{key}_on` and `{key}_diff` of the set's rates and percents. */
export function onOffPercentileColumns(def: MetricSetDefinition): PercentileColumn[] {
  return percentileColumns(def).flatMap((c) => ONOFF_PERCENTILE_PARTS.map((part) => ({ key: `${c.key}_${part}`, better: c.better })));
}
