/**
 * Saved views (a stats page or finder query kept under a name: src/server/accounts/savedViews.ts) and their
 * alerts (src/server/alerts): after each stats update the new games matching a view are mailed, one digest per
 * person, recorded per alert and update so that a digest is queued at most once.
 */
import type { Db } from '../db.ts';
import { toUser, userWithPlans, withPlans, type PlansJson, type UserRow } from '../rows.ts';
import type { AlertDeliveryRecord, AlertDigest, AlertOutcome, SavedViewRecord, SavedViewStore, UserWithSubscriptions } from '../types.ts';
import { enqueue } from './mail.ts';

/** The columns of a view with its alert (LEFT JOIN view_alerts a). */
const SAVED_VIEW_COLUMNS = 'v.id, v.user_id, v.name, v.url, v.created_at, v.updated_at, a.created_at AS alert_at, a.seen_through';

interface SavedViewRow {
  id: number | string;
  user_id: number;
  name: string;
  url: string;
  created_at: number | string;
  updated_at: number | string;
  alert_at: number | string | null;
  seen_through: string | null;
}
function toSavedView(row: SavedViewRow): SavedViewRecord {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    name: row.name,
    url: row.url,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    alert: row.alert_at === null ? null : { createdAt: Number(row.alert_at), seenThrough: row.seen_through },
  };
}

interface AlertDeliveryRow {
  view_id: number | string;
  update_key: string;
  outcome: string;
  row_count: number | string;
  at: number | string;
}
function toAlertDelivery(row: AlertDeliveryRow): AlertDeliveryRecord {
  return {
    viewId: Number(row.view_id),
    updateKey: row.update_key,
    outcome: row.outcome as AlertOutcome,
    rowCount: Number(row.row_count),
    at: Number(row.at),
  };
}

async function savedView(db: Db, userId: number, viewId: number): Promise<SavedViewRecord | null> {
  const row = await db.one<SavedViewRow>(
    `SELECT ${SAVED_VIEW_COLUMNS} FROM saved_views v LEFT JOIN view_alerts a ON a.view_id = v.id WHERE v.id = ? AND v.user_id = ?`,
    [viewId, userId],
  );
  return row ? toSavedView(row) : null;
}

type PendingAlert = { view: SavedViewRecord; user: UserWithSubscriptions };

/** alertsPending on SQLite: the views, then each owner with their plans once (the reads cost no round trip). */
async function alertsPendingRead(db: Db, updateKey: string): Promise<PendingAlert[]> {
  const rows = await db.all<SavedViewRow>(
    `SELECT ${SAVED_VIEW_COLUMNS} FROM saved_views v JOIN view_alerts a ON a.view_id = v.id
      WHERE NOT EXISTS (SELECT 1 FROM alert_deliveries d WHERE d.view_id = v.id AND d.update_key = ?)
      ORDER BY v.user_id, v.id`,
    [updateKey],
  );
  const users = new Map<number, UserWithSubscriptions | null>();
  const pending: PendingAlert[] = [];
  for (const view of rows.map(toSavedView)) {
    if (!users.has(view.userId)) users.set(view.userId, await userWithPlans(db, view.userId));
    const user = users.get(view.userId);
    if (user) pending.push({ view, user });
  }
  return pending;
}

/** alertsPending on PostgreSQL: one round trip for the views, their owners and the owners' plans. */
async function alertsPendingJoined(db: Db, updateKey: string): Promise<PendingAlert[]> {
  const rows = await db.all<SavedViewRow & PlansJson & { owner: UserRow }>(
    `SELECT ${SAVED_VIEW_COLUMNS}, row_to_json(u) AS owner,
            coalesce((SELECT json_agg(json_build_object('plan_name', p.plan_name, 'expires_at', p.expires_at) ORDER BY p.plan_name)
                        FROM subscriptions p WHERE p.user_id = v.user_id), '[]') AS subscriptions
       FROM saved_views v JOIN view_alerts a ON a.view_id = v.id JOIN users u ON u.id = v.user_id
      WHERE NOT EXISTS (SELECT 1 FROM alert_deliveries d WHERE d.view_id = v.id AND d.update_key = ?)
      ORDER BY v.user_id, v.id`,
    [updateKey],
  );
  return rows.map((row) => ({ view: toSavedView(row), user: withPlans(toUser(row.owner), row) }));
}

