/**
 * A small stats file of the current schema (src/server/db/schema.sql), written next to `live` and renamed over it as
 * an update installs a new file: an ingest_meta row, the given games (DEN at LAL, 119-107 in four periods), and
 * whatever `more` adds. The switch tests serve it through the real pool (STATS_DB_PATH) and reload it as SIGHUP does.
 */
import fs from 'node:fs';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { applySchema, SCHEMA_VERSION } from '../../src/server/db/schema.ts';

export interface SmallGame {
  id: number;
  season: number;
  type: 'regular' | 'playoffs';
  /** YYYY-MM-DD */
  date: string;
}

export async function installStatsFile(
  live: string,
  games: readonly SmallGame[],
  more: (c: DuckDBConnection) => Promise<void> = async () => {},
): Promise<void> {
  const next = `${live}.next`;
  fs.rmSync(next, { force: true });
  const instance = await DuckDBInstance.create(next);
  const c = await instance.connect();
  await applySchema(c);
  await c.run(
    `INSERT INTO ingest_meta (schema_version, built_at, seasons, season_types, source_dir, games_parsed, games_skipped, warnings, possessions, events)
     VALUES ($1, TIMESTAMP '2026-10-01 08:00:00', '2022', 'regular,playoffs', 'games', $2, 0, 0, 0, 0)`,
    [SCHEMA_VERSION, games.length],
  );
  for (const g of games) {
    await c.run(
      `INSERT INTO games (game_id, game_code, season, season_type, date, home_team_id, away_team_id, home_abbr, away_abbr, home_pts, away_pts,
                          home_pts_by_period, away_pts_by_period, periods, home_days_rest, away_days_rest, has_shot_locations)
       VALUES ($1, lpad($1::VARCHAR, 10, '0'), $2, $3, $4::DATE, 1610612743, 1610612747, 'DEN', 'LAL', 119, 107, [29, 29, 30, 31], [21, 30, 30, 26], 4, 5, 5, true)`,
      [g.id, g.season, g.type, g.date],
    );
  }
  await more(c);
  await c.run('CHECKPOINT');
  c.closeSync();
  instance.closeSync();
  fs.renameSync(next, live);
}
