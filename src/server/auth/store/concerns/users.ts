/**
 * Accounts and their plans as the operator (CLI, admin pages) and the sign-in see them, the sign-in failure
 * counters (failureKeys.ts), and the admins' log. Emails are stored normalized (normalizeEmail); deleting an
 * address deletes the failure counters that name it.
 */
import type { Db } from '../db.ts';
import { keysNaming } from '../failureKeys.ts';
import { nowSeconds, toSubscription, toUser, withSubscriptions, type SubscriptionRow, type UserRow } from '../rows.ts';
import {
  DuplicateEmailError,
  UnknownAccountError,
  normalizeEmail,
  type AccountStore,
  type AdminActionRecord,
  type FailureCounters,
  type NewUser,
  type SubscriptionRecord,
  type UserRecord,
} from '../types.ts';

type UserMethods = FailureCounters &
  Pick<
    AccountStore,
    | 'createUser'
    | 'upsertUser'
    | 'findUserByEmail'
    | 'findUserById'
    | 'listUsers'
    | 'setAdmin'
    | 'deleteUser'
    | 'setPasswordHash'
    | 'grantSubscription'
    | 'revokeSubscription'
    | 'subscriptionsFor'
    | 'markEmailVerified'
    | 'updateName'
    | 'logAdminAction'
    | 'adminActions'
  >;

const INSERT_USER = 'INSERT INTO users (email, name, password_hash, is_admin, created_at, email_verified_at) VALUES (?, ?, ?, ?, ?, ?)';

export async function userByEmail(db: Db, email: string): Promise<UserRecord | null> {
  const row = await db.one<UserRow>('SELECT * FROM users WHERE email = ?', [normalizeEmail(email)]);
  return row ? toUser(row) : null;
}

/** The user with this email, locked for the rest of the transaction (PostgreSQL); else UnknownAccountError. */
async function lockUser(tx: Db, email: string): Promise<UserRecord> {
  const row = await tx.one<UserRow>(`SELECT * FROM users WHERE email = ?${tx.forUpdate}`, [normalizeEmail(email)]);
  if (!row) throw new UnknownAccountError(normalizeEmail(email));
  return toUser(row);
}

/** The user a write RETURNING * changed, else UnknownAccountError. */
function changedUser(rows: UserRow[], email: string): UserRecord {
  if (!rows[0]) throw new UnknownAccountError(normalizeEmail(email));
  return toUser(rows[0]);
}

/** Deletes the failure counters that name the address (failureKeys.ts keysNaming). */
export async function forgetFailures(tx: Db, address: string): Promise<void> {
  const { keys, prefix } = keysNaming(address);
  await tx.run(`DELETE FROM signin_failures WHERE key IN (${keys.map(() => '?').join(', ')}) OR substr(key, 1, length(?)) = ?`, [...keys, prefix, prefix]);
}

