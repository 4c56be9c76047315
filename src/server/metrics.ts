/**
 * The process's metrics, in Prometheus' text format (prom-client), served at /metrics behind METRICS_TOKEN
 * (src/server/http/handler.ts). Astro's bundle and the server's are two module graphs sharing one prom-client
 * (an external package, one registry per process): each metric is created once and found again by name.
 */
import client from 'prom-client';

const { register } = client;

function once<T extends client.Metric>(name: string, make: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? make();
}

export const httpRequests = once(
  'courtvision_http_requests_total',
  () => new client.Counter({ name: 'courtvision_http_requests_total', help: 'Requests answered, by route kind and status', labelNames: ['kind', 'status'] }),
);
export const httpDuration = once(
  'courtvision_http_request_duration_seconds',
  () =>
    new client.Histogram({
      name: 'courtvision_http_request_duration_seconds',
      help: 'Time to answer, by route kind',
      labelNames: ['kind'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
    }),
);
export const answerCache = once(
  'courtvision_answer_cache_total',
  () => new client.Counter({ name: 'courtvision_answer_cache_total', help: 'Stats answers from the cache (hit) or computed (miss)', labelNames: ['result'] }),
);
export const sampleInlineReads = once(
  'courtvision_stats_sample_inline_reads_total',
  () =>
    new client.Counter({
      name: 'courtvision_stats_sample_inline_reads_total',
      help: "Team aggregates of a lineup-filtered request that read the possessions inline: the request's sample lacks a counter they sum (each is a slow path a page's declared counters should cover)",
    }),
);
export const queueWait = once(
  'courtvision_stats_queue_wait_seconds',
  () =>
    new client.Histogram({
      name: 'courtvision_stats_queue_wait_seconds',
      help: 'Time an uncached stats computation waited for a connection',
      labelNames: ['lane'],
      buckets: [0.001, 0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10],
    }),
);
export const signIns = once(
  'courtvision_signins_total',
  () => new client.Counter({ name: 'courtvision_signins_total', help: 'Credential sign-ins: success, failure, refused (limits)', labelNames: ['outcome'] }),
);
export const mails = once(
  'courtvision_mail_total',
  () =>
    new client.Counter({
      name: 'courtvision_mail_total',
      help: 'Queued emails handed to the mail server (sent), failed (retried) or given up',
      labelNames: ['outcome'],
    }),
);
export const webhooks = once(
  'courtvision_billing_webhooks_total',
  () =>
    new client.Counter({
      name: 'courtvision_billing_webhooks_total',
      help: 'Payment webhooks by outcome: applied, duplicate, stale, ignored, no-user, bad-signature, unavailable',
      labelNames: ['outcome'],
    }),
);

export const statsDbReloads = once(
  'courtvision_stats_db_reloads_total',
  () =>
    new client.Counter({
      name: 'courtvision_stats_db_reloads_total',
      help: 'Stats file reloads (SIGHUP or /admin/stats-db): switched, unchanged or refused',
      labelNames: ['outcome'],
    }),
);

/** A gauge read when scraped (the stats queue's depth). */
export function gaugeOf(name: string, help: string, labelNames: string[], read: (gauge: client.Gauge) => void): void {
  once(
    name,
    () =>
      new client.Gauge({
        name,
        help,
        labelNames,
        collect() {
          read(this);
        },
      }),
  );
}

let defaults = false;
/** Process metrics (CPU, memory, event loop lag, handles), once. */
export function collectProcessMetrics(): void {
  if (defaults) return;
  defaults = true;
  if (!register.getSingleMetric('process_cpu_user_seconds_total')) client.collectDefaultMetrics({ register });
}

export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: register.contentType, body: await register.metrics() };
}

/**
 * The stats update (docs/how-to/nightly-update.md): how current the served file is, and what the nightly runs
 * did. Read at each scrape from the served file's own record (src/server/feed/updateRecord.ts) and from the
 * last run's status beside it (src/server/feed/nightlyStatus.ts); loaded on demand so this module stays light.
 */
const updateRecord = () => import('./feed/updateRecord.ts');

function asyncGauge(name: string, help: string, read: () => Promise<number | null>): void {
  once(
    name,
    () =>
      new client.Gauge({
        name,
        help,
        async collect() {
          const value = await read().catch(() => null);
          if (value === null || !Number.isFinite(value)) this.reset();
          else this.set(value);
        },
      }),
  );
}

asyncGauge(
  'courtvision_stats_data_through_timestamp',
  'Date of the last game in the stats file served (midnight UTC of its league date), Unix seconds',
  async () => {
    const { lastUpdate, unixSeconds } = await updateRecord();
    const through = (await lastUpdate())?.dataThrough;
    return through ? unixSeconds(through) : null;
  },
);
/**
 * A success is an update of the file served (its record's time) or a nightly run beside it that went through,
 * games or none: a day without games (the All-Star break, Christmas Eve) is no reason to alert, a run that
 * stopped is (docs/how-to/nightly-update.md has the alert rule).
 */
asyncGauge(
  'courtvision_update_last_success_timestamp',
  'When the stats file served was last updated, or a nightly run beside it last went through (with or without new games), Unix seconds',
  async () => {
    const [{ lastUpdate, unixSeconds }, { readNightlyStatus }, { config }] = await Promise.all([
      updateRecord(),
      import('./feed/nightlyStatus.ts'),
      import('./config.ts'),
    ]);
    const [update, run] = await Promise.all([lastUpdate().catch(() => null), readNightlyStatus(config.statsDbPath)]);
    const times = [update ? unixSeconds(update.at) : null, run?.lastSuccessAt ? Date.parse(run.lastSuccessAt) / 1000 : null].filter(
      (t): t is number => t !== null,
    );
    return times.length ? Math.max(...times) : null;
  },
);
asyncGauge('courtvision_update_last_run_failed', 'Whether the last nightly run failed (1) or went through (0), from {STATS_DB_PATH}.nightly.json', async () => {
  const [{ readNightlyStatus }, { config }] = await Promise.all([import('./feed/nightlyStatus.ts'), import('./config.ts')]);
  const status = await readNightlyStatus(config.statsDbPath);
  return status ? Number(status.outcome === 'failed') : null;
});
asyncGauge('courtvision_update_last_run_timestamp', 'When the last nightly run ended, whatever its outcome, Unix seconds', async () => {
  const [{ readNightlyStatus }, { config }] = await Promise.all([import('./feed/nightlyStatus.ts'), import('./config.ts')]);
  const status = await readNightlyStatus(config.statsDbPath);
  return status ? Date.parse(status.at) / 1000 : null;
});

export const updateGames = once('courtvision_update_games_total', () => {
  const counter = new client.Counter({
    name: 'courtvision_update_games_total',
    help: 'Games of the updates the server switched to: added, replaced, skipped',
    labelNames: ['outcome'],
    async collect() {
      await (await updateRecord()).updatesCounted();
    },
  });
  for (const outcome of ['added', 'replaced', 'skipped']) counter.inc({ outcome }, 0);
  void updateRecord().then(({ watchUpdates }) =>
    watchUpdates((games) => {
      counter.inc({ outcome: 'added' }, games.added);
      counter.inc({ outcome: 'replaced' }, games.replaced);
      counter.inc({ outcome: 'skipped' }, games.skipped);
    }),
  );
  return counter;
});
