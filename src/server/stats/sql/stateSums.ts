/**
 * Player sums answered from state_player_sums (aggregates.ts), the players' counters pre-summed by the keys of the
 * possession-level filters a players table can apply without reading possessions: period and score
 * differential, beside season, season type and garbage time. `playerSumsBy` (playerSums.ts) takes this path when
 * every applied filter is one of those; any other filter (game-level, time into game, lineups, or one added to
 * the model later) keeps the possession path. tests/api/stateSums.test.ts compares both paths.
 */
import type { AppliedFilters } from '../../../lib/apiParams';
import { PLAYER_COUNTERS, sumColumns } from '../metrics/counters';
import { appliedFilterNames, sampleConditions } from './filterSql';
import { FILTER_SQL } from './filterRules';
import { and, type Params } from './sql';
import type { GroupKey } from './sums';

/** The filters state_player_sums has keys for. */
const STATE_FILTERS = new Set(['Season', 'SeasonType', 'FilterOutGarbageTime', 'Period', 'ScoreDifferential']);
/** The groups it has columns for. */
const STATE_GROUPS = new Set<GroupKey>(['player_id', 'team_id', 'season', 'season_type']);

export interface StateSumsQuery {
  groupBy: readonly GroupKey[];
  playerId?: number;
  teamId?: number;
}

/** True when the player sums of f grouped by o.groupBy can be read from state_player_sums. */
export function stateSumsAnswer(f: AppliedFilters, o: StateSumsQuery & { gameId?: number }): boolean {
  return o.gameId === undefined && o.groupBy.every((g) => STATE_GROUPS.has(g)) && appliedFilterNames(f).every((n) => STATE_FILTERS.has(n));
}

/**
 * The player sums of f per group from state_player_sums, with last_team_id (his team in his last game of the
 * group) and every player counter. The score differential is judged from the player's team (the table's score_diff), as the
 * possession path judges his offensive rows from the offense and his defensive rows from the defense.
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
