/**
 * Server configuration, read once from the environment with documented defaults.
 * Every environment variable the server reads is here (and in the README).
 */
import path from 'node:path';

function env(name: string, fallback: string): string {
  const value = process.env[name];
  return value === undefined || value === '' ? fallback : value;
}

function postgresUrl(value: string): string {
  if (value !== '' && !/^postgres(ql)?:\/\/./.test(value)) {
    throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL (or unset for the embedded SQLite store)');
  }
  return value;
}

export const config = {
  /** Folder of the raw play-by-play data (read by the ingest and the data tests). */
  nbaDataDir: path.resolve(env('NBA_DATA_DIR', '../shared/nba-data')),
  /** The stats database built by `npm run ingest` (read-only for the server). */
  statsDbPath: path.resolve(env('STATS_DB_PATH', 'data/stats.duckdb')),
  /** Stats API: distinct /api/data answers kept in the in-memory LRU cache (gzip JSON, ~0.5 MB at most each). */
  apiCacheEntries: Number(env('API_CACHE_ENTRIES', '300')),
  /** Stats API: DuckDB connections kept open on the read-only stats database. */
  statsDbConnections: Number(env('STATS_DB_CONNECTIONS', '4')),
  /** The accounts database (users, subscriptions) when DATABASE_URL is not set: an embedded SQLite file. */
  accountsDbPath: path.resolve(env('ACCOUNTS_DB_PATH', 'data/accounts.sqlite')),
  /**
   * PostgreSQL connection URL (postgres://user:password@host:5432/db); when set, accounts, plans, sessions and
   * sign-in failure counters live there, shared by every web node, instead of in ACCOUNTS_DB_PATH.
   */
  databaseUrl: postgresUrl(env('DATABASE_URL', '')),
  /**
   * Where a local AUTH_SECRET is generated once and kept when AUTH_SECRET is not set and NODE_ENV is not
   * 'production' (gitignored). In production a missing AUTH_SECRET stops the server at start-up.
   * AUTH_SECRET itself is read at run time by src/server/auth/secret.ts, never at build time.
   */
  authSecretFile: path.resolve(env('AUTH_SECRET_FILE', '.local/auth-secret')),
  /** Public URL of the site (optional). An https:// AUTH_URL forces Secure cookies. */
  authUrl: env('AUTH_URL', ''),
  /** '1' when behind a reverse proxy: trust X-Forwarded-Proto (Secure cookies) and X-Forwarded-For (rate limits). */
  trustProxy: env('TRUST_PROXY', '0') === '1',
  /** Failed sign-ins allowed per client IP within the window before 429. */
  signInMaxFailuresPerIp: Number(env('SIGNIN_MAX_FAILURES_PER_IP', '20')),
  /** Failed sign-ins allowed per account (email) within the window before 429. */
  signInMaxFailuresPerAccount: Number(env('SIGNIN_MAX_FAILURES_PER_ACCOUNT', '5')),
  /** The sliding window of the sign-in rate limits, in seconds. */
  signInWindowSeconds: Number(env('SIGNIN_WINDOW_SECONDS', '900')),
} as const;
