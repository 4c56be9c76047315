/**
 * Team and player pages on the possession path read their team-seasons only. The possession table is
 * ordered by game, so a team's or a player's possessions are spread over every row group of the seasons; its
 * team-clustered copy, team_possessions (aggregates.ts), files every possession under its offense's and its
 * defense's team-season, sorted by team-season, so reading a few team-seasons lets DuckDB skip the other row
 * groups. A team's possessions from one side are exactly those filed under its team-seasons with that side's
 * flag; a player's (on the floor, and his own counters) lie in his teams' seasons (player_seasons), which the
 * ingest checks (aggregates.ts assertOnCourtTeamsKnown). The callers keep their exact conditions (his team, him
 * in the five): this only picks the rows the scan reads. The reference paths (plan.ts) read the possession
 * table, so tests/api/planPaths.test.ts compares both.
 */
import type { AppliedFilters } from '../../../lib/params/apiParams';
import type { StatsDb } from '../../db/statsDb';
import { teamSeasonKey, teamSeasonValue } from '../../statsSchema/derivedTables';
import { referencePaths } from './plan';
import { Params } from './sql';

/** Whose possessions a sum reads: a team, a player, or (neither) the league's. */
export interface Entity {
  teamId?: number;
  playerId?: number;
}

/** One row per player, season and team-season (team_possessions' key) of player_seasons, for these players and seasons. */
export interface PlayerTeamSeason {
  player_id: number;
  season: number;
  team_season: number;
}

/**
 * The team-seasons each of these players played in these seasons (player_seasons.team_ids). Their rows are picked
 * before their team lists are unnested (a lateral unnest unnested all 12 k rows of the full database first: 5.5
 * -> 3.1 ms of CPU for a player's six seasons).
 */
export async function playerTeamSeasons(db: StatsDb, playerIds: readonly number[], seasons: readonly number[]): Promise<PlayerTeamSeason[]> {
  if (playerIds.length === 0 || seasons.length === 0) return [];
  const b = new Params();
  const rows = await db.query<{ player_id: number; season: number; team_season: number }>(
    `SELECT DISTINCT player_id, season, ${teamSeasonKey('team_id', 'season')} AS team_season
       FROM (SELECT player_id, season, unnest(team_ids) AS team_id FROM player_seasons
              WHERE player_id IN ${b.list(playerIds)} AND season IN ${b.list(seasons)})`,
    b.values,
  );
  return rows.map((r) => ({ player_id: Number(r.player_id), season: Number(r.season), team_season: Number(r.team_season) }));
}

/**
 * The team-seasons (team_possessions' key) holding every possession of the entity in f's seasons, or null when
 * the possession table is read (the league's, or the reference paths). A player's are read once per computation
 * (kept in its scope: a page asks for them from several sums).
 */
export async function entityTeamSeasons(db: StatsDb, f: AppliedFilters, e: Entity): Promise<number[] | null> {
  if (referencePaths(db)) return null;
  if (e.teamId !== undefined) return f.seasons.map((season) => teamSeasonValue(e.teamId!, season));
  if (e.playerId === undefined) return null;
  return [...new Set((await teamSeasonsOfPlayer(db, e.playerId, f.seasons)).map((r) => r.team_season))];
}

/** One player's playerTeamSeasons rows, read once per computation (kept in its scope: several sums ask). */
export function teamSeasonsOfPlayer(db: StatsDb, playerId: number, seasons: readonly number[]): Promise<PlayerTeamSeason[]> {
  const key = `player-team-seasons:${playerId}:${seasons.join()}`;
  const kept = db.data?.get(key) as Promise<PlayerTeamSeason[]> | undefined;
  if (kept) return kept;
  const read = playerTeamSeasons(db, [playerId], seasons);
  db.data?.set(key, read);
  return read;
}
