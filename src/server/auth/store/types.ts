/**
 * The accounts store interface: everything the app and the operator CLI need from persistent account data.
 * One interface, so a PostgreSQL implementation can replace the embedded SQLite one for multi-node deployments
 * (every method is async for that reason, even though node:sqlite is synchronous).
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

/** Thrown when an operation names an account that does not exist. */
export class UnknownAccountError extends Error {
  constructor(email: string) {
    super(`No account with the email ${email}`);
    this.name = 'UnknownAccountError';
  }
}

export interface AccountStore {
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
  deleteSession(sessionIdDigest: string): Promise<void>;
  deleteSessionsForUser(userId: number): Promise<number>;
  close(): Promise<void>;
}

/** Emails are case-insensitive identifiers: store and compare them trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
