/**
 * League view: one row per season (and season type) in the sample, for Summary, FourFactors, Shooting and
 * PlayContext. Every possession of every team counts once (offense perspective); on the defense side the
 * league's numbers are the same possessions seen from the other end, so they are equal.
 */
import type { DataQuery } from '../../../lib/params/apiParams';
import type { StatsDb } from '../../db/statsDb';
import { needsTeamGames, sampleConditions, teamGameConditions } from '../sql/filterSql';
import { pct, teamValues } from '../metrics/formulas';
import { and, Params } from '../sql/sql';
import { teamSumsBy } from '../sql/sums';
import { leagueHalfcourtPpp, plainRows, seasonOf, teamSums, type SetRows, setsOf } from './shared';

export async function leagueView(db: StatsDb, q: DataQuery): Promise<SetRows> {
  const f = q.filters;
  const [sums, games, hcPpp] = await Promise.all([
    teamSumsBy(db, f, { persp: 'offense', groupBy: ['season', 'season_type'] }),
    gameCounts(db, q),
    leagueHalfcourtPpp(db, f),
  ]);
  const key = (r: Record<string, unknown>) => `${r.season}|${r.season_type}`;
  const gamesBy = new Map(games.map((g) => [key(g), g]));
  const entries = sums
    .filter((r) => Number(r.possessions) > 0)
    .sort((a, b) => Number(b.season) - Number(a.season) || String(a.season_type).localeCompare(String(b.season_type)))
    .map((r) => {
      const s = teamSums(r);
      const g = gamesBy.get(key(r));
      const v = teamValues(s, { leagueHcPpp: hcPpp });
      // Pace: possessions per team per 48 minutes. Both teams' possessions share the clock, so
      // pace = (possessions / 2) / (seconds / 2880).
      v.pace = s.seconds === 0 ? null : (1440 * s.possessions) / s.seconds;
      v.games = g ? Number(g.games) : 0;
      v.home_win_pct = g ? pct(Number(g.home_wins), Number(g.games)) : null;
      return { id: { season: seasonOf(r.season), season_start: Number(r.season), season_type: String(r.season_type) }, v };
    });
  const out: SetRows = {};
  for (const def of setsOf(q, 'League')) out[def.value] = plainRows(def, entries);
  return out;
}

/** Games and home wins per season in the sample (game-level filters judged from the home team's row). */
async function gameCounts(db: StatsDb, q: DataQuery) {
  const f = q.filters;
  const b = new Params();
  const joinTg = needsTeamGames(f);
  const where = and([...sampleConditions({ ...f, filterOutGarbageTime: false }, b, 'g'), ...(joinTg ? teamGameConditions(f, b, 'tg') : [])]);
  return db.query(
    `SELECT g.season, g.season_type, COUNT(DISTINCT g.game_id)::INTEGER AS games,
            COUNT(DISTINCT CASE WHEN g.home_pts > g.away_pts THEN g.game_id END)::INTEGER AS home_wins
       FROM games g${joinTg ? ' JOIN team_games tg ON tg.game_id = g.game_id' : ''}
      WHERE ${where} GROUP BY g.season, g.season_type`,
    b.values,
  );
}
