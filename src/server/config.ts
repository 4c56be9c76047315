/**
 * Server configuration, read once from the environment with documented defaults.
 * Every environment variable the server reads is here (and in the README).
 */
import path from 'node:path';

function env(name: string, fallback: string): string {
  const value = process.env[name];
  return value === undefined || value === '' ? fallback : value;
}

export const config = {
  /** Folder of the raw play-by-play data (read by the ingest and the data tests). */
  nbaDataDir: path.resolve(env('NBA_DATA_DIR', '../shared/nba-data')),
  /** The stats database built by `npm run ingest` (read-only for the server). */
  statsDbPath: path.resolve(env('STATS_DB_PATH', 'data/stats.duckdb')),
  /** The accounts database (users, subscriptions). */
  accountsDbPath: path.resolve(env('ACCOUNTS_DB_PATH', 'data/accounts.sqlite')),
} as const;
