/**
 * The stats database's schema version, checked when the server starts (each web node has its own copy of the
 * file): a file built by another version of the ingest would answer with missing columns or wrong
 * numbers, so the server refuses it with one line instead of serving it.
 */
import fs from 'node:fs';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { SCHEMA_VERSION } from './schema.ts';

/**
 * Why a file cannot be served: missing (build it), outdated (a stats database of another schema version: building
 * it again is safe) or unreadable (not a stats database, or locked: leave it alone).
 */
export type StatsDbVersionCheck =
  | { ok: true; version: number }
  | { ok: false; missing: true; reason: 'missing'; message: string }
  | { ok: false; missing: false; reason: 'outdated' | 'unreadable'; message: string };

/** Rows read from each table at start-up: enough to touch its first blocks, quick even on the full database. */
const SAMPLE_ROWS = 2048;

/**
 * What an open stats database holds, read through `connection`: its schema version, and, when that is the
 * expected one, every table opened and a sample of it read (its first SAMPLE_ROWS rows, every column): DuckDB
 * checks each block's checksum as it reads, so a file damaged in its catalog or in the blocks read fails here.
 * Throws with the table that cannot be read. Used at start-up (checkStatsDbVersion) and before the server
 * switches to a new file (statsDb.ts reloadStatsDb).
 */
export async function inspectStatsDb(connection: DuckDBConnection, expected: number = SCHEMA_VERSION): Promise<{ version: number | null }> {
  const reader = await connection.runAndReadAll('SELECT max(schema_version) AS v FROM ingest_meta');
  const value = reader.getRowObjects()[0]?.v;
  const version = value === null || value === undefined ? null : Number(value);
  if (version !== expected) return { version };
  const tables = (await connection.runAndReadAll('SELECT table_name FROM duckdb_tables() WHERE NOT temporary ORDER BY table_name')).getRows();
  for (const [name] of tables) {
    const table = String(name).replace(/"/g, '""');
    try {
      await connection.runAndReadAll(`SELECT * FROM "${table}" LIMIT ${SAMPLE_ROWS}`);
    } catch (error) {
      throw new Error(`table ${String(name)} cannot be read: ${firstLine(error)}`);
    }
  }
  return { version };
}

/** The first line of an error's message (DuckDB's are long). */
export const firstLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'unreadable';

/** The message for a file of another schema version. */
export function outdatedMessage(path: string, version: number | null, expected: number): string {
  return `STATS_DB_PATH=${JSON.stringify(path)} has schema version ${version ?? 'none'}, this build expects ${expected}: rebuild it with \`npm run ingest\` (or copy a file built by this version).`;
}

/** The message for a file that is not a readable stats database. */
export function unreadableMessage(path: string, problem: string): string {
  return `STATS_DB_PATH=${JSON.stringify(path)} is not a stats database this build can read (${problem}): rebuild it with \`npm run ingest\`.`;
}

/** Opens the file at `path` read-only, inspects it (inspectStatsDb) and closes it again. */
export async function checkStatsDbVersion(path: string, expected: number = SCHEMA_VERSION): Promise<StatsDbVersionCheck> {
  if (!fs.existsSync(path)) {
    return {
      ok: false,
      missing: true,
      reason: 'missing',
      message: `the stats database ${path} does not exist (build it with \`npm run ingest\`); stats pages answer 503 until it does.`,
    };
  }
  let version: number | null = null;
  let problem: string | null = null;
  let instance: DuckDBInstance | null = null;
  try {
    instance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY' });
    const connection = await instance.connect();
    try {
      ({ version } = await inspectStatsDb(connection, expected));
    } finally {
      connection.closeSync();
    }
  } catch (error) {
    problem = firstLine(error);
  } finally {
    instance?.closeSync();
  }
  if (problem !== null) return { ok: false, missing: false, reason: 'unreadable', message: unreadableMessage(path, problem) };
  if (version !== expected) return { ok: false, missing: false, reason: 'outdated', message: outdatedMessage(path, version, expected) };
  return { ok: true, version };
}
