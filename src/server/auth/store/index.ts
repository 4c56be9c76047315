/**
 * The process-wide account store. Today: the embedded SQLite file at ACCOUNTS_DB_PATH. A PostgreSQL
 * implementation of AccountStore would be chosen here (e.g. by ACCOUNTS_DB_URL) without touching any caller.
 */
import { config } from '../../config.ts';
import { SqliteAccountStore } from './sqliteStore.ts';
import type { AccountStore } from './types.ts';

export * from './types.ts';

let store: AccountStore | null = null;

export function getAccountStore(): AccountStore {
  store ??= new SqliteAccountStore(config.accountsDbPath);
  return store;
}
