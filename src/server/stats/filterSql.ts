/**
 * Applied filters -> SQL conditions with bound parameters (issue 5 section 3).
 *
 * Perspective: game-level filters (location, result, rest, opponent and its ranks) are about "the team whose
 * numbers are shown": the offense for offensive numbers, the defense for defensive ones (a player's
 * defensive possessions are judged by his team, the defense). Score differential is from that team's view too,
 * which on offense is the offense's point of view as the issue asks.
 *
 * Two sources answer a query:
 * - the per-game totals (team_game_totals / player_game_totals) when only game-level filters are applied:
 *   the default views read these;
 * - the possession table when a possession-level filter is applied (period, time into game, score
 *   differential, lineups).
 */
import type { AppliedFilters, Range } from '../../lib/apiParams';
import { LINEUP_SLOTS, TIME_INTO_GAME_MAX } from '../../lib/filters';
import type { StatsDb } from '../db/statsDb';
import { and, or, type Params } from './sql';

/** The key of a filter set in a request scope's table of materialised samples (src/server/stats/scope.ts). */
export const possessionScopeKey = (f: AppliedFilters) => `possessions:${JSON.stringify(f)}`;

/** A request's full-width sample of filtered possessions, taken as a temporary table (src/server/stats/scope.ts). */
export interface ScopedSample {
  table: string;
}

/** The temporary table holding these filters' possessions in the computation's scope, if any. */
export function scopedPossessionTable(db: StatsDb, f: AppliedFilters): string | undefined {
  return (db.data?.get(possessionScopeKey(f)) as ScopedSample | undefined)?.table;
}

export type Perspective = 'offense' | 'defense';

/** Season types with data: there is no preseason data (nba-data README), so it filters to nothing. */
export function seasonTypesWithData(f: AppliedFilters): string[] {
  return f.seasonTypes.filter((t) => t !== 'preseason');
}

/** True when a filter needs the possession table. */
export function needsPossessions(f: AppliedFilters): boolean {
  return f.periods.length > 0 || f.timeIntoGame !== null || f.scoreDiff !== null || hasLineup(f);
}

export function hasLineup(f: AppliedFilters): boolean {
  return Object.values(f.lineup).some((ids) => ids.length > 0);
}

/** True when a filter needs the team_games row of the perspective team. */
export function needsTeamGames(f: AppliedFilters): boolean {
  return (
    f.locations.length > 0 ||
    f.results.length > 0 ||
    f.daysRest !== null ||
    f.opponents.length > 0 ||
    f.oppDaysRest !== null ||
    f.oppPointDiffRank !== null ||
    f.oppOffRank !== null ||
    f.oppDefRank !== null ||
    f.startDate !== null ||
    f.endDate !== null
  );
}

const between = (b: Params, expr: string, r: Range) => `${expr} BETWEEN ${b.bind(r[0])} AND ${b.bind(r[1])}`;

/** Season, season type and garbage time on a table alias with season, season_type, is_filtered_out. */
export function sampleConditions(f: AppliedFilters, b: Params, alias: string): string[] {
  const types = seasonTypesWithData(f);
  return [
    `${alias}.season IN ${b.list(f.seasons)}`,
    types.length ? `${alias}.season_type IN ${b.list(types)}` : 'FALSE',
    // FilterOutGarbageTime (default yes): garbage-time and heave possessions are left out.
    f.filterOutGarbageTime ? `NOT ${alias}.is_filtered_out` : '',
  ];
}

