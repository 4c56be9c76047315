/**
 * The statistical models the ingest fits on the finished database (src/server/ingest/hooks.ts runs every build
 * after the possession tables exist and before the derived tables), and their reports (`npm run verify:models`).
 * Each model writes its own tables with SQL on the connection and is reproducible: fixed seeds, no clock or
 * randomness from outside.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { buildRapm } from './rapm.ts';
import { rapmReport } from './rapmValidation.ts';

export interface Model {
  /** Name printed in the ingest log. */
  name: string;
  /** Fits the model and writes its tables; `log` gets a line per step (the ingest log). */
  build(connection: DuckDBConnection, log?: (message: string) => void): Promise<void>;
  /** A markdown report of the fitted model: its checks and figures. */
  verify(connection: DuckDBConnection): Promise<string>;
}

export const MODELS: Model[] = [
  { name: 'rapm', build: (connection, log) => buildRapm(connection, log), verify: rapmReport },
];
