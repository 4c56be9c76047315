/**
 * `npm run bench:load`: a mixed load on the built server for 60 s (a benchmark, not a test: it prints numbers).
 * Builds into .local/bench-dist (skip with --no-build), seeds the demo accounts, starts `npm run serve` on a free
 * port against the stats database (STATS_DB_PATH or --db), then runs with autocannon, all at once:
 *   - anonymous visitors: marketing pages, stats pages, the default API views, the session endpoint;
 *   - signed-in subscribers: stats pages and gated API views;
 *   - refused requests: gated filters without a plan (403), bad parameters (400), bad callbackUrl (400);
 *   - failed sign-ins (wrong password: argon2 work, counted by the rate limits; TRUST_PROXY=1 and a rotating
 *     X-Forwarded-For so the limits see many clients).
 * Prints, per stream and in total: requests, req/s, p50/p99 latency, errors (5xx, timeouts, socket errors) and
 * any status that stream should not give.
 *
 * Options: --duration 60 --connections 16 --db path --no-build
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DURATION = Number(opt('duration', '60'));
const CONNECTIONS = Number(opt('connections', '16'));
const DIST = path.resolve('.local/bench-dist');
const DB = path.resolve(opt('db', process.env.STATS_DB_PATH ?? 'data/stats.duckdb'));
const ACCOUNTS = path.resolve('data/bench-accounts.sqlite');

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

const PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;
const env = { ...process.env, DIST_DIR: DIST, STATS_DB_PATH: DB, ACCOUNTS_DB_PATH: ACCOUNTS, PORT: String(PORT), HOST: '127.0.0.1', TRUST_PROXY: '1', ASTRO_TELEMETRY_DISABLED: '1' };

function run(cmd: string, cmdArgs: string[]) {
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', env });
  if (r.status !== 0) throw new Error(`${cmd} ${cmdArgs.join(' ')} failed (${r.status})`);
}

async function waitFor(url: string, ms: number, gone: () => boolean) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (gone()) throw new Error('the server stopped before answering');
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}

/** The cookie of a signed-in demo user (csrf, then the credentials callback). */
async function signIn(email: string, password: string): Promise<string> {
  const csrf = await fetch(`${BASE}/api/auth/csrf`);
  const jar = csrf.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${BASE}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: BASE, Cookie: jar.join('; '), 'X-Forwarded-For': '192.0.2.1' },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: '/' }),
  });
  return [...jar, ...res.headers.getSetCookie().map((c) => c.split(';')[0]!)].join('; ');
}

interface Stream {
  name: string;
  connections: number;
  /** statuses this stream is expected to give */
  expected: number[];
  requests: autocannon.Request[];
}

interface Outcome {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  unexpected: Map<number, number>;
}

function runStream(s: Stream): Promise<Outcome> {
  const unexpected = new Map<number, number>();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: BASE, connections: s.connections, duration: DURATION, requests: s.requests, timeout: 30 },
      (err, result) => {
        if (err) return reject(err);
        resolve({
          name: s.name,
          requests: result.requests.total,
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result['5xx'] + result.errors + result.timeouts,
          unexpected,
        });
      },
    );
    instance.on('response', (_client: unknown, status: number) => {
      if (!s.expected.includes(status)) unexpected.set(status, (unexpected.get(status) ?? 0) + 1);
    });
  });
}

async function main() {
  if (!args.includes('--no-build')) run('npx', ['astro', 'build', '--outDir', DIST]);
  run('npm', ['run', '--silent', 'users', '--', 'seed-demo']);
  console.log(`\nstarting the built server on ${BASE} (database ${DB})`);
  const server: ChildProcess = spawn('npm', ['run', 'serve'], { env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  // The server's own warnings, except the expected one per failed sign-in.
  server.stderr!.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim() && !line.includes('[auth] CredentialsSignin')) console.error(`[server] ${line}`);
  });
  let exited = false;
  server.on('exit', () => (exited = true));
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
    const subscriber = await signIn('subscriber@example.com', 'demo-subscriber-2023');
    const member = await signIn('member@example.com', 'demo-member-2023');
    const csrf = await fetch(`${BASE}/api/auth/csrf`);
    const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(';')[0]!).join('; ');
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const get = (p: string, cookie = ''): autocannon.Request => ({ method: 'GET', path: p, headers: { 'accept-encoding': 'gzip, br', ...(cookie ? { cookie } : {}) } });
    let n = 0;
    const c = Math.max(1, Math.round(CONNECTIONS / 8));
    const streams: Stream[] = [
      { name: 'anonymous pages', connections: 2 * c, expected: [200], requests: ['/', '/about', '/articles', '/stats/players', '/stats/team/team/BOS', '/signin'].map((p) => get(p)) },
      { name: 'anonymous API', connections: 2 * c, expected: [200], requests: ['/api/data?page=League', '/api/data?page=Players', '/api/data?page=TeamGameLog&entity=BOS', '/api/players', '/api/auth/session'].map((p) => get(p)) },
      { name: 'subscriber pages + gated API', connections: 2 * c, expected: [200], requests: ['/stats/players?period=4', '/api/data?page=League&period=4', '/api/data?page=TeamTeam&entity=BOS&location=home', '/api/data?page=Players&result=win', '/profile'].map((p) => get(p, subscriber)) },
      { name: 'refused (403 / 400)', connections: c, expected: [400, 403], requests: [get('/api/data?page=League&period=4', member), get('/api/data?page=League&location=home'), get('/api/data?page=Nope'), get('/api/auth/session?callbackUrl=--')] },
      {
        name: 'failed sign-ins (argon2)',
        connections: c,
        expected: [302, 429],
        requests: [
          {
            method: 'POST',
            path: '/api/auth/callback/credentials',
            setupRequest: (req) => {
              n += 1;
              const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
              return {
                ...req,
                headers: { 'content-type': 'application/x-www-form-urlencoded', origin: BASE, cookie: csrfCookie, 'x-forwarded-for': ip },
                body: new URLSearchParams({ csrfToken, email: `nobody-${n % 50}@example.com`, password: `wrong-${n}`, callbackUrl: '/' }).toString(),
              };
            },
          },
        ],
      },
    ];
    console.log(`\nMixed load: ${DURATION} s, ${streams.reduce((s, x) => s + x.connections, 0)} connections in ${streams.length} streams at once`);
    const outcomes = await Promise.all(streams.map(runStream));
    const f = (x: number) => x.toFixed(1).padStart(8);
    console.log(`  ${'stream'.padEnd(32)} requests    req/s      p50      p99   errors  unexpected statuses`);
    for (const o of outcomes) {
      const odd = [...o.unexpected].map(([s, k]) => `${s} x${k}`).join(', ') || '-';
      console.log(`  ${o.name.padEnd(32)} ${String(o.requests).padStart(8)} ${f(o.rps)} ${f(o.p50)} ${f(o.p99)} ${String(o.errors).padStart(8)}  ${odd}`);
    }
    const total = outcomes.reduce((s, o) => s + o.requests, 0);
    const errors = outcomes.reduce((s, o) => s + o.errors, 0);
    console.log(`  ${'total'.padEnd(32)} ${String(total).padStart(8)} ${f(total / DURATION)} ${''.padStart(17)} ${String(errors).padStart(8)}`);
    console.log(`\nErrors (5xx, timeouts, socket errors): ${errors}. p99 of the slowest stream: ${Math.max(...outcomes.map((o) => o.p99)).toFixed(0)} ms.`);
    console.log(`Machine: ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the end (other work on the machine inflates every number).`);
    if (exited) console.log('The server exited during the run.');
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
