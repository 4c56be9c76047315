/**
 * Sums read from the tables the ingest pre-sums (aggregates.ts) instead of the possessions, where a query's
 * filters allow. Each path checks the names of the filters the query applies (filterSql.appliedFilterNames), so
 * a filter it does not know (a game-level, time or lineup filter, or one added to the model later) keeps the
 * possession path. The rows are the possessions' rows summed by the same keys, so the numbers are the same:
 * tests/api/planPaths.test.ts compares both paths on random queries (sql/plan.ts forces the possession path).
 * - state_player_sums: player sums (playerSums.ts) with period and score filters;
 * - lineup_season_sums: team sums by lineup (sums.ts, the lineup tables) with season filters only;
 * - state_team_sums and state_on_court_sums: team sums (team, league and on/off totals) and on-court sums (the
 *   on/off sets' "on") with period and score filters.
 * The tables shaped as possession rows take the callers' conditions on the possession alias p unchanged, when
 * those conditions name only columns the table has (checked on the SQL the caller built, never on input).
 */
import type { AppliedFilters } from '../../../lib/params/apiParams';
import type { FilterName } from '../../../lib/filters/filterDefinitions';
import type { StatsDb } from '../../db/statsDb';
import { PLAYER_COUNTERS, sumColumns, type PlayerCounter } from '../metrics/counters';
import { POSSESSION_COUNTER_COLUMNS } from '../../statsSchema/derivedTables';
import { appliedFilterNames, namesOnly, sampleConditions, type Perspective } from './filterSql';
import { FILTER_SQL } from './filterRules';
import { referencePaths } from './plan';
import { and, type Params } from './sql';
import type { GroupKey } from './groups';

/** The filters every pre-summed table has keys for: the sample's season, season type and garbage flag. */
const SAMPLE_FILTERS: readonly FilterName[] = ['Season', 'SeasonType', 'FilterOutGarbageTime'];

const appliesOnly = (f: AppliedFilters, names: readonly FilterName[]) => appliedFilterNames(f).every((n) => names.includes(n));

/** The filters state_player_sums has keys for. */
const STATE_FILTERS: readonly FilterName[] = [...SAMPLE_FILTERS, 'Period', 'ScoreDifferential'];
/** The groups it has columns for. */
const STATE_GROUPS: readonly GroupKey[] = ['player_id', 'team_id', 'season', 'season_type'];

export interface StateSumsQuery {
  groupBy: readonly GroupKey[];
  playerId?: number;
  teamId?: number;
}

/**
 * Whether the state tables (state_player_sums, state_team_sums, state_on_court_sums) answer f grouped by groupBy:
 * every filter and group has a key there, and the computation is not forced onto the reference paths.
 */
export const stateAnswers = (db: StatsDb, f: AppliedFilters, groupBy: readonly GroupKey[]) =>
  !referencePaths(db) && groupBy.every((g) => STATE_GROUPS.includes(g)) && appliesOnly(f, STATE_FILTERS);

/**
 * The player sums of f per group from state_player_sums, with last_team_id (his team in his last game of the
 * group) and every player counter: summed when the caller reads it (o.counters, default all), else 0, as the
 * possession path does (a league pool summed 40 counters of 2.5 M rows for a set that reads 17). The score
 * differential is judged from the player's team (the table's score_diff), as the possession path judges his
 * offensive rows from the offense and his defensive rows from the defense.
 */
export function stateSumsSql(f: AppliedFilters, b: Params, o: StateSumsQuery & { counters?: readonly PlayerCounter[] }): string {
  const groups = o.groupBy.map((g) => `s.${g}`);
  const where = and([
    ...stateConditions(f, b, 's'),
    o.playerId !== undefined ? `s.player_id = ${b.bind(o.playerId)}` : '',
    o.teamId !== undefined ? `s.team_id = ${b.bind(o.teamId)}` : '',
  ]);
  const summed = PLAYER_COUNTERS.filter((c) => !o.counters || o.counters.includes(c));
  const zeros = PLAYER_COUNTERS.filter((c) => !summed.includes(c)).map((c) => `0::DOUBLE AS ${c}`);
  return `SELECT ${[...groups, 'arg_max(s.team_id, s.last_game) AS last_team_id', sumColumns(summed, 's'), ...zeros].join(', ')}
    FROM state_player_sums s WHERE ${where} ${groups.length ? `GROUP BY ${groups.join(', ')}` : ''}`;
}

/** The conditions of the state tables' keys: sample, period, and score differential from the team's view. */
const stateConditions = (f: AppliedFilters, b: Params, alias: string) => [
  ...sampleConditions(f, b, alias),
  FILTER_SQL.Period.where(f, b, alias),
  // the table's score_diff is the team's own: the rule's offense reading takes it as it stands
  FILTER_SQL.ScoreDifferential.where(f, b, 'offense', alias),
];

