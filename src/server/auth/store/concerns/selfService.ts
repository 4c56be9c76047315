/**
 * Self-service accounts: sign-up, the emailed single-use links (tokens: only their SHA-256 digest is kept),
 * password changes and deleting one's own account. Each method is one transaction with the messages it queues
 * (mail.ts), so a change and the mail telling about it are written together or not at all.
 */
import type { Db } from '../db.ts';
import { nowSeconds, toUser, type UserRow } from '../rows.ts';
import {
  DuplicateEmailError,
  normalizeEmail,
  type AccountStore,
  type NewAccountToken,
  type NewUser,
  type QueuedMail,
  type RedeemFailure,
  type RedeemResult,
  type TokenEffect,
  type TokenPurpose,
  type UserRecord,
} from '../types.ts';
import { enqueue } from './mail.ts';
import { forgetFailures, userByEmail } from './users.ts';

type SelfServiceMethods = Pick<AccountStore, 'signUp' | 'issueToken' | 'redeemToken' | 'peekToken' | 'changePassword' | 'deleteAccount'>;

/** Tokens are kept this long past their expiry (to tell "expired" from "invalid"), then deleted. */
const TOKEN_KEEP_SECONDS = 7 * 24 * 3600;

interface TokenRow {
  digest: string;
  purpose: string;
  user_id: number;
  email: string;
  expires_at: number | string;
  used_at: number | string | null;
}

/** Why a token cannot be redeemed for this purpose now, or null when it can. */
function tokenProblem(row: TokenRow | undefined, purpose: TokenPurpose, now: number): RedeemFailure | null {
  if (!row || row.purpose !== purpose) return 'invalid';
  if (row.used_at !== null) return 'used';
  if (Number(row.expires_at) <= now) return 'expired';
  return null;
}

/** Stores a token; the user's earlier unused ones of the purpose stop working, long-expired ones are deleted. */
async function insertToken(tx: Db, token: NewAccountToken, now: number): Promise<void> {
  await tx.run('DELETE FROM account_tokens WHERE expires_at <= ?', [now - TOKEN_KEEP_SECONDS]);
  await tx.run('DELETE FROM account_tokens WHERE user_id = ? AND purpose = ? AND used_at IS NULL', [token.userId, token.purpose]);
  await tx.run('INSERT INTO account_tokens (digest, purpose, user_id, email, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)', [
    token.digest,
    token.purpose,
    token.userId,
    normalizeEmail(token.email),
    now,
    token.expiresAt,
  ]);
}

/** Ends the user's unused password-reset links (the password changed: they must not change it again). */
const END_RESET_LINKS = "DELETE FROM account_tokens WHERE user_id = ? AND purpose = 'reset-password' AND used_at IS NULL";

