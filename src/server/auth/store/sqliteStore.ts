/**
 * The embedded AccountStore (the default, one node): one SQLite file (node:sqlite, built into Node 24) in WAL mode.
 * Durability: synchronous=FULL, so a committed write survives a killed process (and a power cut); every write
 * runs in a transaction, so a failed write leaves nothing behind. SQL uses bound parameters only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { MIGRATIONS, type Migration } from './migrations.ts';
import {
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

/** Opens (creating if needed) the accounts database file and brings its schema up to date. */
export function openSqliteDatabase(file: string): DatabaseSync {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  // First: wait (up to 5 s) instead of failing when another process (the server, the CLI) holds the lock;
  // even switching to WAL needs the lock.
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA foreign_keys = ON');
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
      const result = this.#sql('INSERT INTO users (email, name, password_hash, is_admin, created_at) VALUES (?, ?, ?, ?, ?)')
        .run(email, user.name, user.passwordHash, user.isAdmin ? 1 : 0, nowSeconds());
      const row = this.#sql('SELECT * FROM users WHERE id = ?').get(result.lastInsertRowid) as unknown as UserRow;
      return toUser(row);
    });
  }

  async upsertUser(user: NewUser): Promise<UserRecord> {
    const email = normalizeEmail(user.email);
    return this.#write(() => {
      this.#sql(
          `INSERT INTO users (email, name, password_hash, is_admin, created_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (email) DO UPDATE SET name = excluded.name, password_hash = excluded.password_hash,
             is_admin = excluded.is_admin`,
        )
        .run(email, user.name, user.passwordHash, user.isAdmin ? 1 : 0, nowSeconds());
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
    const subs = (this.#sql('SELECT * FROM subscriptions ORDER BY plan_name').all() as unknown as SubscriptionRow[]).map(
      toSubscription,
    );
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
    return this.#write(() => Number(this.#sql('DELETE FROM users WHERE email = ?').run(normalizeEmail(email)).changes) > 0);
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
        )
        .run(user.id, planName, expiresAt);
      return { userId: user.id, planName, expiresAt };
    });
  }

  async revokeSubscription(email: string, planName: string): Promise<boolean> {
    return this.#write(() => {
      const user = this.#requireUser(email);
      const result = this.#sql('DELETE FROM subscriptions WHERE user_id = ? AND plan_name = ?')
        .run(user.id, planName);
      return Number(result.changes) > 0;
    });
  }

  async subscriptionsFor(userId: number): Promise<SubscriptionRecord[]> {
    const rows = this.#sql('SELECT * FROM subscriptions WHERE user_id = ? ORDER BY plan_name')
      .all(userId) as unknown as SubscriptionRow[];
    return rows.map(toSubscription);
  }

  async createSession(userId: number, sessionIdDigest: string, expiresAt: number): Promise<void> {
    this.#write(() => {
      // Housekeeping: expired sessions are useless; drop them while we are writing anyway.
      this.#sql('DELETE FROM sessions WHERE expires_at <= ?').run(nowSeconds());
      this.#sql('INSERT INTO sessions (id_digest, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
        .run(sessionIdDigest, userId, nowSeconds(), expiresAt);
    });
  }

  async findSessionUser(sessionIdDigest: string, now: number): Promise<number | null> {
    const row = this.#sql('SELECT user_id FROM sessions WHERE id_digest = ? AND expires_at > ?')
      .get(sessionIdDigest, now) as { user_id: number } | undefined;
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
    const rows = this.#sql('SELECT at FROM signin_failures WHERE key = ? AND at > ? ORDER BY at DESC LIMIT ?')
      .all(key, since, max) as { at: number }[];
    return rows.map((r) => r.at);
  }

  async clearFailures(key: string): Promise<void> {
    this.#sql('DELETE FROM signin_failures WHERE key = ?').run(key);
  }

  async pruneFailures(keyPrefix: string, before: number): Promise<number> {
    const sql = 'DELETE FROM signin_failures WHERE at <= ? AND substr(key, 1, length(?)) = ?';
    return Number(this.#sql(sql).run(before, keyPrefix, keyPrefix).changes);
  }

  async schemaVersion(): Promise<number> {
    return (this.#sql('PRAGMA user_version').get() as { user_version: number }).user_version;
  }

  async close(): Promise<void> {
    if (this.#db.isOpen) this.#db.close();
  }
}
