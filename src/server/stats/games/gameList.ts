/**
 * The game finder's queries (/stats/games): the games of a season, optionally of one season type, one team or
 * one calendar month, with their final scores; and the months of a season that have games. The game preview
 * reads the same list for a team's games (or two teams' meetings) before a date. SQL with bound parameters only.
 * Games not yet played come from the season's schedule (the `schedule` table, src/server/ingest/season/scheduleTable.ts):
 * a scheduled game is one of the schedule's that is not in `games`; the finder lists them after the played ones
 * of their day, without a score, and a preview of one is built from both teams' games so far.
 */
import { onStatsDbChange, type StatsDb } from '../../db/statsDb';
import { sharedLookup } from '../entities/sharedLookup';

/** A game of the schedule not played yet (no score): the finder lists it, its preview reads the games before it. */
export interface ScheduledGameRow {
  scheduled: true;
  gameCode: string;
  awayTeamId: number;
  homeTeamId: number;
  /** YYYY-MM-DD, the league's (US Eastern) */
  date: string;
  season: number;
  seasonType: 'regular' | 'playoffs';
  awayAbbr: string;
  homeAbbr: string;
}

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

export async function listGames(db: StatsDb, q: GameListQuery): Promise<GameListRow[]> {
  const rows = await db.query(
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

const scheduleTables = new Map<string, Promise<boolean>>();

/** Whether the file has a schedule table (a file built before it had none: nothing is scheduled); asked once per file. */
function hasSchedule(db: StatsDb): Promise<boolean> {
  return sharedLookup(db, scheduleTables, 'schedule', async () => {
    const rows = await db.query("SELECT 1 FROM duckdb_tables() WHERE table_name = 'schedule' AND schema_name = 'main' AND NOT temporary");
    return rows.length > 0;
  });
}

/** The schedule's games of the query not played yet (not in games), in date order; none without a schedule. */
export async function listScheduledGames(db: StatsDb, q: Omit<GameListQuery, 'before' | 'opponentId'>): Promise<ScheduledGameRow[]> {
  if (!(await hasSchedule(db))) return [];
  const rows = await db.query(
    `SELECT s.game_code, strftime(s.date, '%Y-%m-%d') AS date, s.season, s.season_type, s.away_team_id, s.home_team_id, s.away_abbr, s.home_abbr
       FROM schedule s
      WHERE s.season = $1
        AND ($2::VARCHAR IS NULL OR s.season_type = $2::VARCHAR)
        AND ($3::INTEGER IS NULL OR s.home_team_id = $3::INTEGER OR s.away_team_id = $3::INTEGER)
        AND ($4::VARCHAR IS NULL OR strftime(s.date, '%Y-%m') = $4::VARCHAR)
        AND NOT EXISTS (SELECT 1 FROM games g WHERE g.game_id = s.game_id)
      ORDER BY s.date, s.game_code`,
    [q.season, q.seasonType ?? null, q.teamId ?? null, q.month ?? null],
  );
  return rows.map(toScheduledRow);
}

/** The months (YYYY-MM, in order) in which the season (and season type) had or has games, played or scheduled. */
export async function gameMonths(db: StatsDb, season: number, seasonType?: 'regular' | 'playoffs'): Promise<string[]> {
  const scheduled = (await hasSchedule(db))
    ? `UNION SELECT strftime(date, '%Y-%m') AS month FROM schedule WHERE season = $1 AND ($2::VARCHAR IS NULL OR season_type = $2::VARCHAR)`
    : '';
  const rows = await db.query(
    `SELECT DISTINCT strftime(date, '%Y-%m') AS month FROM games
      WHERE season = $1 AND ($2::VARCHAR IS NULL OR season_type = $2::VARCHAR)
      ${scheduled}
      ORDER BY month`,
    [season, seasonType ?? null],
  );
  return rows.map((r) => String(r.month));
}

/**
 * The month the finder opens on when none is asked for: the month of the season's latest game played (a complete
 * season: its last month; a season under way: the month being played), else the schedule's first month (a season
 * only scheduled opens on its opening night's month, not its last).
 */
export async function defaultMonth(
  db: StatsDb,
  season: number,
  seasonType: 'regular' | 'playoffs' | undefined,
  months: readonly string[],
): Promise<string | undefined> {
  const [r] = await db.query(
    `SELECT strftime(max(date), '%Y-%m') AS month FROM games WHERE season = $1 AND ($2::VARCHAR IS NULL OR season_type = $2::VARCHAR)`,
    [season, seasonType ?? null],
  );
  const played = r?.month === null || r?.month === undefined ? null : String(r.month);
  return played ?? months[0];
}

const gamesByCode = new Map<string, Promise<ReadonlyMap<string, GameListRow>>>();
onStatsDbChange(() => {
  gamesByCode.clear();
  scheduleTables.clear();
});

/**
 * One game by its 10-character id, or null when there is no such game. Every game of the file is read once (about
 * 25,000 rows, 3 MB) and kept until the file is switched: a game page asked again while heavy queries keep DuckDB's
 * threads busy then waits for none of them (a box-score page took up to 199 ms under sixteen, its one query
 * waiting behind theirs; `npm run bench:api`).
 */
export async function findGame(db: StatsDb, gameCode: string): Promise<GameListRow | null> {
  const byCode = await sharedLookup(db, gamesByCode, 'all', async () => {
    const rows = await db.query(
      `SELECT game_code, strftime(date, '%Y-%m-%d') AS date, season, season_type, away_team_id, home_team_id, away_abbr, home_abbr, away_pts, home_pts, periods
         FROM games`,
    );
    return new Map(rows.map((r) => [String(r.game_code), toGameListRow(r)]));
  });
  return byCode.get(gameCode) ?? null;
}

/** A game of the schedule not played yet, by its 10-character id, or null. */
async function findScheduledGame(db: StatsDb, gameCode: string): Promise<ScheduledGameRow | null> {
  if (!(await hasSchedule(db))) return null;
  const rows = await db.query(
    `SELECT s.game_code, strftime(s.date, '%Y-%m-%d') AS date, s.season, s.season_type, s.away_team_id, s.home_team_id, s.away_abbr, s.home_abbr
       FROM schedule s WHERE s.game_code = $1 AND NOT EXISTS (SELECT 1 FROM games g WHERE g.game_id = s.game_id)`,
    [gameCode],
  );
  return rows[0] ? toScheduledRow(rows[0]) : null;
}

/** A played game, else a scheduled one not played yet (the preview's page), else null. */
export async function findGameOrScheduled(db: StatsDb, gameCode: string): Promise<GameListRow | ScheduledGameRow | null> {
  return (await findGame(db, gameCode)) ?? (await findScheduledGame(db, gameCode));
}

function toScheduledRow(r: Record<string, unknown>): ScheduledGameRow {
  return {
    scheduled: true,
    gameCode: String(r.game_code),
    awayTeamId: Number(r.away_team_id),
    homeTeamId: Number(r.home_team_id),
    date: String(r.date),
    season: Number(r.season),
    seasonType: r.season_type === 'playoffs' ? 'playoffs' : 'regular',
    awayAbbr: String(r.away_abbr),
    homeAbbr: String(r.home_abbr),
  };
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
