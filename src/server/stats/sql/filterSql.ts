/**
 * Applied filters -> SQL conditions with bound parameters, every condition built by walking
 * FILTERS (src/lib/filters/filterDefinitions.ts) through each filter's rule (src/server/stats/sql/filterRules.ts).
 *
 * Perspective: game-level filters (location, result, rest, opponent and its ranks) are about "the team whose
 * numbers are shown": the offense for offensive numbers, the defense for defensive ones (a player's
 * defensive possessions are judged by his team, the defense). Score differential is from that team's view too,
 * which on offense is the offense's point of view as the issue asks.
 *
 * Sources that answer a query:
 * - the per-game totals (team_game_totals / player_game_totals) when only game-level filters are applied:
 *   the default views read these;
 * - the possession table when a possession-level filter is applied (period, time into game, score
 *   differential);
 * - with lineup filters, the request's sample (src/server/stats/sql/sample.ts), read from the team-clustered copies
 *   for the named players' team-seasons.
 */
import type { AppliedFilters } from '../../../lib/params/apiParams';
import { FILTERS, type FilterName } from '../../../lib/filters/filterDefinitions';
import type { StatsDb } from '../../db/statsDb';
import { FILTER_SQL, seasonTypesWithData, type FilterRule, type Perspective } from './filterRules';
import { and, or, Params } from './sql';

export { seasonTypesWithData, type Perspective };

/** The key of a filter set in a request scope's table of materialised samples (src/server/stats/sql/sample.ts). */
export const possessionScopeKey = (f: AppliedFilters) => `possessions:${JSON.stringify(f)}`;

/** A request's full-width sample of filtered possessions, taken as a temporary table (src/server/stats/sql/sample.ts). */
export interface ScopedSample {
  table: string;
}

/** The temporary table holding these filters' possessions in the computation's scope, if any. */
export function scopedPossessionTable(db: StatsDb, f: AppliedFilters): string | undefined {
  return (db.data?.get(possessionScopeKey(f)) as ScopedSample | undefined)?.table;
}

/** The rules judged on `on`, in FILTERS order. */
function rulesOn<K extends FilterRule['on']>(on: K): Extract<FilterRule, { on: K }>[] {
  const rules: FilterRule[] = FILTERS.map((d) => FILTER_SQL[d.name]);
  return rules.filter((r): r is Extract<FilterRule, { on: K }> => r.on === on);
}

/**
 * The names of the filters f applies (whose condition is not empty), in FILTERS order: Season and SeasonType
 * always. A fast path that answers only some filters checks this list, so a filter added to the model later
 * keeps it off until it learns that filter.
 */
export function appliedFilterNames(f: AppliedFilters): FilterName[] {
  const b = new Params();
  const applied = (rule: FilterRule): boolean => {
    switch (rule.on) {
      case 'sample':
      case 'possession':
        return rule.where(f, b, 'p') !== '';
      case 'teamGame':
        return rule.where(f, b, 'tg') !== '';
      case 'perspective':
        return rule.where(f, b, 'offense', 'p') !== '';
      case 'lineup':
        return rule.where(f, b, 'p', null) !== '';
    }
  };
  return FILTERS.map((d) => d.name).filter((name) => applied(FILTER_SQL[name]));
}

/** Season, season type and garbage time on a table alias with season, season_type, is_filtered_out. */
export function sampleConditions(f: AppliedFilters, b: Params, alias: string): string[] {
  return rulesOn('sample')
    .map((r) => r.where(f, b, alias))
    .filter(Boolean);
}

/** Game-level conditions on the perspective team's team_games row (alias tg). */
export function teamGameConditions(f: AppliedFilters, b: Params, tg = 'tg'): string[] {
  return rulesOn('teamGame')
    .map((r) => r.where(f, b, tg))
    .filter(Boolean);
}

/**
 * The lineup filters on a possession alias p, combined by LineupAllOrAny: 'all' = every filled lineup filter
 * holds, 'any' = at least one does. '' when none is filled.
 */
export function lineupCondition(f: AppliedFilters, b: Params, p = 'p', persp: Perspective | null = null): string {
  const parts = rulesOn('lineup')
    .map((r) => r.where(f, b, p, persp))
    .filter(Boolean);
  if (parts.length === 0) return '';
  return f.lineupAllOrAny === 'any' ? or(parts) : and(parts);
}

/**
 * True when a lineup filter judged from the shown team (OnCourtWith, OnCourtAgainst) is applied: the lineup
 * condition then has an exact reading per perspective, beside its either-team reading.
 */
