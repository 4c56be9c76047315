/**
 * The game finder's queries (/stats/games): the games of a season, optionally of one season type, one team or
 * one calendar month, with their final scores; and the months of a season that have games. The game preview
 * reads the same list for a team's games (or two teams' meetings) before a date. SQL with bound parameters only.
 */
import { query, StatsDbUnavailableError } from '../../db/statsDb';

export interface GameListRow {
  /** the league's 10-character id */
  gameCode: string;
  /** league team ids */
  awayTeamId: number;
  homeTeamId: number;
  /** YYYY-MM-DD */
  date: string;
  /** start year (2022 = 2022-23) */
  season: number;
  seasonType: 'regular' | 'playoffs';
  /** abbreviations as of that season (NJN, SEA, NOH ...) */
  awayAbbr: string;
  homeAbbr: string;
  awayPts: number;
  homePts: number;
  /** 4 + overtimes */
  periods: number;
}

export interface GameListQuery {
  season: number;
  seasonType?: 'regular' | 'playoffs';
  /** league team id: games the team played, home or away */
  teamId?: number;
  /** YYYY-MM */
  month?: string;
  /** league team id: with teamId, only the games between the two teams */
  opponentId?: number;
  /** YYYY-MM-DD: only games played before this date (not on it) */
  before?: string;
}

export async function listGames(q: GameListQuery): Promise<GameListRow[]> {
  const rows = await query(
    `SELECT game_code, strftime(date, '%Y-%m-%d') AS date, season, season_type, away_team_id, home_team_id, away_abbr, home_abbr, away_pts, home_pts, periods
       FROM games
      WHERE season = $1
        AND ($2::VARCHAR IS NULL OR season_type = $2::VARCHAR)
        AND ($3::INTEGER IS NULL OR home_team_id = $3::INTEGER OR away_team_id = $3::INTEGER)
        AND ($4::VARCHAR IS NULL OR strftime(date, '%Y-%m') = $4::VARCHAR)
        AND ($5::INTEGER IS NULL OR home_team_id = $5::INTEGER OR away_team_id = $5::INTEGER)
        AND ($6::DATE IS NULL OR date < $6::DATE)
      ORDER BY date, game_code`,
    [q.season, q.seasonType ?? null, q.teamId ?? null, q.month ?? null, q.opponentId ?? null, q.before ?? null],
  );
  return rows.map(toGameListRow);
}

/** The months (YYYY-MM, in order) in which the season (and season type) had games. */
export async function gameMonths(season: number, seasonType?: 'regular' | 'playoffs'): Promise<string[]> {
  const rows = await query(
    `SELECT DISTINCT strftime(date, '%Y-%m') AS month FROM games
      WHERE season = $1 AND ($2::VARCHAR IS NULL OR season_type = $2::VARCHAR)
      ORDER BY month`,
    [season, seasonType ?? null],
  );
  return rows.map((r) => String(r.month));
}

/** One game by its 10-character id, or null when there is no such game. */
async function findGame(gameCode: string): Promise<GameListRow | null> {
  const rows = await query(
    `SELECT game_code, strftime(date, '%Y-%m-%d') AS date, season, season_type, away_team_id, home_team_id, away_abbr, home_abbr, away_pts, home_pts, periods
       FROM games WHERE game_code = $1`,
    [gameCode],
  );
  const r = rows[0];
  if (!r) return null;
  return toGameListRow(r);
}

/** findGame, or undefined when there is no stats database (pages then trust the path). */
export async function findGameIfDb(gameCode: string): Promise<GameListRow | null | undefined> {
  try {
    return await findGame(gameCode);
  } catch (e) {
    if (e instanceof StatsDbUnavailableError) return undefined;
    throw e;
  }
}

/** A games-table row (game_code, date as YYYY-MM-DD, season, season_type, team ids, abbrs, pts, periods) as a GameListRow. */
function toGameListRow(r: Record<string, unknown>): GameListRow {
  return {
    gameCode: String(r.game_code),
    awayTeamId: Number(r.away_team_id),
    homeTeamId: Number(r.home_team_id),
    date: String(r.date),
    season: Number(r.season),
    seasonType: r.season_type === 'playoffs' ? 'playoffs' : 'regular',
    awayAbbr: String(r.away_abbr),
    homeAbbr: String(r.home_abbr),
    awayPts: Number(r.away_pts),
    homePts: Number(r.home_pts),
    periods: Number(r.periods),
  };
}
