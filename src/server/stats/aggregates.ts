/**
 * Derived tables the API builds in SQL from the ingest's tables, run by the ingest (src/server/ingest/hooks.ts)
 * on the finished database just before it is renamed into place. Owned by the stats API: add builders here.
 * Each builder gets the open DuckDB connection of the database being built and must only use SQL on it.
 */
import type { DuckDBConnection } from '@duckdb/node-api';

export interface AggregateBuilder {
  /** Name printed in the ingest log. */
  name: string;
  build(connection: DuckDBConnection): Promise<void>;
}

export const AGGREGATE_BUILDERS: AggregateBuilder[] = [];
