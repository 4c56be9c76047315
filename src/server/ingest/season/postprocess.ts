/**
 * Season-wide tables and columns computed in SQL once every game is written: days rest, opponent ranks,
 * teams, players, player seasons with position estimates, the fast-path aggregates and salaries.
 */
import path from 'node:path';
import { INTEGER, LIST, VARCHAR, type DuckDBConnection } from '@duckdb/node-api';
import { plainName } from '../../../lib/league/searchText.ts';
import { TEAMS } from '../../../lib/league/franchises.ts';
import { PLAYER_COUNTERS as OWN, POSSESSION_COUNTERS } from '../../statsSchema/counterColumns.ts';
import { positionLabel, type PositionBook } from './positionEstimates.ts';
import { fileSource, findDataFile } from '../read/read.ts';
import type { StepTimes } from '../run/steps.ts';

/**
 * Days rest: days between a team's previous game of the same season (any season type) and this one, minus
 * one (back-to-back = 0), capped at 5; a team's first game of the season counts as 5 (rested).
 */
export async function daysRest(conn: DuckDBConnection): Promise<void> {
  await conn.run(`
    UPDATE team_games t SET days_rest = r.rest FROM (
      SELECT game_id, team_id,
             least(5, greatest(0, coalesce(date_diff('day', lag(date) OVER (PARTITION BY team_id, season ORDER BY date, game_id), date) - 1, 5))) AS rest
        FROM team_games) r
     WHERE t.game_id = r.game_id AND t.team_id = r.team_id`);
  await conn.run(`
    UPDATE team_games t SET opp_days_rest = o.days_rest FROM team_games o
     WHERE o.game_id = t.game_id AND o.team_id = t.opp_team_id`);
  await conn.run(`
    UPDATE games g SET home_days_rest = h.days_rest, away_days_rest = a.days_rest
      FROM team_games h, team_games a
     WHERE h.game_id = g.game_id AND h.team_id = g.home_team_id AND a.game_id = g.game_id AND a.team_id = g.away_team_id`);
}

/**
 * Opponent ranks 1..30 (1 = best) over the season's regular season (the playoffs of a season without an
 * ingested regular season rank over the playoffs): point differential per game, points per 100 possessions
 * on offense (highest first) and allowed on defense (lowest first).
 */
export async function opponentRanks(conn: DuckDBConnection): Promise<void> {
  await conn.run(`
    CREATE TEMP TABLE season_ranks AS
    WITH src AS (
      SELECT * FROM team_games t
       WHERE season_type = 'regular'
          OR NOT EXISTS (SELECT 1 FROM team_games r WHERE r.season = t.season AND r.season_type = 'regular')
    ), agg AS (
      SELECT s.season, s.team_id,
             avg(s.pts - s.opp_pts) AS diff,
             sum(s.pts) / nullif(sum(s.possessions), 0) AS ortg,
             sum(s.opp_pts) / nullif(sum(o.possessions), 0) AS drtg
        FROM src s JOIN team_games o ON o.game_id = s.game_id AND o.team_id = s.opp_team_id
       GROUP BY s.season, s.team_id
    )
    SELECT season, team_id,
           rank() OVER (PARTITION BY season ORDER BY diff DESC) AS diff_rank,
           rank() OVER (PARTITION BY season ORDER BY ortg DESC) AS off_rank,
           rank() OVER (PARTITION BY season ORDER BY drtg ASC) AS def_rank
      FROM agg`);
  await conn.run(`
    UPDATE team_games t SET opp_point_diff_rank = r.diff_rank, opp_off_rank = r.off_rank, opp_def_rank = r.def_rank
      FROM season_ranks r WHERE r.season = t.season AND r.team_id = t.opp_team_id`);
  await conn.run('DROP TABLE season_ranks');
}

export async function teams(conn: DuckDBConnection): Promise<void> {
  const a = await conn.createAppender('teams');
  for (const t of TEAMS) {
    a.appendInteger(t.teamId);
    a.appendVarchar(t.id);
    a.appendVarchar(t.abbr);
    a.appendVarchar(t.name);
    a.appendVarchar(t.short_name);
    a.appendVarchar(t.city);
    a.appendList([...t.historicalAbbrs], LIST(VARCHAR));
    a.endRow();
  }
  a.closeSync();
}

