/**
 * Post-ingest hooks: the models (src/server/models/registry.ts), then the derived tables other parts of the server
 * compute in SQL from the ingest's tables.
 * The ingest calls runPostIngestHooks on the complete temporary database before renaming it into place,
 * so a failing hook leaves the previous database intact.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { AGGREGATE_BUILDERS } from '../stats/sql/aggregates.ts';
import { MODELS } from '../models/registry.ts';
import { StepTimes } from './steps.ts';

/**
 * Row-group size of the derived tables (src/server/stats/sql/aggregates.ts). DuckDB skips a row group when its
 * min/max cannot match a filter; the team-clustered copies are read a few team-seasons and periods at a time,
 * blocks of a few thousand rows, which the default 122,880-row groups would mix with their neighbours.
 */
const HOOK_ROW_GROUP_SIZE = 16_384;

/**
 * Attach the database file at `file` to `connection` (of an in-memory instance) as the default database, with
 * HOOK_ROW_GROUP_SIZE: the row-group size is an option of the attached database, taken by what is written under
 * it, so the hooks write into the file attached this way.
 */
export async function attachForHooks(connection: DuckDBConnection, file: string): Promise<void> {
  // ATTACH takes no parameters: the path is the operator's or our own temporary file name, quoted here.
  await connection.run(`ATTACH '${file.replace(/'/g, "''")}' AS stats (ROW_GROUP_SIZE ${HOOK_ROW_GROUP_SIZE})`);
  await connection.run('USE stats');
}

export async function runPostIngestHooks(
  connection: DuckDBConnection,
  log: (message: string) => void = () => {},
  steps: StepTimes = new StepTimes(log),
): Promise<void> {
  // The models (src/server/models/registry.ts) read the possession tables and add to them (e.g.
  // possessions.leverage), which the derived tables copy: they run first.
  for (const model of MODELS) await steps.time(`model ${model.name}`, () => model.build(connection, log));
  for (const builder of AGGREGATE_BUILDERS) await steps.time(`hook ${builder.name}`, () => builder.build(connection));
}