/** Game-level conditions on the perspective team's team_games row (alias tg). */
export function teamGameConditions(f: AppliedFilters, b: Params, tg = 'tg'): string[] {
  const c: string[] = [];
  if (f.startDate) c.push(`${tg}.date >= ${b.bind(f.startDate)}::DATE`);
  if (f.endDate) c.push(`${tg}.date <= ${b.bind(f.endDate)}::DATE`);
  if (f.locations.length === 1) c.push(f.locations[0] === 'home' ? `${tg}.is_home` : `NOT ${tg}.is_home`);
  if (f.results.length === 1) c.push(f.results[0] === 'win' ? `${tg}.won` : `NOT ${tg}.won`);
  // Days rest 0-5, 5 meaning five or more: the ingest caps the stored value at 5.
  if (f.daysRest) c.push(between(b, `${tg}.days_rest`, f.daysRest));
  if (f.oppDaysRest) c.push(between(b, `${tg}.opp_days_rest`, f.oppDaysRest));
  if (f.opponents.length) c.push(`${tg}.opp_team_id IN ${b.list(f.opponents)}`);
  if (f.oppPointDiffRank) c.push(between(b, `${tg}.opp_point_diff_rank`, f.oppPointDiffRank));
  if (f.oppOffRank) c.push(between(b, `${tg}.opp_off_rank`, f.oppOffRank));
  if (f.oppDefRank) c.push(between(b, `${tg}.opp_def_rank`, f.oppDefRank));
  return c;
}

const PLAYER_COLUMNS = ['o1', 'o2', 'o3', 'o4', 'o5', 'd1', 'd2', 'd3', 'd4', 'd5'];

/**
 * Lineup filters on a possession alias p. Slots: the five of each team are ordered by estimated position
 * (o1/d1 = pg ... o5/d5 = c). A slot filter holds when one of its players is in that slot (for either team);
 * onCourt holds when every listed player is on the floor; offCourt when none is. lineupAllOrAny: 'all' =
 * every filled lineup filter holds, 'any' = at least one does.
 */
export function lineupCondition(f: AppliedFilters, b: Params, p = 'p'): string {
  const parts: string[] = [];
  LINEUP_SLOTS.forEach((slot, i) => {
    const ids = f.lineup[slot];
    if (ids.length) {
      const list = b.list(ids);
      parts.push(`${p}.o${i + 1} IN ${list} OR ${p}.d${i + 1} IN ${list}`);
    }
  });
  const everyone = PLAYER_COLUMNS.map((c) => `${p}.${c}`).join(', ');
  if (f.lineup.onCourt.length) parts.push(and(f.lineup.onCourt.map((id) => `${b.bind(id)} IN (${everyone})`)));
  if (f.lineup.offCourt.length) parts.push(and(f.lineup.offCourt.map((id) => `${b.bind(id)} NOT IN (${everyone})`)));
  if (parts.length === 0) return '';
  return f.lineupAllOrAny === 'any' ? or(parts) : and(parts);
}

/**
 * Possession-level conditions that do not depend on the perspective: period, time into game, lineups (left out
 * with withLineup = false, when the caller answers the lineup filters from the player index instead).
 */
export function commonPossessionConditions(f: AppliedFilters, b: Params, p = 'p', withLineup = true): string[] {
  const c: string[] = [];
  const period = periodCondition(f, b, p);
  if (period) c.push(period);
  if (f.timeIntoGame) {
    const [lo, hi] = f.timeIntoGame;
    // Time into game: quarters 720 s, overtimes 300 s from 2880; the top of the range (3780) includes later overtimes.
    c.push(`${p}.start_time >= ${b.bind(lo)}`);
    if (hi < TIME_INTO_GAME_MAX) c.push(`${p}.start_time <= ${b.bind(hi)}`);
  }
  const lineup = withLineup ? lineupCondition(f, b, p) : '';
  if (lineup) c.push(lineup);
  return c;
}

/**
 * The period filter on a table alias with a period column: periods 1-4, 5 = OT, 6 = 2OT, 7 = 3OT; later
 * overtimes count as 3OT. Written as plain comparisons on the column so that DuckDB pushes them into the scan
 * (zone maps skip row groups of other periods where a table is sorted by period).
 */