export function userMethods(db: Db): UserMethods {
  return {
    async createUser(user: NewUser): Promise<UserRecord> {
      const email = normalizeEmail(user.email);
      const now = nowSeconds();
      try {
        const rows = await db.all<UserRow>(`${INSERT_USER} RETURNING *`, [
          email,
          user.name,
          user.passwordHash,
          Boolean(user.isAdmin),
          now,
          user.emailVerified ? now : null,
        ]);
        return toUser(rows[0]!);
      } catch (error) {
        if (db.isUniqueViolation(error)) throw new DuplicateEmailError(email);
        throw error;
      }
    },

    async upsertUser(user: NewUser): Promise<UserRecord> {
      const now = nowSeconds();
      const rows = await db.all<UserRow>(
        `${INSERT_USER}
         ON CONFLICT (email) DO UPDATE SET name = excluded.name, password_hash = excluded.password_hash,
           is_admin = excluded.is_admin, email_verified_at = coalesce(users.email_verified_at, excluded.email_verified_at)
         RETURNING *`,
        [normalizeEmail(user.email), user.name, user.passwordHash, Boolean(user.isAdmin), now, user.emailVerified ? now : null],
      );
      return toUser(rows[0]!);
    },

    findUserByEmail: (email) => userByEmail(db, email),

    async findUserById(id: number): Promise<UserRecord | null> {
      const row = await db.one<UserRow>('SELECT * FROM users WHERE id = ?', [id]);
      return row ? toUser(row) : null;
    },

    listUsers() {
      // One snapshot for both reads, so a user and their plans are seen at the same moment.
      return db.transaction(
        async (tx) => {
          const users = (await tx.all<UserRow>('SELECT * FROM users ORDER BY email')).map(toUser);
          const plans = (await tx.all<SubscriptionRow>('SELECT * FROM subscriptions ORDER BY plan_name')).map(toSubscription);
          return withSubscriptions(users, plans);
        },
        { snapshot: true },
      );
    },

    async setAdmin(email: string, isAdmin: boolean): Promise<UserRecord> {
      return changedUser(await db.all<UserRow>('UPDATE users SET is_admin = ? WHERE email = ? RETURNING *', [isAdmin, normalizeEmail(email)]), email);
    },

    deleteUser(email: string): Promise<boolean> {
      // ON DELETE CASCADE removes the user's subscriptions and sessions in the same transaction.
      return db.transaction(async (tx) => {
        const address = normalizeEmail(email);
        const deleted = (await tx.run('DELETE FROM users WHERE email = ?', [address])) > 0;
        if (deleted) await forgetFailures(tx, address);
        return deleted;
      });
    },

    setPasswordHash(email: string, passwordHash: string): Promise<UserRecord> {
      return db.transaction(async (tx) => {
        const user = await lockUser(tx, email);
        await tx.run('UPDATE users SET password_hash = ? WHERE id = ?', [passwordHash, user.id]);
        // A new password signs the account out everywhere.
        await tx.run('DELETE FROM sessions WHERE user_id = ?', [user.id]);
        return { ...user, passwordHash };
      });
    },

    async grantSubscription(email: string, planName: string, expiresAt: number): Promise<SubscriptionRecord> {
      if (!Number.isInteger(expiresAt)) throw new TypeError('expiresAt must be whole seconds since epoch');
      return db.transaction(async (tx) => {
        const user = await lockUser(tx, email);
        await tx.run(
          `INSERT INTO subscriptions (user_id, plan_name, expires_at) VALUES (?, ?, ?)
           ON CONFLICT (user_id, plan_name) DO UPDATE SET expires_at = excluded.expires_at`,
          [user.id, planName, expiresAt],
        );
        return { userId: user.id, planName, expiresAt };
      });
    },

    revokeSubscription(email: string, planName: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const user = await lockUser(tx, email);
        return (await tx.run('DELETE FROM subscriptions WHERE user_id = ? AND plan_name = ?', [user.id, planName])) > 0;
      });
    },

    async subscriptionsFor(userId: number): Promise<SubscriptionRecord[]> {
      return (await db.all<SubscriptionRow>('SELECT * FROM subscriptions WHERE user_id = ? ORDER BY plan_name', [userId])).map(toSubscription);
    },

    async markEmailVerified(email: string): Promise<UserRecord> {
      const sql = 'UPDATE users SET email_verified_at = coalesce(email_verified_at, ?) WHERE email = ? RETURNING *';
      return changedUser(await db.all<UserRow>(sql, [nowSeconds(), normalizeEmail(email)]), email);
    },

    async updateName(userId: number, name: string): Promise<void> {
      await db.run('UPDATE users SET name = ? WHERE id = ?', [name, userId]);
    },

    // Sign-in failure counters (times in milliseconds).

    async recordFailure(key: string, at: number): Promise<void> {
      await db.run('INSERT INTO signin_failures (key, at) VALUES (?, ?)', [key, at]);
    },

    async recentFailures(key: string, since: number, max: number): Promise<number[]> {
      const rows = await db.all<{ at: number | string }>('SELECT at FROM signin_failures WHERE key = ? AND at > ? ORDER BY at DESC LIMIT ?', [key, since, max]);
      return rows.map((r) => Number(r.at));
    },

    async clearFailures(key: string): Promise<void> {
      await db.run('DELETE FROM signin_failures WHERE key = ?', [key]);
    },

    pruneFailures(keyPrefix: string, before: number): Promise<number> {
      return db.run('DELETE FROM signin_failures WHERE at <= ? AND substr(key, 1, length(?)) = ?', [before, keyPrefix, keyPrefix]);
    },

    // The admins' log (src/pages/admin/users.astro).

    async logAdminAction(entry: Omit<AdminActionRecord, 'id'>): Promise<void> {
      await db.run('INSERT INTO admin_actions (admin_email, action, target_email, detail, at) VALUES (?, ?, ?, ?, ?)', [
        entry.adminEmail,
        entry.action,
        normalizeEmail(entry.targetEmail),
        entry.detail,
        entry.at,
      ]);
    },

    async adminActions(targetEmail: string | null, limit: number): Promise<AdminActionRecord[]> {
      const rows =
        targetEmail === null
          ? await db.all<AdminActionRow>('SELECT * FROM admin_actions ORDER BY at DESC, id DESC LIMIT ?', [limit])
          : await db.all<AdminActionRow>('SELECT * FROM admin_actions WHERE target_email = ? ORDER BY at DESC, id DESC LIMIT ?', [
              normalizeEmail(targetEmail),
              limit,
            ]);
      return rows.map(toAdminAction);
    },
  };
}

interface AdminActionRow {
  id: number | string;
  admin_email: string;
  action: string;
  target_email: string;
  detail: string;
  at: number | string;
}
function toAdminAction(row: AdminActionRow): AdminActionRecord {
  return { id: Number(row.id), adminEmail: row.admin_email, action: row.action, targetEmail: row.target_email, detail: row.detail, at: Number(row.at) };
}
