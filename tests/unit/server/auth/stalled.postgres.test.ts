/**
 * A PostgreSQL that stalls with its connections open (every process of a real cluster stopped with SIGSTOP)
 * must not hang the site: reads, transactions and new connections fail within the store's timeout as
 * AccountsUnavailableError (answered 503 with Retry-After), and the store serves again by itself once the
 * cluster is resumed (SIGCONT). A cluster of its own: stopping the shared test cluster would stall other tests.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgCluster, type PgCluster } from '../../../../scripts/pgCluster.ts';
import { PostgresAccountStore } from '../../../../src/server/auth/store/postgresStore.ts';
import { AccountsUnavailableError } from '../../../../src/server/auth/store/types.ts';

let cluster: PgCluster;
beforeAll(async () => {
  cluster = await startPgCluster();
}, 120_000);
afterAll(() => {
  resume();
  cluster?.stop();
});

/** The postmaster and every backend of the cluster. */
function clusterPids(): number[] {
  const postmaster = Number(fs.readFileSync(path.join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], { encoding: 'utf8' })
    .split('\n')
    .map((l) => Number(l.trim()))
    .filter((n) => n > 0);
  return [postmaster, ...children];
}
let stopped: number[] = [];
function freeze(): void {
  stopped = clusterPids();
  for (const pid of stopped) process.kill(pid, 'SIGSTOP');
}
function resume(): void {
  for (const pid of stopped) {
    try {
      process.kill(pid, 'SIGCONT');
    } catch {
      // gone
    }
  }
  stopped = [];
}

async function failsWithin(call: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  const error = await call().then(
    () => null,
    (e: unknown) => e,
  );
  return { error, ms: performance.now() - started };
}

describe('a stalled PostgreSQL (SIGSTOP), then resumed (SIGCONT)', () => {
  it('fails reads, transactions and new connections within the timeout as AccountsUnavailableError, and recovers by itself', async () => {
    const store = new PostgresAccountStore(cluster.url, { max: 3, timeoutMs: 800 });
    try {
      const user = await store.createUser({ email: 'stall@example.com', name: 'S', passwordHash: 'x' });
      await store.createSession(user.id, 'd'.repeat(64), 9_999_999_999);
      freeze();
      for (const [what, call] of [
        ['session read', () => store.liveSession('d'.repeat(64), 1)],
        ['transaction', () => store.createSession(user.id, 'e'.repeat(64), 9_999_999_999)],
        ['every pooled connection busy or stalled', () => Promise.all([1, 2, 3, 4].map(() => store.findUserById(user.id)))],
      ] as const) {
        const { error, ms } = await failsWithin(call);
        expect(error, what).toBeInstanceOf(AccountsUnavailableError);
        expect(ms, what).toBeLessThan(3_000);
      }
      resume();
      await expect.poll(async () => (await store.liveSession('d'.repeat(64), 1).catch(() => null))?.email, { timeout: 15_000 }).toBe('stall@example.com');
      await store.createSession(user.id, 'f'.repeat(64), 9_999_999_999);
      expect(await store.findSessionUser('f'.repeat(64), 1)).toBe(user.id);
    } finally {
      resume();
      await store.close();
    }
  }, 60_000);
});
