/**
 * The shared AccountStore for several web nodes: one PostgreSQL database (DATABASE_URL), reached through a
 * connection pool (node-postgres). Every node reads accounts, plans, sessions and sign-in failure counters
 * fresh from here, so a change made on one node (or by the CLI) holds on all of them at the next request.
 * Multi-statement writes (plan changes included) run in one transaction; SQL uses bound parameters only;
 * statements are prepared once per connection (named queries).
 */
import pg from 'pg';
import { appliedVersion, inTransaction, migratePostgres, type Queryable } from './postgresMigrations.ts';
import { keysNaming } from './failureKeys.ts';
import {
  AccountsUnavailableError,
  DuplicateEmailError,
  UnknownAccountError,
  normalizeEmail,
  type AccountStore,
  type ApiKeyRecord,
  type BillingEventRecord,
  type BillingOutcome,
  type BillingSubscription,
  type BillingUpdate,
  type MailRecord,
  type NewAccountToken,
  type NewUser,
  type QueuedMail,
  type QuotaUse,
  type RedeemResult,
  type SessionSummary,
  type SubscriptionRecord,
  type TokenEffect,
  type TokenPurpose,
  type UserRecord,
  type UserWithSubscriptions,
  type TrialClaim,
  type TrialClaimRecord,
  type AdminActionRecord,
  type AlertDeliveryRecord,
  type AlertDigest,
  type SavedViewRecord,
} from './types.ts';
import { SAVED_VIEW_COLUMNS, toAlertDelivery, toSavedView, type AlertDeliveryRow, type SavedViewRow } from './savedViewRows.ts';
import {
  API_KEY_COLUMNS,
  toApiKey,
  type ApiKeyRow,
  BILLING_COLUMNS,
  billingValues,
  toBillingEvent,
  toBillingSubscription,
  type BillingEventRow,
  type BillingSubscriptionRow,
  MAIL_COLUMNS,
  TOKEN_KEEP_SECONDS,
  mailValues,
  nowSeconds,
  toMail,
  tokenProblem,
  toSubscription,
  toUser,
  withSubscriptions,
  type MailRow,
  type SubscriptionRow,
  type TokenRow,
  type UserRow,
  toTrialClaim,
  type TrialClaimRow,
  toAdminAction,
  type AdminActionRow,
} from './rows.ts';

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

export class PostgresAccountStore implements AccountStore {
  readonly #pool: pg.Pool;
  /** Resolves once the schema is up to date; every query waits for it. */
  readonly #ready: Promise<number>;
  /** Statement names by SQL text: each pooled connection prepares a statement once, then only executes it. */
  readonly #names = new Map<string, string>();