/**
 * Players: every player with a game in the database. Names come from commonallplayers ("Last, First" gives
 * first and last name), else from the play-by-play. Slug: '{first}_{last}' lower case, accents stripped,
 * anything but letters and digits removed inside each part (single-name players: just the name).
 */
export async function players(conn: DuckDBConnection, dataDir: string, positions: PositionBook, pbpNames: Map<number, string>): Promise<void> {
  await conn.run('CREATE TEMP TABLE pbp_names (player_id INTEGER, name VARCHAR)');
  const a = await conn.createAppender('pbp_names');
  for (const [id, name] of pbpNames) {
    a.appendInteger(id);
    a.appendVarchar(name);
    a.endRow();
  }
  a.closeSync();
  const cap = findDataFile(path.join(dataDir, 'commonallplayers'));
  const capSql = cap
    ? `SELECT CAST(PERSON_ID AS INTEGER) AS player_id, CAST(DISPLAY_FIRST_LAST AS VARCHAR) AS name,
              CAST(DISPLAY_LAST_COMMA_FIRST AS VARCHAR) AS lcf
         FROM ${fileSource(cap, false, true)}`
    : 'SELECT NULL::INTEGER AS player_id, NULL::VARCHAR AS name, NULL::VARCHAR AS lcf WHERE false';
  await conn.run(`CREATE TEMP TABLE cap AS ${capSql}`, cap ? { file: cap.path } : undefined);
  const r = await conn.runAndReadAll(`
    SELECT pg.player_id, min(pg.season) AS first_season, max(pg.season) AS last_season,
           any_value(coalesce(c.name, n.name)) AS name, any_value(c.lcf) AS lcf
      FROM player_games pg
      LEFT JOIN cap c ON c.player_id = pg.player_id
      LEFT JOIN pbp_names n ON n.player_id = pg.player_id
     GROUP BY pg.player_id ORDER BY pg.player_id`);
  const slugPart = (s: string): string =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
  const pa = await conn.createAppender('players');
  for (const row of r.getRowObjectsJS()) {
    const id = Number(row.player_id);
    // Shown without accents, as the league writes nearly every name (src/lib/league/searchText.ts plainName).
    const name = plainName(String(row.name ?? id));
    let first = '';
    let last = '';
    const lcf = row.lcf === null ? null : String(row.lcf);
    if (lcf?.includes(', ')) {
      const i = lcf.indexOf(', ');
      last = lcf.slice(0, i);
      first = lcf.slice(i + 2);
    } else {
      const parts = name.split(' ');
      first = parts.length > 1 ? parts[0]! : '';
      last = parts.length > 1 ? parts.slice(1).join(' ') : name;
    }
    const slug = [slugPart(first), slugPart(last)].filter(Boolean).join('_') || String(id);
    const latest = positions.info(Number(row.last_season), id);
    pa.appendInteger(id);
    pa.appendVarchar(name);
    pa.appendVarchar(first);
    pa.appendVarchar(last);
    pa.appendVarchar(slug);
    pa.appendSmallInt(Number(row.first_season));
    pa.appendSmallInt(Number(row.last_season));
    if (latest.listed === null) pa.appendNull();
    else pa.appendVarchar(latest.listed);
    if (latest.height === null) pa.appendNull();
    else pa.appendSmallInt(Math.round(latest.height));
    pa.endRow();
  }
  pa.closeSync();
  await conn.run('DROP TABLE pbp_names');
}

export async function playerSeasons(conn: DuckDBConnection, positions: PositionBook): Promise<void> {
  const r = await conn.runAndReadAll(`
    WITH per_team AS (
      SELECT player_id, season, season_type, team_id, sum(seconds) AS secs, min(date) AS first_date,
             count(*) FILTER (WHERE seconds > 0) AS games
        FROM player_games GROUP BY ALL
    )
    SELECT player_id, season, season_type,
           arg_max(team_id, secs * 100000 + epoch(first_date) / 86400) AS team_id,
           list(team_id ORDER BY first_date) AS team_ids,
           sum(games)::INTEGER AS games, sum(secs)::INTEGER AS seconds
      FROM per_team GROUP BY ALL ORDER BY season, season_type, player_id`);
  const a = await conn.createAppender('player_seasons');
  for (const row of r.getRowObjectsJS()) {
    const id = Number(row.player_id);
    const season = Number(row.season);
    const info = positions.info(season, id);
    a.appendInteger(id);
    a.appendSmallInt(season);
    a.appendVarchar(String(row.season_type));
    a.appendInteger(Number(row.team_id));
    a.appendList((row.team_ids as unknown[]).map(Number), LIST(INTEGER));
    a.appendSmallInt(Number(row.games));
    a.appendInteger(Number(row.seconds));
    if (info.height === null) a.appendNull();
    else a.appendSmallInt(Math.round(info.height));
    if (info.listed === null) a.appendNull();
    else a.appendVarchar(info.listed);
    a.appendVarchar(positionLabel(info.score));
    a.appendFloat(info.score);
    a.endRow();
  }
  a.closeSync();
}