export function hasSidedLineupFilter(f: AppliedFilters): boolean {
  const probe = new Params();
  return rulesOn('lineup').some((r) => r.sided === true && r.where(f, probe, 'p', null) !== '');
}

/**
 * Possession-level conditions that do not depend on the perspective: period, time into game, lineups (left out
 * with withLineup = false, when the caller answers the lineup filters from the player index instead).
 */
export function commonPossessionConditions(f: AppliedFilters, b: Params, p = 'p', withLineup = true): string[] {
  return [...rulesOn('possession').map((r) => r.where(f, b, p)), withLineup ? lineupCondition(f, b, p) : ''].filter(Boolean);
}

/**
 * Possession-level conditions from the perspective team's view: score differential, and the lineup filters
 * read from that team's side when one of them is sided (teammate / opponent; their either-team reading stays
 * in commonPossessionConditions or the player index, which it implies).
 */
export function perspectiveConditions(f: AppliedFilters, b: Params, persp: Perspective, p = 'p'): string[] {
  return [...rulesOn('perspective').map((r) => r.where(f, b, persp, p)), hasSidedLineupFilter(f) ? lineupCondition(f, b, p, persp) : ''].filter(Boolean);
}

/**
 * True when every condition names only these columns of `alias` (checked on SQL the server built, never on input):
 * a table that carries some columns of the possessions takes conditions written for them as they stand.
 */
export function namesOnly(conditions: readonly string[], columns: readonly string[], alias = 'p'): boolean {
  const named = [...conditions.join(' ').matchAll(new RegExp(`\\b${alias}\\.([a-z_0-9]+)`, 'g'))].map((m) => m[1]!);
  return named.every((c) => columns.includes(c));
}

/** The period filter alone, on any table with a period column (a scan hint where the sample is joined anyway). */
export function periodCondition(f: AppliedFilters, b: Params, alias: string): string {
  return FILTER_SQL.Period.where(f, b, alias);
}

/** True when a filter needs the possession table (a possession-level condition applies). */
export function needsPossessions(f: AppliedFilters): boolean {
  const b = new Params();
  return commonPossessionConditions(f, b).length > 0 || perspectiveConditions(f, b, 'offense').length > 0;
}

/** True when a filter needs the team_games row of the perspective team. */
export function needsTeamGames(f: AppliedFilters): boolean {
  return teamGameConditions(f, new Params()).length > 0;
}

/** Possession-level conditions on a possession alias p from the perspective team's view. */
function possessionConditions(f: AppliedFilters, b: Params, persp: Perspective, p = 'p'): string[] {
  return [...commonPossessionConditions(f, b, p), ...perspectiveConditions(f, b, persp, p)];
}

/** The team column of a possession (or team_game_totals row) for a perspective. */
const perspectiveTeam = (persp: Perspective, alias: string) => `${alias}.${persp === 'offense' ? 'off_team_id' : 'def_team_id'}`;

/**
 * Possessions in the sample from one perspective (the scope's materialised table when `db` holds one): `SELECT p.* FROM possessions p ...`.
 * `extra` adds conditions on p. Columns are those of the possessions table (count possessions with sum(possessions)).
 * `teamSeasons` (entityScope.ts): read only the possessions filed under these team-seasons from this
 * perspective's side in team_possessions (a team's or a player's page), a superset of what `extra` keeps.
 */
export function possessionSource(
  db: StatsDb,
  f: AppliedFilters,
  b: Params,
  persp: Perspective,
  extra: string[] = [],
  teamSeasons: readonly number[] | null = null,
  useSample = true,
): string {
  const scoped = useSample ? scopedPossessionTable(db, f) : undefined;
  if (scoped) {
    // The request materialised its possessions (src/server/stats/sql/sample.ts) with a flag per perspective.
    return `SELECT p.* FROM ${scoped} p WHERE ${and([persp === 'offense' ? 'p.off_ok' : 'p.def_ok', ...extra])}`;
  }
  const joinTg = needsTeamGames(f);
  const where = and([
    ...(teamSeasons
      ? [teamSeasons.length ? `p.team_season IN ${b.list(teamSeasons)}` : 'FALSE', `p.filed_offense = ${persp === 'offense' ? 'TRUE' : 'FALSE'}`]
      : []),
    ...sampleConditions(f, b, 'p'),
    ...(joinTg ? teamGameConditions(f, b, 'tg') : []),
    ...possessionConditions(f, b, persp, 'p'),
    ...extra,
  ]);
  return `SELECT p.* FROM ${teamSeasons ? 'team_possessions' : 'possessions'} p${
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
