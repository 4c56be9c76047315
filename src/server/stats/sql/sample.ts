/**
 * The sample of a request: the possessions that pass its possession-level filters (period, time into game,
 * score differential, lineups), each with two flags, off_ok / def_ok: whether it passes the perspective-
 * dependent filters (game-level filters and score differential) judged from the offense's / the defense's team.
 * `sampleSql` writes the SELECT of a sample with the columns its reader needs. When lineup filters name players
 * on the floor, it reads team_possessions, the possessions filed by team-season, for those players'
 * team-seasons only: a player's possessions lie in his teams' seasons, which the possession table (sorted by
 * game) spreads over every row group. Two readers:
 * - player sums (src/server/stats/sql/playerSums.ts) put it in their query as a MATERIALIZED CTE, narrow (their on-court
 *   counters only), and pair it with team_player_possession_stats, filed the same way;
 * - team aggregates (team sums, on-court team counters, on/off) of a request whose lineup filters name players on
 *   the floor read a temporary table of the full-width sample, taken once per computation inside its scope
 *   (src/server/db/statsDb.ts withScope, passed in as `db`): `openSample` at the start, `fullSample` before
 *   each such aggregate, read through filterSql.possessionSource.
 */
import type { AppliedFilters } from '../../../lib/params/apiParams';
import { LINEUP_SLOTS } from '../../../lib/filters/filterDefinitions';
import type { StatsDb, StatsScope } from '../../db/statsDb';
import {
  commonPossessionConditions,
  needsTeamGames,
  possessionScopeKey,
  type ScopedSample,
  sampleConditions,
  perspectiveConditions,
  teamGameConditions,
} from './filterSql';
import { POSSESSION_COUNTER_COLUMNS, SAMPLE_KEY_COLUMNS, teamSeasonKey, type PossessionCounterColumn } from '../../statsSchema/derivedTables';
import { playerTeamSeasons } from './entityScope';
import { lineupCandidateIds } from './lineupIndex';
import { and, Params } from './sql';
import { sampleInlineReads } from '../../metrics';

let counter = 0;

/**
 * Where the lineup filters can hold, from player_seasons:
 * - seasons: a player can only be on the floor in a season he played. With lineupAllOrAny = all, every filled
 *   filter must hold (intersection of their seasons); with any, one of them (union). Off-court filters hold in
 *   any season. The possession table is sorted by season, so naming fewer seasons lets DuckDB skip row groups.
 * - teamSeasons: the team-seasons (team_possessions' key) of every player a filter needs on the floor, or null
 *   when no filter names one (off court only, or any with an off-court filter). Every possession that passes
 *   has one of them on the floor, for a team he played for that season, so it is filed under one of these keys.
 */
interface LineupReach {
  seasons: number[];
  teamSeasons: number[] | null;
}

async function lineupReach(db: StatsDb, f: AppliedFilters): Promise<LineupReach> {
  const conditions: number[][] = []; // each: the players of one filled filter (one of them must be on)
  for (const slot of LINEUP_SLOTS) if (f.lineup[slot].length) conditions.push(f.lineup[slot]);
  for (const id of [...f.lineup.onCourt, ...f.lineup.onCourtWith, ...f.lineup.onCourtAgainst]) conditions.push([id]);
  const offOnly = f.lineup.offCourt.length > 0;
  if (conditions.length === 0 || (f.lineupAllOrAny === 'any' && offOnly)) return { seasons: f.seasons, teamSeasons: null };
  const rows = await playerTeamSeasons(db, [...new Set(conditions.flat())], f.seasons);
  const seasonsOf = (players: number[]) => new Set(rows.filter((r) => players.includes(r.player_id)).map((r) => r.season));
  const sets = conditions.map(seasonsOf);
  const keep = (season: number) => (f.lineupAllOrAny === 'any' ? sets.some((x) => x.has(season)) : sets.every((x) => x.has(season)));
  const seasons = f.seasons.filter(keep);
  const teamSeasons = [...new Set(rows.filter((r) => seasons.includes(r.season)).map((r) => Number(r.team_season)))].sort((x, y) => x - y);
  return { seasons, teamSeasons };
}

