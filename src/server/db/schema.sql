-- Stats database schema (DuckDB), built by `npm run ingest` (src/server/ingest). Read-only for the server.
--
-- Conventions
-- * Every column carries a `-- comment` on its line; the ingest turns these into DuckDB `COMMENT ON COLUMN`
--   (query them with `SELECT table_name, column_name, comment FROM duckdb_columns()`).
-- * game_id is the league's 10-character id read as an integer: '0021200001' -> 21200001
--   (2 = regular season, 4 = playoffs; then the season's start year's last two digits, then the game number).
--   games.game_code keeps the 10-character form for URLs.
-- * season is the start year: 2012 is 2012-13. season_type is 'regular' or 'playoffs'.
-- * Team ids are league ids (1610612737..1610612766); player ids are league person ids.
-- * Clocks are seconds LEFT in the period (720 at the start of a quarter, 300 in overtime).
--   Time into the game: quarters are 720 s, overtimes 300 s starting at 2880.
-- * "Filtered out" (the FilterOutGarbageTime filter, default on) = garbage time OR heave possession.
-- * Counters are small unsigned integers (UTINYINT unless said otherwise); NULL never means zero.
-- * Large tables are written sorted by season, season_type, game_id, possession order.
-- Changes to this file are additive only (new tables/columns), announced in the commit message.

CREATE TABLE ingest_meta (
  schema_version INTEGER NOT NULL,        -- version of this schema (bumped on every additive change)
  built_at TIMESTAMP NOT NULL,            -- when the ingest finished (UTC)
  seasons VARCHAR NOT NULL,               -- seasons ingested, comma separated start years ('2012,2022')
  season_types VARCHAR NOT NULL,          -- season types ingested ('regular', 'playoffs' or 'regular,playoffs')
  source_dir VARCHAR NOT NULL,            -- NBA_DATA_DIR the data came from
  games_parsed INTEGER NOT NULL,          -- games parsed and written
  games_skipped INTEGER NOT NULL,         -- games that could not be parsed (see ingest_report, severity 'skip')
  warnings INTEGER NOT NULL,              -- rows of ingest_report with severity 'warning'
  possessions BIGINT NOT NULL,            -- rows of possessions
  events BIGINT NOT NULL,                 -- play-by-play events read
  data_through DATE,                      -- date of the last game held ("data through"; NULL: no game)
  updated_at TIMESTAMP,                   -- when the last build or update (npm run update) finished (UTC)
  update_added INTEGER,                   -- games the last build or update added
  update_replaced INTEGER,                -- games the last update wrote again because their published file changed
  update_skipped VARCHAR                  -- games the last build or update skipped, JSON [{"game":"0022200001","reason":"..."}]
);

-- The published content of every game read (held or skipped), so that an update knows what changed
-- (src/server/ingest/update/, docs/reference/ingest-meta.md).
CREATE TABLE game_sources (
  game_id INTEGER NOT NULL,               -- game (games.game_id)
  season SMALLINT NOT NULL,               -- season start year
  season_type VARCHAR NOT NULL,           -- 'regular' | 'playoffs'
  content_hash UBIGINT NOT NULL,          -- hash of the game's published play-by-play rows in order and of its shot rows
  held BOOLEAN NOT NULL                   -- TRUE: written; FALSE: skipped (ingest_report, severity 'skip')
);

CREATE TABLE ingest_report (
  game_id INTEGER,                        -- game concerned (NULL for season-wide notes such as unmatched salaries)
  season SMALLINT,                        -- season start year of the game or note
  severity VARCHAR NOT NULL,              -- 'skip' (game not written), 'warning' (written, something repaired or unknowable), 'info'
  kind VARCHAR NOT NULL,                  -- machine-readable reason, e.g. 'unknown_starter', 'lineup_size', 'actor_not_on_court', 'unmatched_salary', 'parse_error', 'duplicate_row_dropped', 'eventnum_repeated', 'counter_pts', 'counter_ast', 'counter_reb'
  event_num INTEGER,                      -- EVENTNUM of the event concerned, when there is one
  period TINYINT,                         -- period concerned, when there is one
  team_id INTEGER,                        -- team concerned, when there is one
  message VARCHAR NOT NULL                -- human-readable explanation
);

-- The season's published schedule: its regular-season and playoff games with both teams known, played or not
-- (src/server/ingest/season/scheduleTable.ts; the game finder lists those not yet in games as scheduled).
CREATE TABLE schedule (
  game_id INTEGER NOT NULL,               -- integer game id (see conventions), as games.game_id once played
  game_code VARCHAR NOT NULL,             -- the league's 10-character id '0022300061'
  season SMALLINT NOT NULL,               -- season start year
  season_type VARCHAR NOT NULL,           -- 'regular' | 'playoffs'
  date DATE NOT NULL,                     -- the league's game date (US Eastern, gameDateEst)
  home_team_id INTEGER NOT NULL,          -- home team
  away_team_id INTEGER NOT NULL,          -- visiting team
  home_abbr VARCHAR NOT NULL,             -- home team abbreviation as the schedule writes it
  away_abbr VARCHAR NOT NULL,             -- visiting team abbreviation
  status TINYINT NOT NULL                 -- the schedule's gameStatus when it was read: 1 not started, 2 in progress, 3 final
);

