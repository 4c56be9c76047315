/**
 * `npm run bench:api`: builds the site (skip with --no-build), starts the built server (`npm run serve`) on a
 * spare port against the stats database (STATS_DB_PATH or --db), signs in a demo subscriber (gated filters
 * need a session), and measures with autocannon:
 *   1. cold: the first request of each view (cache miss), one at a time;
 *   2. repeated: each view of the fixed mix under load (cached answers): p50/p95/p99 latency and requests/s;
 *   3. heavy, uncached: the 20-season players view with a lineup filter and a period filter, the on-court
 *      player changing with every request so every request misses the cache: one at a time, then under load.
 * Prints the numbers and whether each goal of issue 5 is met (p95 < 50 ms default views, < 300 ms heaviest,
 * > 1,000 req/s repeated default views).
 *
 * The site is built into .local/bench-dist (not dist/, which others may be serving) and served from there
 * (DIST_DIR); the port is a free one unless --port is given.
 *
 * Options: --port N --db path --duration 10 --connections 10 --heavy-samples 10 --no-build (reuse .local/bench-dist)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
/** A port nobody listens on (asked from the OS). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}
const PORT = Number(opt('port', String(await freePort())));
const DIST = path.resolve('.local/bench-dist');
const DB = path.resolve(opt('db', process.env.STATS_DB_PATH ?? 'data/stats.duckdb'));
const DURATION = Number(opt('duration', '10'));
const CONNECTIONS = Number(opt('connections', '10'));
const HEAVY_SAMPLES = Number(opt('heavy-samples', '10'));
const BASE = `http://127.0.0.1:${PORT}`;
const ACCOUNTS = path.resolve('data/bench-accounts.sqlite');
const env = { ...process.env, DIST_DIR: DIST, STATS_DB_PATH: DB, ACCOUNTS_DB_PATH: ACCOUNTS, PORT: String(PORT), HOST: '127.0.0.1', ASTRO_TELEMETRY_DISABLED: '1' };

const ALL_SEASONS = Array.from({ length: 20 }, (_, i) => `season=${2003 + i}`).join('&');
const MIX = {
  'default players view': '/api/data?page=Players',
  'default league view': '/api/data?page=League',
  'team game log (BOS)': '/api/data?page=TeamGameLog&entity=BOS',
  'heaviest: 20 seasons, players, on_court + period': `/api/data?page=Players&${ALL_SEASONS}&on_court=2544&period=4`,
};

function run(cmd: string, cmdArgs: string[]) {
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', env });
  if (r.status !== 0) throw new Error(`${cmd} ${cmdArgs.join(' ')} failed (${r.status})`);
}

async function waitFor(url: string, ms: number, gone: () => boolean) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (gone()) throw new Error('the server stopped before answering');
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}

/** Cookie header after signing in the demo subscriber through Auth.js (csrf, then credentials callback). */
async function signIn(): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (r: Response) => {
    for (const c of r.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair!.split('=');
      jar.set(k!.trim(), v.join('='));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrfRes = await fetch(`${BASE}/api/auth/csrf`);
  keep(csrfRes);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const body = new URLSearchParams({ csrfToken, email: 'subscriber@example.com', password: 'demo-subscriber-2023', callbackUrl: `${BASE}/` });
  const res = await fetch(`${BASE}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: BASE, Cookie: cookie() },
    body,
  });
  keep(res);
  const check = await fetch(`${BASE}/api/data?page=League&period=4`, { headers: { Cookie: cookie() } });
  if (check.status !== 200) throw new Error(`sign-in for the benchmark failed: gated request answered ${check.status}`);
  return cookie();
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

interface Measure {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  requests: number;
  errors: number;
}

/** autocannon run; latencies collected from every response to compute exact p95. */
async function load(
  paths: string[],
  cookie: string,
  duration = DURATION,
  extraHeaders: Record<string, string> = {},
  connections = CONNECTIONS,
): Promise<Measure> {
  const times: number[] = [];
  let i = 0;
  let done!: (r: autocannon.Result) => void;
  let fail!: (e: unknown) => void;
  const finished = new Promise<autocannon.Result>((res, rej) => ((done = res), (fail = rej)));
  const instance = autocannon({
    url: BASE,
    connections,
    duration,
    // What Chromium sends; the API answers cached views with brotli (or gzip) bytes.
    headers: { Cookie: cookie, 'Accept-Encoding': 'gzip, deflate, br', ...extraHeaders },
    requests: [
      {
        setupRequest: (req) => {
          req.path = paths[i++ % paths.length]!;
          return req;
        },
      },
    ],
  }, (err, result) => (err ? fail(err) : done(result)));
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => times.push(ms));
  const result = await finished;
  times.sort((a, b) => a - b);
  return {
    p50: pct(times, 50),
    p95: pct(times, 95),
    p99: pct(times, 99),
    rps: result.requests.average,
    requests: result.requests.total,
    errors: result['4xx'] + result['5xx'] + result.errors,
  };
}

async function timeOne(pathname: string, cookie: string): Promise<{ ms: number; status: number; bytes: number }> {
  const t0 = performance.now();
  const r = await fetch(`${BASE}${pathname}`, { headers: { Cookie: cookie, 'Accept-Encoding': 'gzip, deflate, br' } });
  const text = await r.text();
  return { ms: performance.now() - t0, status: r.status, bytes: text.length };
}

const f = (n: number) => (Number.isFinite(n) ? n.toFixed(1).padStart(8) : '     n/a');

async function main() {
  if (!args.includes('--no-build')) run('npx', ['astro', 'build', '--outDir', DIST]);
  run('npm', ['run', 'users', '--', 'seed-demo']);
  console.log(`\nstarting the built server on ${BASE} (database ${DB})`);
  const server: ChildProcess = spawn('npm', ['run', 'serve'], { env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  let exited = false;
  server.on('exit', (code) => {
    exited = true;
    if (code) console.error(`the server exited with ${code}`);
  });
  const stop = () => {
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
  process.on('exit', stop);
  try {
    await waitFor(`${BASE}/api/players`, 90_000, () => exited);
    const cookie = await signIn();

    console.log('\n1. Cold (first request of each view, cache miss), one at a time');
    for (const [name, p] of Object.entries(MIX)) {
      const t = await timeOne(p, cookie);
      console.log(`  ${name.padEnd(52)} ${f(t.ms)} ms  status ${t.status}  ${(t.bytes / 1024).toFixed(0)} KiB`);
    }

    console.log(`\n2. Repeated views under load (${CONNECTIONS} connections, ${DURATION} s each; cached answers)`);
    console.log(`  ${'view'.padEnd(52)}      p50      p95      p99    req/s  errors`);
    const repeated: Record<string, Measure> = {};
    const revalidated: Record<string, Measure> = {};
    for (const [name, p] of Object.entries(MIX)) {
      const m = await load([p], cookie);
      repeated[name] = m;
      console.log(`  ${name.padEnd(52)} ${f(m.p50)} ${f(m.p95)} ${f(m.p99)} ${f(m.rps)} ${String(m.errors).padStart(7)}`);
    }
    // A browser repeating a view after its max-age revalidates with the answer's ETag: 304, no body.
    for (const name of ['default players view', 'default league view'] as const) {
      const p = MIX[name];
      const etag = (await fetch(`${BASE}${p}`, { headers: { Cookie: cookie, 'Accept-Encoding': 'gzip' } })).headers.get('etag') ?? '';
      const m = await load([p], cookie, DURATION, { 'If-None-Match': etag });
      revalidated[name] = m;
      console.log(`  ${`${name}, revalidated (304)`.padEnd(52)} ${f(m.p50)} ${f(m.p95)} ${f(m.p99)} ${f(m.rps)} ${String(m.errors).padStart(7)}`);
    }
    const mix = await load(Object.values(MIX), cookie);
    console.log(`  ${'the fixed mix, round robin'.padEnd(52)} ${f(mix.p50)} ${f(mix.p95)} ${f(mix.p99)} ${f(mix.rps)} ${String(mix.errors).padStart(7)}`);

    // 3. Heaviest query, uncached: a different on-court player for every request, one request at a time (its
    //    latency), then the same under load (throughput; each request still misses the cache).
    const players = (await (await fetch(`${BASE}/api/data?page=Players`, { headers: { Cookie: cookie } })).json()) as {
      data: { OffensiveOverview: { player_id: number }[] };
    };
    const ids = players.data.OffensiveOverview.map((r) => r.player_id).slice(0, 400);
    const heavyPaths = ids.map((id) => `/api/data?page=Players&${ALL_SEASONS}&on_court=${id}&period=4`);
    const singles: number[] = [];
    for (const p of heavyPaths.slice(0, HEAVY_SAMPLES)) singles.push((await timeOne(p, cookie)).ms);
    singles.sort((a, b) => a - b);
    console.log(`\n3. Heaviest query uncached (a different on-court player each time), ${HEAVY_SAMPLES} requests one at a time`);
    console.log(`  ${'20 seasons, players, on_court=<each>, period=4'.padEnd(52)} ${f(pct(singles, 50))} ${f(pct(singles, 95))} ${f(singles.at(-1)!)} (p50, p95, max ms)`);
    const heavyDuration = Math.max(10, DURATION);
    const heavy = await load(heavyPaths.slice(HEAVY_SAMPLES), cookie, heavyDuration, {}, 2);
    console.log(`  ${`the same, 2 connections, ${heavyDuration} s`.padEnd(52)} ${f(heavy.p50)} ${f(heavy.p95)} ${f(heavy.p99)} ${f(heavy.rps)} ${String(heavy.errors).padStart(7)}  (${heavy.requests} requests)`);

    const defaults = ['default players view', 'default league view'].map((k) => repeated[k]!);
    const heaviest = repeated['heaviest: 20 seasons, players, on_court + period']!;
    console.log('\nGoals (issue 5)');
    const goal = (ok: boolean, text: string) => console.log(`  ${ok ? 'MET ' : 'MISS'} ${text}`);
    goal(defaults.every((m) => m.p95 < 50), `p95 < 50 ms on default views: ${defaults.map((m) => m.p95.toFixed(1)).join(' / ')} ms`);
    goal(pct(singles, 95) < 300, `p95 < 300 ms on the heaviest query, uncached: ${pct(singles, 95).toFixed(1)} ms (cached, under load: ${heaviest.p95.toFixed(1)} ms)`);
    goal(defaults.every((m) => m.rps > 1000), `> 1,000 req/s on repeated default views (full answers): ${defaults.map((m) => m.rps.toFixed(0)).join(' / ')} req/s`);
    const re = Object.values(revalidated);
    goal(re.every((m) => m.rps > 1000), `> 1,000 req/s on repeated default views (revalidated, 304): ${re.map((m) => m.rps.toFixed(0)).join(' / ')} req/s`);
    const load1 = (await import('node:os')).loadavg()[0]!;
    console.log(`\nMachine: ${(await import('node:os')).cpus().length} cores, load average ${load1.toFixed(1)} at the end (other work on the machine inflates every number).`);
  } finally {
    stop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
