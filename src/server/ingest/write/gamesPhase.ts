/**
 * The games phase of the ingest: every play-by-play file read, each game parsed and its rows appended, on two
 * threads. The parse worker (gameWorker.ts) reads, parses and builds rows; this thread, which owns the
 * database, appends them in the order they were built (gamesProtocol.ts), so the tables are stored as before:
 * in game order, possessions numbered in sequence.
 */
import cliProgress from 'cli-progress';
import type { DuckDBConnection } from '@duckdb/node-api';
import { startWorker } from '../../worker/startWorker.ts';
import { ChunkAppender } from './chunkWriter.ts';
import type { GamesJob, GamesResult, PbpFile, WorkerMessage } from './gamesProtocol.ts';
import type { PositionBook } from '../season/positionEstimates.ts';
import { WRITTEN_TABLES, type WrittenTable } from './writer.ts';

export interface GamesPhaseOptions {
  dataDir: string;
  seasons: number[];
  seasonTypes: GamesJob['seasonTypes'];
  /** the players' positions (the writer orders each five by them) */
  positions: PositionBook;
  progress?: boolean;
  log: (message: string) => void;
  /** the last date of games read (GamesJob.through) */
  through?: string;
  /** the database the games continue (GamesJob.start) */
  start?: GamesJob['start'];
  /** game files read instead of the archive's games (GamesJob.gameFiles) */
  gameFiles?: string[];
  /** games already held, left out (GamesJob.heldGames) */
  heldGames?: number[];
}

/** Heap of the parse worker: it holds one game, a season's shot locations and the lineup ids. */
const WORKER_HEAP_MB = 768;

export async function writeGames(conn: DuckDBConnection, files: PbpFile[], opts: GamesPhaseOptions): Promise<GamesResult> {
  const appenders = new Map<string, ChunkAppender>();
  for (const table of WRITTEN_TABLES) appenders.set(table, await ChunkAppender.open(conn, table));
  const columnCounts = Object.fromEntries(WRITTEN_TABLES.map((t) => [t, appenders.get(t)!.columnCount])) as Record<WrittenTable, number>;
  const appended = new SharedArrayBuffer(4);
  const counter = new Int32Array(appended);
  const job: GamesJob = {
    dataDir: opts.dataDir,
    files,
    seasons: opts.seasons,
    seasonTypes: opts.seasonTypes,
    columnCounts,
    positions: opts.positions.facts,
    appended,
    through: opts.through,
    start: opts.start,
    gameFiles: opts.gameFiles,
    heldGames: opts.heldGames,
  };
  const started = Date.now();
  const bar =
    (opts.progress ?? process.stdout.isTTY)
      ? new cliProgress.SingleBar(
          { format: 'ingest {bar} {value}/{total} games | {rate} games/s | {season}', hideCursor: true },
          cliProgress.Presets.shades_classic,
        )
      : null;

  const worker = startWorker(new URL('./gameWorker.ts', import.meta.url), job, { maxOldGenerationSizeMb: WORKER_HEAP_MB });
  try {
    const result = await new Promise<GamesResult>((resolve, reject) => {
      let finished = false;
      worker.on('message', (m: WorkerMessage) => {
        try {
          switch (m.kind) {
            case 'chunk':
              appenders.get(m.chunk.table)!.append(m.chunk);
              Atomics.add(counter, 0, 1);
              Atomics.notify(counter, 0);
              break;
            case 'expected':
              bar?.start(m.games, 0, { rate: '0', season: '' });
              break;
            case 'progress':
              bar?.update(m.done, { rate: (m.done / ((Date.now() - started) / 1000)).toFixed(1), season: m.label });
              break;
            case 'log':
              if (!bar) opts.log(m.message);
              break;
            case 'done':
              finished = true;
              resolve(m.result);
              break;
          }
        } catch (err) {
          reject(err);
        }
      });
      worker.on('error', reject);
      worker.on('exit', (code) => {
        if (!finished) reject(new Error(`the parse worker stopped (exit code ${code}) before it had parsed every game`));
      });
    });
    for (const a of appenders.values()) a.closeSync();
    return result;
  } finally {
    bar?.stop();
    await worker.terminate();
  }
}
