import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteAccountStore } from '../../../../src/server/auth/store/sqliteStore.ts';
import { tempDbPath } from './helpers.ts';

const CHILD = path.join(import.meta.dirname, 'fixtures', 'writeThenWait.ts');

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
    expect(fs.existsSync(file + '-wal')).toBe(true);

    const store = new SqliteAccountStore(file);
    const user = await store.findUserByEmail(email);
    expect(user?.name).toBe('Durable');
    expect(await store.subscriptionsFor(user!.id)).toEqual([{ userId: user!.id, planName: 'Stats', expiresAt: 2_000_000_000 }]);
    await store.close();
  });
});
