/**
 * The little the account store's SQL needs from a database, the same on SQLite and PostgreSQL: each concern
 * (concerns/*.ts) is written once over this, and sqliteStore.ts and postgresStore.ts each implement it once.
 * SQL is written with `?` placeholders (PostgreSQL's become $1, $2, ...), values are bound, never spliced; a
 * boolean is bound as SQLite's 0/1 or PostgreSQL's BOOLEAN. Both speak `RETURNING`, `ON CONFLICT ... DO`,
 * `IS DISTINCT FROM` and `count(*) FILTER (...)`, so most statements are one text for both.
 *
 * Where the two differ in how they keep concurrent writers apart, the store says so with `forUpdate` and
 * `lock`: SQLite's write transaction (BEGIN IMMEDIATE) holds the whole file, so both are no-ops there, while on
 * PostgreSQL several nodes write at once and rows are locked. For example, redeeming a token:
 *   `SELECT * FROM account_tokens WHERE digest = ?${tx.forUpdate}` — a second redemption waits, then sees it used.
 * A few reads are one round trip on PostgreSQL (its JSON aggregates) and plain reads on SQLite; their
 * concern module branches on `dialect`, side by side.
 */

export type SqlValue = string | number | boolean | null;

export interface TransactionOptions {
  /** Reads only, all from one snapshot (PostgreSQL: REPEATABLE READ, READ ONLY). */
  snapshot?: boolean;
  /**
   * Commits without waiting for the disk (quota counters: a crash may forget the last counts, never corrupts
   * anything): SQLite synchronous=NORMAL, PostgreSQL synchronous_commit=off, for this transaction only.
   */
  relaxed?: boolean;
}

export interface Db {
  readonly dialect: 'sqlite' | 'postgres';
  /** The rows of a statement (a SELECT, or a write with RETURNING). */
  all<R>(sql: string, params?: readonly SqlValue[]): Promise<R[]>;
  /** Its first row, or undefined. */
  one<R>(sql: string, params?: readonly SqlValue[]): Promise<R | undefined>;
  /** Runs a write; how many rows it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
  /**
   * Runs fn in one transaction on one connection, all or nothing: whatever fn throws rolls it back and is thrown
   * again. Inside, use only the `tx` given (on SQLite the store's other statements wait for the transaction to
   * end); `tx.transaction(fn)` runs fn in the same transaction.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** " FOR UPDATE" on PostgreSQL (the rows read are locked until the transaction ends); "" on SQLite. */
  readonly forUpdate: string;
  /** Takes turns with every other transaction that locks the same key, until this one ends (PostgreSQL); a no-op on SQLite. */
  lock(key: string): Promise<void>;
  /** Whether the error is a broken UNIQUE or PRIMARY KEY constraint (the insert wrote nothing). */
  isUniqueViolation(error: unknown): boolean;
  /** The schema version of the database (the last migration applied). */
  schemaVersion(): Promise<number>;
  close(): Promise<void>;
}
