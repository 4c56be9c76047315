/**
 * Derived tables the API builds in SQL from the ingest's tables, run by the ingest (src/server/ingest/hooks.ts)
 * on the finished database just before it is renamed into place. Owned by the stats API: add builders here.
 * Each builder gets the open DuckDB connection of the database being built and must only use SQL on it.
 */
import type { DuckDBConnection } from '@duckdb/node-api';

export interface AggregateBuilder {
  /** Name printed in the ingest log. */
  name: string;
  build(connection: DuckDBConnection): Promise<void>;
}

/** Counters of the possessions table summed into agg_player_on_court (same names as team_game_totals). */
const COUNTERS = [
  'pts', 'fga', 'fgm', 'fg3a', 'fg3m',
  'fga_rim', 'fgm_rim', 'fga_smid', 'fgm_smid', 'fga_lmid', 'fgm_lmid', 'fga_c3', 'fgm_c3', 'fga_nc3', 'fgm_nc3',
  'fta', 'ftm', 'ft_trips', 'tov', 'oreb', 'team_oreb', 'dreb', 'team_dreb', 'ast', 'stl', 'blk', 'sfd', 'nsfd',
  'plays', 'hc_plays', 'hc_pts', 'pb_plays', 'pb_pts', 'tr_plays', 'tr_pts', 'tr_plays_stl', 'tr_plays_reb',
];

/**
 * agg_player_on_court: per player, game, side (is_offense) and filtered-out flag, the full counters of the
 * possessions he was on court for: on offense his team's possessions, on defense the opponent's possessions
 * (counters are always the offense's, as in team_game_totals). The on/off sets read it: "on" is this table,
 * "off" is the team's totals (team_game_totals) minus "on". Columns: player_id, team_id (his team), is_offense,
 * game_id, season, season_type, is_filtered_out, possessions, seconds, then the counters of team_game_totals.
 */
const playerOnCourtBuilder: AggregateBuilder = {
  name: 'agg_player_on_court',
  async build(connection) {
    const counters = COUNTERS.join(', ');
    const sums = COUNTERS.map((c) => `SUM(${c})::INTEGER AS ${c}`).join(', ');
    await connection.run('DROP TABLE IF EXISTS agg_player_on_court');
    await connection.run(`
      CREATE TABLE agg_player_on_court AS
      WITH u AS (
        SELECT unnest([o1, o2, o3, o4, o5]) AS player_id, off_team_id AS team_id, TRUE AS is_offense,
               game_id, season, season_type, is_filtered_out, seconds, ${counters}
          FROM possessions
        UNION ALL
        SELECT unnest([d1, d2, d3, d4, d5]) AS player_id, def_team_id AS team_id, FALSE AS is_offense,
               game_id, season, season_type, is_filtered_out, seconds, ${counters}
          FROM possessions
      )
      SELECT player_id, team_id, is_offense, game_id, season, season_type, is_filtered_out,
             COUNT(*)::INTEGER AS possessions, SUM(seconds)::INTEGER AS seconds, ${sums}
        FROM u
       GROUP BY player_id, team_id, is_offense, game_id, season, season_type, is_filtered_out
       ORDER BY season, season_type, game_id, player_id`);
  },
};

/**
 * player_possession_index: the possession membership sorted by player, so that a lineup filter (on_court,
 * off_court, pg..c) reads one player's rows (DuckDB's zone maps skip the row groups of other players) instead
 * of every possession. One row per player per possession he was on court for: 10 rows per possession.
 * Columns (commented as in schema.sql):
 *   player_id INTEGER      -- the player on court (players.player_id)
 *   possession_id INTEGER  -- the possession (possessions.possession_id)
 *   is_offense BOOLEAN     -- TRUE: he is one of the offense's five (o1..o5); FALSE: of the defense's (d1..d5)
 *   slot TINYINT           -- 1..5: his column o<slot>/d<slot>, the five ordered by estimated position (1 = pg ... 5 = c)
 *   season SMALLINT        -- possessions.season (lets a season filter prune inside one player's rows)
 * Sorted by player_id, possession_id.
 */
export const playerPossessionIndexBuilder: AggregateBuilder = {
  name: 'player_possession_index',
  async build(connection) {
    await connection.run('DROP TABLE IF EXISTS player_possession_index');
    await connection.run(`
      CREATE TABLE player_possession_index AS
      SELECT player_id::INTEGER AS player_id, possession_id::INTEGER AS possession_id, is_offense,
             slot::TINYINT AS slot, season::SMALLINT AS season
        FROM (
          SELECT unnest([o1, o2, o3, o4, o5]) AS player_id, possession_id, TRUE AS is_offense,
                 unnest([1, 2, 3, 4, 5]) AS slot, season
            FROM possessions
          UNION ALL
          SELECT unnest([d1, d2, d3, d4, d5]) AS player_id, possession_id, FALSE AS is_offense,
                 unnest([1, 2, 3, 4, 5]) AS slot, season
            FROM possessions
        )
       ORDER BY player_id, possession_id`);
  },
};

export const AGGREGATE_BUILDERS: AggregateBuilder[] = [playerOnCourtBuilder, playerPossessionIndexBuilder];
