/**
 * Post-ingest hooks: derived tables other parts of the server compute in SQL from the ingest's tables.
 * The ingest calls runPostIngestHooks on the complete temporary database before renaming it into place,
 * so a failing hook leaves the previous database intact.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { AGGREGATE_BUILDERS } from '../stats/aggregates.ts';

export async function runPostIngestHooks(
  connection: DuckDBConnection,
  log: (message: string) => void = () => {},
): Promise<void> {
  for (const builder of AGGREGATE_BUILDERS) {
    const started = Date.now();
    await builder.build(connection);
    log(`hook ${builder.name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
