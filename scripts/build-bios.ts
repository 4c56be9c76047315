/**
 * `npx tsx scripts/build-bios.ts <db> [--data dir]`: (re)builds the player bio tables of the ingest's postprocess
 * (player_bios, player_league_years: src/server/ingest/postprocess.ts) in an existing stats database, e.g. one
 * built before they existed, without a full re-ingest. Reads nba-data from --data (default NBA_DATA_DIR or
 * ../shared/nba-data). The server works without them (the bio header then shows what players/player_seasons know).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import { SCHEMA_PATH } from '../src/server/db/schema.ts';
import { config } from '../src/server/config.ts';
import { playerBios, playerLeagueYears } from '../src/server/ingest/postprocess.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { data: { type: 'string' } } });
const dbPath = positionals[0];
if (!dbPath) {
  console.error('usage: npx tsx scripts/build-bios.ts <db> [--data dir]');
  process.exit(2);
}
const dataDir = values.data ?? config.nbaDataDir;
const schema = fs.readFileSync(SCHEMA_PATH, 'utf8');
const createOf = (table: string): string => {
  const m = new RegExp(`CREATE TABLE ${table} \\([\\s\\S]*?\\n\\);`).exec(schema);
  if (!m) throw new Error(`no CREATE TABLE ${table} in ${SCHEMA_PATH}`);
  return m[0].replace(/--.*$/gm, '');
};

const instance = await DuckDBInstance.create(dbPath);
const connection = await instance.connect();
for (const [table, fill] of [
  ['player_bios', playerBios],
  ['player_league_years', playerLeagueYears],
] as const) {
  const t0 = Date.now();
  await connection.run('BEGIN TRANSACTION');
  await connection.run(`DROP TABLE IF EXISTS ${table}`);
  await connection.run(createOf(table));
  await fill(connection, dataDir);
  await connection.run('COMMIT');
  const n = (await connection.runAndReadAll(`SELECT count(*) AS n FROM ${table}`)).getRowObjectsJS()[0]!.n;
  console.log(`${table}: ${String(n)} rows, ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
await connection.run('CHECKPOINT');
connection.closeSync();
instance.closeSync();
