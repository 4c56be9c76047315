/**
 * `npm run bench:auth`: what accounts add to a request, measured in-process on a temporary accounts file:
 * the session lookup of every signed-in request (getSessionForRequest), an anonymous request, a credentials
 * sign-in (argon2id verification included) and the same for an unknown email. Prints microseconds / ms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-bench-auth-'));
process.env.ACCOUNTS_DB_PATH = path.join(dir, 'accounts.sqlite');
process.env.AUTH_SECRET ||= 'bench-secret-bench-secret-bench-secret-0123';

const { Auth } = await import('@auth/core');
const { createAuthConfig } = await import('../src/server/auth/authConfig.ts');
const { getSessionForRequest } = await import('../src/server/auth/session.ts');
const { getAccountStore } = await import('../src/server/auth/store/index.ts');
const { seedDemoAccounts } = await import('../src/server/auth/demoAccounts.ts');
const { verifyCredentials } = await import('../src/server/auth/credentials.ts');

await seedDemoAccounts(getAccountStore());
const config = createAuthConfig();
const ORIGIN = 'http://localhost';

async function signedInCookie(): Promise<string> {
  const csrf = await Auth(new Request(`${ORIGIN}/api/auth/csrf`), config);
  const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await Auth(
    new Request(`${ORIGIN}/api/auth/callback/credentials`, {
      method: 'POST',
      headers: { cookie: csrfCookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, email: 'subscriber@example.com', password: 'demo-subscriber-2023' }),
    }),
    config,
  );
  return response.headers.getSetCookie().filter((c) => c.startsWith('authjs.session')).map((c) => c.split(';')[0]).join('; ');
}

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
  console.log(`${label.padEnd(46)} p50 ${at(0.5).padStart(6)} ${unit}   p95 ${at(0.95).padStart(6)} ${unit}   (${runs} runs)`);
}

const cookie = await signedInCookie();
const signedIn = new Request(`${ORIGIN}/stats`, { headers: { cookie } });
const anonymous = new Request(`${ORIGIN}/stats`);
await perCall('session lookup, signed-in request', 5_000, () => getSessionForRequest(signedIn), 'µs');
await perCall('session lookup, anonymous request', 5_000, () => getSessionForRequest(anonymous), 'µs');
await perCall('credentials check, right password (argon2id)', 30, () => verifyCredentials({ email: 'subscriber@example.com', password: 'demo-subscriber-2023' }), 'ms');
await perCall('credentials check, unknown email (dummy hash)', 30, () => verifyCredentials({ email: 'nobody@example.com', password: 'demo-subscriber-2023' }), 'ms');
await getAccountStore().close();
fs.rmSync(dir, { recursive: true, force: true });
