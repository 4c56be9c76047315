/**
 * The embedded AccountStore (the default, one node): one SQLite file (node:sqlite, built into Node 24) in WAL mode.
 * Durability: synchronous=FULL, so a committed write survives a killed process (and a power cut); every write
 * of more than one statement runs in a transaction, so a failed write leaves nothing behind. The store's SQL is
 * the concerns' (accountStore.ts), run through SqliteDb, this dialect's adapter (db.ts).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { SqlAccountStore } from './accountStore.ts';
import type { Db, SqlValue, TransactionOptions } from './db.ts';
import { MIGRATIONS, type Migration } from './migrations.ts';
import { NotAnAccountsDatabaseError, inspectAccountsFile } from './sqliteFile.ts';

/**
 * Applies the migrations the database has not seen yet; returns the resulting schema version. The version is
 * read inside each migration's write transaction, so processes opening a new file at the same moment never
 * apply a migration twice.
 */
export function migrate(db: DatabaseSync, migrations: readonly Migration[] = MIGRATIONS): number {
  const version = () => (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
  for (const migration of migrations) {
    if (migration.version <= version()) continue;
    db.exec('BEGIN IMMEDIATE');
    try {
      if (migration.version > version()) {
        db.exec(migration.sqlite);
        // PRAGMA takes no bound parameters; the version is an integer from our own list.
        db.exec(`PRAGMA user_version = ${Math.trunc(migration.version)}`);
      }
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw new Error(`Accounts migration ${migration.version} (${migration.description}) failed: ${String(error)}`);
    }
  }
  return version();
}

/** A connection with the store's settings (the schema is not touched). */
function connect(file: string): DatabaseSync {
  const db = new DatabaseSync(file);
  // First: wait (up to 5 s) instead of failing when another process (the server, the CLI) holds the lock;
  // even switching to WAL needs the lock.
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA foreign_keys = ON');
  return db;
}

/**
 * Makes a new accounts database at `file`, whole: built and migrated beside it under a name of its own, then
 * linked into place, which fails if another process got there first (its database is then the one used). So a
 * process never sees a half-made file at the path (a 0-byte file there is someone else's, and refused), and a
 * start stopped half-way leaves nothing at it.
 */
function createSqliteDatabase(file: string): void {
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.new`;
  try {
    const db = connect(draft);
    try {
      migrate(db);
    } finally {
      db.close(); // checkpoints the WAL into the file and removes it
    }
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
      // A file system without hard links: an exclusive copy (it too fails if another process got there first).
      try {
        fs.copyFileSync(draft, file, fs.constants.COPYFILE_EXCL);
      } catch (copyError) {
        if ((copyError as NodeJS.ErrnoException).code !== 'EEXIST') throw copyError;
      }
    }
  } finally {
    for (const leftover of [draft, `${draft}-wal`, `${draft}-shm`]) fs.rmSync(leftover, { force: true });
  }
}

/**
 * Opens the accounts database file and brings its schema up to date. A missing file is created (whole); a file
 * that is not an accounts database (sqliteFile.ts: empty, not SQLite, another program's tables) is refused with
 * NotAnAccountsDatabaseError and left as it is.
 */
export function openSqliteDatabase(file: string): DatabaseSync {
  if (file !== ':memory:') {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const found = inspectAccountsFile(file);
    if (found.kind === 'foreign') throw new NotAnAccountsDatabaseError(file, found.found);
    if (found.kind === 'missing') createSqliteDatabase(file);
  }
  const db = connect(file);
  migrate(db);
  return db;
}

/** SQLITE_CONSTRAINT_UNIQUE and SQLITE_CONSTRAINT_PRIMARYKEY, node:sqlite's `errcode` of a broken key. */
const UNIQUE_ERRCODES = new Set([2067, 1555]);

/** node:sqlite binds no booleans: they are stored as 0/1 (the schema's CHECK (x IN (0, 1)) columns). */
const bindable = (params: readonly SqlValue[]) => params.map((v) => (typeof v === 'boolean' ? Number(v) : v));

/**
 * The transaction open in this process, if any: settles when it ends. node:sqlite runs each statement
 * synchronously, but a transaction's statements are awaited one after the other, so other calls could run while
 * it is open: on its connection they would run inside it, and on another connection of this process (two
 * stores on one file, as two nodes in the tests) a write would block the thread waiting for the lock that only
 * this thread can release. So every statement of every SQLite store of the process waits until no transaction
 * is open, re-checking after each wait, then runs at once (at once, too, when none is open: the usual case).
 */
let openTransaction: Promise<void> | null = null;

/** The SQLite adapter (see openTransaction for how its transactions keep out of each other's way). */
class SqliteDb implements Db {
  readonly dialect = 'sqlite';
  readonly forUpdate = '';
  readonly #db: DatabaseSync;
  /** Prepared statements, compiled once per SQL text (preparing costs more than running these queries). */
  readonly #statements = new Map<string, StatementSync>();
  /** What a transaction's fn runs its statements on: this connection, without waiting for itself. */
  readonly #inside: Db;

  constructor(db: DatabaseSync) {
    this.#db = db;
    this.#inside = {
      dialect: 'sqlite',
      forUpdate: '',
      all: async <R>(sql: string, params: readonly SqlValue[] = []) => this.#sql(sql).all(...bindable(params)) as R[],
      one: async <R>(sql: string, params: readonly SqlValue[] = []) => this.#sql(sql).get(...bindable(params)) as R | undefined,
      run: async (sql, params = []) => Number(this.#sql(sql).run(...bindable(params)).changes),
      transaction: (fn) => fn(this.#inside),
      lock: async () => undefined,
      isUniqueViolation: (error) => this.isUniqueViolation(error),
      schemaVersion: () => this.schemaVersion(),
      close: () => this.close(),
    };
  }

  #sql(text: string): StatementSync {
    let statement = this.#statements.get(text);
    if (!statement) {
      statement = this.#db.prepare(text);
      this.#statements.set(text, statement);
    }
    return statement;
  }

  // Each waits until no transaction is open in this process (openTransaction), then runs at once.
  async all<R>(sql: string, params: readonly SqlValue[] = []): Promise<R[]> {
    while (openTransaction) await openTransaction;
    return this.#inside.all<R>(sql, params);
  }

  async one<R>(sql: string, params: readonly SqlValue[] = []): Promise<R | undefined> {
    while (openTransaction) await openTransaction;
    return this.#inside.one<R>(sql, params);
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<number> {
    while (openTransaction) await openTransaction;
    return this.#inside.run(sql, params);
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    while (openTransaction) await openTransaction;
    let ended = () => {};
    openTransaction = new Promise<void>((resolve) => {
      ended = resolve;
    });
    try {
      // A relaxed transaction commits without an fsync (WAL, synchronous=NORMAL: a power cut may forget it, never
      // corrupts the file); the rest of the store keeps FULL.
      if (options.relaxed) this.#db.exec('PRAGMA synchronous = NORMAL');
      try {
        // IMMEDIATE: the write lock at once, so two processes' transactions never fail each other half-way.
        this.#db.exec(options.snapshot ? 'BEGIN' : 'BEGIN IMMEDIATE');
        try {
          const result = await fn(this.#inside);
          this.#db.exec('COMMIT');
          return result;
        } catch (error) {
          this.#db.exec('ROLLBACK');
          throw error;
        }
      } finally {
        if (options.relaxed) this.#db.exec('PRAGMA synchronous = FULL');
      }
    } finally {
      openTransaction = null;
      ended();
    }
  }

  async lock(): Promise<void> {}

  isUniqueViolation(error: unknown): boolean {
    return UNIQUE_ERRCODES.has((error as { errcode?: number }).errcode ?? 0);
  }

  async schemaVersion(): Promise<number> {
    return (this.#sql('PRAGMA user_version').get() as { user_version: number }).user_version;
  }

  async close(): Promise<void> {
    if (this.#db.isOpen) this.#db.close();
  }
}

/** The store on the SQLite file at `file` (created and migrated when missing; ':memory:' for a throwaway one). */
export class SqliteAccountStore extends SqlAccountStore {
  constructor(file: string) {
    super(new SqliteDb(openSqliteDatabase(file)));
  }
}
