/**
 * The accounts test suites run against both stores: `describe.each(STORE_KINDS)` and `openTestStore(kind)`,
 * a fresh, empty, migrated store per call (SQLite: a new file; PostgreSQL: a new database in the test cluster).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { PostgresAccountStore } from '../../src/server/auth/store/postgresStore.ts';
import { SqliteAccountStore } from '../../src/server/auth/store/sqliteStore.ts';
import type { AccountStore } from '../../src/server/auth/store/types.ts';

export const STORE_KINDS = ['sqlite', 'postgres'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];

/** The test cluster's superuser URL; throws (the test fails) when PostgreSQL could not start. */
export function pgAdminUrl(): string {
  const url = inject('pgUrl');
  if (!url) throw new Error(`The test PostgreSQL is not running: ${inject('pgError') || 'no TEST_DATABASE_URL'}`);
  return url;
}

let databases = 0;

/** A new empty database in the test cluster; returns its URL. */
export async function freshPgDatabase(): Promise<string> {
  const admin = pgAdminUrl();
  const name = `cv_test_${process.pid}_${Date.now().toString(36)}_${databases++}`;
  const client = new pg.Client(admin);
  await client.connect();
  try {
    // Identifiers cannot be bound parameters; the name is built from digits, letters and underscores above.
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

export function tempSqlitePath(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cv-accounts-')), 'accounts.sqlite');
}

/** Where a fresh store of this kind lives: a file path (SQLite) or a database URL (PostgreSQL). */
export async function freshLocation(kind: StoreKind): Promise<string> {
  return kind === 'sqlite' ? tempSqlitePath() : freshPgDatabase();
}

export function openStoreAt(kind: StoreKind, location: string): AccountStore {
  return kind === 'sqlite' ? new SqliteAccountStore(location) : new PostgresAccountStore(location, { max: 4 });
}

/** A fresh, migrated store; the caller closes it. */
export async function openTestStore(kind: StoreKind): Promise<AccountStore> {
  const store = openStoreAt(kind, await freshLocation(kind));
  await store.schemaVersion(); // migrated (a PostgreSQL store migrates asynchronously at open)
  return store;
}

/** The environment that points a process (the CLI, a server) at this store. */
export function storeEnv(kind: StoreKind, location: string): Record<string, string> {
  return kind === 'sqlite' ? { ACCOUNTS_DB_PATH: location, DATABASE_URL: '' } : { DATABASE_URL: location };
}
