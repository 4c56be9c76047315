/**
 * Derived tables of the stats file, built in SQL from the ingest's tables: the ingest runs the builders
 * (src/server/ingest/season/hooks.ts, and the nightly update per season) on the finished database just before it is
 * renamed into place; the stats server's SQL layer (src/server/stats/sql/) reads the tables by the columns and
 * keys declared here. Part of the stats file's schema both sides share (src/server/statsSchema/): neither imports
 * the other. Add builders here. Each builder gets the open DuckDB connection of the database being built and must
 * only use SQL on it.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { POSSESSION_COUNTERS } from './counterColumns';
import { onCourtCounterSelect, PLAYER_ON_COURT_COUNTERS, PLAYER_OWN_COUNTERS } from '../stats/metrics/counters';
import { playerProfilesBuilder } from './playerProfiles';

export interface AggregateBuilder {
  /** Name printed in the ingest log. */
  name: string;
  build(connection: DuckDBConnection): Promise<void>;
}

/** Every counter column of the possessions table: seconds and the offense's counters (counterColumns.ts). */
export const POSSESSION_COUNTER_COLUMNS = ['possessions', 'seconds', ...POSSESSION_COUNTERS] as const;
export type PossessionCounterColumn = (typeof POSSESSION_COUNTER_COLUMNS)[number];

/**
 * `sum(col)` as an INTEGER column, summed as BIGINT: the same number as `sum(col)::INTEGER`, but DuckDB sums the
 * narrow counter columns (UTINYINT, SMALLINT) into a 128-bit total otherwise, which took about a third more CPU
 * in the large aggregations below.
 */
const intSum = (col: string) => `sum(${col}::BIGINT)::INTEGER AS ${col}`;

/** Counters of the possessions table summed into agg_player_on_court besides seconds (same names as team_game_totals). */
const COUNTERS = POSSESSION_COUNTERS;

/**
 * agg_player_on_court: per player, game, side (is_offense) and filtered-out flag, the full counters of the
 * possessions he was on court for: on offense his team's possessions, on defense the opponent's possessions
 * (counters are always the offense's, as in team_game_totals). The on/off sets read it: "on" is this table,
 * "off" is the team's totals (team_game_totals) minus "on". Columns: player_id, team_id (his team), is_offense,
 * game_id, season, season_type, is_filtered_out, possessions, seconds, then the counters of team_game_totals.
 * Sorted by season, season type and team: a team's rows of a season (about 2,500) lie in one or two row groups
 * (16,384 rows, hooks.ts), so a team's on/off with a game-level filter reads those instead of every team's.
 */
const playerOnCourtBuilder: AggregateBuilder = {
  name: 'agg_player_on_court',
  async build(connection) {
    const counters = COUNTERS.join(', ');
    const sums = COUNTERS.map((c) => intSum(c)).join(', ');
    await connection.run('DROP TABLE IF EXISTS agg_player_on_court');
    await connection.run(`
      CREATE TABLE agg_player_on_court AS
      WITH u AS (
        SELECT unnest([o1, o2, o3, o4, o5]) AS player_id, off_team_id AS team_id, TRUE AS is_offense,
               game_id, season, season_type, is_filtered_out, possessions, seconds, ${counters}
          FROM possessions
        UNION ALL
        SELECT unnest([d1, d2, d3, d4, d5]) AS player_id, def_team_id AS team_id, FALSE AS is_offense,
               game_id, season, season_type, is_filtered_out, possessions, seconds, ${counters}
          FROM possessions
      )
      SELECT player_id, team_id, is_offense, game_id, season, season_type, is_filtered_out,
             ${intSum('possessions')}, ${intSum('seconds')}, ${sums}
        FROM u
       GROUP BY player_id, team_id, is_offense, game_id, season, season_type, is_filtered_out
       ORDER BY season, season_type, team_id, game_id, player_id`);
  },
};

