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
 * Options: --duration 60 --connections 16 --db path --port N --no-build
 */
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchStatsDb, buildUnlessSkipped, freePort, option, run, runMain, serverEnv, startServer } from './lib/benchServer.ts';
import { signInWithCredentials } from './lib/signIn.ts';

const DURATION = Number(option('duration', '60'));
const CONNECTIONS = Number(option('connections', '16'));
const DB = benchStatsDb();
const ACCOUNTS = path.resolve('data/bench-accounts.sqlite');
const PORT = Number(option('port', String(await freePort())));
const BASE = `http://127.0.0.1:${PORT}`;
const env = serverEnv(PORT, { STATS_DB_PATH: DB, ACCOUNTS_DB_PATH: ACCOUNTS, TRUST_PROXY: '1' });

/** The cookie of a signed-in demo user. */
const signIn = (email: string, password: string) =>
  signInWithCredentials((p, init) => fetch(`${BASE}${p}`, init), email, password, { origin: BASE, 'x-forwarded-for': '192.0.2.1' });

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
    const instance = autocannon({ url: BASE, connections: s.connections, duration: DURATION, requests: s.requests, timeout: 30 }, (err, result) => {
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
    });
    instance.on('response', (_client: unknown, status: number) => {
      if (!s.expected.includes(status)) unexpected.set(status, (unexpected.get(status) ?? 0) + 1);
    });
  });
}

async function main() {
  buildUnlessSkipped(env);
  run('npm', ['run', '--silent', 'users', '--', 'seed-demo'], env);
  console.log(`\nstarting the built server on ${BASE} (database ${DB})`);
  // The server's own warnings, except the expected one per failed sign-in.
  const server = startServer(env, (line) => {
    if (!line.includes('[auth] CredentialsSignin')) console.error(`[server] ${line}`);
  });
  try {
    await server.ready(`${BASE}/api/players`, 90_000);
    const subscriber = await signIn('subscriber@example.com', 'demo-subscriber-2023');
    const member = await signIn('member@example.com', 'demo-member-2023');
    const csrf = await fetch(`${BASE}/api/auth/csrf`);
    const csrfCookie = csrf.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; ');
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const get = (p: string, cookie = ''): autocannon.Request => ({
      method: 'GET',
      path: p,
      headers: { 'accept-encoding': 'gzip, br', ...(cookie ? { cookie } : {}) },
    });
    let n = 0;
    const c = Math.max(1, Math.round(CONNECTIONS / 8));
    const streams: Stream[] = [
      {
        name: 'anonymous pages',
        connections: 2 * c,
        expected: [200],
        requests: ['/', '/about', '/articles', '/stats/players', '/stats/team/team/BOS', '/signin'].map((p) => get(p)),
      },
      {
        name: 'anonymous API',
        connections: 2 * c,
        expected: [200],
        requests: ['/api/data?page=League', '/api/data?page=Players', '/api/data?page=TeamGameLog&entity=BOS', '/api/players', '/api/auth/session'].map((p) =>
          get(p),
        ),
      },
      {
        name: 'subscriber pages + gated API',
        connections: 2 * c,
        expected: [200],
        requests: [
          '/stats/players?period=4',
          '/api/data?page=League&period=4',
          '/api/data?page=TeamTeam&entity=BOS&location=home',
          '/api/data?page=Players&result=win',
          '/profile',
        ].map((p) => get(p, subscriber)),
      },
      {
        name: 'refused (403 / 400)',
        connections: c,
        expected: [400, 403],
        requests: [
          get('/api/data?page=League&period=4', member),
          get('/api/data?page=League&location=home'),
          get('/api/data?page=Nope'),
          get('/api/auth/session?callbackUrl=--'),
        ],
      },
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
    console.log(
      `Machine: ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the end (other work on the machine inflates every number).`,
    );
    if (server.exited()) console.log('The server exited during the run.');
  } finally {
    server.stop();
  }
}

runMain(main);
