/**
 * The entity of a stats query (the player, or the game, a page is about), looked up on the computation's
 * database handle: an unknown id is a 404 naming `entity`, whatever the filters. /api/data (dispatch.ts) and
 * /api/shots (shotChart.ts) both use these.
 */
import type { StatsDb } from '../../db/statsDb';
import { ApiError } from '../base/errors';

/** A game as the game views and shot charts need it. */
export interface GameRef {
  game_id: number;
  season: number;
  season_type: string;
  date: string;
  home_team_id: number;
  away_team_id: number;
}

/** The player id of `entity`, or ApiError 404. */
export async function requirePlayer(db: StatsDb, id: string): Promise<number> {
  const playerId = Number(id);
  const rows = await db.query('SELECT 1 FROM players WHERE player_id = $1', [playerId]);
  if (rows.length === 0) throw new ApiError(404, `No player with id ${id}`, 'entity');
  return playerId;
}

/**
 * The game of a 10-digit game id, or ApiError 404. With `scheduled` (a preview), a game of the season's schedule
 * not played yet is found too (the `schedule` table, when the file has one): its preview reads the games before it.
 */
export async function requireGame(db: StatsDb, code: string, options: { scheduled?: boolean } = {}): Promise<GameRef> {
  const [g] = await db.query<GameRef & Record<string, unknown>>(
    'SELECT game_id, season, season_type, date, home_team_id, away_team_id FROM games WHERE game_code = $1',
    [code],
  );
  if (g) return g;
  if (options.scheduled) {
    const hasSchedule = await db.query("SELECT 1 FROM duckdb_tables() WHERE table_name = 'schedule' AND schema_name = 'main' AND NOT temporary");
    const [s] = hasSchedule.length
      ? await db.query<GameRef & Record<string, unknown>>(
          'SELECT game_id, season, season_type, date, home_team_id, away_team_id FROM schedule WHERE game_code = $1',
          [code],
        )
      : [];
    if (s) return s;
  }
  throw new ApiError(404, `No game with id ${code}`, 'entity');
}
