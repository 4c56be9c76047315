/**
 * The stats database's schema version, checked when the server starts (each web node has its own copy of the
 * file, issue 14): a file built by another version of the ingest would answer with missing columns or wrong
 * numbers, so the server refuses it with one line instead of serving it.
 */
import fs from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
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
 * Read `ingest_meta.schema_version` of the file at `path`, then open every table and read a sample of it (its
 * first SAMPLE_ROWS rows, every column): DuckDB checks each block's checksum as it reads, so a file damaged in its
 * catalog or in the blocks read fails here, naming the file. Damage further in is met at run time, where the
 * stats answers say 503 (src/server/db/statsDb.ts). Read-only; the instance is closed again.
 */
export async function checkStatsDbVersion(path: string, expected: number = SCHEMA_VERSION): Promise<StatsDbVersionCheck> {
  if (!fs.existsSync(path)) {
    return { ok: false, missing: true, reason: 'missing', message: `the stats database ${path} does not exist (build it with \`npm run ingest\`); stats pages answer 503 until it does.` };
  }
  let version: number | null = null;
  let problem: string | null = null;
  let instance: DuckDBInstance | null = null;
  try {
    instance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY' });
    const connection = await instance.connect();
    try {
      const reader = await connection.runAndReadAll('SELECT max(schema_version) AS v FROM ingest_meta');
      const value = reader.getRowObjects()[0]?.v;
      version = value === null || value === undefined ? null : Number(value);
      if (version === expected) {
        const tables = (await connection.runAndReadAll("SELECT table_name FROM duckdb_tables() WHERE NOT temporary ORDER BY table_name")).getRows();
        for (const [name] of tables) {
          const table = String(name).replace(/"/g, '""');
          try {
            await connection.runAndReadAll(`SELECT * FROM "${table}" LIMIT ${SAMPLE_ROWS}`);
          } catch (error) {
            throw new Error(`table ${String(name)} cannot be read: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`);
          }
        }
      }
    } finally {
      connection.closeSync();
    }
  } catch (error) {
    problem = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'unreadable';
  } finally {
    instance?.closeSync();
  }
  if (problem !== null) return { ok: false, missing: false, reason: 'unreadable', message: `STATS_DB_PATH=${JSON.stringify(path)} is not a stats database this build can read (${problem}): rebuild it with \`npm run ingest\`.` };
  if (version !== expected) {
    return {
      ok: false,
      missing: false,
      reason: 'outdated',
      message: `STATS_DB_PATH=${JSON.stringify(path)} has schema version ${version ?? 'none'}, this build expects ${expected}: rebuild it with \`npm run ingest\` (or copy a file built by this version).`,
    };
  }
  return { ok: true, version };
}
