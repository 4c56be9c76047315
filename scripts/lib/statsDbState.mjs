/**
 * Whether the stats database at a path is one this checkout can serve: it exists and its ingest_meta carries
 * the schema version of src/server/db/schema.ts (the server refuses any other, src/server/db/statsDbVersion.ts).
 * Plain JavaScript for the .mjs entry scripts, which run before anything is compiled.
 */
import { existsSync, readFileSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';

/** SCHEMA_VERSION as written in src/server/db/schema.ts. */
export function expectedSchemaVersion() {
  const match = /export const SCHEMA_VERSION = (\d+);/.exec(readFileSync('src/server/db/schema.ts', 'utf8'));
  if (!match) throw new Error('src/server/db/schema.ts: no SCHEMA_VERSION');
  return Number(match[1]);
}

/**
 * { state, message }: 'missing' (no file), 'current' (this checkout's schema version), 'outdated' (a stats
 * database of another version: building it again is safe) or 'unreadable' (not a stats database, or locked: it is
 * left alone, the caller stops with the message).
 */
export async function statsDbState(path) {
  if (!existsSync(path)) return { state: 'missing', message: `${path} does not exist` };
  const expected = expectedSchemaVersion();
  let instance = null;
  try {
    instance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY' });
    const connection = await instance.connect();
    const reader = await connection.runAndReadAll('SELECT max(schema_version) AS v FROM ingest_meta');
    connection.closeSync();
    const version = Number(reader.getRowObjects()[0]?.v ?? NaN);
    if (version === expected) return { state: 'current', message: `${path} has schema version ${version}` };
    return { state: 'outdated', message: `${path} has schema version ${Number.isNaN(version) ? 'none' : version}, this checkout expects ${expected}` };
  } catch (error) {
    return { state: 'unreadable', message: `${path} cannot be read as a stats database (${String(error instanceof Error ? error.message : error).split('\n')[0]})` };
  } finally {
    instance?.closeSync();
  }
}
