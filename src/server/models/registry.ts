/**
 * The models the ingest fits on its own tables, in order: each is run by the ingest
 * (src/server/ingest/season/hooks.ts) after the possession tables exist and before the derived tables
 * (src/server/statsSchema/derivedTables.ts) are built, so that what a model adds to possessions is copied with them.
 * Each writes its own tables with SQL on the connection and is reproducible: fixed seeds, no clock or randomness
 * from outside. `npm run verify:models -- --db FILE` (scripts/verify-models.ts) prints every model's report.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { buildRapm } from './rapm.ts';
import { rapmReport } from './rapmValidation.ts';
import { buildWinProbability, verifyWinProbability } from './winProbability';

export interface Model {
  /** Name printed in the ingest log and the report. */
  name: string;
  /** Fits the model and writes its tables; `log` gets a line per step (the ingest log). */
  build(connection: DuckDBConnection, log?: (message: string) => void): Promise<void>;
  /** The model's figures as Markdown, from what build wrote. */
  verify(connection: DuckDBConnection): Promise<string>;
}

export const MODELS: Model[] = [
  {
    name: 'win_probability',
    build: async (connection, log) => {
      await buildWinProbability(connection, log);
    },
    verify: verifyWinProbability,
  },
  { name: 'rapm', build: (connection, log) => buildRapm(connection, log), verify: rapmReport },
];
