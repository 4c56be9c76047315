/**
 * What the games phase's two threads say to each other (gamesPhase.ts, the database's thread; gameWorker.ts,
 * the parse worker). The worker reads and parses the play-by-play and builds the rows; the database's thread
 * appends them. A shared counter keeps the worker at most `CHUNKS_IN_FLIGHT` chunks ahead of the appends.
 */
import type { Chunk } from './chunkWriter.ts';
import type { PositionFacts } from '../season/positionEstimates.ts';
import type { DataFile } from '../read/read.ts';
import type { SeasonType } from '../read/types.ts';
import type { WriterStart, WriterTotals, WrittenTable } from './writer.ts';

/**
 * Chunks the worker may post before the database's thread has appended them (memory stays bounded): 16 keep both
 * threads busy as 48 did (the games phase 111-114 s either way), with less memory queued.
 */
export const CHUNKS_IN_FLIGHT = 16;

export interface PbpFile {
  season: number;
  type: SeasonType;
  file: DataFile;
}

export interface GamesJob {
  dataDir: string;
  files: PbpFile[];
  seasons: number[];
  seasonTypes: SeasonType[];
  columnCounts: Record<WrittenTable, number>;
  /** the position book the database's thread loaded (PositionBook.facts) */
  positions: PositionFacts;
  /** one Int32: chunks appended so far, counted by the database's thread */
  appended: SharedArrayBuffer;
  /** the last date (YYYY-MM-DD) of games read: later games of games.parquet are left out as if not yet played */
  through?: string;
  /** the database the games are added to (the update): next possession id and held lineups */
  start?: WriterStart;
  /** game files (docs/reference/game-files.md) of the seasons written: read instead of the archive's game of the same id */
  gameFiles?: string[];
  /**
   * The update's new games only (update.ts): these games, already held, are left out; the result says whether one
   * of them came after a game written (then the new games do not all follow the held ones in the build's order).
   */
  heldGames?: number[];
}

export interface GamesResult {
  pbpNames: [number, string][];
  skipped: { gameId: number; reason: string }[];
  totals: WriterTotals;
  /** heldGames given: a held game came after a game written */
  outOfOrder?: boolean;
}

export type WorkerMessage =
  | { kind: 'chunk'; chunk: Chunk }
  | { kind: 'expected'; games: number }
  | { kind: 'progress'; done: number; label: string }
  | { kind: 'log'; message: string }
  | { kind: 'done'; result: GamesResult };
