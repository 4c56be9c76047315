/**
 * The server refuses to start on a file at ACCOUNTS_DB_PATH that is not an accounts database, and on a
 * MAIL_OUTBOX_DIR that is a regular file: the real server entry (src/server/http/server.ts) is spawned, exits 1
 * with one line naming the variable and what it found, and leaves the file byte for byte as it was. The store
 * itself refuses the same files (the CLI and any other opener), and still creates a missing file.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { SqliteAccountStore } from '../../../../src/server/auth/store/sqliteStore.ts';

const SERVER = path.resolve('src/server/http/server.ts');

function startServer(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (typeof v === 'string' && !/^(SIGNIN_|API_|STATS_DB_|AUTH_|PORT$|HOST$|DATABASE_URL$|SMTP_URL$|MAIL_|ACCOUNTS_)/.test(k)) clean[k] = v;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { ...clean, PORT: '0', HOST: '127.0.0.1', DIST_DIR: path.join(os.tmpdir(), 'cv-no-build-here'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'cv-start-'));

/** A SQLite database of another program. */
function otherProgramsDatabase(file: string): void {
  const db = new DatabaseSync(file);
  db.exec('CREATE TABLE orders (id INTEGER PRIMARY KEY, total INTEGER); CREATE TABLE items (sku TEXT); INSERT INTO orders VALUES (1, 250)');
  db.close();
}

const NOT_ACCOUNTS: [what: string, make: (file: string) => void, found: RegExp][] = [
  ['an empty file', (f) => fs.writeFileSync(f, ''), /an empty file \(0 bytes\)/],
  ['a 1-byte file', (f) => fs.writeFileSync(f, 'x'), /a file of 1 byte that is not a SQLite database/],
  ['a text file', (f) => fs.writeFileSync(f, 'users:\n  - admin@example.com\n'.repeat(20)), /a file of 580 bytes that is not a SQLite database/],
  ['a SQLite database of other tables', otherProgramsDatabase, /a SQLite database of other tables \(items, orders\)/],
];

describe('the server refuses a file at ACCOUNTS_DB_PATH that is not an accounts database', () => {
  it.concurrent.each(NOT_ACCOUNTS)('%s: exit 1, one line naming the variable and what is there, the file untouched', async (_what, make, found) => {
    const file = path.join(dir(), 'accounts.sqlite');
    make(file);
    const before = fs.readFileSync(file);
    const { code, stdout, stderr } = await startServer({ ACCOUNTS_DB_PATH: file });
    expect(code).toBe(1);
    expect(stdout).not.toContain('listening');
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^Courtvision cannot start: ACCOUNTS_DB_PATH=${JSON.stringify(file).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not valid \\(`),
    );
    expect(lines[0]).toMatch(found);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['accounts.sqlite']);
  });

  it('an accounts database passes the check (the start goes on to the next one, the missing build)', async () => {
    const file = path.join(dir(), 'accounts.sqlite');
    const store = new SqliteAccountStore(file);
    await store.close();
    const { code, stdout, stderr } = await startServer({ ACCOUNTS_DB_PATH: file });
    expect(code).toBe(1);
    expect(stdout).toMatch(/Accounts: SQLite .* \(schema version \d+\)/);
    expect(stderr).toMatch(/^Courtvision cannot start: DIST_DIR=/);
  });
});

describe('the server refuses a MAIL_OUTBOX_DIR that is not a folder', () => {
  it.concurrent.each([
    ['a regular file', (d: string) => path.join(d, 'outbox'), /is not valid \(a regular file of 5 bytes\): expected a folder path/],
    [
      'a path under a regular file',
      (d: string) => path.join(d, 'outbox', 'mail'),
      /is not valid \(.*outbox is a regular file of 5 bytes\): expected a folder path/,
    ],
  ])('%s: exit 1, one line naming the variable', async (_what, outboxOf, expected) => {
    const d = dir();
    fs.writeFileSync(path.join(d, 'outbox'), 'hello');
    const accounts = path.join(d, 'accounts.sqlite');
    await new SqliteAccountStore(accounts).close();
    const { code, stdout, stderr } = await startServer({ ACCOUNTS_DB_PATH: accounts, MAIL_OUTBOX_DIR: outboxOf(d) });
    expect(code).toBe(1);
    expect(stdout).not.toContain('listening');
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Courtvision cannot start: MAIL_OUTBOX_DIR="/);
    expect(lines[0]).toMatch(expected);
    expect(fs.readFileSync(path.join(d, 'outbox'), 'utf8')).toBe('hello');
  });
});

describe('the SQLite store itself', () => {
  it.each(NOT_ACCOUNTS)('refuses %s and leaves it as it was', (_what, make, found) => {
    const file = path.join(dir(), 'accounts.sqlite');
    make(file);
    const before = fs.readFileSync(file);
    expect(() => new SqliteAccountStore(file)).toThrow(found);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it('creates a missing file whole, with nothing left beside it, and opens it again', async () => {
    const file = path.join(dir(), 'new', 'accounts.sqlite');
    const store = new SqliteAccountStore(file);
    await store.createUser({ email: 'a@example.com', name: 'A', passwordHash: 'x' });
    await store.close();
    expect(fs.readdirSync(path.dirname(file)).filter((n) => n.endsWith('.new'))).toEqual([]);
    const again = new SqliteAccountStore(file);
    expect((await again.listUsers()).map((u) => u.email)).toEqual(['a@example.com']);
    await again.close();
  });
});