/** Season slices, in database order: the big aggregations run one slice at a time to stay within memory. */
async function seasonSlices(conn: DuckDBConnection): Promise<{ season: number; type: string }[]> {
  const r = await conn.runAndReadAll(`SELECT DISTINCT season, season_type FROM games ORDER BY season, season_type DESC`);
  return r.getRowObjectsJS().map((x) => ({ season: Number(x.season), type: String(x.season_type) }));
}

export async function playerGameTotals(conn: DuckDBConnection): Promise<void> {
  for (const slice of await seasonSlices(conn)) await playerGameTotalsOf(conn, slice.season, slice.type);
}

async function playerGameTotalsOf(conn: DuckDBConnection, season: number, seasonType: string): Promise<void> {
  await conn.run(
    `
    INSERT INTO player_game_totals
    WITH on_court AS (
      SELECT game_id, season, season_type, is_filtered_out, off_team_id AS team_id, TRUE AS on_offense,
             unnest([o1, o2, o3, o4, o5]) AS player_id, possessions, seconds, plays, fgm, fga, fg3a, oreb, dreb, pts
        FROM possessions WHERE season = $season AND season_type = $type
      UNION ALL
      SELECT game_id, season, season_type, is_filtered_out, def_team_id AS team_id, FALSE AS on_offense,
             unnest([d1, d2, d3, d4, d5]) AS player_id, possessions, seconds, plays, fgm, fga, fg3a, oreb, dreb, pts
        FROM possessions WHERE season = $season AND season_type = $type
    ), court AS (
      SELECT game_id, any_value(season) AS season, any_value(season_type) AS season_type, player_id,
             any_value(team_id) AS team_id, is_filtered_out,
             coalesce(sum(possessions) FILTER (WHERE on_offense), 0) AS off_poss,
             coalesce(sum(possessions) FILTER (WHERE NOT on_offense), 0) AS def_poss,
             sum(seconds) AS on_seconds,
             coalesce(sum(plays) FILTER (WHERE on_offense), 0) AS team_plays,
             coalesce(sum(fgm) FILTER (WHERE on_offense), 0) AS team_fgm,
             coalesce(sum(fga - fgm) FILTER (WHERE on_offense), 0) AS team_misses,
             coalesce(sum(oreb + dreb) FILTER (WHERE on_offense), 0) AS oreb_chances,
             coalesce(sum(oreb + dreb) FILTER (WHERE NOT on_offense), 0) AS dreb_chances,
             coalesce(sum(fga - fg3a) FILTER (WHERE NOT on_offense), 0) AS opp_fg2a,
             coalesce(sum(pts) FILTER (WHERE on_offense), 0) AS team_pts,
             coalesce(sum(pts) FILTER (WHERE NOT on_offense), 0) AS opp_pts
        FROM on_court WHERE player_id <> 0
       GROUP BY game_id, player_id, is_filtered_out
    ), own AS (
      SELECT s.game_id, any_value(p.season) AS season, any_value(p.season_type) AS season_type, s.player_id,
             any_value(s.team_id) AS team_id, p.is_filtered_out,
             ${OWN.map((c) => `sum(s.${c}::BIGINT) AS ${c}`).join(', ')}
        FROM player_possession_stats s JOIN possessions p USING (possession_id)
       WHERE p.season = $season AND p.season_type = $type
       GROUP BY s.game_id, s.player_id, p.is_filtered_out
    )
    SELECT coalesce(c.game_id, o.game_id), coalesce(c.season, o.season), coalesce(c.season_type, o.season_type),
           coalesce(c.player_id, o.player_id), coalesce(c.team_id, o.team_id), coalesce(c.is_filtered_out, o.is_filtered_out),
           coalesce(c.off_poss, 0), coalesce(c.def_poss, 0), coalesce(c.on_seconds, 0),
           ${OWN.map((k) => `coalesce(o.${k}, 0)`).join(', ')},
           coalesce(c.team_plays, 0), coalesce(c.team_fgm, 0), coalesce(c.team_misses, 0), coalesce(c.oreb_chances, 0),
           coalesce(c.dreb_chances, 0), coalesce(c.opp_fg2a, 0), coalesce(c.team_pts, 0), coalesce(c.opp_pts, 0)
      FROM court c FULL JOIN own o
        ON o.game_id = c.game_id AND o.player_id = c.player_id AND o.is_filtered_out = c.is_filtered_out
     ORDER BY 1, 4, 6`,
    { season, type: seasonType },
  );
}

