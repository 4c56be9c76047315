/**
 * Schema migrations of the accounts database, applied in order. The database's `PRAGMA user_version` holds the
 * number of migrations applied; each migration runs in its own transaction together with the version bump.
 * Never edit a published migration: append a new one.
 */
export interface Migration {
  version: number;
  description: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'users and subscriptions',
    sql: `
      CREATE TABLE users (
        id            INTEGER PRIMARY KEY,
        email         TEXT NOT NULL UNIQUE,        -- lower-cased, trimmed
        name          TEXT NOT NULL,
        password_hash TEXT NOT NULL,               -- argon2id PHC string
        is_admin      INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
        created_at    INTEGER NOT NULL             -- seconds since epoch
      ) STRICT;
      CREATE TABLE subscriptions (
        user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        plan_name  TEXT NOT NULL,
        expires_at INTEGER NOT NULL,               -- seconds since epoch
        PRIMARY KEY (user_id, plan_name)
      ) STRICT;
    `,
  },
  {
    version: 2,
    description: 'server-side sessions (revoked on sign-out)',
    sql: `
      CREATE TABLE sessions (
        id_digest  TEXT PRIMARY KEY,               -- SHA-256 hex of the random session id in the JWT
        user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX sessions_user ON sessions(user_id);
    `,
  },
];
