/**
 * The shots of a sample, in SQL: the same filters as the tables (src/server/stats/sql/filterSql.ts), so a chart
 * shows exactly the attempts of the table beside it. Each shot belongs to a possession, so possession-level
 * filters (period, time, score, lineups) join the possessions that pass them; game-level filters join the
 * perspective team's team_games row; otherwise the shots table answers alone (it carries season, season type
 * and the garbage-time flag of its possession).
 *
 * Perspective: offense = the shooting team's view (a team's own attempts, a player's attempts); defense = the
 * defending team's view (a team's opponents' attempts).
 */
import type { AppliedFilters } from '../../../lib/params/apiParams';
import { needsPossessions, needsTeamGames, possessionSource, sampleConditions, teamGameConditions, type Perspective } from '../sql/filterSql';
import type { Params } from '../sql/sql';
import type { StatsDb } from '../../db/statsDb';

export interface ShotSource {
  /** FROM clause; the shots table is alias s */
  from: string;
  /** WHERE conditions of the sample (to AND with the caller's) */
  conditions: string[];
  /** SQL expression of the perspective team's id */
  team: string;
}

export function shotSource(db: StatsDb, f: AppliedFilters, b: Params, persp: Perspective): ShotSource {
  if (needsPossessions(f)) {
    return {
      from: `shots s JOIN (${possessionSource(db, f, b, persp)}) p ON p.possession_id = s.possession_id`,
      conditions: [],
      team: persp === 'offense' ? 's.team_id' : 'p.def_team_id',
    };
  }
  const joinTg = persp === 'defense' || needsTeamGames(f);
  // team_games has one row per team and game: the shooter's row (offense) or his opponent's (defense).
  const tgJoin = joinTg ? ` JOIN team_games tg ON tg.game_id = s.game_id AND tg.${persp === 'offense' ? 'team_id' : 'opp_team_id'} = s.team_id` : '';
  return {
    from: `shots s${tgJoin}`,
    conditions: [...sampleConditions(f, b, 's'), ...(needsTeamGames(f) ? teamGameConditions(f, b, 'tg') : [])],
    team: persp === 'offense' ? 's.team_id' : 'tg.team_id',
  };
}

/**
 * Shot-location x/y normalised to feet with the basket at (0, 5.25) and y from the baseline. The published
 * 2019-20 and 2020-21 files use another scale (measured: x within +-2.5, y 5.25-14.45, corner threes at
 * x = -2.3 where other seasons have +23.2, dunks at y 5.77 where others have 5.25-5.45): they publish
 * x' = -x / 10 and y' = 5.25 + y / 10.
 */
const SCALED_SEASONS = '(2019, 2020)';
export const SHOT_X = `CASE WHEN s.season IN ${SCALED_SEASONS} THEN -10 * s.loc_x ELSE s.loc_x END`;
export const SHOT_Y = `CASE WHEN s.season IN ${SCALED_SEASONS} THEN 10 * (s.loc_y - 5.25) ELSE s.loc_y END`;
