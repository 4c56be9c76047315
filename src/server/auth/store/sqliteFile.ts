/**
 * What is at ACCOUNTS_DB_PATH, read before anything opens it for writing. Only two things may be there: nothing
 * (a new database is made, whole, see createSqliteDatabase) or an accounts database of this schema history. Any
 * other file is refused at start (src/server/config.ts) and by the store, and left untouched: SQLite would
 * otherwise turn an empty or 1-byte file into a fresh, empty accounts database (every account "gone") and would
 * add our tables to another program's database. For example `touch data/accounts.sqlite` gives
 * "an empty file (0 bytes)", a copied log "a file of 2,311 bytes that is not a SQLite database", another
 * program's database "a SQLite database of other tables (orders, items)".
 *
 * An empty SQLite database (a valid header, no tables, user_version 0) is taken as new: it holds nothing to lose
 * and nothing of anyone else's (an earlier server stopped while creating its file left such a file).
 */
import fs from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { MIGRATIONS } from './migrations.ts';

export type AccountsFile =
  | { kind: 'missing' }
  /** an empty SQLite database: migrated as a new one */
  | { kind: 'new' }
  | { kind: 'accounts'; version: number }
  /** anything else; `found` says what, e.g. "an empty file (0 bytes)" */
  | { kind: 'foreign'; found: string };

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');
const LATEST_VERSION = Math.max(...MIGRATIONS.map((m) => m.version));

const bytes = (n: number) => `${n.toLocaleString('en-US')} byte${n === 1 ? '' : 's'}`;

/** What the file at `file` is (nothing is written; a SQLite file is read through a read-only connection). */
export function inspectAccountsFile(file: string): AccountsFile {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    return { kind: 'foreign', found: `a path that cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})` };
  }
  if (stat.isDirectory()) return { kind: 'foreign', found: 'a folder' };
  if (!stat.isFile()) return { kind: 'foreign', found: 'not a regular file' };
  if (stat.size === 0) return { kind: 'foreign', found: 'an empty file (0 bytes)' };
  const head = Buffer.alloc(SQLITE_HEADER.length);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, head.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (stat.size < 100 || !head.equals(SQLITE_HEADER)) {
    return { kind: 'foreign', found: `a file of ${bytes(stat.size)} that is not a SQLite database` };
  }
  let db: DatabaseSync | null = null;
  try {
    db = new DatabaseSync(file, { readOnly: true });
    db.exec('PRAGMA busy_timeout = 5000');
    const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
    const tables = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name").all() as { name: string }[]
    ).map((r) => r.name);
    if (version === 0 && tables.length === 0) return { kind: 'new' };
    if (version === 0 || !tables.includes('users')) {
      const shown = tables.slice(0, 5).join(', ') + (tables.length > 5 ? `, and ${tables.length - 5} more` : '');
      return { kind: 'foreign', found: `a SQLite database of other tables (${shown})` };
    }
    if (version > LATEST_VERSION) {
      return { kind: 'foreign', found: `an accounts database of schema version ${version}, newer than this server's ${LATEST_VERSION}` };
    }
    return { kind: 'accounts', version };
  } catch (error) {
    return { kind: 'foreign', found: `a SQLite file that cannot be read (${(error instanceof Error ? error.message : String(error)).split('\n')[0]})` };
  } finally {
    db?.close();
  }
}

/** The file at ACCOUNTS_DB_PATH is not an accounts database; nothing was written to it. */
export class NotAnAccountsDatabaseError extends Error {
  constructor(
    readonly file: string,
    readonly found: string,
  ) {
    super(`${file} is ${found}, not an accounts database`);
    this.name = 'NotAnAccountsDatabaseError';
  }
}

/** What is wrong with the file at `file` for an accounts database (null: nothing, or a missing file). */
export function accountsFileProblem(file: string): string | null {
  const found = inspectAccountsFile(file);
  return found.kind === 'foreign' ? found.found : null;
}
