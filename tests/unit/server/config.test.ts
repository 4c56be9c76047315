/**
 * The configuration (src/server/config.ts): every variable validated at start-up. Each bad value is a ConfigError
 * of readConfig naming the variable; the real server entry (`npm run serve`'s src/server/http/server.ts, spawned)
 * reads the whole configuration through readConfig before anything else, so a sample of the bad values, one of each
 * kind of rule, is tried on it: exit code 1, one line on stderr naming the variable and what it expects, no stack
 * trace, never "listening". (Each spawn costs about 1.3 s of CPU; all of them took a minute of the suite's CPU.)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../../src/server/config.ts';

const SERVER = path.resolve('src/server/http/server.ts');
const BASE_PORT = Number(process.env.PORT ?? 4321) + 70;

function startServer(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (typeof v === 'string' && !/^(SIGNIN_|API_|STATS_DB_|AUTH_|PORT$|HOST$)/.test(k)) clean[k] = v;
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { ...clean, PORT: String(BASE_PORT), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const BAD: [variable: string, value: string, expected: RegExp][] = [
  ['STATS_DB_CONNECTIONS', 'x', /whole number from 1 to 64/],
  ['STATS_DB_CONNECTIONS', '0', /whole number from 1 to 64/],
  ['API_CACHE_BYTES', 'x', /whole number from 1048576/],
  ['API_CACHE_BYTES', '1.5', /whole number/],
  ['STATS_HEAVY_SLOTS', 'two', /whole number/],
  ['STATS_HEAVY_PER_CLIENT', '0', /whole number from 1/],
  ['STATS_QUERY_TIMEOUT_MS', '-5', /whole number from 100/],
  ['SIGNIN_MAX_FAILURES_PER_IP', 'x', /whole number/],
  ['SIGNIN_MAX_FAILURES_PER_ACCOUNT', '-3', /whole number/],
  ['SIGNIN_SLOW_AFTER_FAILURES_PER_ACCOUNT', 'many', /whole number/],
  ['SIGNIN_MAX_DELAY_MS', '99999999', /whole number from 0 to 3600000/],
  ['SIGNIN_WINDOW_SECONDS', '-1', /whole number from 1/],
  ['AUTH_PROVIDERS', 'bogus', /"none" or a comma-separated list of: credentials/],
  ['AUTH_PROVIDERS', 'credentials,github', /credentials/],
  ['PORT', 'abc', /whole number from 0 to 65535/],
  ['PORT', '70000', /whole number from 0 to 65535/],
  ['TRUST_PROXY', 'yes', /number of proxies in front/],
  ['TRUST_PROXY', '11', /at most 10|number of proxies/],
  ['NODE_ENV', 'prod', /one of development, production, test/],
  ['STATS_HEAVY_SLOTS', '3', /below STATS_DB_CONNECTIONS=3.*from 1 to 2/],
  ['STATS_DB_THREADS', '0', /whole number from 1 to 256/],
  ['STATS_DB_MEMORY_LIMIT', '80%', /a size with its unit, e\.g\. 1GB/],
  ['STATS_DB_MEMORY_LIMIT', '1024', /not a size with a unit/],
  ['STATS_DB_MEMORY_LIMIT', '1 GB; SET threads=64', /not a size with a unit/],
  ['SMTP_URL', 'mail.example.com', /smtp:\/\/ or smtps:\/\/ URL/],
  ['STRIPE_SECRET_KEY', 'pk_live_abc', /Stripe secret key/],
  ['MAIL_FROM', 'not an address', /an address/],
  ['AUTH_URL', 'courtvision.example', /http:\/\/ or https:\/\/ URL/],
  ['AUTH_URL', 'ftp://courtvision.example', /http:\/\/ or https:\/\/ URL/],
  ['STATS_DB_LOG', 'true', /0 or 1/],
  ['DATABASE_URL', 'mysql://db.example/accounts', /postgres:\/\/ or postgresql:\/\/ URL/],
];

describe('readConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const c = readConfig({});
    expect(c).toMatchObject({
      apiCacheBytes: 128 * 1024 * 1024,
      statsHeavySlots: 2,
      statsHeavyPerClient: 2,
      statsQueryTimeoutMs: 20_000,
      statsDbConnections: 3,
      statsDbThreads: 2,
      statsDbMemoryLimit: '700MB',
      statsMaxLineupRows: 50_000,
      trustProxy: 0,
      authProviders: ['credentials'],
      signInMaxFailuresPerIp: 20,
      signInMaxFailuresPerAccount: 5,
      signInWindowSeconds: 900,
      port: 4321,
      host: '0.0.0.0',
      authUrl: '',
    });
    expect(c.accountsDbPath).toBe(path.resolve('data/accounts.sqlite'));
  });

  it('reads good values (trimmed numbers, provider lists, none, an https URL without its trailing slash)', () => {
    const c = readConfig({ STATS_DB_CONNECTIONS: ' 8 ', AUTH_PROVIDERS: 'none', AUTH_URL: 'https://cv.example/', TRUST_PROXY: '1', PORT: '0' });
    expect(c).toMatchObject({ statsDbConnections: 8, authProviders: [], authUrl: 'https://cv.example', trustProxy: 1, port: 0 });
    expect(readConfig({ AUTH_PROVIDERS: ' Credentials ' }).authProviders).toEqual(['credentials']);
  });

  it('AUTH_SECRET shorter than 32 bytes is refused in production, and only there', () => {
    expect(() => readConfig({ NODE_ENV: 'production', AUTH_SECRET: 'abc' })).toThrow(/AUTH_SECRET=\(3 bytes, hidden\) is not valid.*at least 32/);
    expect(readConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }).production).toBe(true);
    expect(readConfig({ AUTH_SECRET: 'abc' }).production).toBe(false);
  });

  it.each(BAD)('%s=%j is a ConfigError naming the variable', (variable, value, expected) => {
    let error: unknown;
    try {
      readConfig({ [variable]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
    expect((error as ConfigError).message).toMatch(expected);
  });
});

/** One bad value of each kind of rule: a number, a list, a size, a URL, a rule across two variables. */
const ON_THE_SERVER = BAD.filter(([variable, value]) =>
  [
    'STATS_DB_CONNECTIONS=x',
    'AUTH_PROVIDERS=bogus',
    'STATS_DB_MEMORY_LIMIT=1 GB; SET threads=64',
    'DATABASE_URL=mysql://db.example/accounts',
    'STATS_HEAVY_SLOTS=3',
  ].includes(`${variable}=${value}`),
);

describe('the real server refuses to start on bad configuration', () => {
  it('samples one bad value of each kind', () => expect(ON_THE_SERVER).toHaveLength(5));

  it.concurrent.each(ON_THE_SERVER)('%s=%j: exit 1, one line naming it, no stack trace', async (variable, value, expected) => {
    const { code, stdout, stderr } = await startServer({ [variable]: value });
    expect(code).toBe(1);
    expect(stdout).not.toContain('listening');
    const lines = stderr
      .trim()
      .split('\n')
      .filter((l) => !l.includes('npm warn'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Courtvision cannot start: ${variable}=`));
    expect(lines[0]).toMatch(expected);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('a missing accounts database outside the default path stops it too (no silent empty database)', async () => {
    const missing = path.join(os.tmpdir(), `courtvision-missing-${process.pid}`, 'accounts.sqlite');
    const { code, stdout, stderr } = await startServer({ ACCOUNTS_DB_PATH: missing });
    expect(code).toBe(1);
    expect(stdout).not.toContain('listening');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(`ACCOUNTS_DB_PATH="${missing}" does not exist`);
    expect(fs.existsSync(missing)).toBe(false);
  });
});
