/**
 * The game's play-by-play, stints and game flow (src/lib/game/playByPlay.ts builds stints and flow) from
 * game_events: every event the engine read, its text, the score and the ten on the floor after it. Also the
 * stints CSV of GET /api/game_stints.
 */
import { boxMinutes } from '../../../lib/game/boxScore';
import { buildStints, gameFlow, periodLabel, type FlowPoint, type GameSide, type PbpEvent, type Stint } from '../../../lib/game/playByPlay';
import { teamInSeason } from '../../../lib/league/franchises';
import type { WpPoint } from '../../../lib/game/winProbability';
import type { StatsDb } from '../../db/statsDb';
import { encodeCsv } from '../base/csvText';
import { ApiError } from '../base/errors';

export interface PbpPlayer {
  id: number;
  name: string;
  /** "J. Smith": the play-by-play's ten on the floor */
  short: string;
  side: GameSide;
}

export interface GamePlayByPlay {
  gameCode: string;
  date: string;
  periods: number;
  away: { abbr: string; name: string; pts: number };
  home: { abbr: string; name: string; pts: number };
  players: PbpPlayer[];
  events: PbpEvent[];
  stints: Record<GameSide, Stint[]>;
  flow: FlowPoint[];
  /** the home team's win probability at the start of every possession (src/lib/game/winProbability.ts) */
  winProbability: WpPoint[];
}

const ints = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);

export async function gamePlayByPlay(db: StatsDb, gameCode: string): Promise<GamePlayByPlay> {
  const [g] = await db.query(
    `SELECT game_id, game_code, strftime(date, '%Y-%m-%d') AS date, season, periods, home_team_id, away_team_id, home_abbr, away_abbr, home_pts, away_pts
       FROM games WHERE game_code = $1`,
    [gameCode],
  );
  if (!g) throw new ApiError(404, `No game with id ${gameCode}`, 'game_id');
  const gameId = Number(g.game_id);
  const homeTeam = Number(g.home_team_id);
  const [rows, people, wpRows] = await Promise.all([
    db.query(
      `SELECT e.seq, e.event_num, e.period, e.clock, e.event_type, e.team_id, e.player1_id, e.player2_id, e.player3_id,
              e.home_description, e.neutral_description, e.visitor_description, e.home_pts, e.away_pts,
              [h.p1, h.p2, h.p3, h.p4, h.p5] AS home_five, [a.p1, a.p2, a.p3, a.p4, a.p5] AS away_five,
              CASE WHEN ch.lineup_id IS NULL THEN NULL ELSE [ch.p1, ch.p2, ch.p3, ch.p4, ch.p5] END AS credit_home,
              CASE WHEN ca.lineup_id IS NULL THEN NULL ELSE [ca.p1, ca.p2, ca.p3, ca.p4, ca.p5] END AS credit_away
         FROM game_events e
         JOIN lineups h ON h.lineup_id = e.home_lineup_id
         JOIN lineups a ON a.lineup_id = e.away_lineup_id
         LEFT JOIN lineups ch ON ch.lineup_id = e.pts_home_lineup_id
         LEFT JOIN lineups ca ON ca.lineup_id = e.pts_away_lineup_id
        WHERE e.game_id = $1
        ORDER BY e.seq`,
      [gameId],
    ),
    // Everyone the game's events name or put on the floor (a player on the floor without an event is in player_games).
    db.query(
      `SELECT p.player_id, p.name, p.first_name, p.last_name, pg.team_id
         FROM player_games pg JOIN players p USING (player_id)
        WHERE pg.game_id = $1
        ORDER BY pg.team_id <> $2, pg.starter DESC, pg.seconds DESC, p.name`,
      [gameId, homeTeam],
    ),
    // The win-probability model's value at each possession's start (technical rows, which have no time, left out).
    db.query(
      `SELECT p.start_time, p.period, p.start_clock, p.end_clock, w.home_wp, p.off_is_home, w.leverage
         FROM possessions p JOIN win_probability w USING (possession_id)
        WHERE p.game_id = $1 AND p.possessions = 1
        ORDER BY p.possession_id`,
      [gameId],
    ),
  ]);
  const sideOf = (team: unknown): GameSide | null => (team === null || team === undefined ? null : Number(team) === homeTeam ? 'home' : 'away');
  const events: PbpEvent[] = rows.map((r) => ({
    seq: Number(r.seq),
    eventNum: Number(r.event_num),
    period: Number(r.period),
    clock: Number(r.clock),
    eventType: Number(r.event_type),
    side: sideOf(r.team_id),
    players: [r.player1_id, r.player2_id, r.player3_id].filter((p) => p !== null && p !== undefined).map(Number),
    home: (r.home_description as string | null) ?? null,
    neutral: (r.neutral_description as string | null) ?? null,
    visitor: (r.visitor_description as string | null) ?? null,
    homePts: Number(r.home_pts),
    awayPts: Number(r.away_pts),
    homeFive: ints(r.home_five).filter((id) => id > 0),
    awayFive: ints(r.away_five).filter((id) => id > 0),
    creditHome: r.credit_home === null ? null : ints(r.credit_home).filter((id) => id > 0),
    creditAway: r.credit_away === null ? null : ints(r.credit_away).filter((id) => id > 0),
  }));
  const players: PbpPlayer[] = people.map((p) => {
    const first = String(p.first_name ?? '');
    const last = String(p.last_name ?? '');
    return {
      id: Number(p.player_id),
      name: String(p.name),
      short: first && last ? `${first.slice(0, 1)}. ${last}` : String(p.name),
      side: Number(p.team_id) === homeTeam ? 'home' : 'away',
    };
  });
  // Two players of the game with one short name (Mo and Marvin Williams: "M. Williams") keep their full names.
  const shortCount = new Map<string, number>();
  for (const p of players) shortCount.set(p.short, (shortCount.get(p.short) ?? 0) + 1);
  for (const p of players) if (shortCount.get(p.short)! > 1) p.short = p.name;
  // Named as that season (the 2012-13 New Orleans Hornets).
  const team = (id: unknown, abbr: unknown, pts: unknown) => ({
    abbr: String(abbr),
    name: teamInSeason(Number(id), Number(g.season))?.name ?? String(abbr),
    pts: Number(pts),
  });
  return {
    gameCode: String(g.game_code),
    date: String(g.date),
    periods: Number(g.periods),
    away: team(g.away_team_id, g.away_abbr, g.away_pts),
    home: team(g.home_team_id, g.home_abbr, g.home_pts),
    players,
    events,
    stints: buildStints(events),
    flow: gameFlow(events),
    winProbability: wpRows.map((r) => ({
      t: Number(r.start_time),
      period: Number(r.period),
      startClock: Number(r.start_clock),
      endClock: Number(r.end_clock),
      homeWp: Number(r.home_wp),
      homeBall: r.off_is_home === true,
      leverage: Number(r.leverage),
    })),
  };
}

