/** Test helpers: a fresh accounts database file in a temporary folder per test. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteAccountStore } from '../../../../src/server/auth/store/sqliteStore.ts';

export function tempDir(prefix = 'cv-accounts-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function tempDbPath(): string {
  return path.join(tempDir(), 'accounts.sqlite');
}

export function openTempStore(): { store: SqliteAccountStore; file: string } {
  const file = tempDbPath();
  return { store: new SqliteAccountStore(file), file };
}

/** A cheap stand-in hash for store tests that do not check passwords (argon2 is tested on its own). */
export const FAKE_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g';