-- Per-game counters of the parser's own consistency checks (read by `npm run verify:data`).
CREATE TABLE game_checks (
  game_id INTEGER NOT NULL,               -- game
  season SMALLINT NOT NULL,               -- season start year
  season_type VARCHAR NOT NULL,           -- 'regular' | 'playoffs'
  events INTEGER NOT NULL,                -- play-by-play rows of the game
  actor_events INTEGER NOT NULL,          -- (event, player) pairs where a player acts on court (shot, rebound, foul on court, turnover, jump ball, steal, block, assist)
  actor_on_court INTEGER NOT NULL,        -- of those, pairs where the player is in our lineup for his team at that event
  lineup_events INTEGER NOT NULL,         -- (event, team) pairs checked for lineup size
  lineup_five INTEGER NOT NULL,           -- of those, pairs with exactly 5 players on court
  unknown_starter_periods SMALLINT NOT NULL, -- period-teams whose fifth (or later) starter could not be known from the events (filled from the previous period)
  game_seconds INTEGER NOT NULL,          -- game length in seconds (2880 + 300 per overtime)
  home_player_seconds INTEGER NOT NULL,   -- sum of home players' seconds on court (should be 5 x game_seconds)
  away_player_seconds INTEGER NOT NULL,   -- sum of away players' seconds on court (should be 5 x game_seconds)
  home_possessions SMALLINT NOT NULL,     -- possessions of the home offense
  away_possessions SMALLINT NOT NULL,     -- possessions of the away offense
  pts_counters INTEGER NOT NULL,          -- "(n PTS)" running counters in the descriptions of made shots and free throws
  pts_counters_ok INTEGER NOT NULL,       -- of those, counters equal to the player's points so far in our ledger
  ast_counters INTEGER NOT NULL,          -- "(n AST)" running counters of made shots
  ast_counters_ok INTEGER NOT NULL,       -- of those, equal to the assister's assists so far in our ledger
  reb_counters INTEGER NOT NULL,          -- "(Off:x Def:y)" running counters of player rebounds
  reb_counters_ok INTEGER NOT NULL,       -- of those, both equal to the rebounder's OREB and DREB so far in our ledger
  technical_fts SMALLINT NOT NULL,        -- technical free throws
  technical_fts_with_foul SMALLINT NOT NULL, -- of those, matched to a technical-type foul called before them (plus/minus to the ten on court at that foul)
  technical_shooter_at_foul SMALLINT NOT NULL, -- of those, shot by a player on court when the foul was called
  pm_changed_by_technicals SMALLINT NOT NULL, -- players whose plus/minus differs from crediting technical free throws to the ten on court at the shot
  same_second_sub_players SMALLINT NOT NULL -- players of substitutions published in the same second as a made field goal (plus/minus follows the published order)
);

-- What the read step did with each play-by-play file (nba-data README, "Duplicated event rows").
CREATE TABLE ingest_read_stats (
  season SMALLINT NOT NULL,               -- season start year
  season_type VARCHAR NOT NULL,           -- 'regular' | 'playoffs'
  games INTEGER NOT NULL,                 -- games read from the file
  rows_read BIGINT NOT NULL,              -- published rows read
  duplicates_dropped INTEGER NOT NULL,    -- rows dropped: same GAME_ID and EVENTNUM and identical content as the row before
  eventnums_repeated INTEGER NOT NULL     -- EVENTNUMs carried by more than one kept row of a game (kept, listed in ingest_report)
);

CREATE TABLE teams (
  team_id INTEGER PRIMARY KEY,            -- league team id
  uuid VARCHAR NOT NULL,                  -- stable uuid of the franchise (src/lib/league/franchises.ts)
  abbr VARCHAR NOT NULL,                  -- current abbreviation (BKN, NOP, OKC, ...)
  name VARCHAR NOT NULL,                  -- full name, 'Boston Celtics'
  short_name VARCHAR NOT NULL,            -- nickname, 'Celtics'
  city VARCHAR NOT NULL,                  -- city or region
  historical_abbrs VARCHAR[] NOT NULL     -- other abbreviations the franchise published under (NJN, NOH, NOK, SEA)
);

CREATE TABLE players (
  player_id INTEGER PRIMARY KEY,          -- league person id
  name VARCHAR NOT NULL,                  -- display name 'LeBron James'
  first_name VARCHAR NOT NULL,            -- first part of the name, as in the league's 'Last, First' form
  last_name VARCHAR NOT NULL,             -- last part of the name
  slug VARCHAR NOT NULL,                  -- URL part '{first}_{last}' lower case ascii, e.g. 'lebron_james' (route /stats/player/profile/lebron_james_2544)
  first_season SMALLINT,                  -- first season (start year) with an event in the ingested play-by-play
  last_season SMALLINT,                   -- last season with an event in the ingested play-by-play
  listed_position VARCHAR,                -- most frequent listed position in the shot data of his latest season with one ('PG','SG','SF','PF','C', combos like 'SF-PF'), NULL if never listed
  height_in SMALLINT                      -- height in inches (latest player-bios season), NULL if unknown
);

