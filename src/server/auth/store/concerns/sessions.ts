/**
 * Server-side sessions (a signed-in browser holds a random id in its JWT; the store keeps its SHA-256 digest,
 * so sign-out ends a copied cookie at once) and the one-time flash entries a form's answer shows after its
 * redirect (kept under the digest of their id, taken when read).
 */
import type { Db } from '../db.ts';
import { PLANS_JSON, nowSeconds, toUser, userWithPlans, withPlans, type PlansJson, type UserRow } from '../rows.ts';
import type { AccountStore, FlashStore, SessionSummary, UserWithSubscriptions } from '../types.ts';

type SessionMethods = FlashStore &
  Pick<AccountStore, 'createSession' | 'findSessionUser' | 'liveSession' | 'deleteSession' | 'deleteSessionsForUser' | 'sessionsFor'>;

export function sessionMethods(db: Db): SessionMethods {
  const findSessionUser = async (sessionIdDigest: string, now: number): Promise<number | null> => {
    const row = await db.one<{ user_id: number }>('SELECT user_id FROM sessions WHERE id_digest = ? AND expires_at > ?', [sessionIdDigest, now]);
    return row ? row.user_id : null;
  };

  return {
    createSession(userId: number, sessionIdDigest: string, expiresAt: number): Promise<void> {
      return db.transaction(async (tx) => {
        // Housekeeping: expired sessions are useless; drop them while we are writing anyway.
        await tx.run('DELETE FROM sessions WHERE expires_at <= ?', [nowSeconds()]);
        await tx.run('INSERT INTO sessions (id_digest, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)', [
          sessionIdDigest,
          userId,
          nowSeconds(),
          expiresAt,
        ]);
      });
    },

    findSessionUser,

    async liveSession(sessionIdDigest: string, now: number): Promise<UserWithSubscriptions | null> {
      if (db.dialect === 'sqlite') {
        const userId = await findSessionUser(sessionIdDigest, now);
        return userId === null ? null : userWithPlans(db, userId);
      }
      // PostgreSQL: one round trip for the session, its user and their plans.
      const row = await db.one<UserRow & PlansJson>(
        `SELECT u.*, ${PLANS_JSON}
           FROM sessions s
           JOIN users u ON u.id = s.user_id
           LEFT JOIN subscriptions p ON p.user_id = u.id
          WHERE s.id_digest = ? AND s.expires_at > ?
          GROUP BY u.id`,
        [sessionIdDigest, now],
      );
      return row ? withPlans(toUser(row), row) : null;
    },

    async deleteSession(sessionIdDigest: string): Promise<void> {
      await db.run('DELETE FROM sessions WHERE id_digest = ?', [sessionIdDigest]);
    },

    deleteSessionsForUser(userId: number): Promise<number> {
      return db.run('DELETE FROM sessions WHERE user_id = ?', [userId]);
    },

    async sessionsFor(userId: number, now: number): Promise<SessionSummary[]> {
      const rows = await db.all<{ created_at: number | string; expires_at: number | string }>(
        'SELECT created_at, expires_at FROM sessions WHERE user_id = ? AND expires_at > ? ORDER BY created_at DESC',
        [userId, now],
      );
      return rows.map((r) => ({ createdAt: Number(r.created_at), expiresAt: Number(r.expires_at) }));
    },

    putFlash(entry: { digest: string; userId: number; body: string; expiresAt: number }): Promise<void> {
      return db.transaction(async (tx) => {
        await tx.run('DELETE FROM flash_messages WHERE expires_at < ?', [nowSeconds()]);
        await tx.run('INSERT INTO flash_messages (digest, user_id, body, expires_at) VALUES (?, ?, ?, ?)', [
          entry.digest,
          entry.userId,
          entry.body,
          entry.expiresAt,
        ]);
      });
    },

    async takeFlash(digest: string, userId: number, now: number): Promise<string | null> {
      // One statement: two requests with the same id at once (two nodes) get the entry at most once.
      const row = await db.one<{ user_id: number | string; body: string; expires_at: number | string }>(
        'DELETE FROM flash_messages WHERE digest = ? RETURNING user_id, body, expires_at',
        [digest],
      );
      return row && Number(row.user_id) === userId && Number(row.expires_at) >= now ? row.body : null;
    },
  };
}
