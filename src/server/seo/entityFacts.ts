/**
 * The facts entity pages put in their title, description and structured data, read from the stats
 * database with bound parameters (a player's from the details his page has read already), through the query queue
 * as the visitor's read (src/server/stats/answers/reads.ts). Each reader returns undefined when there is no stats
 * database (pages then fall back to what the path says) and caches nothing: the queries are single-row lookups.
 */
import { latestSeason, seasonLabel } from '../../lib/filters/filterDefinitions';
import type { GameFacts, PlayerFacts, TeamFacts } from '../../lib/seo/pageMeta';
import { teamByAbbr, teamInSeason, type Team } from '../../lib/league/franchises';
import { StatsDbUnavailableError } from '../db/statsDb';
import { queuedRead, type Asker } from '../stats/answers/reads';
import type { PlayerDetails } from '../stats/entities/playerList';
import type { GameListRow } from '../stats/games/gameList';

async function orUndefined<T>(fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof StatsDbUnavailableError) return undefined;
    throw e;
  }
}

export interface PlayerPageFacts extends PlayerFacts {
  heightIn: number | null;
  /** the team of the latest season played */
  team: Team | null;
  teams: Team[];
}

/** Name, seasons, teams (in the order first played for) and height of a player, from his details (stats/entities/playerList.ts). */
export function playerPageFacts(d: PlayerDetails): PlayerPageFacts {
  const chronological = [...d.seasons].sort((a, b) => a.season_start - b.season_start);
  const teams = [...new Set(chronological.flatMap((s) => s.teams))]
    .map((abbr) => (abbr ? teamByAbbr(abbr) : undefined))
    .filter((t): t is Team => t !== undefined);
  const latest = d.seasons[0];
  return {
    name: String(d.name),
    firstSeason: d.first_season,
    lastSeason: d.last_season,
    heightIn: d.height_in === null ? null : Number(d.height_in),
    team: latest?.team ? (teamByAbbr(latest.team) ?? null) : null,
    teams,
  };
}

/** The team's regular-season record in the latest season of the data; undefined without a database. */
export function teamPageFacts(asker: Asker, team: Team): Promise<TeamFacts | undefined> {
  return orUndefined(async () => {
    const season = latestSeason();
    const [r] = await queuedRead('cheap', asker, (db) =>
      db.query<{ wins: number | bigint | null; losses: number | bigint | null }>(
        `SELECT count(*) FILTER (WHERE won) AS wins, count(*) FILTER (WHERE NOT won) AS losses
         FROM team_games WHERE team_id = $1 AND season = $2 AND season_type = 'regular'`,
        [team.teamId, season],
      ),
    );
    return { name: team.name, season: seasonLabel(season), wins: Number(r?.wins ?? 0), losses: Number(r?.losses ?? 0) };
  });
}

/** A found game (gameList.findGame) as title facts: both teams as that season named them, date, final score, periods, season type. */
export function gamePageFacts(g: GameListRow): GameFacts | undefined {
  const away = teamInSeason(g.awayAbbr, g.season);
  const home = teamInSeason(g.homeAbbr, g.season);
  if (!away || !home) return undefined;
  return { away, home, date: g.date, awayPts: g.awayPts, homePts: g.homePts, periods: g.periods, seasonType: g.seasonType };
}
