/**
 * What the ingest's parent process (ingest.ts, through runPhase.ts) and the child process of each phase
 * (phaseChild.ts) say to each other over the IPC channel, as JSON. The parent sends the job as the first message;
 * the child sends log lines and step times as it goes, then its result or its error, and exits.
 *
 * Two phases, one after the other, each in a process of its own, both writing the temporary database file:
 * - database: the position book, the games (gamesPhase.ts) and the season-wide tables (postprocess.ts), with one
 *   DuckDB instance on the file, checkpointed;
 * - hooks: the models and derived tables (hooks.ts) and the ingest_meta row, checkpointed.
 */
import type { PbpFile } from '../write/gamesProtocol.ts';
import type { StepTime } from './steps.ts';
import type { SeasonType } from '../read/types.ts';
import type { WriterStart, WriterTotals } from '../write/writer.ts';

export type PhaseName = 'database' | 'hooks' | 'season';

/** The files a phase's DuckDB writes: the temporary database and the folder it spills to. */
interface PhaseFiles {
  tmp: string;
  spill: string;
}

export interface DatabaseJob extends PhaseFiles {
  phase: 'database';
  dataDir: string;
  files: PbpFile[];
  seasons: number[];
  seasonTypes: SeasonType[];
  /** draw the games' progress bar (on the terminal the child shares with the parent) */
  progress: boolean;
  /** DuckDB's memory limit while games are appended, e.g. '400MB' */
  memoryLimit: string;
  /** DuckDB's memory limit for the season-wide tables, e.g. '1GB' */
  postMemoryLimit: string;
  /** the last date of games read (ingest --through): later games are left out */
  through?: string;
}

export interface DatabaseResult {
  skipped: { gameId: number; reason: string }[];
  totals: WriterTotals;
}

/** The ingest_meta row, written by the hooks phase when every hook succeeded. */
export interface IngestMetaRow {
  seasons: number[];
  seasonTypes: SeasonType[];
  dataDir: string;
  parsed: number;
  skipped: number;
  warnings: number;
  possessions: number;
  events: number;
  /** the games skipped, for ingest_meta.update_skipped */
  skippedGames: { gameId: number; reason: string }[];
}

export interface HooksJob extends PhaseFiles {
  phase: 'hooks';
  meta: IngestMetaRow;
  /** (tests only) a last hook that fails with this message: the hooks run in this process, out of a test's reach */
  testFailingHook?: string;
}

/**
 * The update's season (update/update.ts): one season read again into its own staging database (the games phase
 * continuing the database's ids, the season's season-wide tables), in a process of its own so that the memory of
 * the games phase is given back before the update's models and derived tables.
 */
export interface SeasonJob extends PhaseFiles {
  phase: 'season';
  dataDir: string;
  files: PbpFile[];
  season: number;
  through?: string;
  start: WriterStart;
  gameFiles: string[];
  memoryLimit: string;
  /**
   * The new games only: the staging database already holds the season's held rows of the written tables (update.ts),
   * these held games are left out, and the new games' rows are appended after them.
   */
  heldGames?: number[];
}

export interface SeasonResult {
  pbpNames: [number, string][];
  skipped: { gameId: number; reason: string }[];
  /** heldGames given: a held game came after a new one in the build's order; nothing more was done */
  outOfOrder?: boolean;
}

export type PhaseJob = DatabaseJob | HooksJob | SeasonJob;

/** What a phase's job gives back: the database phase its games' totals, the season its names and skips, the hooks phase nothing. */
export type PhaseResult<J extends PhaseJob> = J extends DatabaseJob ? DatabaseResult : J extends SeasonJob ? SeasonResult : null;

/** What a phase's whole process used, measured by itself when its work was done. */
export interface PhaseUsage {
  /** wall seconds from the process's start (node, tsx and DuckDB's library are the phase's too) */
  seconds: number;
  /** user + system CPU seconds of the process (every thread) */
  cpuSeconds: number;
  /** the process's peak resident set size, MiB */
  peakMiB: number;
}

export type PhaseMessage =
  | { kind: 'log'; message: string }
  | { kind: 'step'; step: StepTime }
  | { kind: 'done'; result: DatabaseResult | SeasonResult | null; usage: PhaseUsage }
  | { kind: 'error'; message: string; stack?: string };
