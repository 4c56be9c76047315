/**
 * The shared AccountStore for several web nodes: one PostgreSQL database (DATABASE_URL), reached through a
 * connection pool (node-postgres). Every node reads accounts, plans, sessions and sign-in failure counters
 * fresh from here, so a change made on one node (or by the CLI) holds on all of them at the next request.
 * Multi-statement writes (plan changes included) run in one transaction; SQL uses bound parameters only;
 * statements are prepared once per connection (named queries).
 */
import pg from 'pg';
import { appliedVersion, inTransaction, migratePostgres, type Queryable } from './postgresMigrations.ts';
import {
  AccountsUnavailableError,
  DuplicateEmailError,
  UnknownAccountError,
  normalizeEmail,
  type AccountStore,
  type NewUser,
  type SubscriptionRecord,
  type UserRecord,
  type UserWithSubscriptions,
} from './types.ts';
import { nowSeconds, toSubscription, toUser, withSubscriptions, type SubscriptionRow, type UserRow } from './rows.ts';

const UNIQUE_VIOLATION = '23505';

export interface PostgresStoreOptions {
  /** Connections in the pool (default 10). */
  max?: number;
}

const CONNECT_TIMEOUT_MS = 5_000;

/**
 * SQLSTATE classes of a database that cannot serve: 08 connection exception, 53 insufficient resources (too
 * many connections), 57P admin or crash shutdown, cannot connect now.
 */
const UNAVAILABLE_STATES = /^(08|53|57P)/;

/** node-postgres' own messages for a connection that timed out or ended under a query (they carry no code). */
const LOST_CONNECTION = /^(Connection terminated|timeout exceeded when trying to connect)/;

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

export class PostgresAccountStore implements AccountStore {
  readonly #pool: pg.Pool;
  /** Resolves once the schema is up to date; every query waits for it. */
  readonly #ready: Promise<number>;
  /** Statement names by SQL text: each pooled connection prepares a statement once, then only executes it. */
  readonly #names = new Map<string, string>();

  constructor(connectionString: string, options: PostgresStoreOptions = {}) {
    // A server that does not answer fails a connection after CONNECT_TIMEOUT_MS instead of holding the request.
    this.#pool = new pg.Pool({ connectionString, max: options.max ?? 10, application_name: 'courtvision', connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    // An idle connection dropped by the server (restart, failover) must not crash the node: the pool replaces it.
    this.#pool.on('error', (error) => console.error(`accounts database: idle connection lost: ${error.message}`));
    this.#ready = migratePostgres(this.#pool);
    this.#ready.catch(() => undefined); // reported by whoever awaits it (schemaVersion at start-up, queries)
  }

  async #query<R extends pg.QueryResultRow>(text: string, values: unknown[] = [], db: Queryable = this.#pool): Promise<pg.QueryResult<R>> {
    let name = this.#names.get(text);
    if (!name) {
      name = `cv${this.#names.size}`;
      this.#names.set(text, name);
    }
    if (db !== this.#pool) return db.query<R>({ name, text, values }); // inside #transaction, which classifies
    try {
      await this.#ready;
      return await db.query<R>({ name, text, values });
    } catch (error) {
      return unreachable(error);
    }
  }