export function selfServiceMethods(db: Db): SelfServiceMethods {
  return {
    async signUp(user: NewUser, token: Omit<NewAccountToken, 'userId'>, mail: QueuedMail): Promise<UserRecord> {
      const email = normalizeEmail(user.email);
      const now = nowSeconds();
      try {
        return await db.transaction(async (tx) => {
          const rows = await tx.all<UserRow>('INSERT INTO users (email, name, password_hash, is_admin, created_at) VALUES (?, ?, ?, ?, ?) RETURNING *', [
            email,
            user.name,
            user.passwordHash,
            Boolean(user.isAdmin),
            now,
          ]);
          const created = toUser(rows[0]!);
          await insertToken(tx, { ...token, userId: created.id }, now);
          await enqueue(tx, [mail], now);
          return created;
        });
      } catch (error) {
        if (db.isUniqueViolation(error)) throw new DuplicateEmailError(email);
        throw error;
      }
    },

    async issueToken(token: NewAccountToken, mails: QueuedMail[]): Promise<void> {
      const now = nowSeconds();
      await db.transaction(async (tx) => {
        await insertToken(tx, token, now);
        await enqueue(tx, mails, now);
      });
    },

    async redeemToken(digest: string, purpose: TokenPurpose, effect: TokenEffect, now: number): Promise<RedeemResult> {
      try {
        return await db.transaction(async (tx): Promise<RedeemResult> => {
          // The row lock makes a second redemption of the same token wait, then see it used.
          const token = await tx.one<TokenRow>(`SELECT * FROM account_tokens WHERE digest = ?${tx.forUpdate}`, [digest]);
          const problem = tokenProblem(token, purpose, now);
          if (problem || !token) return { ok: false, reason: problem ?? 'invalid' };
          const userRow = await tx.one<UserRow>(`SELECT * FROM users WHERE id = ?${tx.forUpdate}`, [token.user_id]);
          if (!userRow) return { ok: false, reason: 'invalid' };
          const user = toUser(userRow);
          // A verification link proves only the address it was sent to.
          if (effect.kind === 'verify-email' && user.email !== token.email) return { ok: false, reason: 'invalid' };
          if (effect.kind === 'change-email') {
            const owner = await userByEmail(tx, token.email);
            if (owner && owner.id !== user.id) return { ok: false, reason: 'email-taken' };
          }
          await tx.run('UPDATE account_tokens SET used_at = ? WHERE digest = ?', [now, digest]);
          switch (effect.kind) {
            case 'verify-email':
              await tx.run('UPDATE users SET email_verified_at = coalesce(email_verified_at, ?) WHERE id = ?', [now, user.id]);
              break;
            case 'reset-password':
              await tx.run('UPDATE users SET password_hash = ? WHERE id = ?', [effect.passwordHash, user.id]);
              await tx.run('DELETE FROM sessions WHERE user_id = ?', [user.id]);
              await tx.run(END_RESET_LINKS, [user.id]);
              await enqueue(tx, [effect.mail], now);
              break;
            case 'change-email':
              await tx.run('UPDATE users SET email = ?, email_verified_at = ? WHERE id = ?', [token.email, now, user.id]);
              // Links sent to the old address no longer prove anything.
              await tx.run('DELETE FROM account_tokens WHERE user_id = ? AND used_at IS NULL', [user.id]);
              break;
          }
          return { ok: true, user: toUser((await tx.one<UserRow>('SELECT * FROM users WHERE id = ?', [user.id]))!) };
        });
      } catch (error) {
        // Another account took the address between the check and the update (another node).
        if (db.isUniqueViolation(error)) return { ok: false, reason: 'email-taken' };
        throw error;
      }
    },

    async peekToken(digest: string, purpose: TokenPurpose, now: number): Promise<RedeemResult> {
      const row = await db.one<TokenRow>('SELECT * FROM account_tokens WHERE digest = ?', [digest]);
      const problem = tokenProblem(row, purpose, now);
      const userRow = row && !problem ? await db.one<UserRow>('SELECT * FROM users WHERE id = ?', [row.user_id]) : undefined;
      return userRow ? { ok: true, user: toUser(userRow) } : { ok: false, reason: problem ?? 'invalid' };
    },

    async changePassword(userId: number, passwordHash: string, keepSessionDigest: string | null, mail: QueuedMail | null): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.run('UPDATE users SET password_hash = ? WHERE id = ?', [passwordHash, userId]);
        await tx.run('DELETE FROM sessions WHERE user_id = ? AND id_digest IS DISTINCT FROM ?', [userId, keepSessionDigest]);
        await tx.run(END_RESET_LINKS, [userId]);
        if (mail) await enqueue(tx, [mail], nowSeconds());
      });
    },

    deleteAccount(userId: number, mail: QueuedMail | null): Promise<boolean> {
      return db.transaction(async (tx) => {
        // ON DELETE CASCADE takes plans, sessions and tokens; unsent mail to the address goes too.
        const deleted = await tx.one<{ email: string }>('DELETE FROM users WHERE id = ? RETURNING email', [userId]);
        if (!deleted) return false;
        await tx.run('DELETE FROM mail_queue WHERE recipient = ?', [deleted.email]);
        await forgetFailures(tx, deleted.email);
        if (mail) await enqueue(tx, [mail], nowSeconds());
        return true;
      });
    },
  };
}
