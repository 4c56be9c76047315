import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteAccountStore } from '../../../../src/server/auth/store/sqliteStore.ts';
import { tempDbPath } from './helpers.ts';

const CHILD = path.join(import.meta.dirname, 'fixtures', 'writeThenWait.ts');
const BURST = path.join(import.meta.dirname, 'fixtures', 'writeBurst.ts');

/** A burst writer: resolves with the emails it reported committed when it is SIGKILLed after `afterCommits`. */
function burstWriter(file: string, prefix: string, afterCommits: number): Promise<string[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', BURST, file, prefix], { stdio: ['ignore', 'pipe', 'inherit'] });
  const committed: string[] = [];
  let partial = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('committed ')) committed.push(line.slice('committed '.length));
      if (committed.length >= afterCommits) child.kill('SIGKILL');
    });
    child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve(committed) : reject(new Error(`writer ended with ${signal ?? _code}`))));
  });
}

describe('accounts store durability', () => {
  it('keeps a committed account when the writing process is killed with SIGKILL', async () => {
    const file = tempDbPath();
    const email = `killed-${Date.now()}@example.com`;
    // One process (tsx as a loader, not its wrapper CLI), so SIGKILL hits the writer itself.
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, file, email], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exit = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes(`committed ${email}`)) resolve();
      });
      child.on('exit', () => reject(new Error(`child exited before committing: ${out}`)));
    });
    child.kill('SIGKILL');
    expect(await exit).toBe('SIGKILL');
    // The commit is still in the write-ahead log (nobody checkpointed or closed the database).
    expect(fs.existsSync(`${file}-wal`)).toBe(true);

    const store = new SqliteAccountStore(file);
    const user = await store.findUserByEmail(email);
    expect(user?.name).toBe('Durable');
    expect(await store.subscriptionsFor(user!.id)).toEqual([{ userId: user!.id, planName: 'Stats', expiresAt: 2_000_000_000 }]);
    await store.close();
  });

  it('loses no acknowledged account when two writers are killed with SIGKILL in the middle of a burst', async () => {
    const file = tempDbPath();
    // Create the schema first, so both writers start on the same database.
    await new SqliteAccountStore(file).close();
    const [a, b] = await Promise.all([burstWriter(file, 'a', 150), burstWriter(file, 'b', 120)]);
    expect(a.length).toBeGreaterThanOrEqual(150);
    expect(b.length).toBeGreaterThanOrEqual(120);
    const db = new DatabaseSync(file);
    expect(db.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    db.close();
    const store = new SqliteAccountStore(file);
    const lost: string[] = [];
    for (const email of [...a, ...b]) {
      const user = await store.findUserByEmail(email);
      if (!user || (await store.subscriptionsFor(user.id)).length !== 1) lost.push(email);
    }
    expect(lost).toEqual([]);
    await store.close();
  });
});
