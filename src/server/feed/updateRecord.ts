/**
 * The last update of the stats file served now, as the file records it (ingest_meta, written by the ingest and
 * `npm run update`: docs/reference/ingest-meta.md), for the operator's page (/admin/stats-db) and the metrics:
 *   at           updated_at: when the last build or update finished (UTC)
 *   added        update_added, replaced update_replaced: its games
 *   skipped      update_skipped: the games it skipped and why ([{"game":"0022300061","reason":"box_score"}])
 *   dataThrough  data_through: the date of the last game held
 * A file built before these columns existed gives its build time (built_at) and games parsed, and the date of
 * its latest game from the games table (src/server/stats/entities/seasons.ts), so the figures never go blank.
 *
 * Metrics (src/server/metrics.ts): courtvision_update_games_total{outcome} counts the games of each update the
 * server switches to while it runs (added, replaced, skipped), once per update: a switch to a file whose last
 * update is the one already counted adds nothing. The gauges are read from here at each scrape.
 */
import { logger } from '../log.ts';
import { onStatsDbChange, query, statsDbGeneration } from '../db/statsDb.ts';
import { processSingleton } from '../processSingleton.ts';
import { currentDataThrough } from '../stats/entities/seasons.ts';

export interface LastUpdate {
  /** 'YYYY-MM-DD HH:MM:SS', UTC. */
  at: string;
  added: number;
  replaced: number;
  skipped: { game: string; reason: string }[];
  /** 'YYYY-MM-DD', or null when the file holds no game. */
  dataThrough: string | null;
}

const cache = processSingleton('lastUpdate', () => ({
  generation: -1,
  value: null as Promise<LastUpdate | null> | null,
  /** The update time last read, whichever file it was of (a switch compares the new file's with it). */
  seenAt: null as string | null,
}));

/** The served file's last update (read once per file). */
export function lastUpdate(): Promise<LastUpdate | null> {
  const generation = statsDbGeneration();
  if (cache.generation !== generation || !cache.value) {
    cache.generation = generation;
    const value = readLastUpdate();
    cache.value = value;
    void value.then(
      (u) => {
        if (cache.value === value) cache.seenAt = u?.at ?? null;
      },
      () => undefined,
    );
    value.catch(() => {
      if (cache.value === value) cache.value = null;
    });
  }
  return cache.value;
}

async function readLastUpdate(): Promise<LastUpdate | null> {
  const columns = new Set(
    (await query<{ c: string }>("SELECT column_name AS c FROM duckdb_columns() WHERE table_name = 'ingest_meta' AND schema_name = 'main'")).map((r) => r.c),
  );
  const recorded = ['updated_at', 'update_added', 'update_replaced', 'update_skipped', 'data_through'].every((c) => columns.has(c));
  const [row] = await query<{ at: string | null; added: number | null; replaced: number | null; skipped: string | null; through: string | null }>(
    recorded
      ? "SELECT strftime(coalesce(updated_at, built_at), '%Y-%m-%d %H:%M:%S') AS at, coalesce(update_added, games_parsed) AS added, coalesce(update_replaced, 0) AS replaced, update_skipped AS skipped, strftime(data_through, '%Y-%m-%d') AS through FROM ingest_meta ORDER BY built_at DESC LIMIT 1"
      : "SELECT strftime(built_at, '%Y-%m-%d %H:%M:%S') AS at, games_parsed AS added, 0 AS replaced, NULL AS skipped, NULL AS through FROM ingest_meta ORDER BY built_at DESC LIMIT 1",
  );
  if (!row?.at) return null;
  return {
    at: row.at,
    added: Number(row.added ?? 0),
    replaced: Number(row.replaced ?? 0),
    skipped: skippedOf(row.skipped),
    dataThrough: recorded ? row.through : await currentDataThrough(),
  };
}

function skippedOf(text: string | null): LastUpdate['skipped'] {
  if (!text) return [];
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list)
      ? list.filter((s) => s && typeof s === 'object').map((s) => ({ game: String(s.game ?? ''), reason: String(s.reason ?? '') }))
      : [];
  } catch {
    return [{ game: '', reason: `unreadable record: ${text.slice(0, 80)}` }];
  }
}

/** 'YYYY-MM-DD HH:MM:SS' (UTC) or 'YYYY-MM-DD' (midnight UTC) as Unix seconds. */
export const unixSeconds = (utc: string) => Date.parse(`${utc.replace(' ', 'T')}${utc.length === 10 ? 'T00:00:00' : ''}Z`) / 1000;

/** The counts of switches still being read (watchUpdates), until each is counted. */
const counting = processSingleton('lastUpdateCounting', () => new Set<Promise<void>>());

/**
 * Counts each update the server switches to, once per process (the server's and Astro's module graphs share one
 * watcher); nothing is read until a switch. `count` is given the games of the new file's last update, unless it
 * is the update last read (a file switched to again, or one that was only rebuilt under the same record).
 */

export function watchUpdates(count: (games: { added: number; replaced: number; skipped: number }) => void): void {
  processSingleton('lastUpdateWatch', () => {
    onStatsDbChange(() => {
      const before = cache.seenAt;
      const counted = lastUpdate()
        .then((update) => {
          if (update && update.at !== before) count({ added: update.added, replaced: update.replaced, skipped: update.skipped.length });
        })
        .catch((error: unknown) => logger().warn({ err: error }, 'the last update of the new stats file could not be read'))
        .finally(() => counting.delete(counted));
      counting.add(counted);
    });
    return true;
  });
}

/** Settles when every switch made so far is counted: a scrape waits for it, so it never shows a switch without its games. */
export async function updatesCounted(): Promise<void> {
  await Promise.all(counting);
}
