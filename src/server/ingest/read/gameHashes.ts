/**
 * The content hash of each game of the archive (game_sources.content_hash): a hash of the game's published
 * play-by-play rows in their published order (every column of each row) and of its shot rows (in any order).
 * The league edits play-by-play for days after a game; a changed hash tells the update (update/update.ts) that a
 * held game must be written again. One SQL aggregate per file: about 0.2 s for a season's play-by-play.
 *
 * Example: 0022200001's rows hash to one UBIGINT; a single changed description (or one row added, removed or
 * moved) gives another, and so does a moved shot location.
 *
 * Which games: those of the play-by-play file whose date (games.parquet) is at most `through`, and those
 * games.parquet does not list (they have no date; the ingest reads and skips them), as the games phase does
 * (gameWorker.ts).
 */
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { PbpFile } from '../write/gamesProtocol.ts';
import { fileSource, findDataFile, seasonLabel } from './read.ts';

export interface GameHash {
  gameId: number;
  season: number;
  seasonType: string;
  /** UBIGINT as decimal text (exact) */
  hash: string;
  /** YYYY-MM-DD from games.parquet; null when it does not list the game */
  date: string | null;
}

/** Hashes of the games of `files` (see the module comment). */
export async function archiveGameHashes(conn: DuckDBConnection, dataDir: string, files: readonly PbpFile[], through?: string): Promise<GameHash[]> {
  const games = findDataFile(path.join(dataDir, 'games'));
  if (!games) throw new Error(`games file not found in ${dataDir} (games.parquet or games.csv)`);
  const out: GameHash[] = [];
  for (const { season, type, file } of files) {
    const shots = type === 'regular' ? findDataFile(path.join(dataDir, 'shots', type, seasonLabel(season))) : null;
    const pbpRows =
      file.format === 'parquet'
        ? `SELECT CAST(GAME_ID AS INTEGER) AS g, hash(*COLUMNS(* EXCLUDE (file_row_number))) AS h, file_row_number AS n FROM ${fileSource(file, true)}`
        : `SELECT CAST(GAME_ID AS INTEGER) AS g, hash(*COLUMNS(*)) AS h, row_number() OVER () AS n FROM ${fileSource(file, false, true)}`;
    const shotHashes = shots
      ? `SELECT CAST(GAME_ID AS INTEGER) AS g, hash(list(h ORDER BY h)) AS sh
           FROM (SELECT GAME_ID, hash(*COLUMNS(*)) AS h FROM ${fileSource(shots, false, shots.format === 'csv').replace('$file', '$shots')}) GROUP BY g`
      : 'SELECT NULL::INTEGER AS g, NULL::UBIGINT AS sh WHERE false';
    const reader = await conn.runAndReadAll(
      `WITH p AS (SELECT g, hash(list(h ORDER BY n)) AS ph FROM (${pbpRows}) GROUP BY g),
            s AS (${shotHashes}),
            d AS (SELECT CAST(GAME_ID AS INTEGER) AS g, strftime(CAST(GAME_DATE AS DATE), '%Y-%m-%d') AS date
                    FROM ${fileSource(games, false).replace('$file', '$games')})
       SELECT p.g, CAST(hash(p.ph, coalesce(s.sh, 0::UBIGINT)) AS VARCHAR) AS hash, any_value(d.date) AS date
         FROM p LEFT JOIN s USING (g) LEFT JOIN d USING (g)
        GROUP BY p.g, p.ph, s.sh
       HAVING $through::VARCHAR IS NULL OR any_value(d.date) IS NULL OR any_value(d.date) <= $through::VARCHAR
        ORDER BY p.g`,
      { file: file.path, games: games.path, ...(shots ? { shots: shots.path } : {}), through: through ?? null },
    );
    for (const r of reader.getRowObjectsJS()) {
      out.push({ gameId: Number(r.g), season, seasonType: type, hash: String(r.hash), date: r.date === null ? null : String(r.date) });
    }
  }
  return out;
}

/**
 * Writes game_sources from `hashes` (replacing the rows of the same games): a game is held when the games table has
 * it, else it was skipped.
 */
export async function recordGameSources(conn: DuckDBConnection, hashes: readonly GameHash[]): Promise<void> {
  await conn.run('CREATE OR REPLACE TEMP TABLE new_game_sources (game_id INTEGER, season SMALLINT, season_type VARCHAR, content_hash UBIGINT)');
  const a = await conn.createAppender('new_game_sources', 'main', 'temp');
  for (const h of hashes) {
    a.appendInteger(h.gameId);
    a.appendSmallInt(h.season);
    a.appendVarchar(h.seasonType);
    a.appendUBigInt(BigInt(h.hash));
    a.endRow();
  }
  a.closeSync();
  await conn.run('DELETE FROM game_sources WHERE game_id IN (SELECT game_id FROM temp.main.new_game_sources)');
  await conn.run(`
    INSERT INTO game_sources
    SELECT n.game_id, n.season, n.season_type, n.content_hash, g.game_id IS NOT NULL
      FROM temp.main.new_game_sources n LEFT JOIN games g USING (game_id)
     ORDER BY n.season, n.season_type DESC, n.game_id`);
  await conn.run('DROP TABLE temp.main.new_game_sources');
}
