/**
 * The saved-view rows both AccountStores read (saved_views with its alert, alert_deliveries) and their records.
 * SQLite returns times as numbers; PostgreSQL returns BIGINT ids and times as strings.
 */
import type { AlertDeliveryRecord, AlertOutcome, SavedViewRecord } from './types.ts';

/** The columns of a view with its alert (LEFT JOIN view_alerts a). */
export const SAVED_VIEW_COLUMNS = 'v.id, v.user_id, v.name, v.url, v.created_at, v.updated_at, a.created_at AS alert_at, a.seen_through';

export interface SavedViewRow {
  id: number | string;
  user_id: number;
  name: string;
  url: string;
  created_at: number | string;
  updated_at: number | string;
  alert_at: number | string | null;
  seen_through: string | null;
}

export function toSavedView(row: SavedViewRow): SavedViewRecord {
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

export interface AlertDeliveryRow {
  view_id: number | string;
  update_key: string;
  outcome: string;
  row_count: number | string;
  at: number | string;
}

export function toAlertDelivery(row: AlertDeliveryRow): AlertDeliveryRecord {
  return {
    viewId: Number(row.view_id),
    updateKey: row.update_key,
    outcome: row.outcome as AlertOutcome,
    rowCount: Number(row.row_count),
    at: Number(row.at),
  };
}