export function savedViewMethods(db: Db): SavedViewStore {
  return {
    createSavedView(view: { userId: number; name: string; url: string; at: number }, max: number): Promise<SavedViewRecord | 'full'> {
      return db.transaction(async (tx) => {
        // The owner's row locked (PostgreSQL): two saves at once (two nodes) cannot both pass the count.
        if (tx.forUpdate) await tx.one(`SELECT 1 FROM users WHERE id = ?${tx.forUpdate}`, [view.userId]);
        const counted = await tx.one<{ n: number | string }>('SELECT count(*) AS n FROM saved_views WHERE user_id = ?', [view.userId]);
        if (Number(counted!.n) >= max) return 'full';
        const created = await tx.one<{ id: number | string }>(
          'INSERT INTO saved_views (user_id, name, url, created_at, updated_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
          [view.userId, view.name, view.url, view.at, view.at],
        );
        return (await savedView(tx, view.userId, Number(created!.id)))!;
      });
    },

    async savedViewsOf(userId: number): Promise<SavedViewRecord[]> {
      const rows = await db.all<SavedViewRow>(
        `SELECT ${SAVED_VIEW_COLUMNS} FROM saved_views v LEFT JOIN view_alerts a ON a.view_id = v.id WHERE v.user_id = ? ORDER BY v.id DESC`,
        [userId],
      );
      return rows.map(toSavedView);
    },

    savedViewOf: (userId, viewId) => savedView(db, userId, viewId),

    async renameSavedView(userId: number, viewId: number, name: string, at: number): Promise<boolean> {
      return (await db.run('UPDATE saved_views SET name = ?, updated_at = ? WHERE id = ? AND user_id = ?', [name, at, viewId, userId])) > 0;
    },

    async deleteSavedView(userId: number, viewId: number): Promise<boolean> {
      // ON DELETE CASCADE takes its alert and delivery records.
      return (await db.run('DELETE FROM saved_views WHERE id = ? AND user_id = ?', [viewId, userId])) > 0;
    },

    setViewAlert(userId: number, viewId: number, on: boolean, seenThrough: string | null, at: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (!(await tx.one(`SELECT 1 FROM saved_views WHERE id = ? AND user_id = ?${tx.forUpdate}`, [viewId, userId]))) return false;
        if (on) {
          await tx.run('INSERT INTO view_alerts (view_id, created_at, seen_through) VALUES (?, ?, ?) ON CONFLICT (view_id) DO NOTHING', [
            viewId,
            at,
            seenThrough,
          ]);
        } else {
          await tx.run('DELETE FROM view_alerts WHERE view_id = ?', [viewId]);
        }
        return true;
      });
    },

    alertsPending: (updateKey) => (db.dialect === 'sqlite' ? alertsPendingRead(db, updateKey) : alertsPendingJoined(db, updateKey)),

    async recordAlertDigest(digest: AlertDigest): Promise<boolean> {
      try {
        return await db.transaction(async (tx) => {
          for (const d of digest.deliveries) {
            if (!(await tx.one('SELECT 1 FROM saved_views WHERE id = ? AND user_id = ?', [d.viewId, digest.userId]))) throw new DigestRecorded();
            const inserted = await tx.run(
              'INSERT INTO alert_deliveries (view_id, update_key, outcome, row_count, at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
              [d.viewId, digest.updateKey, d.outcome, d.rowCount, digest.at],
            );
            if (inserted === 0) throw new DigestRecorded();
            await tx.run('UPDATE view_alerts SET seen_through = ? WHERE view_id = ?', [digest.through, d.viewId]);
          }
          if (digest.mail) await enqueue(tx, [digest.mail], digest.at);
          return true;
        });
      } catch (error) {
        if (error instanceof DigestRecorded) return false;
        throw error;
      }
    },

    async alertDeliveries(viewId: number): Promise<AlertDeliveryRecord[]> {
      const rows = await db.all<AlertDeliveryRow>('SELECT * FROM alert_deliveries WHERE view_id = ? ORDER BY at DESC, update_key DESC', [viewId]);
      return rows.map(toAlertDelivery);
    },
  };
}

/** Inside recordAlertDigest: an alert has a record for the update already (or is gone); the transaction is rolled back. */
class DigestRecorded extends Error {}
