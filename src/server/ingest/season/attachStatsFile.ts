/**
 * How every writer of a stats file opens it: the ingest's hooks, the update, scripts/build-aggregates.ts, and the
 * tests and scripts that change a copy. It imports nothing at run time, so plain-node scripts import it too.
 */
import type { DuckDBConnection } from '@duckdb/node-api';

/**
 * Row-group size of the derived tables (src/server/stats/sql/aggregates.ts). DuckDB skips a row group when its
 * min/max cannot match a filter; the team-clustered copies are read a few team-seasons and periods at a time,
 * blocks of a few thousand rows, which the default 122,880-row groups would mix with their neighbours. A file
 * opened without it and changed is rewritten at the default size by its next checkpoint (about 3 s of CPU for the
 * test database).
 */
export const HOOK_ROW_GROUP_SIZE = 16_384;

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