  constructor(connectionString: string, options: PostgresStoreOptions = {}) {
    // A server that does not answer (down, or stalled with its connections open) fails a connect, a wait for a
    // pooled connection or a statement after timeoutMs instead of holding the request; the statement_timeout
    // also stops the work on the server side.
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#pool = new pg.Pool({
      connectionString,
      max: options.max ?? 10,
      application_name: 'courtvision',
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
      statement_timeout: timeoutMs,
    });
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
        `INSERT INTO users (email, name, password_hash, is_admin, created_at, email_verified_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
        [email, user.name, user.passwordHash, user.isAdmin ?? false, nowSeconds(), user.emailVerified ? nowSeconds() : null],
      );
      return toUser(rows[0]!);
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new DuplicateEmailError(email);
      throw error;
    }
  }

  async upsertUser(user: NewUser): Promise<UserRecord> {
    const { rows } = await this.#query<UserRow>(
      `INSERT INTO users (email, name, password_hash, is_admin, created_at, email_verified_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (email) DO UPDATE SET name = excluded.name, password_hash = excluded.password_hash,
         is_admin = excluded.is_admin, email_verified_at = coalesce(users.email_verified_at, excluded.email_verified_at)
       RETURNING *`,
      [normalizeEmail(user.email), user.name, user.passwordHash, user.isAdmin ?? false, nowSeconds(), user.emailVerified ? nowSeconds() : null],
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
      const subs = (await this.#query<SubscriptionRow>('SELECT * FROM subscriptions ORDER BY plan_name', [], client)).rows.map(toSubscription);
      return withSubscriptions(users, subs);
    });
  }

  async setAdmin(email: string, isAdmin: boolean): Promise<UserRecord> {
    const { rows } = await this.#query<UserRow>('UPDATE users SET is_admin = $1 WHERE email = $2 RETURNING *', [isAdmin, normalizeEmail(email)]);
    if (!rows[0]) throw new UnknownAccountError(normalizeEmail(email));
    return toUser(rows[0]);
  }

  async deleteUser(email: string): Promise<boolean> {
    // ON DELETE CASCADE removes the user's subscriptions and sessions in the same transaction.
    return this.#transaction(async (client) => {
      const address = normalizeEmail(email);
      const result = await this.#query('DELETE FROM users WHERE email = $1', [address], client);
      const deleted = (result.rowCount ?? 0) > 0;
      if (deleted) await this.#forgetFailures(address, client);
      return deleted;
    });
  }

  /** Deletes the failure counters that name the address (failureKeys.ts keysNaming). */
  async #forgetFailures(address: string, client: pg.PoolClient): Promise<void> {
    const { keys, prefix } = keysNaming(address);
    await this.#query('DELETE FROM signin_failures WHERE key = ANY($1::text[]) OR substr(key, 1, length($2)) = $2', [keys, prefix], client);
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
      await this.#query(
        'INSERT INTO sessions (id_digest, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
        [sessionIdDigest, userId, nowSeconds(), expiresAt],
        client,
      );
    });
  }

  async findSessionUser(sessionIdDigest: string, now: number): Promise<number | null> {
    const { rows } = await this.#query<{ user_id: number }>('SELECT user_id FROM sessions WHERE id_digest = $1 AND expires_at > $2', [sessionIdDigest, now]);
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

  async createApiKey(key: { userId: number; name: string; prefix: string; digest: string; createdAt: number }): Promise<ApiKeyRecord> {
    const { rows } = await this.#query<ApiKeyRow>(
      `INSERT INTO api_keys (user_id, name, prefix, digest, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING ${API_KEY_COLUMNS}`,
      [key.userId, key.name, key.prefix, key.digest, key.createdAt],
    );
    return toApiKey(rows[0]!);
  }

  async putFlash(entry: { digest: string; userId: number; body: string; expiresAt: number }): Promise<void> {
    await this.#query('DELETE FROM flash_messages WHERE expires_at < $1', [nowSeconds()]);
    await this.#query('INSERT INTO flash_messages (digest, user_id, body, expires_at) VALUES ($1, $2, $3, $4)', [
      entry.digest,
      entry.userId,
      entry.body,
      entry.expiresAt,
    ]);
  }

  async takeFlash(digest: string, userId: number, now: number): Promise<string | null> {
    // One statement: two requests with the same id at once (two nodes) get the entry at most once.
    const { rows } = await this.#query<{ user_id: number; body: string; expires_at: string }>(
      'DELETE FROM flash_messages WHERE digest = $1 RETURNING user_id, body, expires_at',
      [digest],
    );
    const row = rows[0];
    return row && Number(row.user_id) === userId && Number(row.expires_at) >= now ? row.body : null;
  }

  async apiKeysOf(userId: number): Promise<ApiKeyRecord[]> {
    const { rows } = await this.#query<ApiKeyRow>(`SELECT ${API_KEY_COLUMNS} FROM api_keys WHERE user_id = $1 ORDER BY created_at DESC, id DESC`, [userId]);
    return rows.map(toApiKey);
  }

  async revokeApiKey(userId: number, keyId: number, at: number): Promise<boolean> {
    const result = await this.#query('UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND user_id = $3 AND revoked_at IS NULL', [at, keyId, userId]);
    return (result.rowCount ?? 0) > 0;
  }

  async apiKeyOwner(digest: string): Promise<{ key: ApiKeyRecord; user: UserWithSubscriptions } | null> {
    // One round trip: the key, its owner and the owner's plans (a revoked key or plan holds at the next request).
    const { rows } = await this.#query<UserRow & { key: ApiKeyRow; subscriptions: { plan_name: string; expires_at: number }[] }>(
      `WITH k AS (SELECT ${API_KEY_COLUMNS} FROM api_keys WHERE digest = $1 AND revoked_at IS NULL)
       SELECT u.*, (SELECT row_to_json(k) FROM k) AS key, coalesce(
           json_agg(json_build_object('plan_name', p.plan_name, 'expires_at', p.expires_at) ORDER BY p.plan_name)
             FILTER (WHERE p.plan_name IS NOT NULL),
           '[]') AS subscriptions
         FROM k
         JOIN users u ON u.id = k.user_id
         LEFT JOIN subscriptions p ON p.user_id = u.id
        GROUP BY u.id`,
      [digest],
    );
    const row = rows[0];
    if (!row) return null;
    const user = toUser(row);
    return {
      key: toApiKey(row.key),
      user: { ...user, subscriptions: row.subscriptions.map((p) => toSubscription({ user_id: user.id, ...p })) },
    };
  }

  async consumeQuota(uses: readonly QuotaUse[], keyId: number | null, at: number): Promise<{ allowed: boolean; used: number[] }> {
    return this.#transaction(async (client) => {
      // Counts are not worth waiting for the WAL flush: this transaction commits asynchronously (a crash of the
      // database server may forget the last counts; the rest of the store keeps synchronous commits).
      await this.#query('SET LOCAL synchronous_commit = off', [], client);
      // Each window's row is created or locked first (always in the caller's order: no deadlock between nodes),
      // so two nodes counting the same window take turns and the limit holds exactly.
      const now: number[] = [];
      for (const u of uses) {
        const { rows } = await this.#query<{ used: number }>(
          'INSERT INTO api_usage (bucket, window_start, used) VALUES ($1, $2, 0) ON CONFLICT (bucket, window_start) DO UPDATE SET used = api_usage.used RETURNING used',
          [u.bucket, u.windowStart],
          client,
        );
        now.push(Number(rows[0]!.used));
      }
      if (uses.some((u, i) => now[i]! + u.cost > u.limit)) return { allowed: false, used: now };
      for (const u of uses) {
        await this.#query('UPDATE api_usage SET used = used + $3 WHERE bucket = $1 AND window_start = $2', [u.bucket, u.windowStart, u.cost], client);
      }
      if (keyId !== null) await this.#query('UPDATE api_keys SET requests = requests + 1, last_used_at = $1 WHERE id = $2', [at, keyId], client);
      return { allowed: true, used: now.map((n, i) => n + uses[i]!.cost) };
    });
  }

  async pruneQuota(before: number): Promise<number> {
    return (await this.#query('DELETE FROM api_usage WHERE window_start < $1', [before])).rowCount ?? 0;
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
    const { rows } = await this.#query<{ at: string }>('SELECT at FROM signin_failures WHERE key = $1 AND at > $2 ORDER BY at DESC LIMIT $3', [
      key,
      since,
      max,
    ]);
    return rows.map((r) => Number(r.at));
  }

  async clearFailures(key: string): Promise<void> {
    await this.#query('DELETE FROM signin_failures WHERE key = $1', [key]);
  }

  async pruneFailures(keyPrefix: string, before: number): Promise<number> {
    const sql = 'DELETE FROM signin_failures WHERE at <= $1 AND left(key, length($2)) = $2';
    return (await this.#query(sql, [before, keyPrefix])).rowCount ?? 0;
  }

  // Self-service accounts: tokens and the mail queue. Each method is one transaction.

  async #enqueue(mails: readonly QueuedMail[], now: number, db: Queryable): Promise<void> {
    for (const mail of mails) {
      await this.#query(`INSERT INTO mail_queue ${MAIL_COLUMNS} VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, mailValues(mail, now), db);
    }
  }

  async #insertToken(token: NewAccountToken, now: number, db: Queryable): Promise<void> {
    await this.#query('DELETE FROM account_tokens WHERE expires_at <= $1', [now - TOKEN_KEEP_SECONDS], db);
    await this.#query('DELETE FROM account_tokens WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [token.userId, token.purpose], db);
    await this.#query(
      'INSERT INTO account_tokens (digest, purpose, user_id, email, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [token.digest, token.purpose, token.userId, normalizeEmail(token.email), now, token.expiresAt],
      db,
    );
  }

  async signUp(user: NewUser, token: Omit<NewAccountToken, 'userId'>, mail: QueuedMail): Promise<UserRecord> {
    const email = normalizeEmail(user.email);
    const now = nowSeconds();
    try {
      return await this.#transaction(async (client) => {
        const { rows } = await this.#query<UserRow>(
          `INSERT INTO users (email, name, password_hash, is_admin, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
          [email, user.name, user.passwordHash, user.isAdmin ?? false, now],
          client,
        );
        const created = toUser(rows[0]!);
        await this.#insertToken({ ...token, userId: created.id }, now, client);
        await this.#enqueue([mail], now, client);
        return created;
      });
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new DuplicateEmailError(email);
      throw error;
    }
  }

  async issueToken(token: NewAccountToken, mails: QueuedMail[]): Promise<void> {
    const now = nowSeconds();
    await this.#transaction(async (client) => {
      await this.#insertToken(token, now, client);
      await this.#enqueue(mails, now, client);
    });
  }

  async redeemToken(digest: string, purpose: TokenPurpose, effect: TokenEffect, now: number): Promise<RedeemResult> {
    try {
      return await this.#transaction(async (client): Promise<RedeemResult> => {
        // The row lock makes a second redemption of the same token wait, then see it used.
        const token = (await this.#query<TokenRow>('SELECT * FROM account_tokens WHERE digest = $1 FOR UPDATE', [digest], client)).rows[0];
        const problem = tokenProblem(token, purpose, now);
        if (problem || !token) return { ok: false, reason: problem ?? 'invalid' };
        const userRow = (await this.#query<UserRow>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [token.user_id], client)).rows[0];
        if (!userRow) return { ok: false, reason: 'invalid' };
        const user = toUser(userRow);
        // A verification link proves only the address it was sent to.
        if (effect.kind === 'verify-email' && user.email !== token.email) return { ok: false, reason: 'invalid' };
        if (effect.kind === 'change-email') {
          const owner = await this.#userByEmail(token.email, client);
          if (owner && owner.id !== user.id) return { ok: false, reason: 'email-taken' };
        }
        await this.#query('UPDATE account_tokens SET used_at = $1 WHERE digest = $2', [now, digest], client);
        switch (effect.kind) {
          case 'verify-email':
            await this.#query('UPDATE users SET email_verified_at = coalesce(email_verified_at, $1) WHERE id = $2', [now, user.id], client);
            break;
          case 'reset-password':
            await this.#query('UPDATE users SET password_hash = $1 WHERE id = $2', [effect.passwordHash, user.id], client);
            await this.#query('DELETE FROM sessions WHERE user_id = $1', [user.id], client);
            await this.#query("DELETE FROM account_tokens WHERE user_id = $1 AND purpose = 'reset-password' AND used_at IS NULL", [user.id], client);
            await this.#enqueue([effect.mail], now, client);
            break;
          case 'change-email':
            await this.#query('UPDATE users SET email = $1, email_verified_at = $2 WHERE id = $3', [token.email, now, user.id], client);
            // Links sent to the old address no longer prove anything.
            await this.#query('DELETE FROM account_tokens WHERE user_id = $1 AND used_at IS NULL', [user.id], client);
            break;
        }
        const { rows } = await this.#query<UserRow>('SELECT * FROM users WHERE id = $1', [user.id], client);
        return { ok: true, user: toUser(rows[0]!) };
      });
    } catch (error) {
      // Another account took the address between the check and the update.
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) return { ok: false, reason: 'email-taken' };
      throw error;
    }
  }

  async peekToken(digest: string, purpose: TokenPurpose, now: number): Promise<RedeemResult> {
    const row = (await this.#query<TokenRow>('SELECT * FROM account_tokens WHERE digest = $1', [digest])).rows[0];
    const problem = tokenProblem(row, purpose, now);
    const user = row && !problem ? await this.findUserById(row.user_id) : null;
    return user ? { ok: true, user } : { ok: false, reason: problem ?? 'invalid' };
  }

  async markEmailVerified(email: string): Promise<UserRecord> {
    const { rows } = await this.#query<UserRow>('UPDATE users SET email_verified_at = coalesce(email_verified_at, $1) WHERE email = $2 RETURNING *', [
      nowSeconds(),
      normalizeEmail(email),
    ]);
    if (!rows[0]) throw new UnknownAccountError(normalizeEmail(email));
    return toUser(rows[0]);
  }

  async updateName(userId: number, name: string): Promise<void> {
    await this.#query('UPDATE users SET name = $1 WHERE id = $2', [name, userId]);
  }

  async changePassword(userId: number, passwordHash: string, keepSessionDigest: string | null, mail: QueuedMail | null): Promise<void> {
    await this.#transaction(async (client) => {
      await this.#query('UPDATE users SET password_hash = $1 WHERE id = $2', [passwordHash, userId], client);
      await this.#query('DELETE FROM sessions WHERE user_id = $1 AND id_digest IS DISTINCT FROM $2', [userId, keepSessionDigest], client);
      await this.#query("DELETE FROM account_tokens WHERE user_id = $1 AND purpose = 'reset-password' AND used_at IS NULL", [userId], client);
      if (mail) await this.#enqueue([mail], nowSeconds(), client);
    });
  }

  async deleteAccount(userId: number, mail: QueuedMail | null): Promise<boolean> {
    return this.#transaction(async (client) => {
      // ON DELETE CASCADE takes plans, sessions and tokens; unsent mail to the address goes too.
      const { rows } = await this.#query<{ email: string }>('DELETE FROM users WHERE id = $1 RETURNING email', [userId], client);
      if (!rows[0]) return false;
      await this.#query('DELETE FROM mail_queue WHERE recipient = $1', [rows[0].email], client);
      await this.#forgetFailures(rows[0].email, client);
      if (mail) await this.#enqueue([mail], nowSeconds(), client);
      return true;
    });
  }

  async sessionsFor(userId: number, now: number): Promise<SessionSummary[]> {
    const { rows } = await this.#query<{ created_at: string; expires_at: string }>(
      'SELECT created_at, expires_at FROM sessions WHERE user_id = $1 AND expires_at > $2 ORDER BY created_at DESC',
      [userId, now],
    );
    return rows.map((r) => ({ createdAt: Number(r.created_at), expiresAt: Number(r.expires_at) }));
  }

  async enqueueMail(mails: QueuedMail[]): Promise<void> {
    await this.#transaction((client) => this.#enqueue(mails, nowSeconds(), client));
  }

  async claimMail(now: number, leaseSeconds: number, limit: number): Promise<MailRecord[]> {
    // SKIP LOCKED: nodes claiming at the same moment take different messages instead of waiting for each other.
    const { rows } = await this.#query<MailRow>(
      `UPDATE mail_queue SET locked_until = $1
        WHERE id IN (SELECT id FROM mail_queue
                      WHERE failed_at IS NULL AND next_attempt_at <= $2 AND locked_until <= $2
                      ORDER BY next_attempt_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING *`,
      [now + leaseSeconds, now, limit],
    );
    return rows.map(toMail).sort((a, b) => a.id - b.id);
  }

  async completeMail(id: number): Promise<void> {
    await this.#query('DELETE FROM mail_queue WHERE id = $1', [id]);
  }

  async mailFailed(id: number, error: string, retryAt: number | null): Promise<void> {
    const sql =
      retryAt === null
        ? 'UPDATE mail_queue SET attempts = attempts + 1, last_error = $1, failed_at = $2, locked_until = 0 WHERE id = $3'
        : 'UPDATE mail_queue SET attempts = attempts + 1, last_error = $1, next_attempt_at = $2, locked_until = 0 WHERE id = $3';
    await this.#query(sql, [error.slice(0, 1000), retryAt ?? nowSeconds(), id]);
  }

  async mailQueueCounts(): Promise<{ waiting: number; failed: number }> {
    const { rows } = await this.#query<{ waiting: string; failed: string }>(
      'SELECT count(*) FILTER (WHERE failed_at IS NULL) AS waiting, count(*) FILTER (WHERE failed_at IS NOT NULL) AS failed FROM mail_queue',
    );
    return { waiting: Number(rows[0]!.waiting), failed: Number(rows[0]!.failed) };
  }

  // Billing (src/server/billing): customers, subscription states, webhook events. Each method is one transaction.

  async billingCustomerOf(userId: number): Promise<string | null> {
    const { rows } = await this.#query<{ customer_id: string }>('SELECT customer_id FROM billing_customers WHERE user_id = $1', [userId]);
    return rows[0]?.customer_id ?? null;
  }

  async linkBillingCustomer(userId: number, customerId: string): Promise<void> {
    await this.#transaction((client) => this.#linkCustomer(userId, customerId, client));
  }

  async #linkCustomer(userId: number, customerId: string, db: Queryable): Promise<void> {
    await this.#query(
      'INSERT INTO billing_customers (user_id, customer_id) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET customer_id = excluded.customer_id',
      [userId, customerId],
      db,
    );
  }

  async userOfBillingCustomer(customerId: string): Promise<number | null> {
    const { rows } = await this.#query<{ user_id: number }>('SELECT user_id FROM billing_customers WHERE customer_id = $1', [customerId]);
    return rows[0]?.user_id ?? null;
  }

  async applyBillingUpdate(update: BillingUpdate): Promise<BillingOutcome> {
    const now = nowSeconds();
    return this.#transaction(async (client): Promise<BillingOutcome> => {
      const userId = update.customer?.userId ?? update.subscription?.userId ?? null;
      if (update.eventId !== null) {
        // A concurrent duplicate on another node waits here for the first to commit, then inserts nothing.
        const inserted = await this.#query(
          'INSERT INTO billing_events (event_id, type, created, received_at, user_id, outcome) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (event_id) DO NOTHING',
          [update.eventId, update.type, update.created, now, userId, 'received'],
          client,
        );
        if ((inserted.rowCount ?? 0) === 0) return 'duplicate';
      }
      const outcome = await this.#applyBillingState(update, userId, now, client);
      if (update.eventId !== null)
        await this.#query(
          'UPDATE billing_events SET outcome = $1 WHERE event_id = $2',
          [update.note ? `${outcome}: ${update.note}` : outcome, update.eventId],
          client,
        );
      return outcome;
    });
  }

  async #applyBillingState(update: BillingUpdate, userId: number | null, now: number, client: pg.PoolClient): Promise<BillingOutcome> {
    const exists = async (id: number) => (await this.#query('SELECT 1 FROM users WHERE id = $1', [id], client)).rows.length > 0;
    if (update.customer && (await exists(update.customer.userId))) await this.#linkCustomer(update.customer.userId, update.customer.customerId, client);
    const next = update.subscription;
    if (!next) return 'applied';
    if (userId === null || !(await exists(userId))) return 'no-user';
    // The row lock orders two events of one subscription handled at the same moment on two nodes.
    await this.#query('SELECT pg_advisory_xact_lock(hashtext($1))', [next.subscriptionId], client);
    const row = (await this.#query<BillingSubscriptionRow>('SELECT * FROM billing_subscriptions WHERE subscription_id = $1', [next.subscriptionId], client))
      .rows[0];
    const previous = row ? toBillingSubscription(row) : null;
    if (previous && previous.stateAt > next.stateAt) return 'stale';
    const state = { ...next, userId };
    await this.#query(
      `INSERT INTO billing_subscriptions ${BILLING_COLUMNS} VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (subscription_id) DO UPDATE SET customer_id = excluded.customer_id, user_id = excluded.user_id,
         status = excluded.status, plan_interval = excluded.plan_interval, amount_cents = excluded.amount_cents,
         currency = excluded.currency, current_period_end = excluded.current_period_end,
         cancel_at_period_end = excluded.cancel_at_period_end, started_at = excluded.started_at,
         ended_at = excluded.ended_at, state_at = excluded.state_at`,
      billingValues(state, 'bool'),
      client,
    );
    if (update.planExpiresAt !== null) {
      await this.#query(
        `INSERT INTO subscriptions (user_id, plan_name, expires_at) VALUES ($1, 'Stats', $2)
         ON CONFLICT (user_id, plan_name) DO UPDATE SET expires_at = excluded.expires_at`,
        [userId, update.planExpiresAt],
        client,
      );
    }
    await this.#query(
      'INSERT INTO billing_changes (user_id, source, old_state, new_state, at) VALUES ($1, $2, $3, $4, $5)',
      [userId, update.eventId ?? update.type, previous ? JSON.stringify(previous) : null, JSON.stringify(state), now],
      client,
    );
    await this.#enqueue(update.mailsFor?.(previous, state) ?? [], now, client);
    return 'applied';
  }

  async billingSubscriptionsOf(userId: number): Promise<BillingSubscription[]> {
    const { rows } = await this.#query<BillingSubscriptionRow>(
      'SELECT * FROM billing_subscriptions WHERE user_id = $1 ORDER BY started_at DESC, subscription_id',
      [userId],
    );
    return rows.map(toBillingSubscription);
  }

  async allBillingSubscriptions(): Promise<BillingSubscription[]> {
    const { rows } = await this.#query<BillingSubscriptionRow>('SELECT * FROM billing_subscriptions ORDER BY started_at');
    return rows.map(toBillingSubscription);
  }

  async recentBillingEvents(limit: number): Promise<BillingEventRecord[]> {
    const { rows } = await this.#query<BillingEventRow>('SELECT * FROM billing_events ORDER BY received_at DESC, created DESC LIMIT $1', [limit]);
    return rows.map(toBillingEvent);
  }

  // Free trials (src/server/billing/trial.ts) and the admins' log.

  async #heldClaims(claims: readonly TrialClaim[], exceptSubscriptionId: string | undefined, db: Queryable, lock = false): Promise<TrialClaimRecord[]> {
    const held: TrialClaimRecord[] = [];
    for (const claim of claims) {
      const { rows } = await this.#query<TrialClaimRow>(
        `SELECT * FROM trial_claims WHERE kind = $1 AND claim_key = $2${lock ? ' FOR UPDATE' : ''}`,
        [claim.kind, claim.key],
        db,
      );
      if (rows[0] && rows[0].subscription_id !== exceptSubscriptionId) held.push(toTrialClaim(rows[0]));
    }
    return held;
  }

  async trialClaimsHeld(claims: readonly TrialClaim[], exceptSubscriptionId?: string): Promise<TrialClaimRecord[]> {
    return this.#heldClaims(claims, exceptSubscriptionId, this.#pool);
  }

  async claimTrial(claims: readonly TrialClaim[], userId: number, subscriptionId: string, at: number): Promise<'claimed' | 'taken'> {
    return this.#transaction(async (client) => {
      // Two nodes claiming the same address or card at once: the primary key lets one insert; the other's
      // INSERT waits for it and then finds the row (ON CONFLICT DO NOTHING), which the check below reads.
      for (const claim of claims) {
        await this.#query(
          `INSERT INTO trial_claims (kind, claim_key, user_id, subscription_id, claimed_at)
           VALUES ($1, $2, (SELECT id FROM users WHERE id = $3), $4, $5) ON CONFLICT (kind, claim_key) DO NOTHING`,
          [claim.kind, claim.key, userId, subscriptionId, at],
          client,
        );
      }
      if ((await this.#heldClaims(claims, subscriptionId, client, true)).length > 0) {
        throw new TrialTaken();
      }
      return 'claimed' as const;
    }).catch((error: unknown) => {
      if (error instanceof TrialTaken) return 'taken' as const;
      throw error;
    });
  }

  async trialClaimsOf(userId: number): Promise<TrialClaimRecord[]> {
    const { rows } = await this.#query<TrialClaimRow>('SELECT * FROM trial_claims WHERE user_id = $1 ORDER BY claimed_at, kind', [userId]);
    return rows.map(toTrialClaim);
  }

  async trialsEndingBetween(after: number, until: number): Promise<BillingSubscription[]> {
    const { rows } = await this.#query<BillingSubscriptionRow>(
      `SELECT s.* FROM billing_subscriptions s
       WHERE s.status = 'trialing' AND NOT s.cancel_at_period_end AND s.current_period_end > $1 AND s.current_period_end <= $2
         AND NOT EXISTS (SELECT 1 FROM trial_reminders r WHERE r.subscription_id = s.subscription_id AND r.trial_end = s.current_period_end)
       ORDER BY s.current_period_end`,
      [after, until],
    );
    return rows.map(toBillingSubscription);
  }

  async queueTrialReminder(subscriptionId: string, trialEnd: number, mail: QueuedMail, at: number): Promise<boolean> {
    return this.#transaction(async (client) => {
      const inserted = await this.#query(
        'INSERT INTO trial_reminders (subscription_id, trial_end, queued_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [subscriptionId, trialEnd, at],
        client,
      );
      if ((inserted.rowCount ?? 0) === 0) return false;
      await this.#enqueue([mail], at, client);
      return true;
    });
  }

  async logAdminAction(entry: Omit<AdminActionRecord, 'id'>): Promise<void> {
    await this.#query('INSERT INTO admin_actions (admin_email, action, target_email, detail, at) VALUES ($1, $2, $3, $4, $5)', [
      entry.adminEmail,
      entry.action,
      normalizeEmail(entry.targetEmail),
      entry.detail,
      entry.at,
    ]);
  }

  async adminActions(targetEmail: string | null, limit: number): Promise<AdminActionRecord[]> {
    const { rows } =
      targetEmail === null
        ? await this.#query<AdminActionRow>('SELECT * FROM admin_actions ORDER BY at DESC, id DESC LIMIT $1', [limit])
        : await this.#query<AdminActionRow>('SELECT * FROM admin_actions WHERE target_email = $1 ORDER BY at DESC, id DESC LIMIT $2', [
            normalizeEmail(targetEmail),
            limit,
          ]);
    return rows.map(toAdminAction);
  }

  // Saved views and their alerts (src/server/accounts/savedViews.ts, src/server/alerts). Each method is one transaction.

  async createSavedView(view: { userId: number; name: string; url: string; at: number }, max: number): Promise<SavedViewRecord | 'full'> {
    return this.#transaction(async (client) => {
      // The owner's row locked: two saves at once (two nodes) cannot both pass the count.
      await this.#query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [view.userId], client);
      const { rows: counted } = await this.#query<{ n: string }>('SELECT count(*) AS n FROM saved_views WHERE user_id = $1', [view.userId], client);
      if (Number(counted[0]!.n) >= max) return 'full';
      const { rows } = await this.#query<{ id: string }>(
        'INSERT INTO saved_views (user_id, name, url, created_at, updated_at) VALUES ($1, $2, $3, $4, $4) RETURNING id',
        [view.userId, view.name, view.url, view.at],
        client,
      );
      return (await this.#savedView(view.userId, Number(rows[0]!.id), client))!;
    });
  }

  async #savedView(userId: number, viewId: number, db: Queryable = this.#pool): Promise<SavedViewRecord | null> {
    const { rows } = await this.#query<SavedViewRow>(
      `SELECT ${SAVED_VIEW_COLUMNS} FROM saved_views v LEFT JOIN view_alerts a ON a.view_id = v.id WHERE v.id = $1 AND v.user_id = $2`,
      [viewId, userId],
      db,
    );
    return rows[0] ? toSavedView(rows[0]) : null;
  }

  async savedViewsOf(userId: number): Promise<SavedViewRecord[]> {
    const { rows } = await this.#query<SavedViewRow>(
      `SELECT ${SAVED_VIEW_COLUMNS} FROM saved_views v LEFT JOIN view_alerts a ON a.view_id = v.id WHERE v.user_id = $1 ORDER BY v.id DESC`,
      [userId],
    );
    return rows.map(toSavedView);
  }

  async savedViewOf(userId: number, viewId: number): Promise<SavedViewRecord | null> {
    return this.#savedView(userId, viewId);
  }

  async renameSavedView(userId: number, viewId: number, name: string, at: number): Promise<boolean> {
    const result = await this.#query('UPDATE saved_views SET name = $1, updated_at = $2 WHERE id = $3 AND user_id = $4', [name, at, viewId, userId]);
    return (result.rowCount ?? 0) > 0;
  }

  async deleteSavedView(userId: number, viewId: number): Promise<boolean> {
    // ON DELETE CASCADE takes its alert and delivery records.
    const result = await this.#query('DELETE FROM saved_views WHERE id = $1 AND user_id = $2', [viewId, userId]);
    return (result.rowCount ?? 0) > 0;
  }

  async setViewAlert(userId: number, viewId: number, on: boolean, seenThrough: string | null, at: number): Promise<boolean> {
    return this.#transaction(async (client) => {
      const { rows } = await this.#query('SELECT 1 FROM saved_views WHERE id = $1 AND user_id = $2 FOR UPDATE', [viewId, userId], client);
      if (rows.length === 0) return false;
      if (on) {
        await this.#query(
          'INSERT INTO view_alerts (view_id, created_at, seen_through) VALUES ($1, $2, $3) ON CONFLICT (view_id) DO NOTHING',
          [viewId, at, seenThrough],
          client,
        );
      } else {
        await this.#query('DELETE FROM view_alerts WHERE view_id = $1', [viewId], client);
      }
      return true;
    });
  }

  async alertsPending(updateKey: string): Promise<{ view: SavedViewRecord; user: UserWithSubscriptions }[]> {
    const { rows } = await this.#query<SavedViewRow & { owner: UserRow; subscriptions: { plan_name: string; expires_at: number }[] }>(
      `SELECT ${SAVED_VIEW_COLUMNS}, row_to_json(u) AS owner,
              coalesce((SELECT json_agg(json_build_object('plan_name', p.plan_name, 'expires_at', p.expires_at) ORDER BY p.plan_name)
                          FROM subscriptions p WHERE p.user_id = v.user_id), '[]') AS subscriptions
         FROM saved_views v JOIN view_alerts a ON a.view_id = v.id JOIN users u ON u.id = v.user_id
        WHERE NOT EXISTS (SELECT 1 FROM alert_deliveries d WHERE d.view_id = v.id AND d.update_key = $1)
        ORDER BY v.user_id, v.id`,
      [updateKey],
    );
    return rows.map((row) => {
      const user = toUser(row.owner);
      return {
        view: toSavedView(row),
        user: { ...user, subscriptions: row.subscriptions.map((p) => toSubscription({ user_id: user.id, ...p })) },
      };
    });
  }

  async recordAlertDigest(digest: AlertDigest): Promise<boolean> {
    try {
      return await this.#transaction(async (client) => {
        for (const d of digest.deliveries) {
          const owned = await this.#query('SELECT 1 FROM saved_views WHERE id = $1 AND user_id = $2', [d.viewId, digest.userId], client);
          if (owned.rows.length === 0) throw new DigestRecorded();
          const inserted = await this.#query(
            'INSERT INTO alert_deliveries (view_id, update_key, outcome, row_count, at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
            [d.viewId, digest.updateKey, d.outcome, d.rowCount, digest.at],
            client,
          );
          if ((inserted.rowCount ?? 0) === 0) throw new DigestRecorded();
          await this.#query('UPDATE view_alerts SET seen_through = $1 WHERE view_id = $2', [digest.through, d.viewId], client);
        }
        if (digest.mail) await this.#enqueue([digest.mail], digest.at, client);
        return true;
      });
    } catch (error) {
      if (error instanceof DigestRecorded) return false;
      throw error;
    }
  }

  async alertDeliveries(viewId: number): Promise<AlertDeliveryRecord[]> {
    const { rows } = await this.#query<AlertDeliveryRow>('SELECT * FROM alert_deliveries WHERE view_id = $1 ORDER BY at DESC, update_key DESC', [viewId]);
    return rows.map(toAlertDelivery);
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

/** Inside claimTrial: a claim is held by another subscription; the transaction is rolled back. */
class TrialTaken extends Error {}

/** Inside recordAlertDigest: an alert has a record for the update already (or is gone); the transaction is rolled back. */
class DigestRecorded extends Error {}