/** The possession columns state_team_sums keeps (shaped as possession rows). */
const STATE_TEAM_COLUMNS = ['off_team_id', 'def_team_id', 'season', 'season_type', 'is_filtered_out', 'period', 'score_diff'];

/**
 * state_team_sums of one perspective shaped as possession rows (its team as off_team_id or def_team_id, the other
 * null), filtered by f and `extra`; null when the table cannot answer (a filter or group it has no key for, or
 * an extra condition on a column it lacks).
 */
export function stateTeamSource(db: StatsDb, f: AppliedFilters, b: Params, persp: Perspective, extra: string[], groupBy: readonly GroupKey[]): string | null {
  if (groupBy.includes('opp_team_id') || !stateAnswers(db, f, groupBy) || !namesOnly(extra, STATE_TEAM_COLUMNS)) return null;
  const [mine, other] = persp === 'offense' ? ['off', 'def'] : ['def', 'off'];
  const shaped = `SELECT season, season_type, is_filtered_out, period, score_diff, team_id AS ${mine}_team_id, NULL::INTEGER AS ${other}_team_id,
      NULL::INTEGER AS off_lineup_id, NULL::INTEGER AS def_lineup_id, ${POSSESSION_COUNTER_COLUMNS.join(', ')}
    FROM state_team_sums WHERE is_offense = ${persp === 'offense' ? 'TRUE' : 'FALSE'}`;
  return `SELECT p.* FROM (${shaped}) p WHERE ${and([...stateConditions(f, b, 'p'), ...extra])}`;
}

/**
 * state_on_court_sums rows of one perspective (player_id, team_id, season, season_type and the counters) passing
 * f, for one player or team if given; null when the table cannot answer f grouped by groupBy.
 */
export function stateOnCourtSource(db: StatsDb, f: AppliedFilters, b: Params, persp: Perspective, o: StateSumsQuery): string | null {
  if (!stateAnswers(db, f, o.groupBy)) return null;
  const where = and([
    `s.is_offense = ${persp === 'offense' ? 'TRUE' : 'FALSE'}`,
    ...stateConditions(f, b, 's'),
    o.playerId !== undefined ? `s.player_id = ${b.bind(o.playerId)}` : '',
    o.teamId !== undefined ? `s.team_id = ${b.bind(o.teamId)}` : '',
  ]);
  return `SELECT s.* FROM state_on_court_sums s WHERE ${where}`;
}

/** The groups lineup_season_sums has columns for. */
const LINEUP_GROUPS: readonly GroupKey[] = ['lineup_id', 'team_id', 'season', 'season_type'];

/**
 * True when the team sums of f by lineup can be read from lineup_season_sums: grouped by lineup (the reason the
 * possession table would be read) and nothing the table lacks, with season filters only.
 */
export function lineupSumsAnswer(db: StatsDb, f: AppliedFilters, groupBy: readonly GroupKey[]): boolean {
  return !referencePaths(db) && groupBy.includes('lineup_id') && groupBy.every((g) => LINEUP_GROUPS.includes(g)) && appliesOnly(f, SAMPLE_FILTERS);
}

/**
 * lineup_season_sums of one perspective, shaped as the possession table's rows of that perspective (its team,
 * its lineup id, its five o1..o5 or d1..d5, the counters; the other team's columns are null), so that the
 * callers' conditions on the possession alias p (a team, a player in the five) apply unchanged. `extra` adds
 * conditions on p.
 */
export function lineupSumsSource(f: AppliedFilters, b: Params, persp: Perspective, extra: string[]): string | null {
  const lineupColumns = [
    'off_team_id',
    'def_team_id',
    'off_lineup_id',
    'def_lineup_id',
    'season',
    'season_type',
    'is_filtered_out',
    'o1',
    'o2',
    'o3',
    'o4',
    'o5',
    'd1',
    'd2',
    'd3',
    'd4',
    'd5',
  ];
  if (!namesOnly(extra, lineupColumns)) return null;
  const [mine, other] = persp === 'offense' ? ['off', 'def'] : ['def', 'off'];
  const five = persp === 'offense' ? 'o' : 'd';
  const shaped = `SELECT season, season_type, is_filtered_out, team_id AS ${mine}_team_id, NULL::INTEGER AS ${other}_team_id,
      lineup_id AS ${mine}_lineup_id, ${[1, 2, 3, 4, 5].map((i) => `p${i} AS ${five}${i}`).join(', ')}, ${POSSESSION_COUNTER_COLUMNS.join(', ')}
    FROM lineup_season_sums WHERE is_offense = ${persp === 'offense' ? 'TRUE' : 'FALSE'}`;
  return `SELECT p.* FROM (${shaped}) p WHERE ${and([...sampleConditions(f, b, 'p'), ...extra])}`;
}
