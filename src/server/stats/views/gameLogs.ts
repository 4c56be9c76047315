/**
 * Game logs: one row per game of a player (his numbers) or of a team (its players summed), newest first, with the
 * game's date, opponent, home/away and result: the box-score line (the default set) and the six offensive sets.
 */
import type { DataQuery } from '../../../lib/params/apiParams';
import { PLAYER_ONLY_COLUMNS } from '../../../lib/tables/metricColumns';
import { teamByAbbr } from '../../../lib/league/franchises';
import type { StatsDb, Row } from '../../db/statsDb';
import { PLAYER_ON_COURT_COUNTERS } from '../metrics/counters';
import { playerValues } from '../metrics/formulas';
import { playerSumsBy } from '../sql/playerSums';
import { teamSumsBy } from '../sql/sums';
import { playerSums, sixSets } from './playerViews';
import { seasonOf, setsOf, type SetRows } from './shared';

/** Game facts for game-log rows, from a team's point of view. */
async function gameFacts(db: StatsDb, gameIds: number[], teamIdOf: (gameId: number) => number) {
  if (gameIds.length === 0) return new Map<number, Row>();
  const rows = await db.query(
    `SELECT g.game_id, g.game_code, g.date, g.season, g.season_type, g.home_team_id, g.away_team_id, g.home_abbr, g.away_abbr, g.home_pts, g.away_pts
       FROM games g WHERE g.game_id IN (SELECT unnest($1::INTEGER[]))`,
    [`[${gameIds.join(',')}]`],
  );
  const out = new Map<number, Row>();
  for (const g of rows) {
    const gid = Number(g.game_id);
    const team = teamIdOf(gid);
    const home = Number(g.home_team_id) === team;
    const pts = Number(home ? g.home_pts : g.away_pts);
    const oppPts = Number(home ? g.away_pts : g.home_pts);
    out.set(gid, {
      game_id: g.game_code,
      date: g.date,
      season: seasonOf(g.season),
      season_type: g.season_type,
      // both teams as the game's row names them, that season's (a 2012-13 game against New Orleans: NOH), as its path does
      team: String(home ? g.home_abbr : g.away_abbr),
      opponent: String(home ? g.away_abbr : g.home_abbr),
      home,
      result: `${pts > oppPts ? 'W' : 'L'} ${pts}-${oppPts}`,
    });
  }
  return out;
}

/** Player game log: one row per game he played in the sample, newest first. */
export async function playerGameLogView(db: StatsDb, q: DataQuery, playerId: number): Promise<SetRows> {
  const rows = (await playerSumsBy(db, q.filters, { groupBy: ['game_id', 'team_id'], playerId })).filter((r) => Number(r.on_seconds) > 0);
  const teamOf = new Map(rows.map((r) => [Number(r.game_id), Number(r.team_id)]));
  const facts = await gameFacts(db, [...teamOf.keys()], (g) => teamOf.get(g)!);
  const entries = rows
    .sort((a, b) => Number(b.game_id) - Number(a.game_id))
    .map((r) => ({ id: facts.get(Number(r.game_id)) ?? { game_id: r.game_id }, v: playerValues(playerSums(r)) }))
    .sort((a, b) => String(b.id.date).localeCompare(String(a.id.date)));
  return sixSets(q, entries);
}

/**
 * Team game log: one row per game, the six offensive sets of the team as a whole (its players summed).
 * On-court team counters are counted once per player on the floor, so they are divided by five (time on court
 * too: a team's MIN is the game's length, not five players' worth).
 */
export async function teamGameLogView(db: StatsDb, q: DataQuery): Promise<SetRows> {
  const team = teamByAbbr(q.entity!)!;
  const [rows, teamTurnovers] = await Promise.all([
    playerSumsBy(db, q.filters, { groupBy: ['game_id'], teamId: team.teamId }).then((r) => r.filter((x) => Number(x.on_seconds) > 0)),
    boxScoreShown(q) ? teamTurnoversByGame(db, q, team.teamId) : null,
  ]);
  const facts = await gameFacts(
    db,
    rows.map((r) => Number(r.game_id)),
    () => team.teamId,
  );
  const entries = rows
    .map((r) => {
      const s = playerSums(r);
      for (const c of PLAYER_ON_COURT_COUNTERS) s[c] = s[c] / 5;
      const v = playerValues(s, { asTeam: true });
      // MIN reads like a box score: the time the team played in the sample (48:00 for a regulation game with
      // garbage time kept, 53:00 with one overtime), i.e. its players' minutes / 5, not the players' sum (240:00).
      v.sec = Math.round(Number(s.on_seconds));
      // The team's TOV in its box-score line counts its team turnovers too (a shot-clock violation, 8 seconds), as
      // the official box does; its players' turnovers alone leave them out.
      const tov = teamTurnovers?.get(Number(r.game_id));
      if (tov !== undefined) v.tov = tov;
      return { id: facts.get(Number(r.game_id)) ?? { game_id: r.game_id }, v };
    })
    .sort((a, b) => String(b.id.date).localeCompare(String(a.id.date)));
  const out = sixSets(q, entries);
  // A team's row has no player share (Usage% would be 100 %): leave the player-only columns out.
  for (const rows of Object.values(out)) for (const row of rows) for (const k of PLAYER_ONLY_COLUMNS) delete row[k];
  return out;
}

/** Is the box-score set among the sets asked for? */
function boxScoreShown(q: DataQuery): boolean {
  return setsOf(q, q.page).some((d) => d.value === 'BoxScore');
}

/** The team's turnovers per game under the page's filters, team turnovers included (its offensive possessions' TOV). */
async function teamTurnoversByGame(db: StatsDb, q: DataQuery, teamId: number): Promise<Map<number, number>> {
  const rows = await teamSumsBy(db, q.filters, { persp: 'offense', groupBy: ['game_id'], teamId, counters: ['possessions', 'tov'] });
  return new Map(rows.map((r) => [Number(r.game_id), Number(r.tov)]));
}