CREATE TABLE player_seasons (
  player_id INTEGER NOT NULL,             -- player
  season SMALLINT NOT NULL,               -- season start year
  season_type VARCHAR NOT NULL,           -- 'regular' | 'playoffs'
  team_id INTEGER NOT NULL,               -- team he played his most seconds for (last team on ties)
  team_ids INTEGER[] NOT NULL,            -- every team he played for that season, in order of first game
  games SMALLINT NOT NULL,                -- games with any seconds on court
  seconds INTEGER NOT NULL,               -- seconds on court
  height_in SMALLINT,                     -- height that season (player-bios; else nearest known season)
  listed_position VARCHAR,                -- listed position that season (shot data; else nearest known season)
  position VARCHAR NOT NULL,              -- estimated position: 'point' | 'combo' | 'wing' | 'forward' | 'big'
  position_score REAL NOT NULL            -- continuous position estimate 1.0 (point) .. 5.0 (big) used to order lineups
);

CREATE TABLE games (
  game_id INTEGER PRIMARY KEY,            -- integer game id (see conventions)
  game_code VARCHAR NOT NULL,             -- the league's 10-character id '0021200001'
  season SMALLINT NOT NULL,               -- season start year
  season_type VARCHAR NOT NULL,           -- 'regular' | 'playoffs'
  date DATE NOT NULL,                     -- game date (local)
  home_team_id INTEGER NOT NULL,          -- home team
  away_team_id INTEGER NOT NULL,          -- visiting team
  home_abbr VARCHAR NOT NULL,             -- home team abbreviation of that season (NJN, SEA, ...)
  away_abbr VARCHAR NOT NULL,             -- visiting team abbreviation of that season
  home_pts SMALLINT NOT NULL,             -- home final score (from the play-by-play)
  away_pts SMALLINT NOT NULL,             -- visiting final score
  home_pts_by_period SMALLINT[] NOT NULL, -- home points per period [Q1, Q2, Q3, Q4, OT1, ...]
  away_pts_by_period SMALLINT[] NOT NULL, -- visiting points per period
  periods TINYINT NOT NULL,               -- periods played (4 + overtimes)
  home_days_rest TINYINT NOT NULL,        -- days between the home team's previous game (any season type, same season) and this one minus 1, capped at 5; 5 for its first game
  away_days_rest TINYINT NOT NULL,        -- same for the visiting team
  has_shot_locations BOOLEAN NOT NULL     -- true when zones/distances come from the shot-location data
);

-- One row per team per game: the game-level filters (location, result, rest, opponent and its ranks).
CREATE TABLE team_games (
  game_id INTEGER NOT NULL,               -- game
  season SMALLINT NOT NULL,               -- season start year
  season_type VARCHAR NOT NULL,           -- 'regular' | 'playoffs'
  date DATE NOT NULL,                     -- game date
  team_id INTEGER NOT NULL,               -- this team
  opp_team_id INTEGER NOT NULL,           -- opponent
  abbr VARCHAR NOT NULL,                  -- this team's abbreviation of that season
  opp_abbr VARCHAR NOT NULL,              -- opponent's abbreviation of that season
  is_home BOOLEAN NOT NULL,               -- this team played at home
  won BOOLEAN NOT NULL,                   -- this team won
  pts SMALLINT NOT NULL,                  -- this team's points
  opp_pts SMALLINT NOT NULL,              -- opponent's points
  days_rest TINYINT NOT NULL,             -- this team's days rest 0..5 (5 = 5 or more, or first game)
  opp_days_rest TINYINT NOT NULL,         -- opponent's days rest 0..5
  opp_point_diff_rank TINYINT NOT NULL,   -- opponent's rank 1..30 (1 = best) in point differential per game over that season's regular season
  opp_off_rank TINYINT NOT NULL,          -- opponent's rank 1..30 (1 = best) in points per 100 possessions on offense, that season's regular season
  opp_def_rank TINYINT NOT NULL,          -- opponent's rank 1..30 (1 = best = fewest) in points allowed per 100 possessions, that season's regular season
  seconds SMALLINT NOT NULL,              -- game length in seconds (team minutes = 5 x seconds / 60)
  possessions SMALLINT NOT NULL,          -- this team's offensive possessions
  fgm SMALLINT NOT NULL,                  -- box score field goals made (players)
  fga SMALLINT NOT NULL,                  -- field goals attempted
  fg3m SMALLINT NOT NULL,                 -- three-pointers made
  fg3a SMALLINT NOT NULL,                 -- three-pointers attempted
  ftm SMALLINT NOT NULL,                  -- free throws made (all, technical included)
  fta SMALLINT NOT NULL,                  -- free throws attempted (all, technical included)
  oreb SMALLINT NOT NULL,                 -- player offensive rebounds (team rebounds excluded, as in the box score)
  dreb SMALLINT NOT NULL,                 -- player defensive rebounds
  team_oreb SMALLINT NOT NULL,            -- team offensive rebounds (not in the box score)
  team_dreb SMALLINT NOT NULL,            -- team defensive rebounds (not in the box score)
  ast SMALLINT NOT NULL,                  -- assists
  stl SMALLINT NOT NULL,                  -- steals
  blk SMALLINT NOT NULL,                  -- blocks made by this team
  tov SMALLINT NOT NULL,                  -- turnovers, team turnovers included (as in the box score)
  pf SMALLINT NOT NULL                    -- personal fouls by players (technicals excluded)
);

