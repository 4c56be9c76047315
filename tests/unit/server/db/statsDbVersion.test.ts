/**
 * The stats database's schema version, checked at start-up (src/server/db/statsDbVersion.ts): the test database
 * built by this ingest passes; a file of another version, a file that is not a DuckDB database and a missing file
 * are told apart; the real server entry refuses a file of another version with one line.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStatsDbVersion } from '../../../../src/server/db/statsDbVersion.ts';
import { SCHEMA_VERSION } from '../../../../src/server/db/schema.ts';
import { config } from '../../../../src/server/config.ts';
import { SqliteAccountStore } from '../../../../src/server/auth/store/sqliteStore.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'courtvision-statsdb-'));
const older = path.join(dir, 'older.duckdb');

beforeAll(async () => {
  const instance = await DuckDBInstance.create(older);
  const c = await instance.connect();
  await c.run('CREATE TABLE ingest_meta (schema_version INTEGER NOT NULL)');
  await c.run(`INSERT INTO ingest_meta VALUES (${SCHEMA_VERSION - 1})`);
  c.closeSync();
  instance.closeSync();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('checkStatsDbVersion', () => {
  it.skipIf(!fs.existsSync(config.statsDbPath))('accepts the database this ingest built', async () => {
    expect(await checkStatsDbVersion(config.statsDbPath)).toEqual({ ok: true, version: SCHEMA_VERSION });
  });

  it('refuses a file of another schema version, naming both versions', async () => {
    const r = await checkStatsDbVersion(older);
    expect(r.ok).toBe(false);
    expect(r).toMatchObject({ missing: false, reason: 'outdated' });
    expect(!r.ok && r.message).toContain(`schema version ${SCHEMA_VERSION - 1}, this build expects ${SCHEMA_VERSION}`);
  });

  it('refuses a file that is not a stats database', async () => {
    const junk = path.join(dir, 'junk.duckdb');
    fs.writeFileSync(junk, 'not a database');
    const r = await checkStatsDbVersion(junk);
    expect(r).toMatchObject({ ok: false, reason: 'unreadable' });
    expect(!r.ok && r.message).toMatch(/is not a stats database this build can read/);
  });

  it('tells a missing file apart (the server starts and answers 503 until the ingest has run)', async () => {
    const r = await checkStatsDbVersion(path.join(dir, 'none.duckdb'));
    expect(r).toMatchObject({ ok: false, missing: true, reason: 'missing' });
  });
});

describe('the real server', () => {
  it('refuses to start on a stats database of another schema version: exit 1, one line', async () => {
    const clean: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env))
      if (typeof v === 'string' && !/^(STATS_DB_|ACCOUNTS_DB_PATH$|DATABASE_URL$|PORT$|HOST$)/.test(k)) clean[k] = v;
    const accounts = path.join(dir, 'accounts.sqlite');
    await new SqliteAccountStore(accounts).close(); // a new accounts database: the server opens it, then checks the stats file
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/http/server.ts')], {
      env: { ...clean, ACCOUNTS_DB_PATH: accounts, STATS_DB_PATH: older, PORT: String(Number(process.env.PORT ?? 4321) + 69), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.on('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    expect(code).toBe(1);
    expect(stdout).not.toContain('listening');
    const lines = stderr
      .trim()
      .split('\n')
      .filter((l) => !l.includes('npm warn'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Courtvision cannot start: STATS_DB_PATH=".*older\.duckdb" has schema version/);
  }, 40_000);
});