/**
 * season_on_court_sums: agg_player_on_court summed over each season's games: per player, team, side (is_offense),
 * season, season type and filtered-out flag, the same counters. On/off without a game-level or possession filter
 * (the default view of every on/off page, and the league pool they rank in) sums these rows, about 50 k over
 * twenty seasons, instead of one row per player and game (1.5 M). Sorted by season, team_id.
 */
const seasonOnCourtSumsBuilder: AggregateBuilder = {
  name: 'season_on_court_sums',
  async build(connection) {
    const counters = ['possessions', 'seconds', ...COUNTERS];
    await connection.run('DROP TABLE IF EXISTS season_on_court_sums');
    await connection.run(`
      CREATE TABLE season_on_court_sums AS
      SELECT player_id, team_id, is_offense, season, season_type, is_filtered_out,
             ${counters.map((c) => intSum(c)).join(', ')}
        FROM agg_player_on_court
       GROUP BY player_id, team_id, is_offense, season, season_type, is_filtered_out
       ORDER BY season, team_id, player_id`);
  },
};

/**
 * The games of the spans (player_id, team_id, season, season_type, game_id): for a player of more than one team in
 * a season and season type (traded, or waived and signed), each of his stints with a team (his games for it with
 * no game for another team dated strictly between two of them, player_games) gives that team's games from the
 * stint's first to its last game: the games a team's "on + off" covers for him (views/onoff.ts). A player who left
 * a team and came back in the same season (13 player-team-seasons, e.g. Greg Monroe's two stints with Minnesota in
 * 2021-22) has two spans with it, and its games while he played elsewhere are in neither. A game of another team
 * on the same date (the replayed end of ATL-MIA of 2007-12-19 keeps its date) splits no stint. `where` narrows player_games
 * (conditions on its columns; values bound by the caller). The ingest keeps them as span_games; the reference
 * paths (sql/plan.ts) compute them afresh.
 */
export const spanGamesSql = (where: string): string => `
  WITH played AS (
    -- the games of the players of more than one team in the season and season type
    SELECT player_id, team_id, season, season_type, date, game_id,
           lag(date) OVER (PARTITION BY player_id, team_id, season, season_type ORDER BY date, game_id) AS date_before
      FROM player_games WHERE ${where}
    QUALIFY min(team_id) OVER (PARTITION BY player_id, season, season_type) <> max(team_id) OVER (PARTITION BY player_id, season, season_type)),
  starts AS (
    -- a game starts a stint when it is his first for the team, or he played for another team since his last one
    SELECT p.player_id, p.team_id, p.season, p.season_type, p.date, p.game_id,
           (p.date_before IS NULL OR count(o.game_id) > 0)::INTEGER AS starts
      FROM played p
      LEFT JOIN played o ON o.player_id = p.player_id AND o.season = p.season AND o.season_type = p.season_type
       AND o.team_id <> p.team_id AND o.date > p.date_before AND o.date < p.date
     GROUP BY p.player_id, p.team_id, p.season, p.season_type, p.date, p.game_id, p.date_before),
  stints AS (
    SELECT *, sum(starts) OVER (PARTITION BY player_id, team_id, season, season_type ORDER BY date, game_id ROWS UNBOUNDED PRECEDING) AS stint
      FROM starts),
  spans AS (
    SELECT player_id, team_id, season, season_type, stint, min(date) AS first_date, max(date) AS last_date
      FROM stints
     GROUP BY player_id, team_id, season, season_type, stint)
  SELECT DISTINCT s.player_id, s.team_id, s.season, s.season_type, g.game_id
    FROM spans s
    JOIN team_games g ON g.team_id = s.team_id AND g.season = s.season AND g.season_type = s.season_type
     AND g.date BETWEEN s.first_date AND s.last_date`;

/**
 * span_games: spanGamesSql over every season, the games of each traded player's span with each team. A span's team totals are then an equi-join of this table with the team's sums
 * per game, where joining the spans to the games by date range cost a third of a filtered on/off pool's time.
 * Columns: player_id, team_id, season, season_type, game_id. Sorted by season, team_id, game_id.
 */
