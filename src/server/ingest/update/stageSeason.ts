/**
 * One season read again into its own staging database (the update, update.ts), run in a process of its own
 * (phaseChild.ts, phase 'season'): the build's games phase for the season's archive files and game files,
 * continuing the database's possession and lineup ids (writer.ts WriterStart), then the season's season-wide
 * tables (postprocess.ts: days rest, opponent ranks, player seasons, player and team game totals), checkpointed.
 * The update then copies its rows over the season's and builds the season's derived tables on it.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { applySchema } from '../../db/schema.ts';
import { writeGames } from '../gamesPhase.ts';
import type { SeasonJob, SeasonResult } from '../phaseProtocol.ts';
import { PositionBook } from '../positions.ts';
import { daysRest, opponentRanks, playerGameTotals, playerSeasons, teamGameTotals } from '../postprocess.ts';

export async function stageSeason(job: SeasonJob, log: (m: string) => void): Promise<SeasonResult> {
  const instance = await DuckDBInstance.create(job.tmp, {
    threads: '2', memory_limit: job.memoryLimit, temp_directory: job.spill, preserve_insertion_order: 'true',
  });
  const conn = await instance.connect();
  try {
    const positions = await PositionBook.load(conn, job.dataDir);
    await applySchema(conn);
    const result = await writeGames(conn, job.files, {
      dataDir: job.dataDir, seasons: [job.season], seasonTypes: job.files.map((f) => f.type), positions, log, progress: false,
      through: job.through, start: job.start, gameFiles: job.gameFiles,
    });
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
