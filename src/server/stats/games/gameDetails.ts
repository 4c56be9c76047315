/**
 * /api/game_details: teams, date, season, season type, score by period, starters and the full box score
 * (per player MIN as seconds, FGM, FGA, 3PM, 3PA, FTM, FTA, OREB, DREB, AST, STL, BLK, TOV, PF, PTS, +/-;
 * per team those totals plus its possessions).
 */
import { seasonLabel } from '../../../lib/filters/filterDefinitions';
import { teamByTeamId, teamInSeason } from '../../../lib/league/franchises';
import type { Row, StatsDb } from '../../db/statsDb';
import { ApiError } from '../base/errors';

const BOX = ['fgm', 'fga', 'fg3m', 'fg3a', 'ftm', 'fta', 'oreb', 'dreb', 'ast', 'stl', 'blk', 'tov', 'pf', 'pts'] as const;

export async function gameDetails(db: StatsDb, gameCode: string) {
  const [g] = await db.query(
    `SELECT game_id, game_code, season, season_type, date, home_team_id, away_team_id, home_abbr, away_abbr,
            home_pts, away_pts, home_pts_by_period, away_pts_by_period, periods
       FROM games WHERE game_code = $1`,
    [gameCode],
  );
  if (!g) throw new ApiError(404, `No game with id ${gameCode}`, 'game_id');
  const [players, teams] = await Promise.all([
    db.query(
      `SELECT pg.player_id, p.name, pg.team_id, pg.starter, pg.seconds, pg.plus_minus, ${BOX.map((c) => `pg.${c}`).join(', ')}
         FROM player_games pg JOIN players p USING (player_id)
        WHERE pg.game_id = $1 ORDER BY pg.team_id, pg.starter DESC, pg.seconds DESC`,
      [Number(g.game_id)],
    ),
    db.query(`SELECT team_id, seconds, possessions, ${BOX.map((c) => c).join(', ')} FROM team_games WHERE game_id = $1`, [Number(g.game_id)]),
  ]);
  const side = (teamId: number, abbr: unknown, pts: unknown, byPeriod: unknown) => {
    const t = teams.find((r) => Number(r.team_id) === teamId);
    const team = teamByTeamId(teamId);
    const boxPlayers = players.filter((p) => Number(p.team_id) === teamId);
    return {
      team: team?.abbr ?? null,
      abbr_then: abbr,
      // the name of that season (the 2012-13 New Orleans Hornets); `team` is today's abbreviation, for links
      name: teamInSeason(teamId, Number(g.season))?.name ?? null,
      pts: Number(pts),
      pts_by_period: (byPeriod as number[]).map(Number),
      starters: boxPlayers.filter((p) => p.starter).map((p) => ({ player_id: p.player_id, name: p.name })),
      players: boxPlayers.map((p) => boxLine(p)),
      totals: t
        ? {
            sec: 5 * Number(t.seconds), // team time: five players for the length of the game, in seconds
            ...Object.fromEntries(BOX.map((c) => [c, Number(t[c])])),
            plus_minus: Number(pts) - Number(teamId === Number(g.home_team_id) ? g.away_pts : g.home_pts),
            possessions: Number(t.possessions),
          }
        : null,
    };
  };
  return {
    game_id: g.game_code,
    date: g.date,
    season: seasonLabel(Number(g.season)),
    season_start: Number(g.season),
    season_type: g.season_type,
    periods: Number(g.periods),
    away: side(Number(g.away_team_id), g.away_abbr, g.away_pts, g.away_pts_by_period),
    home: side(Number(g.home_team_id), g.home_abbr, g.home_pts, g.home_pts_by_period),
  };
}

function boxLine(p: Row) {
  return {
    player_id: p.player_id,
    name: p.name,
    starter: p.starter,
    sec: Number(p.seconds), // seconds on court
    ...Object.fromEntries(BOX.map((c) => [c, Number(p[c])])),
    plus_minus: Number(p.plus_minus),
  };
}