const spanGamesBuilder: AggregateBuilder = {
  name: 'span_games',
  async build(connection) {
    await connection.run('DROP TABLE IF EXISTS span_games');
    await connection.run(`CREATE TABLE span_games AS SELECT * FROM (${spanGamesSql('TRUE')}) ORDER BY season, team_id, game_id, player_id`);
  },
};

/**
 * season_span_sums: for a player of several teams in a season and season type, each team's counters
 * (team_game_totals, per side and filtered-out flag) summed over its games in his span (span_games): the
 * "on + off" of his on/off row for that team (views/onoff.ts). On/off without a game-level or possession filter
 * reads these few thousand rows instead of summing every team's games per game. Columns: player_id,
 * team_id, is_offense, season, season_type, is_filtered_out, then the counters of team_game_totals. Sorted by
 * season, team_id.
 */
const seasonSpanSumsBuilder: AggregateBuilder = {
  name: 'season_span_sums',
  async build(connection) {
    const counters = ['possessions', 'seconds', ...COUNTERS];
    const side = (team: string, isOffense: boolean) =>
      `SELECT ${team} AS team_id, ${isOffense ? 'TRUE' : 'FALSE'} AS is_offense, game_id, is_filtered_out, ${counters.join(', ')} FROM team_game_totals`;
    await connection.run('DROP TABLE IF EXISTS season_span_sums');
    await connection.run(`
      CREATE TABLE season_span_sums AS
      WITH sides AS (${side('off_team_id', true)} UNION ALL ${side('def_team_id', false)})
      SELECT s.player_id, s.team_id, t.is_offense, s.season, s.season_type, t.is_filtered_out,
             ${counters.map((c) => `sum(t.${c})::INTEGER AS ${c}`).join(', ')}
        FROM span_games s
        JOIN sides t ON t.team_id = s.team_id AND t.game_id = s.game_id
       GROUP BY s.player_id, s.team_id, t.is_offense, s.season, s.season_type, t.is_filtered_out
       ORDER BY s.season, s.team_id, s.player_id`);
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

/**
 * The sort key of the team-clustered copies below: a team's season, as season * 10^10 + team_id (season first,
 * then team). Both copies are sorted by it, so that a filter naming a few team-seasons (`team_season IN (...)`)
 * lets DuckDB's zone maps skip every row group of the other teams and seasons.
 */
export const teamSeasonKey = (teamId: string, season: string) => `(${season}::BIGINT * 10000000000 + ${teamId})`;
/** The same key computed in TypeScript, for a bound parameter (exact: at most about 2.1e13, below 2^53). */
export const teamSeasonValue = (teamId: number, season: number): number => season * 10000000000 + teamId;

/** Columns every sample holds (src/server/stats/sql/sample.ts): identity, sample keys, team and lineup ids, the ten players. */
export const SAMPLE_KEY_COLUMNS = [
  'possession_id',
  'game_id',
  'season',
  'season_type',
  'off_team_id',
  'def_team_id',
  'off_lineup_id',
  'def_lineup_id',
  'o1',
  'o2',
  'o3',
  'o4',
  'o5',
  'd1',
  'd2',
  'd3',
  'd4',
  'd5',
] as const;

/**
 * The possession columns team_possessions copies: the sample's key columns, the filter columns and every
 * counter.
 */
export const TEAM_POSSESSION_COLUMNS = [
  ...SAMPLE_KEY_COLUMNS,
  'period',
  'start_time',
  'score_diff',
  'leverage',
  'is_filtered_out',
  ...POSSESSION_COUNTER_COLUMNS,
] as const;

/**
 * Create `table` from `query(condition)` run once per season, in season order, where `condition` (on the
 * possession alias p, its value bound as $season) keeps one season: each run holds one season in memory, so a
 * large aggregation stays within DuckDB's memory limit whatever the number of seasons, and the table ends up
 * sorted as a whole when the query sorts by season first.
 */
async function createBySeason(connection: DuckDBConnection, table: string, query: (condition: string) => string): Promise<void> {
  await connection.run(`DROP TABLE IF EXISTS ${table}`);
  await connection.run(`CREATE TABLE ${table} AS ${query('FALSE')}`);
  const seasons = (await connection.runAndReadAll('SELECT DISTINCT season FROM possessions ORDER BY season')).getRowObjectsJS();
  for (const { season } of seasons) {
    await connection.run(`INSERT INTO ${table} ${query('p.season = $season')}`, { season: Number(season) });
  }
}

/**
 * Create `table` as `SELECT ${columns} FROM ${from}` (which reads the possession alias p), sorted by `orderBy`
 * (default team_season, period, possession_id, columns the select yields), one season at a time (createBySeason):
 * every key starts with the season, or follows it as the possession id does.
 */
async function buildBySeason(
  connection: DuckDBConnection,
  table: string,
  columns: string,
  from: string,
  orderBy = 'team_season, period, possession_id',
): Promise<void> {
  await createBySeason(connection, table, (condition) => `SELECT ${columns} FROM ${from} WHERE ${condition} ORDER BY ${orderBy}`);
}

/**
 * The premise of reading a lineup sample by team-season (src/server/stats/sql/sample.ts): every player on the floor
 * plays for a team of his player_seasons row that season (team_ids). A possession breaking it would be missing
 * from such samples, so the build stops and the previous database stays in place.
 */
async function assertOnCourtTeamsKnown(connection: DuckDBConnection): Promise<void> {
  const reader = await connection.runAndReadAll(`
    WITH on_court AS (
      SELECT DISTINCT i.player_id, i.season, CASE WHEN i.is_offense THEN p.off_team_id ELSE p.def_team_id END AS team_id
        FROM player_possession_index i JOIN possessions p USING (possession_id))
    SELECT COUNT(*) AS n, min(player_id) AS player_id, min(season) AS season
      FROM on_court ANTI JOIN (SELECT player_id, season, unnest(team_ids) AS team_id FROM player_seasons) ps USING (player_id, season, team_id)`);
  const [row] = reader.getRowObjectsJS();
  if (Number(row?.n ?? 0) > 0) {
    throw new Error(
      `${String(row!.n)} players on the floor for a team missing from their player_seasons row (e.g. player ${String(row!.player_id)} in ${String(row!.season)}): team-season samples would miss their possessions`,
    );
  }
}

/**
 * team_possessions: every possession filed twice, under its offense's and its defense's team-season, with the
 * columns a sample reads (TEAM_POSSESSION_COLUMNS). A player's possessions all lie in his teams'
 * seasons, so a lineup filter naming him reads his team-seasons' rows (about 1/15 of the table for one team)
 * where the possession table, sorted by game, spreads them over every row group.
 * Columns (commented as in schema.sql):
 *   team_season BIGINT     -- the team-season it is filed under (teamSeasonKey: the sort key)
 *   filed_offense BOOLEAN  -- TRUE: filed under the offense's team; FALSE: under the defense's
 *   ... then TEAM_POSSESSION_COLUMNS as in possessions.
 * Sorted by team_season, period, possession_id: a period filter skips the other periods' row groups too.
 */
const teamPossessionsBuilder: AggregateBuilder = {
  name: 'team_possessions',
  async build(connection) {
    await assertOnCourtTeamsKnown(connection);
    await buildBySeason(
      connection,
      'team_possessions',
      `${teamSeasonKey('f.team_id', 'p.season')} AS team_season, f.filed_offense, ${TEAM_POSSESSION_COLUMNS.map((c) => `p.${c}`).join(', ')}`,
      `possessions p, (SELECT unnest([p.off_team_id, p.def_team_id]) AS team_id, unnest([TRUE, FALSE]) AS filed_offense) f`,
    );
  },
};

/**
 * team_player_possession_stats: player_possession_stats filed twice, under each team-season of the possession
 * (both teams' players' counters under both teams), sorted by team_season, period, possession_id. With
 * team_possessions, a players table with a lineup filter reads only the named players' team-seasons (and
 * periods). Columns: team_season BIGINT (as in team_possessions), period TINYINT (possessions.period), then
 * every column of player_possession_stats.
 */
const teamPlayerPossessionStatsBuilder: AggregateBuilder = {
  name: 'team_player_possession_stats',
  async build(connection) {
    const own = (await playerRowColumns(connection)).map((c) => `s.${c}`).join(', ');
    await buildBySeason(
      connection,
      'team_player_possession_stats',
      `${teamSeasonKey('f.team_id', 'p.season')} AS team_season, p.period, ${own}`,
      `player_possession_stats s JOIN possessions p ON p.possession_id = s.possession_id, (SELECT unnest([p.off_team_id, p.def_team_id]) AS team_id) f`,
    );
  },
};

/**
 * The possession columns player_possession_stats carries after the ingest (playerPossessionContextBuilder): the
 * columns of every possession-level filter (src/server/stats/sql/filterRules.ts), with score_diff from the
 * player's team's view.
 */
export const PLAYER_CONTEXT_COLUMNS = ['season', 'season_type', 'is_filtered_out', 'period', 'start_time', 'leverage', 'score_diff'] as const;

/** The columns of player_possession_stats as the ingest writes them (src/server/db/schema.sql), in order: without the context. */
async function playerRowColumns(connection: DuckDBConnection): Promise<string[]> {
  const reader = await connection.runAndReadAll(
    `SELECT column_name FROM duckdb_columns() WHERE table_name = 'player_possession_stats' AND database_name = current_database() ORDER BY column_index`,
  );
  const context: readonly string[] = PLAYER_CONTEXT_COLUMNS;
  return reader
    .getRows()
    .map(([name]) => String(name))
    .filter((c) => !context.includes(c));
}

/**
 * player_possession_stats gets its possession's context: after the columns the ingest writes, PLAYER_CONTEXT_COLUMNS
 * (season SMALLINT, season_type VARCHAR, is_filtered_out BOOLEAN, period TINYINT, start_time SMALLINT, leverage
 * TINYINT as in possessions; score_diff SMALLINT: the possession's score_diff on his team's possessions, its
 * negation on the opponent's, as in state_player_sums). A league-wide players table with a time, leverage or
 * game-level filter then keeps a player's rows by their own columns (one scan, and team_games joined on his team)
 * instead of joining millions of rows to the filtered possessions twice, once per side (playerSums.ts).
 * Rebuilt one season at a time in possession order, as written, then put in the table's place. Runs after every
 * builder that reads the table as written (team_player_possession_stats copies those columns only).
 */
const playerPossessionContextBuilder: AggregateBuilder = {
  name: 'player_possession_context',
  async build(connection) {
    const own = (await playerRowColumns(connection)).map((c) => `s.${c}`).join(', ');
    await buildBySeason(
      connection,
      'player_possession_stats_context',
      `${own}, p.season, p.season_type, p.is_filtered_out, p.period, p.start_time, p.leverage,
        (CASE WHEN s.is_offense THEN p.score_diff ELSE -p.score_diff END)::SMALLINT AS score_diff`,
      'player_possession_stats s JOIN possessions p ON p.possession_id = s.possession_id',
      's.possession_id',
    );
    await connection.run('DROP TABLE player_possession_stats');
    await connection.run('ALTER TABLE player_possession_stats_context RENAME TO player_possession_stats');
  },
};

/**
 * state_player_sums: every counter of a player's rows in playerSums.ts (his own counters and his team's while he
 * was on the floor), pre-summed per player, team, season, season type, garbage flag, period and score
 * differential from his team's view (score_diff: the offense's score_diff on his team's possessions, its negation
 * on the opponent's): the keys of every filter a players table can apply without a game-level, time or lineup
 * filter. A league-wide players answer over 20 seasons with a period or score filter then sums a few million of
 * these rows instead of unnesting ten players per possession; the rows are exactly the possessions'
 * rows summed, so the numbers are the same (tests/api/planPaths.test.ts compares both paths).
 * Columns: player_id, team_id, season, season_type, is_filtered_out, period, score_diff, last_game (the latest game of the row: the player's team in his
 * last game of a group is arg_max(team_id, last_game)), then PLAYER_OWN_COUNTERS and PLAYER_ON_COURT_COUNTERS.
 * Sorted by season, period, player_id.
 *
 * Two parts joined on those keys, a season at a time: his own rows summed, and his on-court counters from
 * state_on_court_sums, built before it (the ten players of each possession are spread and summed once, for both
 * tables). The on-court counters are linear in the possession counters (onCourtCounterSelect), so the sums give
 * the same numbers as the possessions. (Built over every season at once, these parts ran out of DuckDB's 640 MB on the
 * full database.) A database whose state_on_court_sums has no last_game (an older
 * build) needs that table rebuilt before this one.
 */
const statePlayerSumsBuilder: AggregateBuilder = {
  name: 'state_player_sums',
  async build(connection) {
    const own = PLAYER_OWN_COUNTERS;
    const onCourt = PLAYER_ON_COURT_COUNTERS;
    const keys = ['player_id', 'team_id', 'season', 'season_type', 'is_filtered_out', 'period', 'score_diff'];
    const onSide = (isOffense: boolean, season: string) => `
      SELECT ${keys.map((k) => `p.${k}`).join(', ')}, p.last_game, ${onCourtCounterSelect(isOffense ? 'offense' : 'defense')}
        FROM state_on_court_sums p WHERE ${isOffense ? '' : 'NOT '}p.is_offense AND ${season}`;
    await createBySeason(
      connection,
      'state_player_sums',
      (season) => `
      WITH own AS (
        SELECT s.player_id, s.team_id, p.season, p.season_type, p.is_filtered_out, p.period,
               CASE WHEN s.is_offense THEN p.score_diff ELSE -p.score_diff END AS score_diff,
               max(p.game_id) AS last_game, ${own.map((c) => `sum(s.${c}::BIGINT) AS ${c}`).join(', ')}
          FROM player_possession_stats s JOIN possessions p ON p.possession_id = s.possession_id WHERE ${season}
         GROUP BY ALL),
      on_court AS (
        SELECT ${keys.join(', ')}, max(last_game) AS last_game, ${onCourt.map((c) => `sum(${c}::BIGINT) AS ${c}`).join(', ')}
          FROM (${onSide(true, season)} UNION ALL ${onSide(false, season)})
         GROUP BY ALL)
      SELECT player_id::INTEGER AS player_id, team_id::INTEGER AS team_id, season, season_type, is_filtered_out, period,
             score_diff::SMALLINT AS score_diff, greatest(own.last_game, on_court.last_game)::INTEGER AS last_game,
             ${[...own.map((c) => `coalesce(own.${c}, 0)::INTEGER AS ${c}`), ...onCourt.map((c) => `coalesce(on_court.${c}, 0)::INTEGER AS ${c}`)].join(', ')}
        FROM own FULL OUTER JOIN on_court USING (${keys.join(', ')})
       ORDER BY season, period, player_id`,
    );
  },
};

/**
 * lineup_season_sums: the possessions' counters summed per side (is_offense: the team's own possessions, or
 * its opponents' against it), season, season type, garbage flag, team, lineup id and the five in slot order
 * (p1..p5 = o1..o5 or d1..d5). A lineups table with season filters only (the default view) sums these rows,
 * a few hundred thousand over twenty seasons, instead of grouping every possession by lineup (presummed.ts).
 * Columns: is_offense, season, season_type, is_filtered_out, team_id, lineup_id, p1..p5, then
 * POSSESSION_COUNTER_COLUMNS. Sorted by season, team_id.
 */
const lineupSeasonSumsBuilder: AggregateBuilder = {
  name: 'lineup_season_sums',
  async build(connection) {
    const counters = POSSESSION_COUNTER_COLUMNS;
    const side = (isOffense: boolean) => {
      const [t, f] = isOffense ? ['off', 'o'] : ['def', 'd'];
      return `SELECT ${isOffense ? 'TRUE' : 'FALSE'} AS is_offense, season, season_type, is_filtered_out, ${t}_team_id AS team_id,
          ${t}_lineup_id AS lineup_id, ${[1, 2, 3, 4, 5].map((i) => `${f}${i} AS p${i}`).join(', ')}, ${counters.join(', ')}
        FROM possessions`;
    };
    await connection.run('DROP TABLE IF EXISTS lineup_season_sums');
    await connection.run(`
      CREATE TABLE lineup_season_sums AS
      SELECT is_offense, season, season_type, is_filtered_out, team_id, lineup_id, p1, p2, p3, p4, p5,
             ${counters.map((c) => intSum(c)).join(', ')}
        FROM (${side(true)} UNION ALL ${side(false)})
       GROUP BY is_offense, season, season_type, is_filtered_out, team_id, lineup_id, p1, p2, p3, p4, p5
       ORDER BY season, team_id`);
  },
};

/**
 * The possessions' counters from one team's side (is_offense: its own possessions; else its opponents' against
 * it), with the score differential from that team's view (score_diff, negated on its defensive rows), for the
 * state tables below. `five` adds the team's five as player_id (one row per player on the floor).
 */
function sideRows(isOffense: boolean, five: boolean, season: string): string {
  const [t, f] = isOffense ? ['off', 'o'] : ['def', 'd'];
  return `SELECT ${five ? `unnest([${[1, 2, 3, 4, 5].map((i) => `${f}${i}`).join(', ')}]) AS player_id, game_id, ` : ''}${t}_team_id AS team_id,
      ${isOffense ? 'TRUE' : 'FALSE'} AS is_offense, season, season_type, is_filtered_out, period,
      ${isOffense ? 'score_diff' : '-score_diff'} AS score_diff, ${POSSESSION_COUNTER_COLUMNS.join(', ')}
    FROM possessions p WHERE ${season}`;
}

/** CREATE TABLE `table` summing sideRows by `keys` (and the counters), sorted by season, period; a season at a time. */
async function buildStateTable(connection: DuckDBConnection, table: string, five: boolean): Promise<void> {
  const keys = [...(five ? ['player_id'] : []), 'team_id', 'is_offense', 'season', 'season_type', 'is_filtered_out', 'period', 'score_diff'];
  await createBySeason(
    connection,
    table,
    (season) => `
    SELECT ${keys.join(', ')}, ${five ? 'max(game_id)::INTEGER AS last_game, ' : ''}${POSSESSION_COUNTER_COLUMNS.map((c) => intSum(c)).join(', ')}
      FROM (${sideRows(true, five, season)} UNION ALL ${sideRows(false, five, season)})
     GROUP BY ${keys.join(', ')}
     ORDER BY season, period${five ? ', player_id' : ', team_id'}`,
  );
}

/**
 * state_team_sums: a team's possessions' counters (its own on offense, its opponents' on defense) per team,
 * side, season, season type, garbage flag, period and score differential from the team's view. Team, league
 * and on/off totals with period and score filters sum these rows (presummed.ts).
 */
const stateTeamSumsBuilder: AggregateBuilder = {
  name: 'state_team_sums',
  build: (connection) => buildStateTable(connection, 'state_team_sums', false),
};

/**
 * state_on_court_sums: the same per player on the floor (his team's side of each possession he played): the
 * on/off sets' "on" with period and score filters (presummed.ts), with last_game (the latest game of the row,
 * for state_player_sums).
 */
const stateOnCourtSumsBuilder: AggregateBuilder = {
  name: 'state_on_court_sums',
  build: (connection) => buildStateTable(connection, 'state_on_court_sums', true),
};

export const AGGREGATE_BUILDERS: AggregateBuilder[] = [
  playerOnCourtBuilder,
  seasonOnCourtSumsBuilder,
  spanGamesBuilder,
  seasonSpanSumsBuilder,
  playerPossessionIndexBuilder,
  teamPossessionsBuilder,
  teamPlayerPossessionStatsBuilder,
  stateOnCourtSumsBuilder,
  statePlayerSumsBuilder,
  lineupSeasonSumsBuilder,
  stateTeamSumsBuilder,
  playerPossessionContextBuilder,
  playerProfilesBuilder,
];
