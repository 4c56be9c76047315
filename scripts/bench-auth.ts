/**
 * `npm run bench:auth`: what accounts add to a request, on each accounts store: the embedded SQLite file and
 * PostgreSQL (DATABASE_URL when set, else a throwaway local cluster with fsync on, scripts/pgCluster.ts).
 * Per store, measured in-process on a fresh database: the session lookup of every signed-in request
 * (getSessionForRequest: session row, user, plans), an anonymous request, the sign-in limiter (check, and
 * check + record a failure), a credentials check (argon2id included), and a whole sign-in through Auth.js
 * (CSRF, argon2id, session row written). Prints p50 / p95 per line.
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

  const { Auth } = await import('@auth/core');
  const { createAuthConfig } = await import('../src/server/auth/authConfig.ts');
  const { getSessionForRequest } = await import('../src/server/auth/session.ts');
  const { describeAccountStore, getAccountStore } = await import('../src/server/auth/store/index.ts');
  const { seedDemoAccounts } = await import('../src/server/auth/demoAccounts.ts');
  const { verifyCredentials } = await import('../src/server/auth/credentials.ts');
  const { SignInGuard } = await import('../src/server/auth/signInGuard.ts');
  const { signInWithCredentials } = await import('./lib/signIn.ts');

  const store = getAccountStore();
  await seedDemoAccounts(store);
  const config = createAuthConfig();
  const ORIGIN = 'http://localhost';

  const signIn = () =>
    signInWithCredentials((p, init) => Auth(new Request(`${ORIGIN}${p}`, init), config), 'subscriber@example.com', 'demo-subscriber-2023');

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
  const guard = new SignInGuard({ maxFailuresPerIp: 1_000_000, maxFailuresPerAccountIp: 1_000_000, slowAfterFailuresPerAccount: 1_000_000, windowSeconds: 900, maxDelayMs: 0 });
  let n = 0;
  await perCall('session lookup, signed-in request', 3_000, () => getSessionForRequest(signedIn), 'µs');
  await perCall('session lookup, anonymous request', 3_000, () => getSessionForRequest(anonymous), 'µs');
  await perCall('sign-in limiter: check (IP, account+IP, account)', 2_000, () => guard.check('203.0.113.9', `x${n++ % 50}@example.com`), 'µs');
  await perCall('sign-in limiter: check + record a failure', 500, async () => {
    const email = `y${n++ % 50}@example.com`;
    await guard.check('203.0.113.9', email);
    await guard.recordFailure('203.0.113.9', email);
  }, 'µs');
  await perCall('credentials check, right password (argon2id)', 30, () => verifyCredentials({ email: 'subscriber@example.com', password: 'demo-subscriber-2023' }), 'ms');
  await perCall('credentials check, unknown email (dummy hash)', 30, () => verifyCredentials({ email: 'nobody@example.com', password: 'demo-subscriber-2023' }), 'ms');
  await perCall('whole sign-in via Auth.js (CSRF, argon2id, session row)', 30, signIn, 'ms');
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
