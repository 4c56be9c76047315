/**
 * The process-wide account store: PostgreSQL when DATABASE_URL is set (several web nodes share it), else the
 * embedded SQLite file at ACCOUNTS_DB_PATH (one node; the default). Callers only see AccountStore.
 */
import { config } from '../../config.ts';
import { PostgresAccountStore } from './postgresStore.ts';
import { SqliteAccountStore } from './sqliteStore.ts';
import type { AccountStore } from './types.ts';

export * from './types.ts';

/** A new store on the database the configuration selects (the CLI opens one per run). */
export function openAccountStore(databaseUrl = config.databaseUrl, sqliteFile = config.accountsDbPath): AccountStore {
  return databaseUrl ? new PostgresAccountStore(databaseUrl, { timeoutMs: config.accountsDbTimeoutMs }) : new SqliteAccountStore(sqliteFile);
}

/** Which store the configuration selects, for messages: "PostgreSQL host:port/db" or "SQLite path". */
export function describeAccountStore(databaseUrl = config.databaseUrl, sqliteFile = config.accountsDbPath): string {
  if (!databaseUrl) return `SQLite ${sqliteFile}`;
  const url = new URL(databaseUrl);
  return `PostgreSQL ${url.host}${url.pathname}`;
}

let store: AccountStore | null = null;

export function getAccountStore(): AccountStore {
  store ??= openAccountStore();
  return store;
}