/**
 * Read the tables lineup-filtered samples come from into DuckDB's buffer pool (the server runs this once, in
 * the background, after its first request): each query reads a few team-seasons of them, different ones for
 * each player, so without this the first visitors of each team-season would wait for its blocks to load.
 */
export async function warmSampleTables(db: StatsDb): Promise<void> {
  for (const table of ['player_possession_index', 'team_possessions', 'team_player_possession_stats']) {
    await db.query(`SELECT max(COLUMNS(*)) FROM ${table}`);
  }
}

/** How a scope's sample of one filter set stands. */
interface SampleState {
  lineupIndex: boolean;
  /** the counters its table carries (null: every counter); an aggregate needing others reads the possessions inline */
  counters: readonly string[] | null;
  /** where the lineup filters can hold (lineupReach), read once per request */
  reach: Promise<LineupReach> | null;
  /** the full-width table, once taken (null: not taken, the aggregates read the possessions inline) */
  taken: Promise<ScopedSample | null> | null;
}

const stateKey = (f: AppliedFilters) => `sample-state:${possessionScopeKey(f)}`;

/**
 * Open the request's sample of the filters f in this scope: nothing is read until an aggregate asks for it
 * (fullSample, sampleSql). Returns the function that drops what was taken; a nested computation with the same
 * filters (a view computing the league's rows inside a team page) shares its parent's sample and drops nothing.
 * options.lineupIndex = false forces the full scan even when the player index could narrow it (tests compare
 * both ways; player sums then read the possession table instead of team_possessions).
 */
export function openSample(
  db: StatsScope,
  f: AppliedFilters,
  options: { lineupIndex?: boolean; counters?: readonly string[] | null } = {},
): () => Promise<void> {
  const key = stateKey(f);
  if (db.data.has(key)) return async () => {};
  const state: SampleState = { lineupIndex: options.lineupIndex !== false, counters: options.counters ?? null, reach: null, taken: null };
  db.data.set(key, state);
  return async () => {
    const taken = await state.taken?.catch(() => null);
    db.data.delete(key);
    db.data.delete(possessionScopeKey(f));
    if (taken) await db.query(`DROP TABLE IF EXISTS ${taken.table}`);
  };
}

/**
 * Take the sample of f as a temporary table before a team aggregate summing `counters` reads it through
 * possessionSource. True when the table serves the aggregate; false when no sample is open for f, when the
 * sample is not taken (below), or when the table lacks one of these counters: the aggregate then reads the
 * possession table with the filters inline. The table carries the counters the computation declared when it
 * opened the sample (openSample; every counter by default): writing it costs about 3 ms a column for a
 * player's 83 k possessions, so a table of the ten counters a set needs is taken in half the time of the 40.
 */
export async function fullSample(db: StatsDb, f: AppliedFilters, counters: readonly string[]): Promise<boolean> {
  const state = db.data?.get(stateKey(f)) as SampleState | undefined;
  if (!state) return false;
  if (state.counters && !counters.every((c) => state.counters!.includes(c))) {
    sampleInlineReads.inc();
    return false;
  }
  state.taken ??= (async () => {
    // the declared counters, and always a possession's count and seconds (every sum of a sample has its size)
    const carried = POSSESSION_COUNTER_COLUMNS.filter((c) => state.counters === null || state.counters.includes(c) || c === 'possessions' || c === 'seconds');
    const b = new Params();
    const { sql, teamSeasons } = await sampleSql(db, f, b, carried);
    // A sample the lineup filters cannot narrow to their players' team-seasons (no lineup filter, off-court
    // players only, or "any" with an off-court player) would copy every possession of the seasons, the whole
    // league's (3.2 M rows for 15 seasons): each aggregate then reads the possession table with the
    // conditions inline instead, as it does when no sample is open.
    // (options.lineupIndex = false still copies: the tests compare both ways through the table.)
    if (teamSeasons === null && state.lineupIndex) return null;
    const table = `scoped_possessions_${++counter}`; // a name from this module, never from the request
    await db.query(`CREATE TEMP TABLE ${table} AS ${sql}`, b.values);
    const sample: ScopedSample = { table };
    db.data!.set(possessionScopeKey(f), sample);
    return sample;
  })();
  return (await state.taken) !== null;
}