export async function teamGameTotals(conn: DuckDBConnection): Promise<void> {
  for (const { season, type } of await seasonSlices(conn)) {
    await conn.run(
      `
      INSERT INTO team_game_totals
      SELECT game_id, any_value(season), any_value(season_type), off_team_id, def_team_id, is_filtered_out,
             sum(possessions::BIGINT), sum(seconds::BIGINT), ${POSSESSION_COUNTERS.map((c) => `sum(${c}::BIGINT)`).join(', ')}
        FROM possessions WHERE season = $season AND season_type = $type
       GROUP BY game_id, off_team_id, def_team_id, is_filtered_out
       ORDER BY 1, 4, 6`,
      { season, type },
    );
  }
}

/**
 * Salaries are published by name only: matched on a normalised name (accents, punctuation, case and the
 * suffixes Jr./Sr./II/III/IV removed) first among players who played that season, then among all players.
 * Names that match nobody are listed in ingest_report (kind 'unmatched_salary').
 */
export async function salaries(conn: DuckDBConnection, dataDir: string, seasons: number[]): Promise<number> {
  const file = findDataFile(path.join(dataDir, 'salaries'));
  if (!file) return 0;
  const src = fileSource(file, false, true);
  const norm = (col: string): string => `trim(regexp_replace(regexp_replace(lower(strip_accents(${col})), '[^a-z ]', '', 'g'), '\\s+(jr|sr|ii|iii|iv)$', ''))`;
  await conn.run(
    `
    CREATE TEMP TABLE sal AS
    SELECT CAST(PLAYER_NAME AS VARCHAR) AS name, CAST(substr(CAST(SEASON AS VARCHAR), 1, 4) AS INTEGER) AS season,
           CAST(SALARY AS BIGINT) AS salary, ${norm('CAST(PLAYER_NAME AS VARCHAR)')} AS key
      FROM ${src}
     WHERE CAST(substr(CAST(SEASON AS VARCHAR), 1, 4) AS INTEGER) IN (SELECT UNNEST($seasons::INTEGER[]))`,
    { file: file.path, seasons: `[${seasons.join(',')}]` },
  );
  await conn.run(`CREATE TEMP TABLE pkeys AS SELECT player_id, ${norm('name')} AS key FROM players`);
  await conn.run(`
    INSERT INTO salaries
    WITH season_match AS (
      SELECT s.name, s.season, s.salary, min(k.player_id) AS player_id
        FROM sal s JOIN pkeys k ON k.key = s.key
        JOIN player_seasons ps ON ps.player_id = k.player_id AND ps.season = s.season
       GROUP BY ALL
    ), any_match AS (
      SELECT s.name, s.season, s.salary, min(k.player_id) AS player_id
        FROM sal s JOIN pkeys k ON k.key = s.key GROUP BY ALL
    )
    SELECT coalesce(m.player_id, a.player_id) AS player_id, s.season,
           (SELECT ps.team_id FROM player_seasons ps WHERE ps.player_id = coalesce(m.player_id, a.player_id)
              AND ps.season = s.season ORDER BY ps.season_type DESC LIMIT 1),
           s.name, s.salary
      FROM sal s
      LEFT JOIN season_match m ON m.name = s.name AND m.season = s.season AND m.salary = s.salary
      LEFT JOIN any_match a ON a.name = s.name AND a.season = s.season AND a.salary = s.salary
     WHERE coalesce(m.player_id, a.player_id) IS NOT NULL
     ORDER BY s.season, player_id`);
  const unmatched = await conn.runAndReadAll(`
    SELECT s.name, s.season FROM sal s
     WHERE NOT EXISTS (SELECT 1 FROM salaries x WHERE x.name = s.name AND x.season = s.season)
     ORDER BY s.season, s.name`);
  const rows = unmatched.getRowObjectsJS();
  const a = await conn.createAppender('ingest_report');
  for (const row of rows) {
    a.appendNull();
    a.appendSmallInt(Number(row.season));
    a.appendVarchar('info');
    a.appendVarchar('unmatched_salary');
    a.appendNull();
    a.appendNull();
    a.appendNull();
    a.appendVarchar(`salary of "${String(row.name)}" (${String(row.season)}) matches no player id`);
    a.endRow();
  }
  a.closeSync();
  await conn.run('DROP TABLE sal');
  await conn.run('DROP TABLE pkeys');
  return rows.length;
}

