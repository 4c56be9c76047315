/**
 * The shared AccountStore for several web nodes: one PostgreSQL database (DATABASE_URL), reached through a
 * connection pool (node-postgres). Every node reads accounts, plans, sessions and sign-in failure counters
 * fresh from here, so a change made on one node (or by the CLI) holds on all of them at the next request.
 * Multi-statement writes (plan changes included) run in one transaction; SQL uses bound parameters only;
 * statements are prepared once per connection (named queries). The store's SQL is the concerns'
 * (accountStore.ts), run through PgDb, this dialect's adapter (db.ts).
 */
import pg from 'pg';
import { SqlAccountStore } from './accountStore.ts';
import type { Db, SqlValue, TransactionOptions } from './db.ts';
import { appliedVersion, inTransaction, migratePostgres } from './postgresMigrations.ts';
import { AccountsUnavailableError } from './types.ts';

const UNIQUE_VIOLATION = '23505';

export interface PostgresStoreOptions {
  /** Connections in the pool (default 10). */
  max?: number;
  /**
   * The longest a connection, a wait for a pooled connection or a statement may take, ms. Past it the request fails as AccountsUnavailableError (503), instead of hanging for
   * as long as a stalled database stays stalled.
   */
  timeoutMs?: number;
}

/** The timeout when none is given (the server passes ACCOUNTS_DB_TIMEOUT_MS: src/server/auth/store/index.ts). */
const DEFAULT_TIMEOUT_MS = 3_000;

/**
 * SQLSTATE classes of a database that cannot serve: 08 connection exception, 53 insufficient resources (too
 * many connections), 57P admin or crash shutdown, cannot connect now.
 */
const UNAVAILABLE_STATES = /^(08|53|57P)/;

/**
 * node-postgres' own messages for a connection that timed out or ended under a query, or a query that got no
 * answer in time (they carry no code).
 */
const LOST_CONNECTION = /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout)/;

/**
 * A failure of the connection rather than of the statement becomes AccountsUnavailableError: socket errors
 * (ECONNREFUSED, ECONNRESET, ETIMEDOUT, ENOTFOUND ...), node-postgres' LOST_CONNECTION, and the server's own
 * refusals (UNAVAILABLE_STATES). Everything else (constraint or syntax errors, our own errors) passes unchanged.
 */
function unreachable(error: unknown): never {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : '';
  const down =
    (typeof code === 'string' && (/^E[A-Z]+$/.test(code) || (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_STATES.test(code)))) ||
    (code === undefined && LOST_CONNECTION.test(message));
  throw down ? new AccountsUnavailableError(error) : error;
}

/** One named (prepared) statement per SQL text, its `?` placeholders numbered ($1, $2, ...). */
class Statements {
  readonly #byText = new Map<string, { name: string; text: string }>();

  get(sql: string): { name: string; text: string } {
    let statement = this.#byText.get(sql);
    if (!statement) {
      let n = 0;
      statement = { name: `cv${this.#byText.size}`, text: sql.replace(/\?/g, () => `$${++n}`) };
      this.#byText.set(sql, statement);
    }
    return statement;
  }
}

/**
 * The PostgreSQL adapter: statements on the pool (each waits for the migrations, and a lost database becomes
 * AccountsUnavailableError), or, inside a transaction, on its one connection (the transaction classifies).
 */
class PgDb implements Db {
  readonly dialect = 'postgres';
  readonly forUpdate = ' FOR UPDATE';

  constructor(
    readonly pool: pg.Pool,
    /** Resolves once the schema is up to date. */
    readonly ready: Promise<number>,
    readonly statements: Statements,
    /** The transaction's connection, or null on the pool. */
    readonly client: pg.PoolClient | null = null,
  ) {}

  async #query<R extends pg.QueryResultRow>(sql: string, params: readonly SqlValue[]): Promise<pg.QueryResult<R>> {
    const query = { ...this.statements.get(sql), values: [...params] };
    if (this.client) return this.client.query<R>(query);
    try {
      await this.ready;
      return await this.pool.query<R>(query);
    } catch (error) {
      return unreachable(error);
    }
  }

  async all<R>(sql: string, params: readonly SqlValue[] = []): Promise<R[]> {
    return (await this.#query<R & pg.QueryResultRow>(sql, params)).rows;
  }

  async one<R>(sql: string, params: readonly SqlValue[] = []): Promise<R | undefined> {
    return (await this.#query<R & pg.QueryResultRow>(sql, params)).rows[0];
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<number> {
    return (await this.#query(sql, params)).rowCount ?? 0;
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    if (this.client) return fn(this);
    try {
      await this.ready;
      return await inTransaction(this.pool, async (client) => {
        if (options.snapshot) await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        // Commits without waiting for the WAL flush (a crash of the database server may forget it).
        if (options.relaxed) await client.query('SET LOCAL synchronous_commit = off');
        return fn(new PgDb(this.pool, this.ready, this.statements, client));
      });
    } catch (error) {
      return unreachable(error);
    }
  }

  async lock(key: string): Promise<void> {
    await this.#query('SELECT pg_advisory_xact_lock(hashtext(?))', [key]);
  }

  isUniqueViolation(error: unknown): boolean {
    return (error as { code?: string }).code === UNIQUE_VIOLATION;
  }

  async schemaVersion(): Promise<number> {
    await this.ready;
    return appliedVersion(this.pool);
  }

  async close(): Promise<void> {
    await this.ready.catch(() => undefined);
    if (!this.pool.ended) await this.pool.end();
  }
}

export class PostgresAccountStore extends SqlAccountStore {
  constructor(connectionString: string, options: PostgresStoreOptions = {}) {
    // A server that does not answer (down, or stalled with its connections open) fails a connect, a wait for a
    // pooled connection or a statement after timeoutMs instead of holding the request; the statement_timeout
    // also stops the work on the server side.
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const pool = new pg.Pool({
      connectionString,
      max: options.max ?? 10,
      application_name: 'courtvision',
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
      statement_timeout: timeoutMs,
    });
    // An idle connection dropped by the server (restart, failover) must not crash the node: the pool replaces it.
    pool.on('error', (error) => console.error(`accounts database: idle connection lost: ${error.message}`));
    const ready = migratePostgres(pool);
    ready.catch(() => undefined); // reported by whoever awaits it (schemaVersion at start-up, queries)
    super(new PgDb(pool, ready, new Statements()));
  }
}
