/**
 * Requests with possession-level filters (period, time into game, score differential, lineups) read the
 * possession table many times (team sums, on-court sums from both ends, on/off, player counters). Inside a
 * computation's scope (src/server/db/statsDb.ts withScope, passed in as `db`) the possessions that pass the filters are scanned ONCE
 * into a temporary table with two flags, off_ok / def_ok: whether the possession passes the perspective-
 * dependent filters (game-level filters and score differential) judged from the offense's / the defense's team.
 * Every later aggregate of the request with the same filters reads that table (filterSql.possessionSource).
 */
import type { AppliedFilters } from '../../lib/apiParams';
import type { StatsDb, StatsScope } from '../db/statsDb';
import {
  commonPossessionConditions,
  hasLineup,
  needsTeamGames,
  possessionScopeKey,
  sampleConditions,
  scoreDiffConditions,
  teamGameConditions,
} from './filterSql';
import { TEAM_COUNTERS } from './counters';
import { lineupCandidateIds } from './lineupIndex';
import { and, Params } from './sql';

let counter = 0;

/** The possession columns later aggregates read (the filters are applied while materialising). */
const KEPT_COLUMNS = [
  'possession_id', 'game_id', 'season', 'season_type', 'off_team_id', 'def_team_id', 'off_lineup_id', 'def_lineup_id',
  'o1', 'o2', 'o3', 'o4', 'o5', 'd1', 'd2', 'd3', 'd4', 'd5',
  ...TEAM_COUNTERS.filter((c) => c !== 'possessions'),
];

/** The scope key of the game-id range that bounds a materialised sample (player counters use it to prune). */
export const gameRangeScopeKey = (f: AppliedFilters) => `game-range:${JSON.stringify(f)}`;

/**
 * Seasons in which the lineup filters can hold: a player can only be on the floor in a season he played. With
 * lineupAllOrAny = all, every filled filter must hold (intersection of their seasons); with any, one of them
 * (union). Off-court filters hold in any season. The possession table is sorted by season, so naming fewer
 * seasons lets DuckDB skip whole row groups.
 */
async function lineupSeasons(db: StatsDb, f: AppliedFilters): Promise<number[]> {
  const conditions: number[][] = []; // each: the players of one filled filter (one of them must be on)
  for (const slot of ['pg', 'sg', 'sf', 'pf', 'c'] as const) if (f.lineup[slot].length) conditions.push(f.lineup[slot]);
  for (const id of f.lineup.onCourt) conditions.push([id]);
  const offOnly = f.lineup.offCourt.length > 0;
  if (conditions.length === 0 || (f.lineupAllOrAny === 'any' && offOnly)) return f.seasons;
  const ids = [...new Set(conditions.flat())];
  const b = new Params();
  const rows = await db.query<{ player_id: number; season: number }>(
    `SELECT DISTINCT player_id, season FROM player_seasons WHERE player_id IN ${b.list(ids)} AND season IN ${b.list(f.seasons)}`,
    b.values,
  );
  const seasonsOf = (players: number[]) => new Set(rows.filter((r) => players.includes(r.player_id)).map((r) => r.season));
  const sets = conditions.map(seasonsOf);
  const keep = (season: number) => (f.lineupAllOrAny === 'any' ? sets.some((x) => x.has(season)) : sets.every((x) => x.has(season)));
  return f.seasons.filter(keep);
}

/**
 * Materialise the filtered possessions for the current scope; returns a function that drops the table.
 * options.lineupIndex = false forces the full scan even when the player index exists (tests compare both).
 */
export async function materialisePossessions(
  db: StatsScope,
  f: AppliedFilters,
  options: { lineupIndex?: boolean } = {},
): Promise<() => Promise<void>> {
  const data = db.data;
  if (data.has(possessionScopeKey(f))) return async () => {}; // already there (a nested view of the same request)
  const seasons = await lineupSeasons(db, f);
  const sample: AppliedFilters = { ...f, seasons: seasons.length ? seasons : f.seasons };
  const b = new Params();
  const joinTg = needsTeamGames(f);
  const flag = (alias: string, persp: 'offense' | 'defense') =>
    `COALESCE(${and([...(joinTg ? teamGameConditions(f, b, alias) : []), ...scoreDiffConditions(f, b, persp, 'p')])}, FALSE)`;
  const offOk = flag('tgo', 'offense');
  const defOk = flag('tgd', 'defense');
  // With the player index, the lineup filters pick exactly the possession ids that pass them, by player; the
  // possession table (sorted by possession_id) is then read by a semi-join on those ids, which DuckDB pushes
  // into the scan (min/max and Bloom filter) so only matching rows are materialised. When the index cannot
  // narrow the filters, every possession of the seasons is tested.
  const useIndex = options.lineupIndex !== false && hasLineup(f);
  const candidates = useIndex ? lineupCandidateIds(f, b, sample.seasons) : null;
  const where = and([
    ...sampleConditions(sample, b, 'p'),
    ...commonPossessionConditions(f, b, 'p', candidates === null),
    seasons.length ? '' : 'FALSE',
    candidates ? `p.possession_id IN (${candidates})` : '',
  ]);
  const joins = joinTg
    ? ' LEFT JOIN team_games tgo ON tgo.game_id = p.game_id AND tgo.team_id = p.off_team_id' +
      ' LEFT JOIN team_games tgd ON tgd.game_id = p.game_id AND tgd.team_id = p.def_team_id'
    : '';
  const name = `scoped_possessions_${++counter}`; // a name from this module, never from the request
  await db.query(
    `CREATE TEMP TABLE ${name} AS SELECT * FROM (
       SELECT ${KEPT_COLUMNS.map((c) => `p.${c}`).join(', ')}, ${offOk} AS off_ok, ${defOk} AS def_ok
         FROM possessions p${joins} WHERE ${where}
     ) WHERE off_ok OR def_ok`,
    b.values,
  );
  // The game ids of the sample bound the player-counter scan (player_possession_stats is sorted by game).
  const [range] = await db.query<{ lo: number | null; hi: number | null }>(`SELECT MIN(game_id) AS lo, MAX(game_id) AS hi FROM ${name}`);
  data.set(possessionScopeKey(f), name);
  data.set(gameRangeScopeKey(f), [range?.lo ?? 0, range?.hi ?? 0]);
  return async () => {
    data.delete(possessionScopeKey(f));
    data.delete(gameRangeScopeKey(f));
    await db.query(`DROP TABLE IF EXISTS ${name}`);
  };
}
