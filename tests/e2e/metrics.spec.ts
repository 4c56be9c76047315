/**
 * /metrics (Prometheus text format) on a server of its own with METRICS_TOKEN: refused without the token, and
 * counting what happened: requests by route kind and status with their durations, stats answers from the cache
 * or computed, sign-in outcomes, process metrics. Without a token (the shared test server) it does not exist.
 */
import { expect, test } from './fixtures';
import { startServer, waitListening, type ServerProcess } from './serverProcess';

const TOKEN = 'metrics-token-for-the-e2e-test';
let server: ServerProcess;
test.beforeAll(async () => {
  server = startServer({ METRICS_TOKEN: TOKEN });
  await waitListening(server);
});
test.afterAll(() => server?.stop());

/** The value of one sample line (name{labels}), or 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    if (want.every((l) => line.includes(l))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

test('metrics need the token, and count requests, cache hits, sign-ins and the process', async ({ request }) => {
  expect((await request.get('/metrics')).status()).toBe(404); // the shared server has no token: off
  expect((await fetch(`${server.base}/metrics`)).status).toBe(401);
  expect((await fetch(`${server.base}/metrics`, { headers: { Authorization: 'Bearer wrong-token-wrong-token!!' } })).status).toBe(401);
  const scrape = async () => {
    const r = await fetch(`${server.base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/plain');
    return r.text();
  };
  const before = await scrape();
  const url = `${server.base}/api/data?page=League&season=2012`;
  expect((await fetch(url)).status).toBe(200);
  expect((await fetch(url)).status).toBe(200);
  expect((await fetch(`${server.base}/no-such-page`)).status).toBe(404);
  const csrf = await fetch(`${server.base}/api/auth/csrf`);
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  await fetch(`${server.base}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, Origin: server.base },
    body: new URLSearchParams({ csrfToken, email: 'nobody@example.com', password: 'wrong password', callbackUrl: '/' }).toString(),
  });
  const after = await scrape();
  const delta = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
  expect(delta('courtvision_http_requests_total', { kind: 'stats-api', status: '200' })).toBe(2);
  expect(delta('courtvision_http_requests_total', { kind: 'page', status: '404' })).toBe(1);
  expect(delta('courtvision_http_request_duration_seconds_count', { kind: 'stats-api' })).toBe(2);
  expect(delta('courtvision_answer_cache_total', { result: 'hit' })).toBeGreaterThanOrEqual(1);
  expect(sample(after, 'courtvision_answer_cache_total', { result: 'miss' })).toBeGreaterThanOrEqual(1);
  expect(delta('courtvision_signins_total', { outcome: 'failure' })).toBe(1);
  expect(after).toMatch(/^process_cpu_user_seconds_total \d/m);
  expect(after).toContain('courtvision_stats_queue_depth{lane="heavy",state="waiting"}');
});

test('the log: one JSON line per request with its id, kind, status, time and cache; no secrets in it', async () => {
  const id = `e2e-request-${Date.now()}`;
  const url = `${server.base}/api/data?page=League&season=2022`;
  const first = await fetch(url, { headers: { 'X-Request-Id': id } });
  expect(first.headers.get('x-request-id')).toBe(id);
  const second = await fetch(url);
  expect(second.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  expect(second.headers.get('x-cache')).toBe('hit');
  // A sign-in attempt whose secrets must not be logged.
  const secret = `never-logged-${Date.now()}`;
  await fetch(`${server.base}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Cookie: `authjs.session-token=${secret}`,
      Origin: server.base,
      Authorization: `Bearer ${secret}`,
    },
    body: new URLSearchParams({ email: `${secret}@example.com`, password: secret }).toString(),
  });
  await expect.poll(() => server.output().includes(id)).toBe(true);
  const lines = server
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const mine = lines.find((l) => l.id === id)!;
  expect(mine).toMatchObject({ msg: 'request', method: 'GET', path: '/api/data', kind: 'stats-api', status: 200, cache: 'miss', level: 30 });
  expect(typeof mine.ms).toBe('number');
  expect(lines.some((l) => l.id === second.headers.get('x-request-id') && l.cache === 'hit')).toBe(true);
  expect(server.output()).not.toContain(secret);
});