export function periodCondition(f: AppliedFilters, b: Params, alias: string): string {
  if (!f.periods.length) return '';
  const exact = f.periods.filter((x) => x < 7);
  const parts = [exact.length ? `${alias}.period IN ${b.list(exact)}` : '', f.periods.includes(7) ? `${alias}.period >= 7` : ''];
  return or(parts.filter(Boolean));
}

/** Score differential at the start of the possession, from the perspective team's view. */
export function scoreDiffConditions(f: AppliedFilters, b: Params, persp: Perspective, p = 'p'): string[] {
  if (!f.scoreDiff) return [];
  const [lo, hi] = f.scoreDiff;
  const diff = persp === 'offense' ? `${p}.score_diff` : `(-${p}.score_diff)`;
  const c: string[] = [];
  // -75 and 75 are the ends of the slider: they mean "or more".
  if (lo > -75) c.push(`${diff} >= ${b.bind(lo)}`);
  if (hi < 75) c.push(`${diff} <= ${b.bind(hi)}`);
  return c;
}

/** Possession-level conditions on a possession alias p from the perspective team's view. */
function possessionConditions(f: AppliedFilters, b: Params, persp: Perspective, p = 'p'): string[] {
  return [...commonPossessionConditions(f, b, p), ...scoreDiffConditions(f, b, persp, p)];
}

/** The team column of a possession (or team_game_totals row) for a perspective. */
const perspectiveTeam = (persp: Perspective, alias: string) =>
  `${alias}.${persp === 'offense' ? 'off_team_id' : 'def_team_id'}`;

/**
 * Possessions in the sample from one perspective (the scope's materialised table when `db` holds one): `SELECT p.*, 1 AS possessions FROM possessions p ...`.
 * `extra` adds conditions on p. Columns are those of the possessions table plus `possessions` (= 1).
 */
export function possessionSource(db: StatsDb, f: AppliedFilters, b: Params, persp: Perspective, extra: string[] = []): string {
  const scoped = scopedPossessionTable(db, f);
  if (scoped) {
    // The request materialised its possessions (src/server/stats/scope.ts) with a flag per perspective.
    return `SELECT p.*, 1 AS possessions FROM ${scoped} p WHERE ${and([persp === 'offense' ? 'p.off_ok' : 'p.def_ok', ...extra])}`;
  }
  const joinTg = needsTeamGames(f);
  const where = and([
    ...sampleConditions(f, b, 'p'),
    ...(joinTg ? teamGameConditions(f, b, 'tg') : []),
    ...possessionConditions(f, b, persp, 'p'),
    ...extra,
  ]);
  return `SELECT p.*, 1 AS possessions FROM possessions p${
    joinTg ? ` JOIN team_games tg ON tg.game_id = p.game_id AND tg.team_id = ${perspectiveTeam(persp, 'p')}` : ''
  } WHERE ${where}`;
}

/**
 * Per team-game totals in the sample from one perspective (only valid when !needsPossessions(f)).
 * Same counter columns as possessionSource. `extra` adds conditions on alias p.
 */
export function teamGameSource(f: AppliedFilters, b: Params, persp: Perspective, extra: string[] = []): string {
  const joinTg = needsTeamGames(f);
  const where = and([...sampleConditions(f, b, 'p'), ...(joinTg ? teamGameConditions(f, b, 'tg') : []), ...extra]);
  return `SELECT p.* FROM team_game_totals p${
    joinTg ? ` JOIN team_games tg ON tg.game_id = p.game_id AND tg.team_id = ${perspectiveTeam(persp, 'p')}` : ''
  } WHERE ${where}`;
}

/** The cheapest source that answers the filters (team-level sums). */
export function teamSource(db: StatsDb, f: AppliedFilters, b: Params, persp: Perspective, extra: string[] = []): string {
  return needsPossessions(f) ? possessionSource(db, f, b, persp, extra) : teamGameSource(f, b, persp, extra);
}
