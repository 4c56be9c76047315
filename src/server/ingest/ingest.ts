/**
 * The ingest run: nba-data -> a complete DuckDB database, written to a temporary file next to the target and
 * renamed over it only when everything (games, season-wide tables, post-ingest hooks) succeeded. A killed
 * or failed run leaves the previous database untouched. Games are streamed one at a time.
 */
import fs from 'node:fs';
import path from 'node:path';
import cliProgress from 'cli-progress';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { applySchema, SCHEMA_VERSION } from '../db/schema.ts';
import { attachForHooks, runPostIngestHooks } from './hooks.ts';
import { parseGame } from './parseGame.ts';
import { PositionBook } from './positions.ts';
import { postprocess } from './postprocess.ts';
import { loadGames, loadShotLocations, pbpFile, playerNames, seasonLabel, streamGames } from './read.ts';
import { StepTimes, type StepTime } from './steps.ts';
import type { SeasonType } from './types.ts';
import { StatsWriter } from './writer.ts';

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
  const present = files.filter((f) => f.file !== null);
  for (const f of files) if (!f.file) log(`no play-by-play for ${seasonLabel(f.season)} ${f.type}: skipped`);
  if (present.length === 0) throw new Error('no play-by-play file matches the requested seasons and season types');

  fs.mkdirSync(path.dirname(opts.out), { recursive: true });
  const tmp = `${opts.out}.tmp-${process.pid}`;
  for (const f of [tmp, `${tmp}.wal`]) fs.rmSync(f, { force: true });
  // Memory goal: the whole run under 2 GB. DuckDB gets 640 MB and spills the big post-ingest aggregations
  // to a temporary folder next to the output; the JavaScript side holds one game at a time.
  const spill = `${tmp}.spill`;
  const instanceOptions = { threads: '2', temp_directory: spill, preserve_insertion_order: 'true' };
  let instance = await DuckDBInstance.create(tmp, { ...instanceOptions, memory_limit: opts.memoryLimit ?? '640MB' });
  let conn: DuckDBConnection | null = await instance.connect();
  // Reading streams on its own connection: the appenders flush on `conn` while a game stream is open.
  const readConn = await instance.connect();
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
    const { positions, pbpNames, skipped, writer } = await steps.time('games parsed and written', () =>
      writeGames(conn!, readConn, present, opts, log),
    );
    // Give the per-game JavaScript state back before DuckDB gets more memory for the season-wide tables
    // (the npm scripts run with --expose-gc; without it V8 collects when it sees fit).
    (globalThis as { gc?: () => void }).gc?.();
    // The season-wide aggregations and the hooks get more room than the streaming phase needed: the
    // JavaScript side has dropped its per-game state by now (total still under 2 GB).
    const postLimit = opts.postMemoryLimit ?? '1GB';
    if (!/^\d+(MB|GB)$/.test(postLimit)) throw new Error(`invalid memory limit "${postLimit}"`);
    await conn.run(`SET memory_limit = '${postLimit}'`); // SET takes no parameters: the value is checked above
    await postprocess(conn, { dataDir: opts.dataDir, positions, pbpNames, seasons: opts.seasons, steps });
    // The derived tables of the hooks are written with smaller row groups (hooks.ts HOOK_ROW_GROUP_SIZE), an
    // option of the attached database: the file is closed and attached again with it.
    await conn.run('CHECKPOINT');
    readConn.closeSync();
    conn.closeSync();
    instance.closeSync();
    // The JavaScript side keeps about 1.2 GB of RSS from the games phase: the hooks get less than the
    // season-wide tables did, so the whole run stays under 2 GB (they spill what does not fit).
    instance = await DuckDBInstance.create(':memory:', { ...instanceOptions, memory_limit: HOOK_MEMORY_LIMIT });
    conn = await instance.connect();
    await attachForHooks(conn, tmp);
    await runPostIngestHooks(conn, log, steps);
    const t = writer.totals;
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

type PbpFile = { season: number; type: SeasonType; file: ReturnType<typeof pbpFile> };

/** The games phase: every play-by-play file streamed, each game parsed and appended (writer.ts). */
async function writeGames(
  conn: DuckDBConnection,
  readConn: DuckDBConnection,
  present: PbpFile[],
  opts: IngestOptions,
  log: (message: string) => void,
): Promise<{ positions: PositionBook; pbpNames: Map<number, string>; skipped: { gameId: number; reason: string }[]; writer: StatsWriter }> {
  const started = Date.now();
  await applySchema(conn);
  const games = await loadGames(conn, opts.dataDir);
  const positions = await PositionBook.load(conn, opts.dataDir);
  const writer = new StatsWriter(conn, positions);
  await writer.open();
  const pbpNames = new Map<number, string>();
  const skipped: { gameId: number; reason: string }[] = [];
  const expected = [...games.values()].filter(
    (g) => opts.seasons.includes(g.season) && opts.seasonTypes.includes(g.seasonType),
  ).length;
  const bar = (opts.progress ?? process.stdout.isTTY)
    ? new cliProgress.SingleBar(
        { format: 'ingest {bar} {value}/{total} games | {rate} games/s | {season}', hideCursor: true },
        cliProgress.Presets.shades_classic,
      )
    : null;
  bar?.start(expected, 0, { rate: '0', season: '' });
  let done = 0;
  for (const { season, type, file } of present) {
    const label = `${seasonLabel(season)} ${type}`;
    const shots = type === 'regular' ? await loadShotLocations(conn, opts.dataDir, type, season) : null;
    for (const [id, name] of await playerNames(conn, file!)) if (!pbpNames.has(id)) pbpNames.set(id, name);
    let inFile = 0;
    const read = { rows: 0, dropped: 0, repeated: 0 };
    for await (const rows of streamGames(readConn, file!)) {
      const { gameCode, events } = rows;
      const game = games.get(gameCode);
      const gameId = Number(gameCode);
      read.rows += events.length + rows.dropped.length;
      read.dropped += rows.dropped.length;
      read.repeated += rows.repeated.length;
      writer.readIssues(gameId, season, rows);
      if (!game) {
        skipped.push({ gameId, reason: 'not in games.parquet' });
        writer.skip(gameId, season, `game ${gameCode} is not in the games file`);
        continue;
      }
      try {
        const result = parseGame(game, events, shots?.get(game.gameId) ?? null);
        writer.writeGame(result);
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        skipped.push({ gameId, reason });
        writer.skip(gameId, season, reason);
      }
      done++;
      inFile++;
      if (bar && done % 10 === 0) {
        const secs = (Date.now() - started) / 1000;
        bar.update(done, { rate: (done / secs).toFixed(1), season: label });
      }
    }
    writer.readStats(season, type, inFile, read.rows, read.dropped, read.repeated);
    if (!bar) log(`${label}: ${inFile} games, ${read.dropped} duplicated rows dropped`);
  }
  bar?.update(done, { rate: (done / ((Date.now() - started) / 1000)).toFixed(1) });
  bar?.stop();
  await writer.close();
  return { positions, pbpNames, skipped, writer };
}
