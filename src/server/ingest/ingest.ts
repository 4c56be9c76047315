/**
 * The ingest run: nba-data -> a complete DuckDB database, written to a temporary file next to the target and
 * renamed over it only when everything (games, season-wide tables, post-ingest hooks) succeeded. A killed
 * or failed run leaves the previous database untouched. Games are streamed one at a time.
 *
 * This process only orchestrates: each phase runs in a child process of its own (runPhase.ts, phaseProtocol.ts),
 * the games and season-wide tables first, then the hooks. A phase's process exits before the next starts, so the
 * memory the first phase's DuckDB kept for reuse is given back to the system rather than carried under the hooks,
 * and each phase has its own allocator setting (allocator.ts). This process opens no database.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PbpFile } from './write/gamesProtocol.ts';
import type { PhaseName, PhaseUsage } from './run/phaseProtocol.ts';
import { pbpFile, seasonLabel } from './read/read.ts';
import { runPhase, type PhaseOptions } from './run/runPhase.ts';
import { logStep, withParentMemory, type StepTime } from './run/steps.ts';
import type { SeasonType } from './read/types.ts';
import { installStatsFile } from '../db/statsFileChecksum.ts';

export interface IngestOptions {
  dataDir: string;
  out: string;
  seasons: number[];
  seasonTypes: SeasonType[];
  /** show a progress bar (default: when stdout is a terminal) */
  progress?: boolean;
  log?: (message: string) => void;
  /** DuckDB memory limit while games are streamed, e.g. '640MB' */
  memoryLimit?: string;
  /** DuckDB memory limit for the season-wide tables, e.g. '1GB' */
  postMemoryLimit?: string;
  /** the last date (YYYY-MM-DD) of games to read: later games are left out, as if not yet played (a season replayed) */
  through?: string;
  /** (tests only) make the hooks phase fail with this message after its hooks ran (phaseProtocol.ts HooksJob) */
  testFailingHook?: string;
}

/** What one phase's process used (its own peak: the parent's is IngestSummary.parentPeakMiB). */
export interface PhaseTime extends PhaseUsage {
  phase: PhaseName;
}

export interface IngestSummary {
  gamesParsed: number;
  gamesSkipped: number;
  warnings: number;
  possessions: number;
  events: number;
  seconds: number;
  out: string;
  skipped: { gameId: number; reason: string }[];
  /** wall and CPU seconds and memory of each step (steps.ts: memory of the phase's process and this one together) */
  steps: StepTime[];
  /** each phase's process: wall and CPU seconds, peak memory */
  phases: PhaseTime[];
  /** this (the orchestrating) process's peak resident set size, MiB */
  parentPeakMiB: number;
  /**
   * the run's peak memory, MiB, at most: the largest phase's peak plus this process's. The phases run one after
   * the other, so no two phase processes held memory at once.
   */
  peakMiB: number;
}

export const ALL_SEASONS = Array.from({ length: 20 }, (_, i) => 2003 + i);

export async function runIngest(opts: IngestOptions): Promise<IngestSummary> {
  const log = opts.log ?? ((m: string) => console.log(m));
  const started = Date.now();
  if (!fs.existsSync(opts.dataDir)) throw new Error(`NBA data folder not found: ${opts.dataDir}`);
  const files = opts.seasons.flatMap((season) => opts.seasonTypes.map((type) => ({ season, type, file: pbpFile(opts.dataDir, type, season) })));
  const present = files.filter((f): f is PbpFile => f.file !== null);
  for (const f of files) if (!f.file) log(`no play-by-play for ${seasonLabel(f.season)} ${f.type}: skipped`);
  if (present.length === 0) throw new Error('no play-by-play file matches the requested seasons and season types');

  fs.mkdirSync(path.dirname(opts.out), { recursive: true });
  const tmp = `${opts.out}.tmp-${process.pid}`;
  // DuckDB spills the big post-ingest aggregations to a temporary folder next to the output.
  const spill = `${tmp}.spill`;
  const cleanup = (): void => {
    for (const f of [tmp, `${tmp}.wal`, spill]) fs.rmSync(f, { force: true, recursive: true });
  };
  cleanup();
  // SIGINT or SIGTERM stops the running phase's process; the run then fails, cleans up and exits with 130.
  // (Every signal is caught until the run ends: a second Ctrl-C must not end this process before it cleaned up.)
  const interrupt = new AbortController();
  const onSignal = (): void => interrupt.abort();
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const steps: StepTime[] = [];
  const phases: PhaseTime[] = [];
  const logWhole = logStep(log);
  const phaseOptions: PhaseOptions = {
    log,
    onStep: (step) => {
      const whole = withParentMemory(step);
      steps.push(whole);
      logWhole(whole);
    },
    signal: interrupt.signal,
  };
  try {
    const database = await runPhase(
      {
        phase: 'database',
        tmp,
        spill,
        dataDir: opts.dataDir,
        files: present,
        seasons: opts.seasons,
        seasonTypes: opts.seasonTypes,
        progress: opts.progress ?? process.stdout.isTTY === true,
        memoryLimit: opts.memoryLimit ?? '400MB',
        postMemoryLimit: opts.postMemoryLimit ?? '1GB',
        through: opts.through,
      },
      phaseOptions,
    );
    phases.push({ phase: 'database', ...database.usage });
    const { skipped, totals: t } = database.result;
    const hooks = await runPhase(
      {
        phase: 'hooks',
        tmp,
        spill,
        meta: {
          seasons: opts.seasons,
          seasonTypes: opts.seasonTypes,
          dataDir: opts.dataDir,
          parsed: t.games,
          skipped: skipped.length,
          warnings: t.warnings,
          possessions: t.possessions,
          events: t.events,
          skippedGames: skipped,
        },
        testFailingHook: opts.testFailingHook,
      },
      phaseOptions,
    );
    phases.push({ phase: 'hooks', ...hooks.usage });
    await installStatsFile(tmp, opts.out); // renames it over the path, with its checksum beside it
    fs.rmSync(spill, { force: true, recursive: true });
    const parentPeakMiB = process.resourceUsage().maxRSS / 1024;
    return {
      gamesParsed: t.games,
      gamesSkipped: skipped.length,
      warnings: t.warnings,
      possessions: t.possessions,
      events: t.events,
      seconds: (Date.now() - started) / 1000,
      out: opts.out,
      skipped,
      steps,
      phases,
      parentPeakMiB,
      peakMiB: Math.max(...phases.map((p) => p.peakMiB)) + parentPeakMiB,
    };
  } catch (err) {
    // the phase's process has ended (runPhase settles on its end): nothing writes these files any more
    cleanup();
    if (interrupt.signal.aborted) process.exit(130);
    throw err;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