  async #transaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    try {
      await this.#ready;
      return await inTransaction(this.#pool, fn);
    } catch (error) {
      return unreachable(error);
    }
  }

  async #userByEmail(email: string, db: Queryable = this.#pool): Promise<UserRecord | null> {
    const { rows } = await this.#query<UserRow>('SELECT * FROM users WHERE email = $1', [normalizeEmail(email)], db);
    return rows[0] ? toUser(rows[0]) : null;
  }

  async #requireUser(email: string, db: Queryable, lock = false): Promise<UserRecord> {
    const sql = lock ? 'SELECT * FROM users WHERE email = $1 FOR UPDATE' : 'SELECT * FROM users WHERE email = $1';
    const { rows } = await this.#query<UserRow>(sql, [normalizeEmail(email)], db);
    if (!rows[0]) throw new UnknownAccountError(normalizeEmail(email));
    return toUser(rows[0]);
  }

  async createUser(user: NewUser): Promise<UserRecord> {
    const email = normalizeEmail(user.email);
    try {
      const { rows } = await this.#query<UserRow>(
        `INSERT INTO users (email, name, password_hash, is_admin, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
        [email, user.name, user.passwordHash, user.isAdmin ?? false, nowSeconds()],
      );
      return toUser(rows[0]!);
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new DuplicateEmailError(email);
      throw error;
    }
  }

  async upsertUser(user: NewUser): Promise<UserRecord> {
    const { rows } = await this.#query<UserRow>(
      `INSERT INTO users (email, name, password_hash, is_admin, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (email) DO UPDATE SET name = excluded.name, password_hash = excluded.password_hash,
         is_admin = excluded.is_admin
       RETURNING *`,
      [normalizeEmail(user.email), user.name, user.passwordHash, user.isAdmin ?? false, nowSeconds()],
    );
    return toUser(rows[0]!);
  }

  findUserByEmail(email: string): Promise<UserRecord | null> {
    return this.#userByEmail(email);
  }

  async findUserById(id: number): Promise<UserRecord | null> {
    const { rows } = await this.#query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
    return rows[0] ? toUser(rows[0]) : null;
  }

  async listUsers(): Promise<UserWithSubscriptions[]> {
    // One snapshot for both reads, so a user and their plans are seen at the same moment.
    return this.#transaction(async (client) => {
      await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const users = (await this.#query<UserRow>('SELECT * FROM users ORDER BY email', [], client)).rows.map(toUser);
      const subs = (await this.#query<SubscriptionRow>('SELECT * FROM subscriptions ORDER BY plan_name', [], client)).rows.map(
        toSubscription,
      );
      return withSubscriptions(users, subs);
    });
  }

  async setAdmin(email: string, isAdmin: boolean): Promise<UserRecord> {
    const { rows } = await this.#query<UserRow>('UPDATE users SET is_admin = $1 WHERE email = $2 RETURNING *', [
      isAdmin,
      normalizeEmail(email),
    ]);
    if (!rows[0]) throw new UnknownAccountError(normalizeEmail(email));
    return toUser(rows[0]);
  }

  async deleteUser(email: string): Promise<boolean> {
    // ON DELETE CASCADE removes the user's subscriptions and sessions in the same statement.
    const result = await this.#query('DELETE FROM users WHERE email = $1', [normalizeEmail(email)]);
    return (result.rowCount ?? 0) > 0;
  }

  async setPasswordHash(email: string, passwordHash: string): Promise<UserRecord> {
    return this.#transaction(async (client) => {
      const user = await this.#requireUser(email, client, true);
      await this.#query('UPDATE users SET password_hash = $1 WHERE id = $2', [passwordHash, user.id], client);
      // A new password signs the account out everywhere.
      await this.#query('DELETE FROM sessions WHERE user_id = $1', [user.id], client);
      return { ...user, passwordHash };
    });
  }

  async grantSubscription(email: string, planName: string, expiresAt: number): Promise<SubscriptionRecord> {
    if (!Number.isInteger(expiresAt)) throw new TypeError('expiresAt must be whole seconds since epoch');
    return this.#transaction(async (client) => {
      const user = await this.#requireUser(email, client, true);
      await this.#query(
        `INSERT INTO subscriptions (user_id, plan_name, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, plan_name) DO UPDATE SET expires_at = excluded.expires_at`,
        [user.id, planName, expiresAt],
        client,
      );
      return { userId: user.id, planName, expiresAt };
    });
  }

  async revokeSubscription(email: string, planName: string): Promise<boolean> {
    return this.#transaction(async (client) => {
      const user = await this.#requireUser(email, client, true);
      const result = await this.#query('DELETE FROM subscriptions WHERE user_id = $1 AND plan_name = $2', [user.id, planName], client);
      return (result.rowCount ?? 0) > 0;
    });
  }

  async subscriptionsFor(userId: number): Promise<SubscriptionRecord[]> {
    const { rows } = await this.#query<SubscriptionRow>('SELECT * FROM subscriptions WHERE user_id = $1 ORDER BY plan_name', [userId]);
    return rows.map(toSubscription);
  }

  async createSession(userId: number, sessionIdDigest: string, expiresAt: number): Promise<void> {
    await this.#transaction(async (client) => {
      // Housekeeping: expired sessions are useless; drop them while we are writing anyway.
      await this.#query('DELETE FROM sessions WHERE expires_at <= $1', [nowSeconds()], client);
      await this.#query('INSERT INTO sessions (id_digest, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
        sessionIdDigest,
        userId,
        nowSeconds(),
        expiresAt,
      ], client);
    });
  }

  async findSessionUser(sessionIdDigest: string, now: number): Promise<number | null> {
    const { rows } = await this.#query<{ user_id: number }>('SELECT user_id FROM sessions WHERE id_digest = $1 AND expires_at > $2', [
      sessionIdDigest,
      now,
    ]);
    return rows[0] ? rows[0].user_id : null;
  }

  async liveSession(sessionIdDigest: string, now: number): Promise<UserWithSubscriptions | null> {
    const { rows } = await this.#query<UserRow & { subscriptions: { plan_name: string; expires_at: number }[] }>(
      `SELECT u.*, coalesce(
           json_agg(json_build_object('plan_name', p.plan_name, 'expires_at', p.expires_at) ORDER BY p.plan_name)
             FILTER (WHERE p.plan_name IS NOT NULL),
           '[]') AS subscriptions
         FROM sessions s
         JOIN users u ON u.id = s.user_id
         LEFT JOIN subscriptions p ON p.user_id = u.id
        WHERE s.id_digest = $1 AND s.expires_at > $2
        GROUP BY u.id`,
      [sessionIdDigest, now],
    );
    const row = rows[0];
    if (!row) return null;
    const user = toUser(row);
    return {
      ...user,
      subscriptions: row.subscriptions.map((p) => toSubscription({ user_id: user.id, ...p })),
    };
  }

  async deleteSession(sessionIdDigest: string): Promise<void> {
    await this.#query('DELETE FROM sessions WHERE id_digest = $1', [sessionIdDigest]);
  }

  async deleteSessionsForUser(userId: number): Promise<number> {
    return (await this.#query('DELETE FROM sessions WHERE user_id = $1', [userId])).rowCount ?? 0;
  }

  async recordFailure(key: string, at: number): Promise<void> {
    await this.#query('INSERT INTO signin_failures (key, at) VALUES ($1, $2)', [key, at]);
  }

  async recentFailures(key: string, since: number, max: number): Promise<number[]> {
    const { rows } = await this.#query<{ at: string }>(
      'SELECT at FROM signin_failures WHERE key = $1 AND at > $2 ORDER BY at DESC LIMIT $3',
      [key, since, max],
    );
    return rows.map((r) => Number(r.at));
  }

  async clearFailures(key: string): Promise<void> {
    await this.#query('DELETE FROM signin_failures WHERE key = $1', [key]);
  }

  async pruneFailures(keyPrefix: string, before: number): Promise<number> {
    const sql = 'DELETE FROM signin_failures WHERE at <= $1 AND left(key, length($2)) = $2';
    return (await this.#query(sql, [before, keyPrefix])).rowCount ?? 0;
  }

  async schemaVersion(): Promise<number> {
    await this.#ready;
    return appliedVersion(this.#pool);
  }

  async close(): Promise<void> {
    await this.#ready.catch(() => undefined);
    if (!this.#pool.ended) await this.#pool.end();
  }
}
