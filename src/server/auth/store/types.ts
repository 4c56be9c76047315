/**
 * The accounts store interface: everything the app and the operator CLI need from persistent account data.
 * One interface, two implementations: the embedded SQLite file (one node) and PostgreSQL (any number of nodes);
 * every method is async for that reason, even though node:sqlite is synchronous.
 */

export interface UserRecord {
  id: number;
  /** Stored lower-cased and trimmed; unique. */
  email: string;
  name: string;
  /** PHC string of an argon2id hash. */
  passwordHash: string;
  isAdmin: boolean;
  /** seconds since epoch */
  createdAt: number;
}

export interface SubscriptionRecord {
  userId: number;
  planName: string;
  /** seconds since epoch */
  expiresAt: number;
}

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string;
  isAdmin?: boolean;
}

export interface UserWithSubscriptions extends UserRecord {
  subscriptions: SubscriptionRecord[];
}

/** Thrown when an email is already taken (emails are compared case-insensitively). */
export class DuplicateEmailError extends Error {
  constructor(email: string) {
    super(`An account with the email ${email} already exists`);
    this.name = 'DuplicateEmailError';
  }
}

/**
 * The accounts database cannot serve: refused, reset or timed-out connections (also every pooled connection busy
 * past the connect timeout), a server shutting down or out of connections. The request is answered 503 with
 * Retry-After (src/middleware.ts, src/server/http), not 500. A write whose connection was lost as it
 * committed may have been applied.
 */
export class AccountsUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The accounts database cannot be reached (${cause instanceof Error ? cause.message : String(cause)})`, { cause });
    this.name = 'AccountsUnavailableError';
  }
}

/** Thrown when an operation names an account that does not exist. */
export class UnknownAccountError extends Error {
  constructor(email: string) {
    super(`No account with the email ${email}`);
    this.name = 'UnknownAccountError';
  }
}

/**
 * Sign-in failure counters, kept in the store so that every web node sees the same counts. A key names a
 * limiter and its bucket (e.g. "ip:203.0.113.9", "account:ann@example.com"); times are milliseconds since epoch.
 */
export interface FailureCounters {
  /** Counts one failure for the key at the given time. */
  recordFailure(key: string, at: number): Promise<void>;
  /**
   * The times of the key's failures after `since`, newest first, at most `max` of them: their number is the
   * count in the window (capped at `max`, all a limit of `max` needs to know), the last one tells when the
   * window frees a place.
   */
  recentFailures(key: string, since: number, max: number): Promise<number[]>;
  /** Forgets the key's failures (a successful sign-in). */
  clearFailures(key: string): Promise<void>;
  /**
   * Deletes the failures at or before `before` whose key starts with `keyPrefix` (a limiter prunes what its own
   * window no longer sees); returns how many.
   */
  pruneFailures(keyPrefix: string, before: number): Promise<number>;
}

export interface AccountStore extends FailureCounters {
  createUser(user: NewUser): Promise<UserRecord>;
  /** Creates the user, or updates name, password hash and admin flag of the existing one (same email). */
  upsertUser(user: NewUser): Promise<UserRecord>;
  findUserByEmail(email: string): Promise<UserRecord | null>;
  findUserById(id: number): Promise<UserRecord | null>;
  listUsers(): Promise<UserWithSubscriptions[]>;
  setAdmin(email: string, isAdmin: boolean): Promise<UserRecord>;
  /** Deletes the account with its subscriptions and sessions; false when there was none. */
  deleteUser(email: string): Promise<boolean>;
  setPasswordHash(email: string, passwordHash: string): Promise<UserRecord>;
  /** Sets (creates or replaces) the user's subscription to a plan. */
  grantSubscription(email: string, planName: string, expiresAt: number): Promise<SubscriptionRecord>;
  /** Removes the user's subscription to a plan; false when there was none. */
  revokeSubscription(email: string, planName: string): Promise<boolean>;
  subscriptionsFor(userId: number): Promise<SubscriptionRecord[]>;
  /**
   * Server-side sessions: a signed-in browser holds a random session id inside its (encrypted) JWT; the store
   * keeps only its SHA-256 digest. Sign-out deletes the row, so a copied cookie stops working at once.
   */
  createSession(userId: number, sessionIdDigest: string, expiresAt: number): Promise<void>;
  /** The user id of a live session (present and not expired), else null. */
  findSessionUser(sessionIdDigest: string, now: number): Promise<number | null>;
  /**
   * The user of a live session with their plans, else null: everything a request's session needs, read fresh
   * (one round trip on PostgreSQL), so a revoked plan or session holds on every node at the next request.
   */
  liveSession(sessionIdDigest: string, now: number): Promise<UserWithSubscriptions | null>;
  deleteSession(sessionIdDigest: string): Promise<void>;
  deleteSessionsForUser(userId: number): Promise<number>;
  /** The schema version of the database (migrations applied at open: the last one of MIGRATIONS). */
  schemaVersion(): Promise<number>;
  close(): Promise<void>;
}

/** Emails are case-insensitive identifiers: store and compare them trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
