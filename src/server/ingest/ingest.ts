/**
 * The ingest run: nba-data -> a complete DuckDB database, written to a temporary file next to the target and
 * renamed over it only when everything (games, season-wide tables, post-ingest hooks) succeeded. A killed
 * or failed run leaves the previous database untouched. Games are streamed one at a time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { applySchema, SCHEMA_VERSION } from '../db/schema.ts';
import { attachForHooks, runPostIngestHooks } from './hooks.ts';
import { writeGames } from './gamesPhase.ts';
import type { PbpFile } from './gamesProtocol.ts';
import { PositionBook } from './positions.ts';
import { postprocess } from './postprocess.ts';
import { pbpFile, seasonLabel } from './read.ts';
import { StepTimes, type StepTime } from './steps.ts';
import type { SeasonType } from './types.ts';

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
  /** DuckDB memory limit for the season-wide tables and hooks, e.g. '1GB' */
  postMemoryLimit?: string;
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
  /** wall and CPU seconds of each step (steps.ts) */
  steps: StepTime[];
}

/** DuckDB's memory limit while the post-ingest hooks build the derived tables. */
const HOOK_MEMORY_LIMIT = '640MB';

export const ALL_SEASONS = Array.from({ length: 20 }, (_, i) => 2003 + i);

export async function runIngest(opts: IngestOptions): Promise<IngestSummary> {
  const log = opts.log ?? ((m: string) => console.log(m));
  const started = Date.now();
  const steps = new StepTimes(log);
  if (!fs.existsSync(opts.dataDir)) throw new Error(`NBA data folder not found: ${opts.dataDir}`);
  const files = opts.seasons.flatMap((season) =>
    opts.seasonTypes.map((type) => ({ season, type, file: pbpFile(opts.dataDir, type, season) })),
  );
  const present = files.filter((f): f is PbpFile => f.file !== null);
  for (const f of files) if (!f.file) log(`no play-by-play for ${seasonLabel(f.season)} ${f.type}: skipped`);
  if (present.length === 0) throw new Error('no play-by-play file matches the requested seasons and season types');

  fs.mkdirSync(path.dirname(opts.out), { recursive: true });
  const tmp = `${opts.out}.tmp-${process.pid}`;
  for (const f of [tmp, `${tmp}.wal`]) fs.rmSync(f, { force: true });
  // Memory goal (issue 25): the whole run under 1.5 GB. While games are appended DuckDB gets 400 MB (the parse
  // worker's reader 256 MB more, gameWorker.ts): appends need little, and every megabyte here adds to the worker's
  // and both threads' JavaScript. It spills the big post-ingest aggregations to a temporary folder next to the
  // output. DuckDB's allocator gives freed pages back at once (allocator.ts, imported by cli.ts).
  const spill = `${tmp}.spill`;
  const instanceOptions = { threads: '2', temp_directory: spill, preserve_insertion_order: 'true' };
  let instance = await DuckDBInstance.create(tmp, { ...instanceOptions, memory_limit: opts.memoryLimit ?? '400MB' });
  let conn: DuckDBConnection | null = await instance.connect();
  const cleanup = (): void => {
    for (const f of [tmp, `${tmp}.wal`, spill]) fs.rmSync(f, { force: true, recursive: true });
  };
  const onSignal = (): void => {
    cleanup();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const positions = await PositionBook.load(conn, opts.dataDir);
    const { pbpNames, skipped, totals: t } = await steps.time('games parsed and written', async () => {
      await applySchema(conn!);
      return writeGames(conn!, present, { ...opts, positions, log });
    });
    // Give the per-game JavaScript state back before DuckDB gets more memory for the season-wide tables
    // (the npm scripts run with --expose-gc; without it V8 collects when it sees fit).
    (globalThis as { gc?: () => void }).gc?.();
    // The season-wide aggregations and the hooks get more room than the streaming phase needed: the
    // JavaScript side has dropped its per-game state by now (total still under 2 GB).
    const postLimit = opts.postMemoryLimit ?? '1GB';
    if (!/^\d+(MB|GB)$/.test(postLimit)) throw new Error(`invalid memory limit "${postLimit}"`);
    await conn.run(`SET memory_limit = '${postLimit}'`); // SET takes no parameters: the value is checked above
    await postprocess(conn, { dataDir: opts.dataDir, positions, pbpNames: new Map(pbpNames), seasons: opts.seasons, steps });
    // The derived tables of the hooks are written with smaller row groups (hooks.ts HOOK_ROW_GROUP_SIZE), an
    // option of the attached database: the file is closed and attached again with it.
    await conn.run('CHECKPOINT');
    conn.closeSync();
    instance.closeSync();
    // The hooks get less than the season-wide tables did (they spill what does not fit).
    instance = await DuckDBInstance.create(':memory:', { ...instanceOptions, memory_limit: HOOK_MEMORY_LIMIT });
    conn = await instance.connect();
    await attachForHooks(conn, tmp);
    await runPostIngestHooks(conn, log, steps);
    const summary: IngestSummary = {
      gamesParsed: t.games,
      gamesSkipped: skipped.length,
      warnings: t.warnings,
      possessions: t.possessions,
      events: t.events,
      seconds: 0,
      out: opts.out,
      skipped,
      steps: steps.steps,
    };
    await conn.run(
      `INSERT INTO ingest_meta VALUES ($v, now()::TIMESTAMP, $seasons, $types, $dir, $parsed, $skipped, $warnings, $poss, $events)`,
      {
        v: SCHEMA_VERSION,
        seasons: opts.seasons.join(','),
        types: opts.seasonTypes.join(','),
        dir: opts.dataDir,
        parsed: summary.gamesParsed,
        skipped: summary.gamesSkipped,
        warnings: summary.warnings,
        poss: summary.possessions,
        events: summary.events,
      },
    );
    await conn.run('CHECKPOINT');
    conn.closeSync();
    conn = null;
    instance.closeSync();
    fs.renameSync(tmp, opts.out);
    fs.rmSync(`${opts.out}.wal`, { force: true });
    fs.rmSync(spill, { force: true, recursive: true });
    summary.seconds = (Date.now() - started) / 1000;
    return summary;
  } catch (err) {
    try {
      conn?.closeSync();
      instance.closeSync();
    } catch {
      // already closed
    }
    cleanup();
    throw err;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
