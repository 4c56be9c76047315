/**
 * One season read again into its own staging database (the update, update.ts), run in a process of its own
 * (phaseChild.ts, phase 'season'): the build's games phase for the season's archive files and game files,
 * continuing the database's possession and lineup ids (writer.ts WriterStart), then the season's season-wide
 * tables (postprocess.ts: days rest, opponent ranks, player seasons, player and team game totals), checkpointed.
 * The update then copies its rows over the season's and builds the season's derived tables on it.
 *
 * New games only (job.heldGames): the update has copied the season's held rows of the written tables into the
 * staging database; the games phase leaves the held games out and appends the new games' rows after them, the read
 * counts of each play-by-play file are added to the held ones, and the season-wide tables are built on the whole
 * season as above. Example: 2022-23 held through 2023-03-01, the 4 games of 2023-03-02 parsed instead of 945.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { applySchema } from '../../db/schema.ts';
import { writeGames } from '../write/gamesPhase.ts';
import type { SeasonJob, SeasonResult } from '../run/phaseProtocol.ts';
import { PositionBook } from '../season/positionEstimates.ts';
import { daysRest, opponentRanks, playerGameTotals, playerSeasons, teamGameTotals } from '../season/postprocess.ts';

export async function stageSeason(job: SeasonJob, log: (m: string) => void): Promise<SeasonResult> {
  const instance = await DuckDBInstance.create(job.tmp, {
    threads: '2',
    memory_limit: job.memoryLimit,
    temp_directory: job.spill,
    preserve_insertion_order: 'true',
  });
  const conn = await instance.connect();
  try {
    const positions = await PositionBook.load(conn, job.dataDir);
    if (!job.heldGames) await applySchema(conn);
    const result = await writeGames(conn, job.files, {
      dataDir: job.dataDir,
      seasons: [job.season],
      seasonTypes: job.files.map((f) => f.type),
      positions,
      log,
      progress: false,
      through: job.through,
      start: job.start,
      gameFiles: job.gameFiles,
      heldGames: job.heldGames,
    });
    if (result.outOfOrder) return { pbpNames: result.pbpNames, skipped: result.skipped, outOfOrder: true };
    if (job.heldGames) {
      // one row per play-by-play file: the held counts plus the new games'
      await conn.run(`CREATE TEMP TABLE read_sums AS
        SELECT season, season_type, sum(games)::INTEGER AS games, sum(rows_read)::BIGINT AS rows_read,
               sum(duplicates_dropped)::INTEGER AS duplicates_dropped, sum(eventnums_repeated)::INTEGER AS eventnums_repeated
          FROM ingest_read_stats GROUP BY season, season_type`);
      await conn.run('DELETE FROM ingest_read_stats');
      await conn.run('INSERT INTO ingest_read_stats SELECT * FROM read_sums ORDER BY season, season_type DESC');
      await conn.run('DROP TABLE read_sums');
    }
    await daysRest(conn);
    await opponentRanks(conn);
    await playerSeasons(conn, positions);
    await playerGameTotals(conn);
    await teamGameTotals(conn);
    await conn.run('CHECKPOINT');
    return { pbpNames: result.pbpNames, skipped: result.skipped };
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}
