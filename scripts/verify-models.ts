/**
 * `npm run verify:models -- --db FILE`: prints every model's report (src/server/models/registry.ts) in Markdown,
 * from what the ingest stored in the stats database FILE (default: STATS_DB_PATH, else data/stats.duckdb).
 * Opens the file read only.
 */
import { parseArgs } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import { MODELS } from '../src/server/models/registry.ts';

const { values } = parseArgs({ options: { db: { type: 'string' } } });
const dbPath = values.db ?? process.env.STATS_DB_PATH ?? 'data/stats.duckdb';
const instance = await DuckDBInstance.create(dbPath, { access_mode: 'READ_ONLY' });
const connection = await instance.connect();
console.log(`# Models of ${dbPath}\n`);
for (const m of MODELS) console.log(await m.verify(connection));
connection.closeSync();
instance.closeSync();