-- Distinct five-man units. A lineup id is stable within one database build only.
CREATE TABLE lineups (
  lineup_id INTEGER PRIMARY KEY,          -- id of the five-man unit (players sorted by id)
  team_id INTEGER NOT NULL,               -- team
  p1 INTEGER NOT NULL,                    -- player with the smallest id
  p2 INTEGER NOT NULL,                    -- second smallest id
  p3 INTEGER NOT NULL,                    -- third
  p4 INTEGER NOT NULL,                    -- fourth
  p5 INTEGER NOT NULL                     -- largest id
);

-- One row per possession. Counters are the OFFENSE's unless named for the defense (stl, blk, dreb, fouls).
-- The ten players are those on court at the possession's first action (shot, foul, turnover, rebound...):
-- substitutions made during the dead ball that starts a possession count, later ones apply from the next possession.
CREATE TABLE possessions (
  possession_id INTEGER PRIMARY KEY,      -- sequential id in database order (season, season type, game, possession; a game's technical rows after its possessions)
  game_id INTEGER NOT NULL,               -- game
  season SMALLINT NOT NULL,               -- season start year
  season_type VARCHAR NOT NULL,           -- 'regular' | 'playoffs'
  date DATE NOT NULL,                     -- game date
  poss_num SMALLINT NOT NULL,             -- 1-based number of the possession in the game (a technical row: its possession's)
  period TINYINT NOT NULL,                -- 1..4 quarters, 5+ overtimes
  start_clock SMALLINT NOT NULL,          -- seconds left in the period at the start
  end_clock SMALLINT NOT NULL,            -- seconds left in the period at the end
  start_time SMALLINT NOT NULL,           -- seconds into the game at the start (0..2880 regulation, +300 per overtime)
  seconds SMALLINT NOT NULL,              -- duration (start_clock - end_clock)
  off_team_id INTEGER NOT NULL,           -- offense
  def_team_id INTEGER NOT NULL,           -- defense
  off_is_home BOOLEAN NOT NULL,           -- the offense is the home team
  score_diff SMALLINT NOT NULL,           -- offense score minus defense score at the start
  start_type VARCHAR NOT NULL,            -- how the offense got the ball: 'period_start', 'jump_ball', 'after_made_fg', 'after_made_ft', 'after_dreb', 'after_team_dreb', 'after_steal', 'after_block_recovered', 'dead_ball_turnover', 'other'
  is_garbage_time BOOLEAN NOT NULL,       -- garbage time (METRICS.md, CTG rule)
  is_heave BOOLEAN NOT NULL,              -- starts with 4 s or less left in Q1-Q3
  is_filtered_out BOOLEAN NOT NULL,       -- is_garbage_time OR is_heave (excluded by FilterOutGarbageTime)
  off_lineup_id INTEGER NOT NULL,         -- offense five (lineups.lineup_id)
  def_lineup_id INTEGER NOT NULL,         -- defense five (lineups.lineup_id)
  o1 INTEGER NOT NULL,                    -- offense player in slot 1 (pg): the five ordered by estimated position score that season (point first), then id
  o2 INTEGER NOT NULL,                    -- offense slot 2 (sg)
  o3 INTEGER NOT NULL,                    -- offense slot 3 (sf)
  o4 INTEGER NOT NULL,                    -- offense slot 4 (pf)
  o5 INTEGER NOT NULL,                    -- offense slot 5 (c)
  d1 INTEGER NOT NULL,                    -- defense slot 1 (pg), same ordering
  d2 INTEGER NOT NULL,                    -- defense slot 2 (sg)
  d3 INTEGER NOT NULL,                    -- defense slot 3 (sf)
  d4 INTEGER NOT NULL,                    -- defense slot 4 (pf)
  d5 INTEGER NOT NULL,                    -- defense slot 5 (c)
  possessions UTINYINT NOT NULL,          -- 1; 0 on a technical row: technical free throws whose foul's ten (o1..d5) differ from their possession's, in that possession's context with no seconds (docs/explanation/ingest.md, "Plus/minus"); count possessions with sum(possessions)
  pts UTINYINT NOT NULL,                  -- points scored by the offense
  fga UTINYINT NOT NULL,                  -- field-goal attempts
  fgm UTINYINT NOT NULL,                  -- field goals made
  fg3a UTINYINT NOT NULL,                 -- three-point attempts
  fg3m UTINYINT NOT NULL,                 -- three-pointers made
  fga_rim UTINYINT NOT NULL,              -- attempts at the rim (< 4 ft)
  fgm_rim UTINYINT NOT NULL,              -- makes at the rim
  fga_smid UTINYINT NOT NULL,             -- short mid-range attempts (4 to < 14 ft)
  fgm_smid UTINYINT NOT NULL,             -- short mid-range makes
  fga_lmid UTINYINT NOT NULL,             -- long mid-range attempts (>= 14 ft two-pointers)
  fgm_lmid UTINYINT NOT NULL,             -- long mid-range makes
  fga_c3 UTINYINT NOT NULL,               -- corner three attempts
  fgm_c3 UTINYINT NOT NULL,               -- corner three makes
  fga_nc3 UTINYINT NOT NULL,              -- non-corner three attempts
  fgm_nc3 UTINYINT NOT NULL,              -- non-corner three makes
  fta UTINYINT NOT NULL,                  -- free-throw attempts (technical FTs included)
  ftm UTINYINT NOT NULL,                  -- free throws made
  ft_trips UTINYINT NOT NULL,             -- free-throw trips (one per foul; technical FTs are not trips)
  tov UTINYINT NOT NULL,                  -- turnovers (team turnovers included)
  oreb UTINYINT NOT NULL,                 -- offensive rebounds by players
  team_oreb UTINYINT NOT NULL,            -- offensive team rebounds (ball out of bounds off the defense after a miss)
  dreb UTINYINT NOT NULL,                 -- defensive rebounds by the defense's players (ends the possession)
  team_dreb UTINYINT NOT NULL,            -- defensive team rebounds
  ast UTINYINT NOT NULL,                  -- assists (assisted makes)
  stl UTINYINT NOT NULL,                  -- steals by the defense
  blk UTINYINT NOT NULL,                  -- blocks by the defense (of this offense's shots)
  sfd UTINYINT NOT NULL,                  -- shooting fouls committed by the defense
  nsfd UTINYINT NOT NULL,                 -- non-shooting personal fouls committed by the defense (offensive fouls and technicals excluded)
  plays UTINYINT NOT NULL,                -- plays: FGAs + FT trips + turnovers
  hc_plays UTINYINT NOT NULL,             -- halfcourt plays
  hc_pts UTINYINT NOT NULL,               -- points on halfcourt plays
  pb_plays UTINYINT NOT NULL,             -- putback plays (<= 4 s after an offensive rebound)
  pb_pts UTINYINT NOT NULL,               -- points on putback plays
  tr_plays UTINYINT NOT NULL,             -- transition plays (first play, live-ball start, <= 8 s)
  tr_pts UTINYINT NOT NULL,               -- points on transition plays
  tr_plays_stl UTINYINT NOT NULL,         -- transition plays after a steal
  tr_plays_reb UTINYINT NOT NULL          -- transition plays after a live defensive rebound (block recoveries included)
);

-- Written by the models after the tables above (src/server/models/registry.ts; schema version 8), with their
-- column comments set by the model:
-- * possessions.leverage TINYINT: leverage level at the start, 1 low .. 4 very high (src/lib/filters/leverage.ts), added by
--   the win-probability model (src/server/models/winProbability.ts) and copied into team_possessions;
-- * win_probability (possession_id, game_id, home_wp, leverage, strength): the home team's win probability at
--   each possession's start, its leverage in percentage points, the pre-game strength difference;
-- * wp_model (model, position, feature, coefficient, fit_seasons, test_seasons, fit_rows, iterations): the fitted
--   coefficients of the win-probability model and of its margin-and-time baseline.

-- One row per play-by-play event the game engine read (published order, duplicated rows dropped, substitutions
-- reordered within their second as for the lineups): the text, the score after it and the ten on court after it
-- (schema version 7). The game page's play-by-play, stints and game flow are built from it.
CREATE TABLE game_events (
  game_id INTEGER NOT NULL,               -- game
  seq SMALLINT NOT NULL,                  -- 0-based order of the event in the game as the engine read it
  event_num INTEGER NOT NULL,             -- EVENTNUM
  period TINYINT NOT NULL,                -- period
  clock SMALLINT NOT NULL,                -- seconds left in the period (PCTIMESTRING)
  event_type TINYINT NOT NULL,            -- EVENTMSGTYPE (1 made shot, 2 miss, 3 free throw, 4 rebound, 5 turnover, 6 foul, 7 violation, 8 substitution, 9 timeout, 10 jump ball, 11 ejection, 12 period start, 13 period end, 18 replay)
  team_id INTEGER,                        -- the team of PLAYER1 (a player, a team or its bench), NULL when none
  player1_id INTEGER,                     -- PLAYER1 when a player (a substitution: the player leaving), else NULL
  player2_id INTEGER,                     -- PLAYER2 when a player (a substitution: the player entering; an assist, a foul drawn, a steal), else NULL
  player3_id INTEGER,                     -- PLAYER3 when a player (a block, a jump ball's recipient), else NULL
  home_description VARCHAR,               -- HOMEDESCRIPTION as published
  neutral_description VARCHAR,            -- NEUTRALDESCRIPTION as published
  visitor_description VARCHAR,            -- VISITORDESCRIPTION as published
  home_pts SMALLINT NOT NULL,             -- home score after the event (our ledger)
  away_pts SMALLINT NOT NULL,             -- visiting score after the event
  home_lineup_id INTEGER NOT NULL,        -- home five on court after the event (lineups.lineup_id), from this event's clock to the next event's
  away_lineup_id INTEGER NOT NULL,        -- visiting five on court after the event
  pts_home_lineup_id INTEGER,             -- when the event scored: the home five credited with its points (plus/minus rule: a free throw's points go to the ten on court at its foul), else NULL
  pts_away_lineup_id INTEGER              -- when the event scored: the visiting five credited with its points, else NULL
);

-- Sparse per-player counters per possession: only players who did something in it.
-- team_id is the player's team; for the offense: shots, FTs, turnovers, OREB, assists, fouls drawn;
-- for the defense: steals, blocks, DREB, personal fouls.
-- After the ingest, the post-ingest hook player_possession_context (src/server/stats/sql/aggregates.ts) appends
-- the possession's context to every row: season, season_type, is_filtered_out, period, start_time, leverage,
-- and score_diff from the player's team's view.
CREATE TABLE player_possession_stats (
  possession_id INTEGER NOT NULL,         -- possession (possessions.possession_id)
  game_id INTEGER NOT NULL,               -- game (for pruning)
  player_id INTEGER NOT NULL,             -- player
  team_id INTEGER NOT NULL,               -- the player's team
  is_offense BOOLEAN NOT NULL,            -- the player's team has the ball in this possession
  pts UTINYINT NOT NULL,                  -- points scored
  fga_rim UTINYINT NOT NULL,              -- attempts at the rim
  fgm_rim UTINYINT NOT NULL,              -- makes at the rim
  astd_rim UTINYINT NOT NULL,             -- assisted makes at the rim
  fga_smid UTINYINT NOT NULL,             -- short mid attempts
  fgm_smid UTINYINT NOT NULL,             -- short mid makes
  astd_smid UTINYINT NOT NULL,            -- assisted short mid makes
  fga_lmid UTINYINT NOT NULL,             -- long mid attempts
  fgm_lmid UTINYINT NOT NULL,             -- long mid makes
  astd_lmid UTINYINT NOT NULL,            -- assisted long mid makes
  fga_c3 UTINYINT NOT NULL,               -- corner three attempts
  fgm_c3 UTINYINT NOT NULL,               -- corner three makes
  astd_c3 UTINYINT NOT NULL,              -- assisted corner three makes
  fga_nc3 UTINYINT NOT NULL,              -- non-corner three attempts
  fgm_nc3 UTINYINT NOT NULL,              -- non-corner three makes
  astd_nc3 UTINYINT NOT NULL,             -- assisted non-corner three makes
  fta UTINYINT NOT NULL,                  -- free-throw attempts
  ftm UTINYINT NOT NULL,                  -- free throws made
  ft_trips UTINYINT NOT NULL,             -- free-throw trips
  and1 UTINYINT NOT NULL,                 -- made field goals with a shooting foul (and-one)
  sfd UTINYINT NOT NULL,                  -- shooting fouls drawn (SFLD% denominator uses FGA + sfd - and1)
  nsfd UTINYINT NOT NULL,                 -- non-shooting fouls drawn
  tov UTINYINT NOT NULL,                  -- turnovers
  stl UTINYINT NOT NULL,                  -- steals
  blk UTINYINT NOT NULL,                  -- blocks
  oreb UTINYINT NOT NULL,                 -- offensive rebounds
  dreb UTINYINT NOT NULL,                 -- defensive rebounds
  ast UTINYINT NOT NULL,                  -- assists
  pf UTINYINT NOT NULL                    -- personal fouls committed (technicals excluded)
);

-- One row per field-goal attempt.
CREATE TABLE shots (
  game_id INTEGER NOT NULL,               -- game
  event_num INTEGER NOT NULL,             -- EVENTNUM of the shot
  possession_id INTEGER NOT NULL,         -- possession it belongs to
  season SMALLINT NOT NULL,               -- season start year
  season_type VARCHAR NOT NULL,           -- 'regular' | 'playoffs'
  period TINYINT NOT NULL,                -- period
  clock SMALLINT NOT NULL,                -- seconds left in the period
  player_id INTEGER NOT NULL,             -- shooter
  team_id INTEGER NOT NULL,               -- shooter's team
  made BOOLEAN NOT NULL,                  -- made
  value TINYINT NOT NULL,                 -- 2 or 3
  zone VARCHAR NOT NULL,                  -- 'rim' | 'short_mid' | 'long_mid' | 'corner3' | 'noncorner3' (METRICS.md)
  distance_ft SMALLINT,                   -- distance in feet (shot data, else description), NULL if unknown
  loc_x REAL,                             -- shot-data x in feet from the basket, NULL without shot data
  loc_y REAL,                             -- shot-data y in feet from the basket, NULL without shot data
  zone_source VARCHAR NOT NULL,           -- 'location' (shot data) | 'description' (distance in the text) | 'shot_type' (no distance: layup/dunk/tip = rim, else short mid)
  action VARCHAR,                         -- shot description without the player name ('Driving Layup Shot', '26'' 3PT Jump Shot')
  assisted BOOLEAN NOT NULL,              -- a made shot with an assist
  assist_player_id INTEGER,               -- assister
  block_player_id INTEGER,                -- blocker
  context VARCHAR NOT NULL,               -- 'transition' | 'putback' | 'halfcourt'
  is_filtered_out BOOLEAN NOT NULL        -- possession is garbage time or a heave
);

-- Per player per game totals (all possessions, garbage time included): the box score.
CREATE TABLE player_games (
  game_id INTEGER NOT NULL,               -- game
  season SMALLINT NOT NULL,               -- season start year
  season_type VARCHAR NOT NULL,           -- 'regular' | 'playoffs'
  date DATE NOT NULL,                     -- game date
  player_id INTEGER NOT NULL,             -- player
  team_id INTEGER NOT NULL,               -- his team
  opp_team_id INTEGER NOT NULL,           -- opponent
  is_home BOOLEAN NOT NULL,               -- his team at home
  starter BOOLEAN NOT NULL,               -- on court at the start of the game
  seconds SMALLINT NOT NULL,              -- seconds on court
  plus_minus SMALLINT NOT NULL,           -- team points minus opponent points while on court
  pts SMALLINT NOT NULL,                  -- points
  fgm UTINYINT NOT NULL,                  -- field goals made
  fga UTINYINT NOT NULL,                  -- field goals attempted
  fg3m UTINYINT NOT NULL,                 -- threes made
  fg3a UTINYINT NOT NULL,                 -- threes attempted
  ftm UTINYINT NOT NULL,                  -- free throws made
  fta UTINYINT NOT NULL,                  -- free throws attempted
  oreb UTINYINT NOT NULL,                 -- offensive rebounds
  dreb UTINYINT NOT NULL,                 -- defensive rebounds
  ast UTINYINT NOT NULL,                  -- assists
  stl UTINYINT NOT NULL,                  -- steals
  blk UTINYINT NOT NULL,                  -- blocks
  tov UTINYINT NOT NULL,                  -- turnovers
  pf UTINYINT NOT NULL                    -- personal fouls
);

-- Fast path: per player per game per filtered-out flag, the player's own counters (player_possession_stats
-- summed) and the on-court team/opponent counters (possessions with him on court summed).
-- Default views read is_filtered_out = false; "all possessions" sums both rows.
CREATE TABLE player_game_totals (
  game_id INTEGER NOT NULL,               -- game
  season SMALLINT NOT NULL,               -- season start year
  season_type VARCHAR NOT NULL,           -- 'regular' | 'playoffs'
  player_id INTEGER NOT NULL,             -- player
  team_id INTEGER NOT NULL,               -- his team
  is_filtered_out BOOLEAN NOT NULL,       -- totals over garbage-time/heave possessions (true) or the others (false)
  off_poss SMALLINT NOT NULL,             -- team offensive possessions with him on court
  def_poss SMALLINT NOT NULL,             -- team defensive possessions with him on court
  on_seconds SMALLINT NOT NULL,           -- possession seconds with him on court (close to, not equal to, exact seconds: see player_games.seconds)
  pts SMALLINT NOT NULL,                  -- own points
  fga_rim SMALLINT NOT NULL,              -- own attempts at the rim
  fgm_rim SMALLINT NOT NULL,              -- own makes at the rim
  astd_rim SMALLINT NOT NULL,             -- own assisted makes at the rim
  fga_smid SMALLINT NOT NULL,             -- own short mid attempts
  fgm_smid SMALLINT NOT NULL,             -- own short mid makes
  astd_smid SMALLINT NOT NULL,            -- own assisted short mid makes
  fga_lmid SMALLINT NOT NULL,             -- own long mid attempts
  fgm_lmid SMALLINT NOT NULL,             -- own long mid makes
  astd_lmid SMALLINT NOT NULL,            -- own assisted long mid makes
  fga_c3 SMALLINT NOT NULL,               -- own corner three attempts
  fgm_c3 SMALLINT NOT NULL,               -- own corner three makes
  astd_c3 SMALLINT NOT NULL,              -- own assisted corner three makes
  fga_nc3 SMALLINT NOT NULL,              -- own non-corner three attempts
  fgm_nc3 SMALLINT NOT NULL,              -- own non-corner three makes
  astd_nc3 SMALLINT NOT NULL,             -- own assisted non-corner three makes
  fta SMALLINT NOT NULL,                  -- own free-throw attempts
  ftm SMALLINT NOT NULL,                  -- own free throws made
  ft_trips SMALLINT NOT NULL,             -- own free-throw trips
  and1 SMALLINT NOT NULL,                 -- own and-ones
  sfd SMALLINT NOT NULL,                  -- shooting fouls drawn
  nsfd SMALLINT NOT NULL,                 -- non-shooting fouls drawn
  tov SMALLINT NOT NULL,                  -- own turnovers
  stl SMALLINT NOT NULL,                  -- own steals
  blk SMALLINT NOT NULL,                  -- own blocks
  oreb SMALLINT NOT NULL,                 -- own offensive rebounds
  dreb SMALLINT NOT NULL,                 -- own defensive rebounds
  ast SMALLINT NOT NULL,                  -- own assists
  pf SMALLINT NOT NULL,                   -- own personal fouls
  team_plays SMALLINT NOT NULL,           -- team plays while on court (Usage% denominator)
  team_fgm SMALLINT NOT NULL,             -- team field goals made while on court (AST% denominator: minus own FGM)
  team_misses SMALLINT NOT NULL,          -- team missed field goals while on court
  oreb_chances SMALLINT NOT NULL,         -- team OREB + opponent DREB (players) on team possessions while on court (ORB% denominator)
  dreb_chances SMALLINT NOT NULL,         -- team DREB + opponent OREB (players) on opponent possessions while on court (DRB% denominator)
  opp_fg2a SMALLINT NOT NULL,             -- opponent two-point attempts while on court (BLK% denominator)
  team_pts SMALLINT NOT NULL,             -- team points while on court (offensive possessions)
  opp_pts SMALLINT NOT NULL               -- opponent points while on court (defensive possessions)
);

-- Fast path: per team per game per filtered-out flag, the sum of that team's OFFENSIVE possessions' counters.
-- The defense view of team T is the rows where def_team_id = T. Columns mirror possessions.
CREATE TABLE team_game_totals (
  game_id INTEGER NOT NULL,               -- game
  season SMALLINT NOT NULL,               -- season start year
  season_type VARCHAR NOT NULL,           -- 'regular' | 'playoffs'
  off_team_id INTEGER NOT NULL,           -- offense
  def_team_id INTEGER NOT NULL,           -- defense
  is_filtered_out BOOLEAN NOT NULL,       -- totals over garbage-time/heave possessions (true) or the others (false)
  possessions SMALLINT NOT NULL,          -- possessions
  seconds SMALLINT NOT NULL,              -- possession seconds
  pts SMALLINT NOT NULL,                  -- points
  fga SMALLINT NOT NULL,                  -- field-goal attempts
  fgm SMALLINT NOT NULL,                  -- field goals made
  fg3a SMALLINT NOT NULL,                 -- three-point attempts
  fg3m SMALLINT NOT NULL,                 -- three-pointers made
  fga_rim SMALLINT NOT NULL,              -- attempts at the rim
  fgm_rim SMALLINT NOT NULL,              -- makes at the rim
  fga_smid SMALLINT NOT NULL,             -- short mid attempts
  fgm_smid SMALLINT NOT NULL,             -- short mid makes
  fga_lmid SMALLINT NOT NULL,             -- long mid attempts
  fgm_lmid SMALLINT NOT NULL,             -- long mid makes
  fga_c3 SMALLINT NOT NULL,               -- corner three attempts
  fgm_c3 SMALLINT NOT NULL,               -- corner three makes
  fga_nc3 SMALLINT NOT NULL,              -- non-corner three attempts
  fgm_nc3 SMALLINT NOT NULL,              -- non-corner three makes
  fta SMALLINT NOT NULL,                  -- free-throw attempts
  ftm SMALLINT NOT NULL,                  -- free throws made
  ft_trips SMALLINT NOT NULL,             -- free-throw trips
  tov SMALLINT NOT NULL,                  -- turnovers
  oreb SMALLINT NOT NULL,                 -- offensive rebounds (players)
  team_oreb SMALLINT NOT NULL,            -- offensive team rebounds
  dreb SMALLINT NOT NULL,                 -- the defense's defensive rebounds (players)
  team_dreb SMALLINT NOT NULL,            -- the defense's team rebounds
  ast SMALLINT NOT NULL,                  -- assists
  stl SMALLINT NOT NULL,                  -- steals by the defense
  blk SMALLINT NOT NULL,                  -- blocks by the defense
  sfd SMALLINT NOT NULL,                  -- shooting fouls by the defense
  nsfd SMALLINT NOT NULL,                 -- non-shooting fouls by the defense
  plays SMALLINT NOT NULL,                -- plays
  hc_plays SMALLINT NOT NULL,             -- halfcourt plays
  hc_pts SMALLINT NOT NULL,               -- halfcourt points
  pb_plays SMALLINT NOT NULL,             -- putback plays
  pb_pts SMALLINT NOT NULL,               -- putback points
  tr_plays SMALLINT NOT NULL,             -- transition plays
  tr_pts SMALLINT NOT NULL,               -- transition points
  tr_plays_stl SMALLINT NOT NULL,         -- transition plays after a steal
  tr_plays_reb SMALLINT NOT NULL          -- transition plays after a live defensive rebound
);

-- Player bios per season as published (nba-data player-bios, 2003-04..2019-20), for players in the database.
CREATE TABLE player_bios (
  player_id INTEGER NOT NULL,             -- league person id
  season SMALLINT NOT NULL,               -- season start year
  age REAL,                               -- age as published for that season (years)
  height_in SMALLINT,                     -- height in inches
  weight_lb SMALLINT,                     -- weight in pounds
  college VARCHAR,                        -- college, NULL when none
  country VARCHAR,                        -- country
  draft_year SMALLINT,                    -- draft year, NULL when undrafted
  draft_round SMALLINT,                   -- draft round, NULL when undrafted
  draft_number SMALLINT                   -- overall pick, NULL when undrafted
);

-- First and last season in the league of each player in the database (nba-data commonallplayers), which may lie
-- outside the seasons of the play-by-play.
CREATE TABLE player_league_years (
  player_id INTEGER NOT NULL,             -- league person id
  from_year SMALLINT,                     -- start year of his first season in the league
  to_year SMALLINT                        -- start year of his last season in the league (as published)
);

CREATE TABLE salaries (
  player_id INTEGER NOT NULL,             -- matched player (by normalised name and season)
  season SMALLINT NOT NULL,               -- season start year
  team_id INTEGER,                        -- his main team that season (player_seasons), NULL if he did not play
  name VARCHAR NOT NULL,                  -- name as published in salaries.csv
  salary BIGINT NOT NULL                  -- salary in US dollars
);
