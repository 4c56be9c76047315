/**
 * Sums read from the tables the ingest pre-sums (aggregates.ts) instead of the possessions, where a query's
 * filters allow. Each path checks the names of the filters the query applies (filterSql.appliedFilterNames), so
 * a filter it does not know (a game-level, time or lineup filter, or one added to the model later) keeps the
 * possession path. The rows are the possessions' rows summed by the same keys, so the numbers are the same:
 * tests/api/planPaths.test.ts compares both paths on random queries (sql/plan.ts forces the possession path).
 * - state_player_sums: player sums (playerSums.ts) with period and score filters;
 * - lineup_season_sums: team sums by lineup (sums.ts, the lineup tables) with season filters only.
 */
import type { AppliedFilters } from '../../../lib/apiParams';
import type { FilterName } from '../../../lib/filters';
import type { StatsDb } from '../../db/statsDb';
import { PLAYER_COUNTERS, sumColumns } from '../metrics/counters';
import { POSSESSION_COUNTER_COLUMNS } from './aggregates';
import { appliedFilterNames, sampleConditions, type Perspective } from './filterSql';
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

/** True when the player sums of f grouped by o.groupBy can be read from state_player_sums. */
export function stateSumsAnswer(f: AppliedFilters, o: StateSumsQuery & { gameId?: number }): boolean {
  return o.gameId === undefined && o.groupBy.every((g) => STATE_GROUPS.includes(g)) && appliesOnly(f, STATE_FILTERS);
}

/**
 * The player sums of f per group from state_player_sums, with last_team_id (his team in his last game of the
 * group) and every player counter. The score differential is judged from the player's team (the table's
 * score_diff), as the possession path judges his offensive rows from the offense and his defensive rows from
 * the defense.
 */
export function stateSumsSql(f: AppliedFilters, b: Params, o: StateSumsQuery): string {
  const groups = o.groupBy.map((g) => `s.${g}`);
  const where = and([
    ...sampleConditions(f, b, 's'),
    FILTER_SQL.Period.where(f, b, 's'),
    // its score_diff is the player's team's: the rule's offense reading takes it as it stands
    FILTER_SQL.ScoreDifferential.where(f, b, 'offense', 's'),
    o.playerId !== undefined ? `s.player_id = ${b.bind(o.playerId)}` : '',
    o.teamId !== undefined ? `s.team_id = ${b.bind(o.teamId)}` : '',
  ]);
  return `SELECT ${[...groups, 'arg_max(s.team_id, s.last_game) AS last_team_id', sumColumns(PLAYER_COUNTERS, 's')].join(', ')}
    FROM state_player_sums s WHERE ${where} ${groups.length ? `GROUP BY ${groups.join(', ')}` : ''}`;
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
export function lineupSumsSource(f: AppliedFilters, b: Params, persp: Perspective, extra: string[]): string {
  const [mine, other] = persp === 'offense' ? ['off', 'def'] : ['def', 'off'];
  const five = persp === 'offense' ? 'o' : 'd';
  const shaped = `SELECT season, season_type, is_filtered_out, team_id AS ${mine}_team_id, NULL::INTEGER AS ${other}_team_id,
      lineup_id AS ${mine}_lineup_id, ${[1, 2, 3, 4, 5].map((i) => `p${i} AS ${five}${i}`).join(', ')}, ${POSSESSION_COUNTER_COLUMNS.join(', ')}
    FROM lineup_season_sums WHERE is_offense = ${persp === 'offense' ? 'TRUE' : 'FALSE'}`;
  return `SELECT p.* FROM (${shaped}) p WHERE ${and([...sampleConditions(f, b, 'p'), ...extra])}`;
}
