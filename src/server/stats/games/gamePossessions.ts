/**
 * Every possession of one game in order, with the ten players on the floor (the developer API's
 * /api/v1/games/{game_id}/possessions). Technical rows (possessions = 0, docs/explanation/ingest.md "Plus/minus") come after the
 * possession whose context they carry.
 */
import { teamByTeamId } from '../../../lib/league/franchises';
import type { StatsDb } from '../../db/statsDb';
import { ApiError } from '../base/errors';

const COUNTS = ['pts', 'fga', 'fgm', 'fg3a', 'fg3m', 'fta', 'ftm', 'tov', 'oreb', 'ast', 'stl', 'blk'] as const;

export async function gamePossessions(db: StatsDb, gameCode: string) {
  const [game] = await db.query<{ game_id: number }>('SELECT game_id FROM games WHERE game_code = $1', [gameCode]);
  if (!game) throw new ApiError(404, `No game with id ${gameCode}`, 'game_id');
  const rows = await db.query(
    `SELECT poss_num, period, start_clock, end_clock, off_team_id, def_team_id, score_diff, start_type, possessions,
            is_filtered_out, [o1, o2, o3, o4, o5] AS offense_players, [d1, d2, d3, d4, d5] AS defense_players, ${COUNTS.join(', ')}
       FROM possessions WHERE game_id = $1 ORDER BY possession_id`,
    [Number(game.game_id)],
  );
  const abbr = (teamId: unknown) => teamByTeamId(Number(teamId))?.abbr ?? String(teamId);
  return {
    game_id: gameCode,
    possessions: rows.map((r) => ({
      poss_num: Number(r.poss_num),
      period: Number(r.period),
      start_clock: Number(r.start_clock),
      end_clock: Number(r.end_clock),
      offense: abbr(r.off_team_id),
      defense: abbr(r.def_team_id),
      score_diff: Number(r.score_diff),
      start_type: String(r.start_type),
      possessions: Number(r.possessions),
      garbage_time: Boolean(r.is_filtered_out),
      offense_players: (r.offense_players as number[]).map(Number),
      defense_players: (r.defense_players as number[]).map(Number),
      ...Object.fromEntries(COUNTS.map((c) => [c, Number(r[c])])),
    })),
  };
}