/**
 * Player bios (age, height, weight, college, country, draft) per season from nba-data's player-bios, for the
 * players in the database; 'None' colleges and 'Undrafted' drafts become NULL. No file: an empty table.
 */
export async function playerBios(conn: DuckDBConnection, dataDir: string): Promise<void> {
  const file = findDataFile(path.join(dataDir, 'player-bios'));
  if (!file) return;
  const src = fileSource(file, false, true);
  const num = (c: string) => `TRY_CAST(NULLIF(CAST(${c} AS VARCHAR), 'Undrafted') AS SMALLINT)`;
  await conn.run(
    `INSERT INTO player_bios
     SELECT CAST(b.PLAYER_ID AS INTEGER), CAST(substr(CAST(b.SEASON AS VARCHAR), 1, 4) AS SMALLINT),
            TRY_CAST(b.AGE AS REAL), TRY_CAST(round(TRY_CAST(b.PLAYER_HEIGHT_INCHES AS DOUBLE)) AS SMALLINT),
            TRY_CAST(b.PLAYER_WEIGHT AS SMALLINT), NULLIF(NULLIF(trim(CAST(b.COLLEGE AS VARCHAR)), 'None'), ''),
            NULLIF(trim(CAST(b.COUNTRY AS VARCHAR)), ''), ${num('b.DRAFT_YEAR')}, ${num('b.DRAFT_ROUND')}, ${num('b.DRAFT_NUMBER')}
       FROM ${src} b
      WHERE CAST(b.PLAYER_ID AS INTEGER) IN (SELECT player_id FROM players)
      QUALIFY row_number() OVER (PARTITION BY CAST(b.PLAYER_ID AS INTEGER), CAST(b.SEASON AS VARCHAR) ORDER BY TRY_CAST(b.GP AS INTEGER) DESC NULLS LAST) = 1
      ORDER BY 1, 2`,
    { file: file.path },
  );
}

/** First and last league season of each player in the database, from commonallplayers (FROM_YEAR, TO_YEAR). */
export async function playerLeagueYears(conn: DuckDBConnection, dataDir: string): Promise<void> {
  const file = findDataFile(path.join(dataDir, 'commonallplayers'));
  if (!file) return;
  const src = fileSource(file, false, true);
  await conn.run(
    `INSERT INTO player_league_years
     SELECT CAST(c.PERSON_ID AS INTEGER), min(TRY_CAST(c.FROM_YEAR AS SMALLINT)), max(TRY_CAST(c.TO_YEAR AS SMALLINT))
       FROM ${src} c
      WHERE CAST(c.PERSON_ID AS INTEGER) IN (SELECT player_id FROM players)
      GROUP BY 1 ORDER BY 1`,
    { file: file.path },
  );
}

export async function postprocess(
  conn: DuckDBConnection,
  opts: { dataDir: string; positions: PositionBook; pbpNames: Map<number, string>; seasons: number[]; steps: StepTimes },
): Promise<void> {
  const step = (name: string, f: () => Promise<unknown>): Promise<unknown> => opts.steps.time(name, f);
  await step('days rest', () => daysRest(conn));
  await step('opponent ranks', () => opponentRanks(conn));
  await step('teams', () => teams(conn));
  await step('players', () => players(conn, opts.dataDir, opts.positions, opts.pbpNames));
  await step('player seasons', () => playerSeasons(conn, opts.positions));
  await step('player game totals', () => playerGameTotals(conn));
  await step('team game totals', () => teamGameTotals(conn));
  await step('salaries', () => salaries(conn, opts.dataDir, opts.seasons));
  await step('player bios', () => playerBios(conn, opts.dataDir));
  await step('player league years', () => playerLeagueYears(conn, opts.dataDir));
}
