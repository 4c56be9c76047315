/**
 * The alert step: after a stats update has put its new file in place (`npm run alerts`, which `npm run nightly`
 * runs after the update's rename), each alert on a saved finder view of games gets the rows of games newer than
 * the ones it has seen, and each person gets at most ONE digest per update listing all of their alerts' new games.
 *
 * - The update is named by the stats file's ingest_meta.updated_at (the update key). For each person, their
 *   alerts' records for that update and the digest are written in one transaction (the store's
 *   recordAlertDigest), so the step can be run again at any time: after a crash, a second run, or two nodes at
 *   once, nothing is mailed twice for one update, and what was not recorded yet is done now.
 * - New games: the games dated after the alert's seenThrough (the data's last date when the alert was made or last
 *   looked at: runFinder's gamesAfter). A run records every alert, mailed or not ('none': nothing new), and moves its
 *   seenThrough to the data's last date.
 * - Off when the plan ends: an owner without the Stats plan (mayUseGatedFilters) gets no mail; the update is
 *   recorded as 'lapsed', so a renewed plan starts from the next update rather than mailing a backlog.
 * - A view whose query is no longer valid (a filter renamed) is recorded as 'none' and logged; a busy server
 *   (the finder's queue refusing) leaves the person unrecorded: the next run does them.
 * Example: built through 2023-03-01, an alert on "cond=pts:ge:40" made then; `npm run update -- --through 2023-03-02`
 * then `npm run alerts`: one mail with that day's 40-point games; `npm run alerts` again: nothing.
 */
import { ParamError } from '../../lib/params/apiParams.ts';
import { mayUseGatedFilters } from '../../lib/accounts/planStatus.ts';
import { toSession } from '../auth/requestSession.ts';
import type { AccountStore, AlertDelivery, SavedViewRecord, UserWithSubscriptions } from '../auth/store/types.ts';
import { query as statsQuery } from '../db/statsDb.ts';
import { finderQueryOf, runFinder } from '../stats/finder/finder.ts';
import { alertableUrl } from '../accounts/savedViews.ts';
import { digestMail, type DigestSection } from './digestMail.ts';
import { UNSUBSCRIBE_PATH, unsubscribeToken } from './unsubscribeToken.ts';

export interface AlertsSummary {
  /** the update looked at (ingest_meta.updated_at) and the data's last date */
  update: string;
  through: string | null;
  /** alerts with nothing recorded for this update when the step began */
  pending: number;
  /** people whose digest was queued, and the rows in them */
  mailed: number;
  rows: number;
  /** alerts recorded with nothing new, and of owners without the plan */
  none: number;
  lapsed: number;
  /** people another run recorded first (nothing done here) */
  alreadyDone: number;
  /** people left for the next run (the server was busy), with why */
  failed: { userId: number; error: string }[];
}

export interface AlertsOptions {
  store: AccountStore;
  /** the site's public origin for the links (AUTH_URL) */
  origin: string;
  now?: number;
  secret?: string;
  log?: (line: string) => void;
}

/**
 * The update the stats file holds: its key (when the last build or update finished, to the microsecond; a file
 * older than the update's columns has only built_at) and the data's last date.
 */
export async function currentUpdate(): Promise<{ key: string; through: string | null }> {
  const stamp = "strftime(%s, '%Y-%m-%dT%H:%M:%S.%f')";
  let rows: { key: string | null; through: string | null }[];
  try {
    rows = await statsQuery(
      `SELECT ${stamp.replace('%s', 'coalesce(updated_at, built_at)')} AS key, strftime(data_through, '%Y-%m-%d') AS through FROM ingest_meta LIMIT 1`,
    );
  } catch {
    rows = await statsQuery(`SELECT ${stamp.replace('%s', 'built_at')} AS key, NULL AS through FROM ingest_meta LIMIT 1`);
  }
  const meta = rows[0];
  if (!meta?.key) throw new Error('the stats file has no ingest_meta row: it is not a finished build');
  return { key: meta.key, through: meta.through ?? null };
}

export async function runAlerts(o: AlertsOptions): Promise<AlertsSummary> {
  const now = o.now ?? Math.floor(Date.now() / 1000);
  const log = o.log ?? (() => {});
  const update = await currentUpdate();
  const pending = await o.store.alertsPending(update.key);
  const summary: AlertsSummary = {
    update: update.key,
    through: update.through,
    pending: pending.length,
    mailed: 0,
    rows: 0,
    none: 0,
    lapsed: 0,
    alreadyDone: 0,
    failed: [],
  };
  const byUser = new Map<number, { user: UserWithSubscriptions; views: SavedViewRecord[] }>();
  for (const { view, user } of pending) {
    const entry = byUser.get(user.id) ?? { user, views: [] };
    entry.views.push(view);
    byUser.set(user.id, entry);
  }
  for (const { user, views } of byUser.values()) {
    try {
      const { deliveries, sections } = await lookAt(user, views, now, o, log);
      const mail = sections.length > 0 ? digestMail(user.email, user.name, o.origin, sections) : null;
      const recorded = await o.store.recordAlertDigest({ userId: user.id, updateKey: update.key, through: update.through, deliveries, mail, at: now });
      if (!recorded) {
        summary.alreadyDone++;
        continue;
      }
      if (mail) summary.mailed++;
      for (const d of deliveries) {
        summary.rows += d.rowCount;
        if (d.outcome === 'none') summary.none++;
        if (d.outcome === 'lapsed') summary.lapsed++;
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      summary.failed.push({ userId: user.id, error: message });
      log(`alerts: user ${user.id} left for the next run: ${message}`);
    }
  }
  return summary;
}

/** Each of a person's alerts looked at: what to record, and the digest's sections. */
async function lookAt(user: UserWithSubscriptions, views: SavedViewRecord[], now: number, o: AlertsOptions, log: (line: string) => void) {
  const deliveries: AlertDelivery[] = [];
  const sections: DigestSection[] = [];
  if (!mayUseGatedFilters(toSession(user), now)) {
    return { deliveries: views.map((v) => ({ viewId: v.id, outcome: 'lapsed' as const, rowCount: 0 })), sections };
  }
  for (const view of views) {
    const search = new URL(view.url, 'https://courtvision.invalid').search;
    let query: ReturnType<typeof finderQueryOf>;
    try {
      if (!alertableUrl(view.url)) throw new ParamError('mode', 'an alert follows a finder view of games');
      query = finderQueryOf(search);
    } catch (error) {
      if (!(error instanceof ParamError)) throw error;
      log(`alerts: view ${view.id} is not a finder query of games any more (${error.message}): recorded with nothing new`);
      deliveries.push({ viewId: view.id, outcome: 'none', rowCount: 0 });
      continue;
    }
    const seen = view.alert?.seenThrough ?? null;
    const answer = await runFinder(query, { allRows: true, ...(seen ? { gamesAfter: seen } : {}) });
    const rows = [...answer.rows].sort((a, b) => (a.date ?? '').localeCompare(b.date ?? '') || (a.game_id ?? '').localeCompare(b.game_id ?? ''));
    deliveries.push({ viewId: view.id, outcome: rows.length > 0 ? 'mailed' : 'none', rowCount: rows.length });
    if (rows.length > 0) {
      const token = unsubscribeToken(view.id, user.id, now, o.secret);
      sections.push({ view, query, rows, unsubscribeUrl: `${o.origin}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}` });
    }
  }
  return { deliveries, sections };
}
