/**
 * `npm run bench:auth`: what accounts add to a request, on each accounts store: the embedded SQLite file and
 * PostgreSQL (DATABASE_URL when set, else a throwaway local cluster with fsync on, scripts/pgCluster.ts).
 * Per store, measured in-process on a fresh database: the session lookup of every signed-in request
 * (getSessionForRequest: session row, user, plans), an anonymous request, the sign-in limiter (check, and
 * check + record a failure), a credentials check (argon2id included), and a whole sign-in through Auth.js
 * (CSRF, argon2id, session row written). Prints p50 / p95 per line.
 * The developer API's key check: the key's lookup with its owner's plans (checkApiKey), the quota
 * count of a request (consumeQuota), and whole /api/v1 requests through the router in-process, with a key and
 * without one (/api/v1/metric_sets: no stats query, so the line is what keys and quotas cost), with their rate.
 * Each store runs in a child process of its own (the store is chosen once per process, like a server's).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const storeKind = process.env.BENCH_AUTH_STORE;

if (!storeKind) {
  const self = fileURLToPath(import.meta.url);
  const { startPgCluster } = await import('./pgCluster.ts');
  const pg = (await import('pg')).default;
  let cluster: Awaited<ReturnType<typeof startPgCluster>> | null = null;
  let databaseUrl = process.env.DATABASE_URL ?? '';
  try {
    if (!databaseUrl) {
      cluster = await startPgCluster({ durable: true });
      const client = new pg.Client(cluster.url);
      await client.connect();
      await client.query('CREATE DATABASE bench_auth');
      await client.end();
      databaseUrl = cluster.url.replace(/\/postgres$/, '/bench_auth');
    }
    for (const kind of ['sqlite', 'postgres']) {
      const env = { ...process.env, BENCH_AUTH_STORE: kind, DATABASE_URL: kind === 'postgres' ? databaseUrl : '' };
      const result = spawnSync(process.execPath, ['--import', 'tsx', self], { stdio: 'inherit', env });
      if (result.status !== 0) process.exitCode = 1;
    }
  } finally {
    cluster?.stop();
  }
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-bench-auth-'));
  process.env.ACCOUNTS_DB_PATH = path.join(dir, 'accounts.sqlite');
  process.env.AUTH_SECRET ||= 'bench-secret-bench-secret-bench-secret-0123';
  // The API lines measure what a request costs, not the quotas: set them out of reach.
  for (const name of ['API_KEY_PER_MINUTE', 'API_KEY_PER_DAY', 'API_ANON_PER_MINUTE', 'API_ANON_PER_DAY']) process.env[name] = '1000000';

  const { Auth } = await import('@auth/core');
  const { createAuthConfig } = await import('../src/server/auth/authConfig.ts');
  const { getSessionForRequest } = await import('../src/server/auth/requestSession.ts');
  const { describeAccountStore, getAccountStore } = await import('../src/server/auth/store/index.ts');
  const { seedDemoAccounts } = await import('../src/server/auth/demoAccounts.ts');
  const { verifyCredentials } = await import('../src/server/auth/credentials.ts');
  const { SignInGuard } = await import('../src/server/auth/signInGuard.ts');
  const { signInWithCredentials } = await import('./lib/signIn.ts');

  const store = getAccountStore();
  await seedDemoAccounts(store);
  const config = createAuthConfig();
  const ORIGIN = 'http://localhost';

  const signIn = () => signInWithCredentials((p, init) => Auth(new Request(`${ORIGIN}${p}`, init), config), 'subscriber@example.com', 'demo-subscriber-2023');

  async function perCall(label: string, runs: number, fn: () => Promise<unknown>, unit: 'µs' | 'ms'): Promise<void> {
    for (let i = 0; i < Math.min(50, runs); i++) await fn();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await fn();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const scale = unit === 'µs' ? 1000 : 1;
    const at = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))]! * scale).toFixed(unit === 'µs' ? 0 : 1);
    console.log(`  ${label.padEnd(56)} p50 ${at(0.5).padStart(6)} ${unit}   p95 ${at(0.95).padStart(6)} ${unit}   (${runs} runs)`);
  }

  console.log(`\n${storeKind === 'postgres' ? 'PostgreSQL' : 'SQLite'} store: ${describeAccountStore()}`);
  const cookie = await signIn();
  const signedIn = new Request(`${ORIGIN}/stats`, { headers: { cookie } });
  const anonymous = new Request(`${ORIGIN}/stats`);
  const guard = new SignInGuard({
    maxFailuresPerIp: 1_000_000,
    maxFailuresPerAccountIp: 1_000_000,
    slowAfterFailuresPerAccount: 1_000_000,
    windowSeconds: 900,
    maxDelayMs: 0,
  });
  let n = 0;
  await perCall('session lookup, signed-in request', 3_000, () => getSessionForRequest(signedIn), 'µs');
  await perCall('session lookup, anonymous request', 3_000, () => getSessionForRequest(anonymous), 'µs');
  await perCall('sign-in limiter: check (IP, account+IP, account)', 2_000, () => guard.check('203.0.113.9', `x${n++ % 50}@example.com`), 'µs');
  await perCall(
    'sign-in limiter: check + record a failure',
    500,
    async () => {
      const email = `y${n++ % 50}@example.com`;
      await guard.check('203.0.113.9', email);
      await guard.recordFailure('203.0.113.9', email);
    },
    'µs',
  );
  await perCall(
    'credentials check, right password (argon2id)',
    30,
    () => verifyCredentials({ email: 'subscriber@example.com', password: 'demo-subscriber-2023' }),
    'ms',
  );
  await perCall(
    'credentials check, unknown email (dummy hash)',
    30,
    () => verifyCredentials({ email: 'nobody@example.com', password: 'demo-subscriber-2023' }),
    'ms',
  );
  await perCall('whole sign-in via Auth.js (CSRF, argon2id, session row)', 30, signIn, 'ms');

  // The developer API: a key of the subscriber, checked and counted as every /api/v1 request is.
  process.env.STATS_DB_PATH ||= fs.existsSync('data/stats.duckdb') ? 'data/stats.duckdb' : 'data/test-stats.duckdb';
  const { checkApiKey, createApiKey } = await import('../src/server/api/keys.ts');
  const { consumeQuota } = await import('../src/server/api/quota.ts');
  const { handleV1 } = await import('../src/server/api/v1/router.ts');
  const subscriber = (await store.findUserByEmail('subscriber@example.com'))!;
  const { toSession } = await import('../src/server/auth/requestSession.ts');
  const owner = toSession({ ...subscriber, subscriptions: await store.subscriptionsFor(subscriber.id) });
  const { key, record } = await createApiKey(store, owner, subscriber.id, 'bench');
  await perCall('API key check (key, owner, plans)', 3_000, () => checkApiKey(store, `Bearer ${key}`), 'µs');
  await perCall('API quota count (minute and day, one transaction)', 3_000, () => consumeQuota(store, { kind: 'key', keyId: record.id }, 1), 'µs');
  const v1 = (headers: Record<string, string>) => () => {
    const url = new URL(`${ORIGIN}/api/v1/metric_sets?page=Players`);
    return handleV1({ url, request: new Request(url, { headers }), clientAddress: '203.0.113.7' }).then((r) => r.text());
  };
  await perCall('/api/v1/metric_sets in-process, with a key', 2_000, v1({ authorization: `Bearer ${key}` }), 'µs');
  await perCall('/api/v1/metric_sets in-process, anonymous', 2_000, v1({}), 'µs');
  const t0 = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (performance.now() - t0 < 3_000) {
        await v1({ authorization: `Bearer ${key}` })();
        done++;
      }
    }),
  );
  console.log(`  ${'/api/v1 with a key, 8 at once for 3 s'.padEnd(56)} ${(done / ((performance.now() - t0) / 1000)).toFixed(0)} requests/s`);
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