/** A sample's SELECT (its values bound in the caller's Params) and the team-seasons it reads, if by team. */
export interface SampleSelect {
  sql: string;
  /** set when it reads team_possessions: the team-seasons it reads (its rows then carry team_season) */
  teamSeasons: number[] | null;
}

/**
 * The SELECT of the sample of f with its key columns, `counters` and the flags off_ok / def_ok; rows passing
 * neither perspective are left out. `narrow` adds conditions on the possession alias p that hold for every
 * reader of this sample (e.g. one game, one team's possessions).
 */
export async function sampleSql(
  db: StatsDb,
  f: AppliedFilters,
  b: Params,
  counters: readonly PossessionCounterColumn[],
  narrow: string[] = [],
): Promise<SampleSelect> {
  const state = db.data?.get(stateKey(f)) as SampleState | undefined;
  const lineupIndex = state?.lineupIndex ?? true;
  const { seasons, teamSeasons } = await (state ? (state.reach ??= lineupReach(db, f)) : lineupReach(db, f));
  const sample: AppliedFilters = { ...f, seasons: seasons.length ? seasons : f.seasons };
  const joinTg = needsTeamGames(f);
  const flag = (alias: string, persp: 'offense' | 'defense') =>
    `COALESCE(${and([...(joinTg ? teamGameConditions(f, b, alias) : []), ...perspectiveConditions(f, b, persp, 'p')])}, FALSE)`;
  const offOk = flag('tgo', 'offense');
  const defOk = flag('tgd', 'defense');
  // With the player index, the lineup filters pick exactly the possession ids that pass them, by player; the
  // possession table is then read by a semi-join on those ids, which DuckDB pushes into the scan (min/max and
  // Bloom filter). When the index cannot narrow the filters, every possession of the seasons is tested.
  const candidates = lineupIndex ? lineupCandidateIds(f, b, sample.seasons) : null;
  // The named players' team-seasons hold every possession that passes: when the sample needs only the columns
  // of team_possessions, it reads those team-seasons' rows (DuckDB skips the others' row groups). Each
  // possession is filed twice; the copy under the offense's team-season is taken when that is one of ours,
  // else the one under the defense's.
  const byTeam = candidates !== null && teamSeasons !== null && teamSeasons.length > 0;
  const keys = byTeam ? b.list(teamSeasons) : '';
  const where = and([
    ...sampleConditions(sample, b, 'p'),
    ...commonPossessionConditions(f, b, 'p', candidates === null),
    seasons.length ? '' : 'FALSE',
    candidates ? `p.possession_id IN (${candidates})` : '',
    byTeam ? `p.team_season IN ${keys}` : '',
    byTeam ? `p.filed_offense = (${teamSeasonKey('p.off_team_id', 'p.season')} IN ${keys})` : '',
    ...narrow,
  ]);
  const joins = joinTg
    ? ' LEFT JOIN team_games tgo ON tgo.game_id = p.game_id AND tgo.team_id = p.off_team_id' +
      ' LEFT JOIN team_games tgd ON tgd.game_id = p.game_id AND tgd.team_id = p.def_team_id'
    : '';
  const columns = [...(byTeam ? ['team_season'] : []), ...SAMPLE_KEY_COLUMNS, ...counters];
  const sql = `SELECT * FROM (
       SELECT ${columns.map((c) => `p.${c}`).join(', ')}, ${offOk} AS off_ok, ${defOk} AS def_ok
         FROM ${byTeam ? 'team_possessions' : 'possessions'} p${joins} WHERE ${where}
     ) WHERE off_ok OR def_ok`;
  return { sql, teamSeasons: byTeam ? teamSeasons : null };
}
