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
  () => new client.Histogram({ name: 'courtvision_stats_queue_wait_seconds', help: 'Time an uncached stats computation waited for a connection', labelNames: ['lane'], buckets: [0.001, 0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10] }),
);
export const signIns = once(
  'courtvision_signins_total',
  () => new client.Counter({ name: 'courtvision_signins_total', help: 'Credential sign-ins: success, failure, refused (limits)', labelNames: ['outcome'] }),
);
export const mails = once(
  'courtvision_mail_total',
  () => new client.Counter({ name: 'courtvision_mail_total', help: 'Queued emails handed to the mail server (sent), failed (retried) or given up', labelNames: ['outcome'] }),
);
export const webhooks = once(
  'courtvision_billing_webhooks_total',
  () => new client.Counter({ name: 'courtvision_billing_webhooks_total', help: 'Payment webhooks by outcome: applied, duplicate, stale, ignored, no-user, bad-signature, unavailable', labelNames: ['outcome'] }),
);

export const statsDbReloads = once(
  'courtvision_stats_db_reloads_total',
  () => new client.Counter({ name: 'courtvision_stats_db_reloads_total', help: 'Stats file reloads (SIGHUP or /admin/stats-db): switched, unchanged or refused', labelNames: ['outcome'] }),
);

/** A gauge read when scraped (the stats queue's depth). */
export function gaugeOf(name: string, help: string, labelNames: string[], read: (gauge: client.Gauge) => void): void {
  once(name, () => new client.Gauge({ name, help, labelNames, collect() { read(this); } }));
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
