/**
 * The embedded AccountStore (the default, one node): one SQLite file (node:sqlite, built into Node 24) in WAL mode.
 * Durability: synchronous=FULL, so a committed write survives a killed process (and a power cut); every write
 * runs in a transaction, so a failed write leaves nothing behind. SQL uses bound parameters only.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { MIGRATIONS, type Migration } from './migrations.ts';
import { keysNaming } from './failureKeys.ts';
import { NotAnAccountsDatabaseError, inspectAccountsFile } from './sqliteFile.ts';
import {
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
  toTrialClaim,
  type TrialClaimRow,
  toAdminAction,
  type AdminActionRow,
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
} from './rows.ts';

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

export class SqliteAccountStore implements AccountStore {
  readonly #db: DatabaseSync;
  /** Prepared statements, compiled once per SQL text (preparing costs more than running these queries). */
  readonly #statements = new Map<string, StatementSync>();

  #sql(text: string): StatementSync {
    let statement = this.#statements.get(text);
    if (!statement) {
      statement = this.#db.prepare(text);
      this.#statements.set(text, statement);
    }
    return statement;
  }

  constructor(file: string) {
    this.#db = openSqliteDatabase(file);
  }

  /** Runs fn inside one write transaction (all or nothing). */
  #write<T>(fn: () => T): T {
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      const result = fn();
      this.#db.exec('COMMIT');
      return result;
    } catch (error) {
      this.#db.exec('ROLLBACK');
      throw error;
    }
  }

  #userByEmail(email: string): UserRecord | null {
    const row = this.#sql('SELECT * FROM users WHERE email = ?').get(normalizeEmail(email)) as UserRow | undefined;
    return row ? toUser(row) : null;
  }

  #requireUser(email: string): UserRecord {
    const user = this.#userByEmail(email);
    if (!user) throw new UnknownAccountError(normalizeEmail(email));
    return user;
  }

  async createUser(user: NewUser): Promise<UserRecord> {
    const email = normalizeEmail(user.email);
    return this.#write(() => {
      if (this.#userByEmail(email)) throw new DuplicateEmailError(email);
      const now = nowSeconds();
      const result = this.#sql('INSERT INTO users (email, name, password_hash, is_admin, created_at, email_verified_at) VALUES (?, ?, ?, ?, ?, ?)').run(
        email,
        user.name,
        user.passwordHash,
        user.isAdmin ? 1 : 0,
        now,
        user.emailVerified ? now : null,
      );
      const row = this.#sql('SELECT * FROM users WHERE id = ?').get(result.lastInsertRowid) as unknown as UserRow;
      return toUser(row);
    });
  }

  async upsertUser(user: NewUser): Promise<UserRecord> {
    const email = normalizeEmail(user.email);
    return this.#write(() => {
      this.#sql(
        `INSERT INTO users (email, name, password_hash, is_admin, created_at, email_verified_at) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (email) DO UPDATE SET name = excluded.name, password_hash = excluded.password_hash,
             is_admin = excluded.is_admin, email_verified_at = coalesce(users.email_verified_at, excluded.email_verified_at)`,
      ).run(email, user.name, user.passwordHash, user.isAdmin ? 1 : 0, nowSeconds(), user.emailVerified ? nowSeconds() : null);
      return this.#requireUser(email);
    });
  }

  async findUserByEmail(email: string): Promise<UserRecord | null> {
    return this.#userByEmail(email);
  }

  async findUserById(id: number): Promise<UserRecord | null> {
    const row = this.#sql('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
    return row ? toUser(row) : null;
  }

  async listUsers(): Promise<UserWithSubscriptions[]> {
    const users = (this.#sql('SELECT * FROM users ORDER BY email').all() as unknown as UserRow[]).map(toUser);
    const subs = (this.#sql('SELECT * FROM subscriptions ORDER BY plan_name').all() as unknown as SubscriptionRow[]).map(toSubscription);
    return withSubscriptions(users, subs);
  }

  async setAdmin(email: string, isAdmin: boolean): Promise<UserRecord> {
    return this.#write(() => {
      const user = this.#requireUser(email);
      this.#sql('UPDATE users SET is_admin = ? WHERE id = ?').run(isAdmin ? 1 : 0, user.id);
      return { ...user, isAdmin };
    });
  }

  async deleteUser(email: string): Promise<boolean> {
    // ON DELETE CASCADE removes the user's subscriptions and sessions in the same transaction.
    return this.#write(() => {
      const address = normalizeEmail(email);
      const deleted = Number(this.#sql('DELETE FROM users WHERE email = ?').run(address).changes) > 0;
      if (deleted) this.#forgetFailures(address);
      return deleted;
    });
  }

  /** Deletes the failure counters that name the address (failureKeys.ts keysNaming). */
  #forgetFailures(address: string): void {
    const { keys, prefix } = keysNaming(address);
    this.#sql(`DELETE FROM signin_failures WHERE key IN (${keys.map(() => '?').join(', ')}) OR substr(key, 1, length(?)) = ?`).run(...keys, prefix, prefix);
  }

  async setPasswordHash(email: string, passwordHash: string): Promise<UserRecord> {
    return this.#write(() => {
      const user = this.#requireUser(email);
      this.#sql('UPDATE users SET password_hash = ? WHERE id = ?').run(passwordHash, user.id);
      // A new password signs the account out everywhere.
      this.#sql('DELETE FROM sessions WHERE user_id = ?').run(user.id);
      return { ...user, passwordHash };
    });
  }

  async grantSubscription(email: string, planName: string, expiresAt: number): Promise<SubscriptionRecord> {
    if (!Number.isInteger(expiresAt)) throw new TypeError('expiresAt must be whole seconds since epoch');
    return this.#write(() => {
      const user = this.#requireUser(email);
      this.#sql(
        `INSERT INTO subscriptions (user_id, plan_name, expires_at) VALUES (?, ?, ?)
           ON CONFLICT (user_id, plan_name) DO UPDATE SET expires_at = excluded.expires_at`,
      ).run(user.id, planName, expiresAt);
      return { userId: user.id, planName, expiresAt };
    });
  }

  async revokeSubscription(email: string, planName: string): Promise<boolean> {
    return this.#write(() => {
      const user = this.#requireUser(email);
      const result = this.#sql('DELETE FROM subscriptions WHERE user_id = ? AND plan_name = ?').run(user.id, planName);
      return Number(result.changes) > 0;
    });
  }

  async subscriptionsFor(userId: number): Promise<SubscriptionRecord[]> {
    const rows = this.#sql('SELECT * FROM subscriptions WHERE user_id = ? ORDER BY plan_name').all(userId) as unknown as SubscriptionRow[];
    return rows.map(toSubscription);
  }

  async createSession(userId: number, sessionIdDigest: string, expiresAt: number): Promise<void> {
    this.#write(() => {
      // Housekeeping: expired sessions are useless; drop them while we are writing anyway.
      this.#sql('DELETE FROM sessions WHERE expires_at <= ?').run(nowSeconds());
      this.#sql('INSERT INTO sessions (id_digest, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(sessionIdDigest, userId, nowSeconds(), expiresAt);
    });
  }

  async findSessionUser(sessionIdDigest: string, now: number): Promise<number | null> {
    const row = this.#sql('SELECT user_id FROM sessions WHERE id_digest = ? AND expires_at > ?').get(sessionIdDigest, now) as { user_id: number } | undefined;
    return row ? row.user_id : null;
  }

  async liveSession(sessionIdDigest: string, now: number): Promise<UserWithSubscriptions | null> {
    const userId = await this.findSessionUser(sessionIdDigest, now);
    const user = userId === null ? null : await this.findUserById(userId);
    return user ? { ...user, subscriptions: await this.subscriptionsFor(user.id) } : null;
  }

  async deleteSession(sessionIdDigest: string): Promise<void> {
    this.#write(() => {
      this.#sql('DELETE FROM sessions WHERE id_digest = ?').run(sessionIdDigest);
    });
  }

  async deleteSessionsForUser(userId: number): Promise<number> {
    return this.#write(() => Number(this.#sql('DELETE FROM sessions WHERE user_id = ?').run(userId).changes));
  }

  async recordFailure(key: string, at: number): Promise<void> {
    this.#sql('INSERT INTO signin_failures (key, at) VALUES (?, ?)').run(key, at);
  }

  async recentFailures(key: string, since: number, max: number): Promise<number[]> {
    const rows = this.#sql('SELECT at FROM signin_failures WHERE key = ? AND at > ? ORDER BY at DESC LIMIT ?').all(key, since, max) as { at: number }[];
    return rows.map((r) => r.at);
  }

  async clearFailures(key: string): Promise<void> {
    this.#sql('DELETE FROM signin_failures WHERE key = ?').run(key);
  }

  async pruneFailures(keyPrefix: string, before: number): Promise<number> {
    const sql = 'DELETE FROM signin_failures WHERE at <= ? AND substr(key, 1, length(?)) = ?';
    return Number(this.#sql(sql).run(before, keyPrefix, keyPrefix).changes);
  }

  // Self-service accounts: tokens and the mail queue. Each method is one transaction.

  #enqueue(mails: readonly QueuedMail[], now: number): void {
    for (const mail of mails) this.#sql(`INSERT INTO mail_queue ${MAIL_COLUMNS} VALUES (?, ?, ?, ?, ?, ?, ?, ?)`).run(...mailValues(mail, now));
  }

  #insertToken(token: NewAccountToken, now: number): void {
    this.#sql('DELETE FROM account_tokens WHERE expires_at <= ?').run(now - TOKEN_KEEP_SECONDS);
    this.#sql('DELETE FROM account_tokens WHERE user_id = ? AND purpose = ? AND used_at IS NULL').run(token.userId, token.purpose);
    this.#sql('INSERT INTO account_tokens (digest, purpose, user_id, email, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)').run(
      token.digest,
      token.purpose,
      token.userId,
      normalizeEmail(token.email),
      now,
      token.expiresAt,
    );
  }

  async signUp(user: NewUser, token: Omit<NewAccountToken, 'userId'>, mail: QueuedMail): Promise<UserRecord> {
    const email = normalizeEmail(user.email);
    const now = nowSeconds();
    return this.#write(() => {
      if (this.#userByEmail(email)) throw new DuplicateEmailError(email);
      const result = this.#sql('INSERT INTO users (email, name, password_hash, is_admin, created_at) VALUES (?, ?, ?, ?, ?)').run(
        email,
        user.name,
        user.passwordHash,
        user.isAdmin ? 1 : 0,
        now,
      );
      const userId = Number(result.lastInsertRowid);
      this.#insertToken({ ...token, userId }, now);
      this.#enqueue([mail], now);
      return toUser(this.#sql('SELECT * FROM users WHERE id = ?').get(userId) as unknown as UserRow);
    });
  }

  async issueToken(token: NewAccountToken, mails: QueuedMail[]): Promise<void> {
    const now = nowSeconds();
    this.#write(() => {
      this.#insertToken(token, now);
      this.#enqueue(mails, now);
    });
  }

  async redeemToken(digest: string, purpose: TokenPurpose, effect: TokenEffect, now: number): Promise<RedeemResult> {
    return this.#write((): RedeemResult => {
      const row = this.#sql('SELECT * FROM account_tokens WHERE digest = ?').get(digest) as TokenRow | undefined;
      const problem = tokenProblem(row, purpose, now);
      if (problem || !row) return { ok: false, reason: problem ?? 'invalid' };
      const userRow = this.#sql('SELECT * FROM users WHERE id = ?').get(row.user_id) as UserRow | undefined;
      if (!userRow) return { ok: false, reason: 'invalid' };
      const user = toUser(userRow);
      // A verification link proves only the address it was sent to.
      if (effect.kind === 'verify-email' && user.email !== row.email) return { ok: false, reason: 'invalid' };
      if (effect.kind === 'change-email') {
        const owner = this.#userByEmail(row.email);
        if (owner && owner.id !== user.id) return { ok: false, reason: 'email-taken' };
      }
      this.#sql('UPDATE account_tokens SET used_at = ? WHERE digest = ?').run(now, digest);
      switch (effect.kind) {
        case 'verify-email':
          this.#sql('UPDATE users SET email_verified_at = coalesce(email_verified_at, ?) WHERE id = ?').run(now, user.id);
          break;
        case 'reset-password':
          this.#sql('UPDATE users SET password_hash = ? WHERE id = ?').run(effect.passwordHash, user.id);
          this.#sql('DELETE FROM sessions WHERE user_id = ?').run(user.id);
          this.#sql("DELETE FROM account_tokens WHERE user_id = ? AND purpose = 'reset-password' AND used_at IS NULL").run(user.id);
          this.#enqueue([effect.mail], now);
          break;
        case 'change-email':
          this.#sql('UPDATE users SET email = ?, email_verified_at = ? WHERE id = ?').run(row.email, now, user.id);
          // Links sent to the old address no longer prove anything.
          this.#sql('DELETE FROM account_tokens WHERE user_id = ? AND used_at IS NULL').run(user.id);
          break;
      }
      return { ok: true, user: toUser(this.#sql('SELECT * FROM users WHERE id = ?').get(user.id) as unknown as UserRow) };
    });
  }

  async peekToken(digest: string, purpose: TokenPurpose, now: number): Promise<RedeemResult> {
    const row = this.#sql('SELECT * FROM account_tokens WHERE digest = ?').get(digest) as TokenRow | undefined;
    const problem = tokenProblem(row, purpose, now);
    const user = row && !problem ? await this.findUserById(row.user_id) : null;
    return user ? { ok: true, user } : { ok: false, reason: problem ?? 'invalid' };
  }

  async markEmailVerified(email: string): Promise<UserRecord> {
    return this.#write(() => {
      const user = this.#requireUser(email);
      this.#sql('UPDATE users SET email_verified_at = coalesce(email_verified_at, ?) WHERE id = ?').run(nowSeconds(), user.id);
      return this.#requireUser(email);
    });
  }

  async updateName(userId: number, name: string): Promise<void> {
    this.#write(() => {
      this.#sql('UPDATE users SET name = ? WHERE id = ?').run(name, userId);
    });
  }

  async changePassword(userId: number, passwordHash: string, keepSessionDigest: string | null, mail: QueuedMail | null): Promise<void> {
    this.#write(() => {
      this.#sql('UPDATE users SET password_hash = ? WHERE id = ?').run(passwordHash, userId);
      this.#sql('DELETE FROM sessions WHERE user_id = ? AND id_digest IS NOT ?').run(userId, keepSessionDigest);
      this.#sql("DELETE FROM account_tokens WHERE user_id = ? AND purpose = 'reset-password' AND used_at IS NULL").run(userId);
      if (mail) this.#enqueue([mail], nowSeconds());
    });
  }

  async deleteAccount(userId: number, mail: QueuedMail | null): Promise<boolean> {
    return this.#write(() => {
      const row = this.#sql('SELECT email FROM users WHERE id = ?').get(userId) as { email: string } | undefined;
      if (!row) return false;
      // ON DELETE CASCADE takes plans, sessions and tokens; unsent mail to the address goes too.
      this.#sql('DELETE FROM users WHERE id = ?').run(userId);
      this.#sql('DELETE FROM mail_queue WHERE recipient = ?').run(row.email);
      this.#forgetFailures(row.email);
      if (mail) this.#enqueue([mail], nowSeconds());
      return true;
    });
  }

  async createApiKey(key: { userId: number; name: string; prefix: string; digest: string; createdAt: number }): Promise<ApiKeyRecord> {
    const row = this.#sql(`INSERT INTO api_keys (user_id, name, prefix, digest, created_at) VALUES (?, ?, ?, ?, ?) RETURNING ${API_KEY_COLUMNS}`).get(
      key.userId,
      key.name,
      key.prefix,
      key.digest,
      key.createdAt,
    ) as unknown as ApiKeyRow;
    return toApiKey(row);
  }

  async putFlash(entry: { digest: string; userId: number; body: string; expiresAt: number }): Promise<void> {
    this.#write(() => {
      this.#sql('DELETE FROM flash_messages WHERE expires_at < ?').run(nowSeconds());
      this.#sql('INSERT INTO flash_messages (digest, user_id, body, expires_at) VALUES (?, ?, ?, ?)').run(
        entry.digest,
        entry.userId,
        entry.body,
        entry.expiresAt,
      );
    });
  }

  async takeFlash(digest: string, userId: number, now: number): Promise<string | null> {
    const row = this.#write(() => this.#sql('DELETE FROM flash_messages WHERE digest = ? RETURNING user_id, body, expires_at').get(digest)) as
      | { user_id: number; body: string; expires_at: number }
      | undefined;
    return row && Number(row.user_id) === userId && Number(row.expires_at) >= now ? row.body : null;
  }

  async apiKeysOf(userId: number): Promise<ApiKeyRecord[]> {
    const rows = this.#sql(`SELECT ${API_KEY_COLUMNS} FROM api_keys WHERE user_id = ? ORDER BY created_at DESC, id DESC`).all(userId) as unknown as ApiKeyRow[];
    return rows.map(toApiKey);
  }

  async revokeApiKey(userId: number, keyId: number, at: number): Promise<boolean> {
    return Number(this.#sql('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL').run(at, keyId, userId).changes) > 0;
  }

  async apiKeyOwner(digest: string): Promise<{ key: ApiKeyRecord; user: UserWithSubscriptions } | null> {
    const row = this.#sql(`SELECT ${API_KEY_COLUMNS} FROM api_keys WHERE digest = ? AND revoked_at IS NULL`).get(digest) as ApiKeyRow | undefined;
    if (!row) return null;
    const user = await this.findUserById(row.user_id);
    return user ? { key: toApiKey(row), user: { ...user, subscriptions: await this.subscriptionsFor(user.id) } } : null;
  }

  async consumeQuota(uses: readonly QuotaUse[], keyId: number | null, at: number): Promise<{ allowed: boolean; used: number[] }> {
    // Counts are not worth an fsync per request: this transaction commits without one (WAL, synchronous=NORMAL;
    // a power cut may forget the last counts, never corrupts the file), the rest of the store keeps FULL.
    this.#db.exec('PRAGMA synchronous = NORMAL');
    try {
      return this.#countQuota(uses, keyId, at);
    } finally {
      this.#db.exec('PRAGMA synchronous = FULL');
    }
  }

  #countQuota(uses: readonly QuotaUse[], keyId: number | null, at: number): { allowed: boolean; used: number[] } {
    return this.#write(() => {
      const now = uses.map(
        (u) =>
          (this.#sql('SELECT used FROM api_usage WHERE bucket = ? AND window_start = ?').get(u.bucket, u.windowStart) as { used: number } | undefined)?.used ??
          0,
      );
      if (uses.some((u, i) => now[i]! + u.cost > u.limit)) return { allowed: false, used: now };
      const used = uses.map((u) =>
        Number(
          (
            this.#sql(
              'INSERT INTO api_usage (bucket, window_start, used) VALUES (?, ?, ?) ON CONFLICT (bucket, window_start) DO UPDATE SET used = used + excluded.used RETURNING used',
            ).get(u.bucket, u.windowStart, u.cost) as { used: number }
          ).used,
        ),
      );
      if (keyId !== null) this.#sql('UPDATE api_keys SET requests = requests + 1, last_used_at = ? WHERE id = ?').run(at, keyId);
      return { allowed: true, used };
    });
  }

  async pruneQuota(before: number): Promise<number> {
    return Number(this.#sql('DELETE FROM api_usage WHERE window_start < ?').run(before).changes);
  }

  async sessionsFor(userId: number, now: number): Promise<SessionSummary[]> {
    const rows = this.#sql('SELECT created_at, expires_at FROM sessions WHERE user_id = ? AND expires_at > ? ORDER BY created_at DESC').all(userId, now) as {
      created_at: number;
      expires_at: number;
    }[];
    return rows.map((r) => ({ createdAt: r.created_at, expiresAt: r.expires_at }));
  }

  async enqueueMail(mails: QueuedMail[]): Promise<void> {
    this.#write(() => this.#enqueue(mails, nowSeconds()));
  }

  async claimMail(now: number, leaseSeconds: number, limit: number): Promise<MailRecord[]> {
    const due = `SELECT * FROM mail_queue WHERE failed_at IS NULL AND next_attempt_at <= ? AND locked_until <= ?
                  ORDER BY next_attempt_at, id LIMIT ?`;
    // Every node polls every 2 s: an empty queue is answered by a read, without taking the write lock.
    if (!this.#sql(due).get(now, now, 1)) return [];
    return this.#write(() => {
      const rows = this.#sql(due).all(now, now, limit) as unknown as MailRow[];
      for (const row of rows) this.#sql('UPDATE mail_queue SET locked_until = ? WHERE id = ?').run(now + leaseSeconds, row.id);
      return rows.map(toMail);
    });
  }

  async completeMail(id: number): Promise<void> {
    this.#sql('DELETE FROM mail_queue WHERE id = ?').run(id);
  }

  async mailFailed(id: number, error: string, retryAt: number | null): Promise<void> {
    const sql =
      retryAt === null
        ? 'UPDATE mail_queue SET attempts = attempts + 1, last_error = ?, failed_at = ?, locked_until = 0 WHERE id = ?'
        : 'UPDATE mail_queue SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?, locked_until = 0 WHERE id = ?';
    this.#sql(sql).run(error.slice(0, 1000), retryAt ?? nowSeconds(), id);
  }

  async mailQueueCounts(): Promise<{ waiting: number; failed: number }> {
    const row = this.#sql(
      'SELECT count(*) FILTER (WHERE failed_at IS NULL) AS waiting, count(*) FILTER (WHERE failed_at IS NOT NULL) AS failed FROM mail_queue',
    ).get() as { waiting: number; failed: number };
    return { waiting: row.waiting, failed: row.failed };
  }

  // Billing (src/server/billing): customers, subscription states, webhook events. Each method is one transaction.

  async billingCustomerOf(userId: number): Promise<string | null> {
    const row = this.#sql('SELECT customer_id FROM billing_customers WHERE user_id = ?').get(userId) as { customer_id: string } | undefined;
    return row?.customer_id ?? null;
  }

  async linkBillingCustomer(userId: number, customerId: string): Promise<void> {
    this.#write(() => this.#linkCustomer(userId, customerId));
  }

  #linkCustomer(userId: number, customerId: string): void {
    this.#sql('INSERT INTO billing_customers (user_id, customer_id) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET customer_id = excluded.customer_id').run(
      userId,
      customerId,
    );
  }

  async userOfBillingCustomer(customerId: string): Promise<number | null> {
    const row = this.#sql('SELECT user_id FROM billing_customers WHERE customer_id = ?').get(customerId) as { user_id: number } | undefined;
    return row?.user_id ?? null;
  }

  async applyBillingUpdate(update: BillingUpdate): Promise<BillingOutcome> {
    const now = nowSeconds();
    return this.#write((): BillingOutcome => {
      const userId = update.customer?.userId ?? update.subscription?.userId ?? null;
      if (update.eventId !== null) {
        const inserted = this.#sql(
          'INSERT INTO billing_events (event_id, type, created, received_at, user_id, outcome) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (event_id) DO NOTHING',
        ).run(update.eventId, update.type, update.created, now, userId, 'received');
        if (Number(inserted.changes) === 0) return 'duplicate';
      }
      const outcome = this.#applyBillingState(update, userId, now);
      if (update.eventId !== null)
        this.#sql('UPDATE billing_events SET outcome = ? WHERE event_id = ?').run(update.note ? `${outcome}: ${update.note}` : outcome, update.eventId);
      return outcome;
    });
  }

  #applyBillingState(update: BillingUpdate, userId: number | null, now: number): BillingOutcome {
    if (update.customer && this.#userExists(update.customer.userId)) this.#linkCustomer(update.customer.userId, update.customer.customerId);
    const next = update.subscription;
    if (!next) return 'applied';
    if (userId === null || !this.#userExists(userId)) return 'no-user';
    const row = this.#sql('SELECT * FROM billing_subscriptions WHERE subscription_id = ?').get(next.subscriptionId) as BillingSubscriptionRow | undefined;
    const previous = row ? toBillingSubscription(row) : null;
    if (previous && previous.stateAt > next.stateAt) return 'stale';
    const state = { ...next, userId };
    this.#sql(
      `INSERT INTO billing_subscriptions ${BILLING_COLUMNS} VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (subscription_id) DO UPDATE SET customer_id = excluded.customer_id, user_id = excluded.user_id,
         status = excluded.status, plan_interval = excluded.plan_interval, amount_cents = excluded.amount_cents,
         currency = excluded.currency, current_period_end = excluded.current_period_end,
         cancel_at_period_end = excluded.cancel_at_period_end, started_at = excluded.started_at,
         ended_at = excluded.ended_at, state_at = excluded.state_at`,
    ).run(...(billingValues(state, 'int') as (string | number | null)[]));
    if (update.planExpiresAt !== null) {
      this.#sql(
        `INSERT INTO subscriptions (user_id, plan_name, expires_at) VALUES (?, 'Stats', ?)
         ON CONFLICT (user_id, plan_name) DO UPDATE SET expires_at = excluded.expires_at`,
      ).run(userId, update.planExpiresAt);
    }
    this.#sql('INSERT INTO billing_changes (user_id, source, old_state, new_state, at) VALUES (?, ?, ?, ?, ?)').run(
      userId,
      update.eventId ?? update.type,
      previous ? JSON.stringify(previous) : null,
      JSON.stringify(state),
      now,
    );
    this.#enqueue(update.mailsFor?.(previous, state) ?? [], now);
    return 'applied';
  }

  #userExists(userId: number): boolean {
    return this.#sql('SELECT 1 FROM users WHERE id = ?').get(userId) !== undefined;
  }

  async billingSubscriptionsOf(userId: number): Promise<BillingSubscription[]> {
    const rows = this.#sql('SELECT * FROM billing_subscriptions WHERE user_id = ? ORDER BY started_at DESC, subscription_id').all(
      userId,
    ) as unknown as BillingSubscriptionRow[];
    return rows.map(toBillingSubscription);
  }

  async allBillingSubscriptions(): Promise<BillingSubscription[]> {
    const rows = this.#sql('SELECT * FROM billing_subscriptions ORDER BY started_at').all() as unknown as BillingSubscriptionRow[];
    return rows.map(toBillingSubscription);
  }

  async recentBillingEvents(limit: number): Promise<BillingEventRecord[]> {
    const rows = this.#sql('SELECT * FROM billing_events ORDER BY received_at DESC, created DESC LIMIT ?').all(limit) as unknown as BillingEventRow[];
    return rows.map(toBillingEvent);
  }

  // Free trials (src/server/billing/trial.ts) and the admins' log. Each method is one transaction.

  #heldClaims(claims: readonly TrialClaim[], exceptSubscriptionId: string | undefined): TrialClaimRecord[] {
    const held: TrialClaimRecord[] = [];
    for (const claim of claims) {
      const row = this.#sql('SELECT * FROM trial_claims WHERE kind = ? AND claim_key = ?').get(claim.kind, claim.key) as TrialClaimRow | undefined;
      if (row && row.subscription_id !== exceptSubscriptionId) held.push(toTrialClaim(row));
    }
    return held;
  }

  async trialClaimsHeld(claims: readonly TrialClaim[], exceptSubscriptionId?: string): Promise<TrialClaimRecord[]> {
    return this.#heldClaims(claims, exceptSubscriptionId);
  }

  async claimTrial(claims: readonly TrialClaim[], userId: number, subscriptionId: string, at: number): Promise<'claimed' | 'taken'> {
    return this.#write(() => {
      if (this.#heldClaims(claims, subscriptionId).length > 0) return 'taken';
      for (const claim of claims) {
        this.#sql(
          'INSERT INTO trial_claims (kind, claim_key, user_id, subscription_id, claimed_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (kind, claim_key) DO NOTHING',
        ).run(claim.kind, claim.key, this.#userExists(userId) ? userId : null, subscriptionId, at);
      }
      return 'claimed';
    });
  }

  async trialClaimsOf(userId: number): Promise<TrialClaimRecord[]> {
    const rows = this.#sql('SELECT * FROM trial_claims WHERE user_id = ? ORDER BY claimed_at, kind').all(userId) as unknown as TrialClaimRow[];
    return rows.map(toTrialClaim);
  }

  async trialsEndingBetween(after: number, until: number): Promise<BillingSubscription[]> {
    const rows = this.#sql(
      `SELECT s.* FROM billing_subscriptions s
       WHERE s.status = 'trialing' AND s.cancel_at_period_end = 0 AND s.current_period_end > ? AND s.current_period_end <= ?
         AND NOT EXISTS (SELECT 1 FROM trial_reminders r WHERE r.subscription_id = s.subscription_id AND r.trial_end = s.current_period_end)
       ORDER BY s.current_period_end`,
    ).all(after, until) as unknown as BillingSubscriptionRow[];
    return rows.map(toBillingSubscription);
  }

  async queueTrialReminder(subscriptionId: string, trialEnd: number, mail: QueuedMail, at: number): Promise<boolean> {
    return this.#write(() => {
      const inserted = this.#sql('INSERT INTO trial_reminders (subscription_id, trial_end, queued_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(
        subscriptionId,
        trialEnd,
        at,
      );
      if (Number(inserted.changes) === 0) return false;
      this.#enqueue([mail], at);
      return true;
    });
  }

  async logAdminAction(entry: Omit<AdminActionRecord, 'id'>): Promise<void> {
    this.#sql('INSERT INTO admin_actions (admin_email, action, target_email, detail, at) VALUES (?, ?, ?, ?, ?)').run(
      entry.adminEmail,
      entry.action,
      normalizeEmail(entry.targetEmail),
      entry.detail,
      entry.at,
    );
  }

  async adminActions(targetEmail: string | null, limit: number): Promise<AdminActionRecord[]> {
    const rows = (targetEmail === null
      ? this.#sql('SELECT * FROM admin_actions ORDER BY at DESC, id DESC LIMIT ?').all(limit)
      : this.#sql('SELECT * FROM admin_actions WHERE target_email = ? ORDER BY at DESC, id DESC LIMIT ?').all(
          normalizeEmail(targetEmail),
          limit,
        )) as unknown as AdminActionRow[];
    return rows.map(toAdminAction);
  }

  // Saved views and their alerts (src/server/accounts/savedViews.ts, src/server/alerts). Each method is one transaction.

  async createSavedView(view: { userId: number; name: string; url: string; at: number }, max: number): Promise<SavedViewRecord | 'full'> {
    return this.#write(() => {
      const { n } = this.#sql('SELECT count(*) AS n FROM saved_views WHERE user_id = ?').get(view.userId) as { n: number };
      if (Number(n) >= max) return 'full';
      const { id } = this.#sql('INSERT INTO saved_views (user_id, name, url, created_at, updated_at) VALUES (?, ?, ?, ?, ?) RETURNING id').get(
        view.userId,
        view.name,
        view.url,
        view.at,
        view.at,
      ) as { id: number };
      return this.#savedView(view.userId, Number(id))!;
    });
  }

  #savedView(userId: number, viewId: number): SavedViewRecord | null {
    const row = this.#sql(`SELECT ${SAVED_VIEW_COLUMNS} FROM saved_views v LEFT JOIN view_alerts a ON a.view_id = v.id WHERE v.id = ? AND v.user_id = ?`).get(
      viewId,
      userId,
    ) as SavedViewRow | undefined;
    return row ? toSavedView(row) : null;
  }

  async savedViewsOf(userId: number): Promise<SavedViewRecord[]> {
    const rows = this.#sql(
      `SELECT ${SAVED_VIEW_COLUMNS} FROM saved_views v LEFT JOIN view_alerts a ON a.view_id = v.id WHERE v.user_id = ? ORDER BY v.id DESC`,
    ).all(userId) as unknown as SavedViewRow[];
    return rows.map(toSavedView);
  }

  async savedViewOf(userId: number, viewId: number): Promise<SavedViewRecord | null> {
    return this.#savedView(userId, viewId);
  }

  async renameSavedView(userId: number, viewId: number, name: string, at: number): Promise<boolean> {
    return Number(this.#sql('UPDATE saved_views SET name = ?, updated_at = ? WHERE id = ? AND user_id = ?').run(name, at, viewId, userId).changes) > 0;
  }

  async deleteSavedView(userId: number, viewId: number): Promise<boolean> {
    // ON DELETE CASCADE takes its alert and delivery records.
    return this.#write(() => Number(this.#sql('DELETE FROM saved_views WHERE id = ? AND user_id = ?').run(viewId, userId).changes) > 0);
  }

  async setViewAlert(userId: number, viewId: number, on: boolean, seenThrough: string | null, at: number): Promise<boolean> {
    return this.#write(() => {
      if (!this.#sql('SELECT 1 FROM saved_views WHERE id = ? AND user_id = ?').get(viewId, userId)) return false;
      if (on)
        this.#sql('INSERT INTO view_alerts (view_id, created_at, seen_through) VALUES (?, ?, ?) ON CONFLICT (view_id) DO NOTHING').run(viewId, at, seenThrough);
      else this.#sql('DELETE FROM view_alerts WHERE view_id = ?').run(viewId);
      return true;
    });
  }

  async alertsPending(updateKey: string): Promise<{ view: SavedViewRecord; user: UserWithSubscriptions }[]> {
    const rows = this.#sql(
      `SELECT ${SAVED_VIEW_COLUMNS} FROM saved_views v JOIN view_alerts a ON a.view_id = v.id
        WHERE NOT EXISTS (SELECT 1 FROM alert_deliveries d WHERE d.view_id = v.id AND d.update_key = ?)
        ORDER BY v.user_id, v.id`,
    ).all(updateKey) as unknown as SavedViewRow[];
    const users = new Map<number, UserWithSubscriptions>();
    const pending: { view: SavedViewRecord; user: UserWithSubscriptions }[] = [];
    for (const view of rows.map(toSavedView)) {
      let user = users.get(view.userId);
      if (!user) {
        const owner = await this.findUserById(view.userId);
        if (!owner) continue;
        user = { ...owner, subscriptions: await this.subscriptionsFor(view.userId) };
        users.set(view.userId, user);
      }
      pending.push({ view, user });
    }
    return pending;
  }

  async recordAlertDigest(digest: AlertDigest): Promise<boolean> {
    try {
      return this.#write(() => {
        for (const d of digest.deliveries) {
          const owned = this.#sql('SELECT 1 FROM saved_views WHERE id = ? AND user_id = ?').get(d.viewId, digest.userId);
          if (!owned) throw new DigestRecorded();
          const inserted = this.#sql(
            'INSERT INTO alert_deliveries (view_id, update_key, outcome, row_count, at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
          ).run(d.viewId, digest.updateKey, d.outcome, d.rowCount, digest.at);
          if (Number(inserted.changes) === 0) throw new DigestRecorded();
          this.#sql('UPDATE view_alerts SET seen_through = ? WHERE view_id = ?').run(digest.through, d.viewId);
        }
        if (digest.mail) this.#enqueue([digest.mail], digest.at);
        return true;
      });
    } catch (error) {
      if (error instanceof DigestRecorded) return false;
      throw error;
    }
  }

  async alertDeliveries(viewId: number): Promise<AlertDeliveryRecord[]> {
    const rows = this.#sql('SELECT * FROM alert_deliveries WHERE view_id = ? ORDER BY at DESC, update_key DESC').all(viewId) as unknown as AlertDeliveryRow[];
    return rows.map(toAlertDelivery);
  }

  async schemaVersion(): Promise<number> {
    return (this.#sql('PRAGMA user_version').get() as { user_version: number }).user_version;
  }

  async close(): Promise<void> {
    if (this.#db.isOpen) this.#db.close();
  }
}

/** Inside recordAlertDigest: an alert has a record for the update already (or is gone); the transaction is rolled back. */
class DigestRecorded extends Error {}
