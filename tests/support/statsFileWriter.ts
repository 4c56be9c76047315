/**
 * A copy of a stats file opened to be changed the way the project's own writers open one (the ingest's hooks, the
 * update, scripts/build-aggregates.ts: attachForHooks in src/server/ingest/season/attachStatsFile.ts), so a test's changed
 * file is laid out as the product's are. Opened plainly instead, DuckDB's first checkpoint merges the derived
 * tables' small row groups into its default size: about 3 s of CPU for each changed copy of the test database,
 * and a file unlike any the product writes.
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { attachForHooks } from '../../src/server/ingest/season/attachStatsFile.ts';

export interface StatsFileWriter {
  connection: DuckDBConnection;
  /** Checkpoints the file (no write-ahead log is left beside it) and closes it. */
  close(): Promise<void>;
}

export async function openStatsFileForWriting(file: string): Promise<StatsFileWriter> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await attachForHooks(connection, file);
  } catch (error) {
    connection.closeSync();
    instance.closeSync();
    throw error;
  }
  return {
    connection,
    async close() {
      try {
        await connection.run('CHECKPOINT');
      } finally {
        connection.closeSync();
        instance.closeSync();
      }
    },
  };
}

/** Runs `statements` on the stats file at `file`, opened as above, and closes it. */
export async function changeStatsFile(file: string, statements: readonly string[]): Promise<void> {
  const writer = await openStatsFileForWriting(file);
  try {
    for (const statement of statements) await writer.connection.run(statement);
  } finally {
    await writer.close();
  }
}