/** A name lookup for the game's players (the id itself when a player is unknown). */
export function nameLookup(players: readonly PbpPlayer[], field: 'name' | 'short'): (id: number) => string {
  const m = new Map(players.map((p) => [p.id, p[field]]));
  return (id) => m.get(id) ?? String(id);
}

/**
 * One team's stints as CSV: the table's columns (Period, On, Off, the five by name, MIN as m:ss, points for and
 * against, +/- as a plain signed number) and the five's player ids.
 */
export function stintsCsv(pbp: GamePlayByPlay, side: GameSide): { text: string; fileName: string } {
  const name = nameLookup(pbp.players, 'name');
  const abbr = pbp[side].abbr;
  const text = encodeCsv(
    ['Team', 'Period', 'On', 'Off', 'Five', 'MIN', 'PTS for', 'PTS against', '+/-', 'Player IDs'],
    pbp.stints[side].map((s) => [
      abbr,
      periodLabel(s.period),
      boxMinutes(s.onClock),
      boxMinutes(s.offClock),
      s.five.map(name).join(', '),
      boxMinutes(s.seconds),
      s.ptsFor,
      s.ptsAgainst,
      s.ptsFor - s.ptsAgainst,
      s.five.join(' '),
    ]),
  );
  const fileName = `stints_${pbp.away.abbr}-at-${pbp.home.abbr}_${pbp.date}_${pbp.gameCode}_${abbr}.csv`.replace(/[^A-Za-z0-9_.+-]/g, '');
  return { text, fileName };
}
