/**
 * The models the ingest builds from its own tables (issue 29), in order: each is run by the ingest
 * (src/server/ingest/hooks.ts) after the possession tables exist and before the derived tables
 * (src/server/stats/sql/aggregates.ts) are built, so that what a model adds to possessions is copied with them.
 * `npm run verify:models -- --db FILE` (scripts/verify-models.ts) prints every model's report.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { buildWinProbability, verifyWinProbability } from './winProbability';

export interface Model {
  /** Name printed in the ingest log and the report. */
  name: string;
  /** Fit the model and write its tables (only SQL on this connection, plus arithmetic in JavaScript). */
  build(connection: DuckDBConnection): Promise<void>;
  /** The model's figures as Markdown, from what build wrote. */
  verify(connection: DuckDBConnection): Promise<string>;
}

export const MODELS: Model[] = [
  { name: 'win_probability', build: buildWinProbability, verify: verifyWinProbability },
];
