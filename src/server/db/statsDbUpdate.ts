/**
 * A stats file update as the operator starts it (SIGHUP, `systemctl reload`, or the button of /admin/stats-db):
 * reloadStatsDb() switches to the file now at STATS_DB_PATH when it passes its checks, and this says what
 * happened, in the log and in the metrics (courtvision_stats_db_reloads_total{outcome}; courtvision_stats_db_files_open
 * says when the replaced file is closed).
 */
import { gaugeOf, statsDbReloads } from '../metrics.ts';
import { logger } from '../log.ts';
import { reloadStatsDb, statsDbFilesOpen, type StatsDbReload } from './statsDb.ts';

gaugeOf('courtvision_stats_db_files_open', 'Stats files open: the one served, and a replaced one until its last query is done', [], (gauge) => {
  gauge.set(statsDbFilesOpen());
});

export async function updateStatsDb(source: 'SIGHUP' | 'admin'): Promise<StatsDbReload> {
  const log = logger();
  let result: StatsDbReload;
  try {
    result = await reloadStatsDb();
  } catch (error) {
    result = { outcome: 'refused', reason: (error instanceof Error ? error.message : String(error)).split('\n')[0]! };
  }
  statsDbReloads.inc({ outcome: result.outcome });
  if (result.outcome === 'refused') log.error({ source, reason: result.reason }, 'stats database update refused: the old file keeps serving');
  else if (result.outcome === 'switched' && result.checksum === 'none')
    log.warn({ source, ...result }, 'stats database switched to the new file, which has no checksum: not checked for damage');
  else log.info({ source, ...result }, result.outcome === 'switched' ? 'stats database switched to the new file' : 'stats database unchanged');
  return result;
}
