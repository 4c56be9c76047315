/**
 * Developer API keys (only their digest is kept) and the quota counters every request counts against, in the
 * store so that every web node sees the same keys, revocations and counts.
 */
import type { Db } from '../db.ts';
import { PLANS_JSON, toUser, userWithPlans, withPlans, type PlansJson, type UserRow } from '../rows.ts';
import type { ApiKeyRecord, ApiKeyStore, QuotaUse, UserWithSubscriptions } from '../types.ts';

interface ApiKeyRow {
  id: number | string;
  user_id: number;
  name: string;
  prefix: string;
  created_at: number | string;
  last_used_at: number | string | null;
  requests: number | string;
  revoked_at: number | string | null;
}
const API_KEY_COLUMNS = 'id, user_id, name, prefix, created_at, last_used_at, requests, revoked_at';

function toApiKey(row: ApiKeyRow): ApiKeyRecord {
  const optional = (v: number | string | null) => (v === null ? null : Number(v));
  return {
    id: Number(row.id),
    userId: row.user_id,
    name: row.name,
    prefix: row.prefix,
    createdAt: Number(row.created_at),
    lastUsedAt: optional(row.last_used_at),
    requests: Number(row.requests),
    revokedAt: optional(row.revoked_at),
  };
}

/**
 * A window's count now, at the start of consumeQuota. On PostgreSQL the row is created (at 0) or locked first,
 * always in the caller's order (no deadlock between nodes), so two nodes counting the same window take turns
 * and the limit holds exactly; SQLite's write transaction holds the whole file, a read is enough.
 */
const WINDOW_COUNT = {
  sqlite: 'SELECT used FROM api_usage WHERE bucket = ? AND window_start = ?',
  postgres:
    'INSERT INTO api_usage (bucket, window_start, used) VALUES (?, ?, 0) ON CONFLICT (bucket, window_start) DO UPDATE SET used = api_usage.used RETURNING used',
};

export function apiKeyMethods(db: Db): ApiKeyStore {
  return {
    async createApiKey(key: { userId: number; name: string; prefix: string; digest: string; createdAt: number }): Promise<ApiKeyRecord> {
      const rows = await db.all<ApiKeyRow>(
        `INSERT INTO api_keys (user_id, name, prefix, digest, created_at) VALUES (?, ?, ?, ?, ?) RETURNING ${API_KEY_COLUMNS}`,
        [key.userId, key.name, key.prefix, key.digest, key.createdAt],
      );
      return toApiKey(rows[0]!);
    },

    async apiKeysOf(userId: number): Promise<ApiKeyRecord[]> {
      return (await db.all<ApiKeyRow>(`SELECT ${API_KEY_COLUMNS} FROM api_keys WHERE user_id = ? ORDER BY created_at DESC, id DESC`, [userId])).map(toApiKey);
    },

    async revokeApiKey(userId: number, keyId: number, at: number): Promise<boolean> {
      return (await db.run('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL', [at, keyId, userId])) > 0;
    },

    async apiKeyOwner(digest: string): Promise<{ key: ApiKeyRecord; user: UserWithSubscriptions } | null> {
      if (db.dialect === 'sqlite') {
        const row = await db.one<ApiKeyRow>(`SELECT ${API_KEY_COLUMNS} FROM api_keys WHERE digest = ? AND revoked_at IS NULL`, [digest]);
        const user = row ? await userWithPlans(db, row.user_id) : null;
        return row && user ? { key: toApiKey(row), user } : null;
      }
      // PostgreSQL: one round trip for the key, its owner and the owner's plans (a revoked key or plan holds at the next request).
      const row = await db.one<UserRow & PlansJson & { key: ApiKeyRow }>(
        `WITH k AS (SELECT ${API_KEY_COLUMNS} FROM api_keys WHERE digest = ? AND revoked_at IS NULL)
         SELECT u.*, (SELECT row_to_json(k) FROM k) AS key, ${PLANS_JSON}
           FROM k
           JOIN users u ON u.id = k.user_id
           LEFT JOIN subscriptions p ON p.user_id = u.id
          GROUP BY u.id`,
        [digest],
      );
      return row ? { key: toApiKey(row.key), user: withPlans(toUser(row), row) } : null;
    },

    consumeQuota(uses: readonly QuotaUse[], keyId: number | null, at: number): Promise<{ allowed: boolean; used: number[] }> {
      // Counts are not worth waiting for the disk: this transaction commits without (relaxed); the rest of the store keeps durable commits.
      return db.transaction(
        async (tx) => {
          const now: number[] = [];
          for (const u of uses) now.push(Number((await tx.one<{ used: number | string }>(WINDOW_COUNT[tx.dialect], [u.bucket, u.windowStart]))?.used ?? 0));
          if (uses.some((u, i) => now[i]! + u.cost > u.limit)) return { allowed: false, used: now };
          const used: number[] = [];
          for (const u of uses) {
            const row = await tx.one<{ used: number | string }>(
              'INSERT INTO api_usage (bucket, window_start, used) VALUES (?, ?, ?) ON CONFLICT (bucket, window_start) DO UPDATE SET used = api_usage.used + excluded.used RETURNING used',
              [u.bucket, u.windowStart, u.cost],
            );
            used.push(Number(row!.used));
          }
          if (keyId !== null) await tx.run('UPDATE api_keys SET requests = requests + 1, last_used_at = ? WHERE id = ?', [at, keyId]);
          return { allowed: true, used };
        },
        { relaxed: true },
      );
    },

    pruneQuota(before: number): Promise<number> {
      return db.run('DELETE FROM api_usage WHERE window_start < ?', [before]);
    },
  };
}
