/**
 * What every table of the stats database depends on, written once: the update (update.ts) reads this table to
 * know what to write again when games of a season are added or replaced, and refuses a database holding a table
 * that is not listed here (a new table must say its scope).
 *
 * Scopes:
 * - `season`: a row belongs to one season and depends on that season's games only. The update deletes the season's
 *   rows and writes them again from the season read afresh (a staging database holding that season alone, where
 *   the same code as a full build runs: the games phase, postprocess.ts's season tables, the derived tables'
 *   builders). `key` is the SQL giving a row's season (start year): `season`, or from the game id when the table has
 *   no season column (22200001 -> 22 -> 2022).
 * - `database`: a row depends on every season (a player's first and last season, salaries matched among all
 *   players): rebuilt whole, by the same function as the build (cheap: a few thousand rows each).
 * - `model`: written by a model (src/server/models/registry.ts), run by the update with what changed (see `how`).
 * - `static`: never depends on games (the teams).
 * - `update`: written by the ingest and the update themselves (ingest_meta, game_sources, lineups).
 *
 * Example: a game of 2022-23 added -> every `season` table loses its 2022 rows and gets them again from the
 * season's staging database; `players` and `salaries` are rebuilt whole; win probability, fitted on the finished
 * seasons, is fitted again only when a fitted season changed or a season finished (then every possession's leverage
 * changes: `leverage` below), else its stored coefficients give 2022's rows (and 2023's, whose ratings start from
 * 2022's); RAPM fits the fits holding 2022 (2022 alone, 2020-22).
 */

export type Scope = 'season' | 'database' | 'model' | 'static' | 'update';

/** The season of a row of a table without a season column, from its game id (22200001 -> 2022; 20300001 -> 2003). */
export const GAME_SEASON_SQL = '(2000 + (game_id // 100000) % 100)';

/**
 * The rows of season $season by game id ranges (regular season 2yy00000-2yy99999, playoffs 4yy00000-4yy99999):
 * unlike GAME_SEASON_SQL = $season, ranges let DuckDB skip the row groups of other seasons by their min/max.
 */
export const GAME_SEASON_RANGES = `(game_id BETWEEN 20000000 + ($season % 100) * 100000 AND 20000000 + ($season % 100) * 100000 + 99999
  OR game_id BETWEEN 40000000 + ($season % 100) * 100000 AND 40000000 + ($season % 100) * 100000 + 99999)`;

export interface TableScope {
  scope: Scope;
  /** how the update writes it again */
  how: string;
  /** season scope: the SQL of a row's season */
  key?: string;
  /** season scope: a condition on $season keeping the season's rows, when faster than `key = $season` */
  rows?: string;
  /** copies possessions.leverage (win probability): written again for every season when the model's coefficients change */
  leverage?: boolean;
}

const season = (how: string, key = 'season', leverage = false): TableScope => ({
  scope: 'season',
  how,
  key,
  ...(key === GAME_SEASON_SQL ? { rows: GAME_SEASON_RANGES } : {}),
  ...(leverage ? { leverage } : {}),
});

/** Every table of a built stats database. */
export const TABLE_SCOPES: Record<string, TableScope> = {
  // written by the games phase (writer.ts)
  games: season('games phase'),
  team_games: season('games phase'),
  possessions: season('games phase'),
  player_possession_stats: season('games phase, then the derived table player_possession_context', GAME_SEASON_SQL, true),
  shots: season('games phase'),
  game_events: season('games phase', GAME_SEASON_SQL),
  player_games: season('games phase'),
  ingest_report: season("games phase (kind 'unmatched_salary': with salaries)"),
  game_checks: season('games phase'),
  ingest_read_stats: season('games phase (one row per play-by-play file)'),
  lineups: { scope: 'update', how: "the held lineups seed the writer; those only the season's rows used are deleted, the new ones appended" },
  // postprocess.ts
  player_seasons: season('postprocess playerSeasons'),
  player_game_totals: season('postprocess playerGameTotals'),
  team_game_totals: season('postprocess teamGameTotals'),
  teams: { scope: 'static', how: 'src/lib/league/franchises.ts' },
  players: { scope: 'database', how: 'postprocess players (first and last season, names)' },
  salaries: { scope: 'database', how: 'postprocess salaries (matched among all players)' },
  player_bios: { scope: 'database', how: 'postprocess playerBios (players in the database)' },
  player_league_years: { scope: 'database', how: 'postprocess playerLeagueYears (players in the database)' },
  // models
  wp_model: { scope: 'model', how: 'win probability fitted again when a fitted season changed or a season finished (winProbability.ts finishedSeasons)' },
  win_probability: {
    scope: 'model',
    how: 'win probability: the changed seasons and the next (ratings read the season before); every possession when fitted again',
  },
  rapm: { scope: 'model', how: 'RAPM: the fits holding a changed season' },
  rapm_fits: { scope: 'model', how: 'RAPM: the fits holding a changed season' },
  // derived tables (src/server/stats/sql/aggregates.ts), built per season in the staging database
  agg_player_on_court: season('builder'),
  season_on_court_sums: season('builder'),
  span_games: season('builder'),
  season_span_sums: season('builder'),
  player_possession_index: season('builder'),
  team_possessions: season('builder', 'season', true),
  team_player_possession_stats: season('builder', '(team_season // 10000000000)'),
  state_on_court_sums: season('builder'),
  state_player_sums: season('builder'),
  lineup_season_sums: season('builder'),
  state_team_sums: season('builder'),
  player_profiles: { scope: 'database', how: 'builder, whole (standardised within each season; ages from every bio)' },
  // the season's published schedule, from a file (scheduleTable.ts)
  schedule: { scope: 'database', how: 'scheduleTable writeSchedule, whole' },
  // the ingest's and the update's own
  ingest_meta: { scope: 'update', how: 'written at the end of a build or update (docs/reference/ingest-meta.md)' },
  game_sources: { scope: 'update', how: "the season's games' content hashes written again" },
};

/**
 * The derived tables' builders (aggregates.ts, by name) with their scope: `season` builders run on the staging
 * database of one season, `database` builders on the whole database. player_possession_context rewrites
 * player_possession_stats.
 */
export const BUILDER_SCOPES: Record<string, 'season' | 'database'> = {
  agg_player_on_court: 'season',
  season_on_court_sums: 'season',
  span_games: 'season',
  season_span_sums: 'season',
  player_possession_index: 'season',
  team_possessions: 'season',
  team_player_possession_stats: 'season',
  state_on_court_sums: 'season',
  state_player_sums: 'season',
  lineup_season_sums: 'season',
  state_team_sums: 'season',
  player_possession_context: 'season',
  player_profiles: 'database',
};

/** Tables of a database missing from TABLE_SCOPES (the update refuses such a database). */
export function unscopedTables(tables: readonly string[]): string[] {
  return tables.filter((t) => !(t in TABLE_SCOPES));
}
