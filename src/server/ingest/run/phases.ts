/**
 * The work of the ingest's two phases (phaseProtocol.ts), each run by phaseChild.ts in a process of its own: the
 * memory a phase's DuckDB and JavaScript held is given back to the system when its process exits, before the next
 * phase starts (allocator.ts).
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { applySchema, SCHEMA_VERSION } from '../../db/schema.ts';
import { writeGames } from '../write/gamesPhase.ts';
import { archiveGameHashes, recordGameSources } from '../read/gameHashes.ts';
import { attachForHooks } from '../season/attachStatsFile.ts';
import { runPostIngestHooks } from '../season/hooks.ts';
import type { DatabaseJob, DatabaseResult, HooksJob, IngestMetaRow } from './phaseProtocol.ts';
import { PositionBook } from '../season/positionEstimates.ts';
import { postprocess } from '../season/postprocess.ts';
import type { StepTimes } from './steps.ts';

/** DuckDB's memory limit while the post-ingest hooks build the derived tables. */
const HOOK_MEMORY_LIMIT = '640MB';

/** Both phases' DuckDB: the two cores, spilling next to the output, tables stored in the order rows were written. */
function instanceOptions(spill: string): Record<string, string> {
  return { threads: '2', temp_directory: spill, preserve_insertion_order: 'true' };
}

/**
 * The database phase: the games and the season-wide tables written into the temporary file and checkpointed.
 * Memory goal: the whole run under 1.5 GB. While games are appended DuckDB gets 400 MB (the parse
 * worker's reader 256 MB more, gameWorker.ts): appends need little, and every megabyte here adds to the worker's
 * and both threads' JavaScript. On failure the process exits with the database open; the parent removes the file.
 */
export async function buildDatabase(job: DatabaseJob, steps: StepTimes, log: (message: string) => void): Promise<DatabaseResult> {
  const instance = await DuckDBInstance.create(job.tmp, { ...instanceOptions(job.spill), memory_limit: job.memoryLimit });
  const conn = await instance.connect();
  const positions = await PositionBook.load(conn, job.dataDir);
  const { pbpNames, skipped, totals } = await steps.time('games parsed and written', async () => {
    await applySchema(conn);
    return writeGames(conn, job.files, { ...job, positions, log });
  });
  await steps.time('game content hashes', async () => recordGameSources(conn, await archiveGameHashes(conn, job.dataDir, job.files, job.through)));
  // Give the per-game JavaScript state back before DuckDB gets more memory for the season-wide tables
  // (the phase's process runs with --expose-gc, runPhase.ts).
  (globalThis as { gc?: () => void }).gc?.();
  // The season-wide aggregations get more room than the streaming phase needed: the JavaScript side has dropped
  // its per-game state by now.
  if (!/^\d+(MB|GB)$/.test(job.postMemoryLimit)) throw new Error(`invalid memory limit "${job.postMemoryLimit}"`);
  await conn.run(`SET memory_limit = '${job.postMemoryLimit}'`); // SET takes no parameters: the value is checked above
  await postprocess(conn, { dataDir: job.dataDir, positions, pbpNames: new Map(pbpNames), seasons: job.seasons, steps });
  await conn.run('CHECKPOINT');
  conn.closeSync();
  instance.closeSync();
  return { skipped, totals };
}

/**
 * The hooks phase: the models and derived tables built on the temporary file, then its ingest_meta row, checkpointed.
 * The derived tables are written with smaller row groups (attachStatsFile.ts HOOK_ROW_GROUP_SIZE), an option of the attached
 * database: the file is attached to an in-memory instance with it. The hooks get less memory than the season-wide
 * tables did (they spill what does not fit).
 */
export async function buildDerivedTables(job: HooksJob, steps: StepTimes, log: (message: string) => void): Promise<null> {
  const instance = await DuckDBInstance.create(':memory:', { ...instanceOptions(job.spill), memory_limit: HOOK_MEMORY_LIMIT });
  const conn = await instance.connect();
  await attachForHooks(conn, job.tmp);
  // (tests) a last hook that fails: the hooks run in this process, out of a test's reach
  const message = job.testFailingHook;
  const failing =
    message === undefined
      ? []
      : [
          {
            name: 'failing test hook',
            build: async () => {
              throw new Error(message);
            },
          },
        ];
  await runPostIngestHooks(conn, log, steps, failing);
  await writeIngestMeta(conn, job.meta, { added: job.meta.parsed, replaced: 0, skipped: job.meta.skippedGames });
  await conn.run('CHECKPOINT');
  conn.closeSync();
  instance.closeSync();
  return null;
}

/** What a build or an update did, for ingest_meta's update_* columns (docs/reference/ingest-meta.md). */
export interface UpdateRecord {
  added: number;
  replaced: number;
  skipped: { gameId: number; reason: string }[];
}

/** The game id as the league writes it, for update_skipped: 22200001 -> '0022200001'. */
const code = (id: number): string => String(id).padStart(10, '0');

/**
 * Writes the one ingest_meta row (replacing any): the build's figures, data_through (the last game's date) and the
 * record of this build or update.
 */
export async function writeIngestMeta(conn: DuckDBConnection, m: Omit<IngestMetaRow, 'skippedGames'>, record: UpdateRecord): Promise<void> {
  await conn.run('DELETE FROM ingest_meta');
  await conn.run(
    `INSERT INTO ingest_meta (schema_version, built_at, seasons, season_types, source_dir, games_parsed, games_skipped, warnings,
                              possessions, events, data_through, updated_at, update_added, update_replaced, update_skipped)
     VALUES ($v, now()::TIMESTAMP, $seasons, $types, $dir, $parsed, $skipped, $warnings, $poss, $events,
             (SELECT max(date) FROM games), now()::TIMESTAMP, $added, $replaced, $skippedList)`,
    {
      v: SCHEMA_VERSION,
      seasons: m.seasons.join(','),
      types: m.seasonTypes.join(','),
      dir: m.dataDir,
      parsed: m.parsed,
      skipped: m.skipped,
      warnings: m.warnings,
      poss: m.possessions,
      events: m.events,
      added: record.added,
      replaced: record.replaced,
      skippedList: JSON.stringify(record.skipped.map((k) => ({ game: code(k.gameId), reason: k.reason }))),
    },
  );
}
