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

/** 'missing', 'current', or a sentence saying why the file cannot be served. */
export async function statsDbState(path) {
  if (!existsSync(path)) return 'missing';
  const expected = expectedSchemaVersion();
  let instance = null;
  try {
    instance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY' });
    const connection = await instance.connect();
    const reader = await connection.runAndReadAll('SELECT max(schema_version) AS v FROM ingest_meta');
    connection.closeSync();
    const version = Number(reader.getRowObjects()[0]?.v ?? NaN);
    return version === expected ? 'current' : `${path} has schema version ${Number.isNaN(version) ? 'none' : version}, this checkout expects ${expected}`;
  } catch (error) {
    return `${path} is not readable as a stats database (${String(error instanceof Error ? error.message : error).split('\n')[0]})`;
  } finally {
    instance?.closeSync();
  }
}
