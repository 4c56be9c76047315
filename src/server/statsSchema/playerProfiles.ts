/**
 * player_profiles: the similar-players profile of every regular-season player-season with at least
 * PROFILE_MIN_SECONDS on court (src/server/stats/metrics/similarity.ts has the rules), built by the ingest after
 * the games are written (src/server/ingest/season/hooks.ts through AGGREGATE_BUILDERS). One SQL statement sums his
 * counters per season from player_game_totals (garbage time and heaves left out, every team he played for);
 * the features are the player tables' own formulas (metrics/formulas.ts playerValues) computed here in
 * JavaScript, standardised by season, and appended. About 9,000 rows for the 20 seasons.
 *
 * Columns:
 *   player_id INTEGER, season SMALLINT     -- the player-season (regular season)
 *   team_id INTEGER                        -- the team he played most for (player_seasons.team_id)
 *   seconds INTEGER                        -- seconds on court (garbage time and heaves left out)
 *   age REAL                               -- his age that season in whole years (PROFILE_SUMS_SQL), NULL without any bio
 *   position VARCHAR                       -- player_seasons.position (point, combo, wing, forward, big)
 *   {feature} DOUBLE                       -- each SIMILARITY_FEATURES key: the raw value (NULL when undefined)
 *   z_{feature} DOUBLE                     -- the same, standardised within the season
 * Sorted by season, player_id.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { PLAYER_COUNTERS, pick, sumColumns } from '../stats/metrics/counters';
import { playerValues } from '../stats/metrics/formulas';
import { featureMoments, PROFILE_MIN_SECONDS, profileFeatures, SIMILARITY_FEATURES, standardise, type FeatureVector } from '../stats/metrics/similarity';

export const PLAYER_PROFILES_TABLE = 'player_profiles';

/**
 * The per-season sums a profile is computed from (one row per player-season over the minimum), and his age that
 * season by the bio header's rule (src/server/stats/entities/playerBio.ts): the bio of that season, else the
 * nearest earlier, else the nearest later, its age moved on by the years between, in whole years (the bios end
 * with 2019-20).
 */
export const PROFILE_SUMS_SQL = `
  WITH sums AS (
    SELECT s.player_id, s.season, ps.team_id, ps.position, ps.position_score,
           sum(s.astd_rim + s.astd_smid + s.astd_lmid + s.astd_c3 + s.astd_nc3) AS assisted_makes,
           ${sumColumns(PLAYER_COUNTERS, 's')}
      FROM player_game_totals s
      JOIN player_seasons ps ON ps.player_id = s.player_id AND ps.season = s.season AND ps.season_type = 'regular'
     WHERE s.season_type = 'regular' AND NOT s.is_filtered_out
     GROUP BY s.player_id, s.season, ps.team_id, ps.position, ps.position_score
    HAVING sum(s.on_seconds) >= ${PROFILE_MIN_SECONDS}),
  ages AS (
    SELECT x.player_id, x.season,
           arg_min_null(floor(b.age + (x.season - b.season)), (b.season > x.season)::INTEGER * 1000 + abs(b.season - x.season)) AS age
      FROM sums x JOIN player_bios b ON b.player_id = x.player_id
     GROUP BY x.player_id, x.season)
  SELECT sums.*, ages.age FROM sums LEFT JOIN ages USING (player_id, season)
   ORDER BY season, player_id`;

/** An AggregateBuilder (aggregates.ts lists it; typed by shape here so the two modules do not import each other). */
export const playerProfilesBuilder: { name: string; build(connection: DuckDBConnection): Promise<void> } = {
  name: PLAYER_PROFILES_TABLE,
  async build(connection: DuckDBConnection) {
    const rows = (await connection.runAndReadAll(PROFILE_SUMS_SQL)).getRowObjectsJS();
    const profiles = rows.map((r) => ({
      r,
      raw: profileFeatures(playerValues(pick(r, PLAYER_COUNTERS)), Number(r.assisted_makes), Number(r.position_score)),
    }));
    const bySeason = new Map<number, FeatureVector[]>();
    for (const p of profiles) {
      const season = Number(p.r.season);
      bySeason.set(season, [...(bySeason.get(season) ?? []), p.raw]);
    }
    const moments = new Map([...bySeason].map(([season, list]) => [season, featureMoments(list)]));
    const keys = SIMILARITY_FEATURES.map((f) => f.key);
    await connection.run(`DROP TABLE IF EXISTS ${PLAYER_PROFILES_TABLE}`);
    await connection.run(`CREATE TABLE ${PLAYER_PROFILES_TABLE} (
      player_id INTEGER NOT NULL, season SMALLINT NOT NULL, team_id INTEGER NOT NULL, seconds INTEGER NOT NULL, age REAL, position VARCHAR NOT NULL,
      ${keys.map((k) => `${k} DOUBLE`).join(', ')}, ${keys.map((k) => `z_${k} DOUBLE`).join(', ')})`);
    const appender = await connection.createAppender(PLAYER_PROFILES_TABLE);
    const number = (x: number | null | undefined) => (typeof x === 'number' && Number.isFinite(x) ? appender.appendDouble(x) : appender.appendNull());
    for (const { r, raw } of profiles) {
      const z = standardise(raw, moments.get(Number(r.season))!);
      appender.appendInteger(Number(r.player_id));
      appender.appendSmallInt(Number(r.season));
      appender.appendInteger(Number(r.team_id));
      appender.appendInteger(Number(r.on_seconds));
      if (r.age === null || r.age === undefined) appender.appendNull();
      else appender.appendFloat(Number(r.age));
      appender.appendVarchar(String(r.position));
      for (const k of keys) number(raw[k]);
      for (const k of keys) number(z[k]);
      appender.endRow();
    }
    appender.closeSync();
  },
};
