import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteAccountStore } from '../../../../src/server/auth/store/sqliteStore.ts';
import { tempDbPath } from './helpers.ts';

const CHILD = path.join(import.meta.dirname, 'fixtures', 'openAndAdd.ts');

function run(file: string, email: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, file, email], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

describe('several processes on one accounts file', () => {
  it('processes creating and migrating a new file at the same time all succeed (they wait for the lock)', async () => {
    const file = tempDbPath();
    const emails = ['a', 'b', 'c', 'd'].map((x) => `${x}@example.com`);
    const results = await Promise.all(emails.map((email) => run(file, email)));
    for (const r of results) expect(r, r.stderr).toMatchObject({ code: 0 });
    const store = new SqliteAccountStore(file);
    expect((await store.listUsers()).map((u) => u.email)).toEqual(emails);
    await store.close();
  });
});
