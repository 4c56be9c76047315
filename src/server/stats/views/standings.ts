/**
 * The standings to date (/stats/teams, GET /api/standings): each team's regular-season record over the season's
 * games played on or before a date, from team_games (one row per team per game, `won` from the play-by-play's final
 * score). The rules, written once:
 * - W-L and win % (wins / games, 0-100) over those games;
 * - games back of the league's best record (the data names no conferences): ((leader W - W) + (L - leader L)) / 2,
 *   the leader being the team with the best win %, more wins first on a tie; 0 for the leader;
 * - streak: the run of the same result ending with the team's latest game, "W3" or "L1";
 * - last 10: W-L over the team's latest 10 games (fewer when it played fewer).
 * Order: win % high to low, then wins, then the team's abbreviation.
 * Example (test database, 2022-23 through 2023-01-15): Boston first at 32-12 (72.7), Denver 30-13, 1.5 back.
 */
import { teamByTeamId, teamInSeason } from '../../../lib/league/franchises';
import type { StatsDb } from '../../db/statsDb';

export interface StandingsRow {
  teamId: number;
  /** current abbreviation (team pages' key) */
  abbr: string;
  name: string;
  wins: number;
  losses: number;
  /** 0-100 */
  winPct: number;
  gamesBack: number;
  /** "W3", "L1"; "" before the first game */
  streak: string;
  lastTen: { wins: number; losses: number };
}

export interface Standings {
  season: number;
  /** the last day counted: the date asked, else the season's latest game held; null when none is played */
  through: string | null;
  /** the date asked (null: through the latest game) */
  asked: string | null;
  rows: StandingsRow[];
}

/** The standings of `season` through `through` (YYYY-MM-DD, inclusive; null: every game held). */
export async function standings(db: StatsDb, season: number, through: string | null): Promise<Standings> {
  const games = await db.query<{ team_id: number; won: boolean; date: string }>(
    `SELECT team_id, won, strftime(date, '%Y-%m-%d') AS date
       FROM team_games
      WHERE season = $1 AND season_type = 'regular' AND ($2::DATE IS NULL OR date <= $2::DATE)
      ORDER BY team_id, date, game_id`,
    [season, through],
  );
  const byTeam = new Map<number, boolean[]>();
  let last: string | null = null;
  for (const g of games) {
    const id = Number(g.team_id);
    if (!byTeam.has(id)) byTeam.set(id, []);
    byTeam.get(id)!.push(Boolean(g.won));
    if (last === null || g.date > last) last = g.date;
  }
  const rows: StandingsRow[] = [...byTeam.entries()].map(([teamId, results]) => {
    const wins = results.filter(Boolean).length;
    const losses = results.length - wins;
    const latest = results.at(-1);
    let run = 0;
    for (let i = results.length - 1; i >= 0 && results[i] === latest; i--) run++;
    const ten = results.slice(-10);
    const team = teamByTeamId(teamId);
    return {
      teamId,
      abbr: team?.abbr ?? String(teamId),
      // named as that season (2012-13: the New Orleans Hornets); abbr stays today's, for the team page's link
      name: teamInSeason(teamId, season)?.name ?? String(teamId),
      wins,
      losses,
      winPct: results.length ? (100 * wins) / results.length : 0,
      gamesBack: 0,
      streak: latest === undefined ? '' : `${latest ? 'W' : 'L'}${run}`,
      lastTen: { wins: ten.filter(Boolean).length, losses: ten.filter((w) => !w).length },
    };
  });
  rows.sort((a, b) => b.winPct - a.winPct || b.wins - a.wins || a.abbr.localeCompare(b.abbr));
  const leader = rows[0];
  for (const r of rows) r.gamesBack = leader ? (leader.wins - r.wins + (r.losses - leader.losses)) / 2 : 0;
  return { season, through: through ?? last, asked: through, rows };
}
