import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError, expiryFrom, runUsersCommand } from '../../../../src/server/auth/cli.ts';
import { DEMO_ACCOUNTS } from '../../../../src/server/auth/demoAccounts.ts';
import { verifyPassword } from '../../../../src/server/auth/password.ts';
import type { AccountStore } from '../../../../src/server/auth/store/types.ts';
import { STORE_KINDS, freshLocation, openStoreAt, storeEnv } from '../../../support/accountStores.ts';

describe.each(STORE_KINDS)('users CLI on the %s store', (kind) => {
  let store: AccountStore;
  beforeAll(async () => {
    store = openStoreAt(kind, await freshLocation(kind));
  });
  afterAll(() => store?.close());
  const run = (...args: string[]) => runUsersCommand(args, store);

  it('add creates an account with an argon2id hash of the given password; a second add of the email fails', async () => {
    expect(await run('add', 'Op@Example.com', '--name', 'Opal Operator', '--password', 'long-enough-pw')).toBe('Added op@example.com');
    const user = await store.findUserByEmail('op@example.com');
    expect(user?.name).toBe('Opal Operator');
    expect(await verifyPassword(user!.passwordHash, 'long-enough-pw')).toBe(true);
    await expect(run('add', 'op@example.com', '--name', 'Again', '--password', 'long-enough-pw')).rejects.toThrow(/already exists/);
  });

  it('rejects bad input with a clear message', async () => {
    await expect(run('add', 'not-an-email', '--name', 'X', '--password', 'long-enough-pw')).rejects.toThrow(UsageError);
    await expect(run('add', 'x@example.com', '--password', 'long-enough-pw')).rejects.toThrow(/--name/);
    await expect(run('add', 'x@example.com', '--name', 'X', '--password', 'short')).rejects.toThrow(/at least 8/);
    await expect(run('grant', 'op@example.com')).rejects.toThrow(/--days N or --until/);
    await expect(run('frobnicate')).rejects.toThrow(/Unknown command "frobnicate"/);
    await expect(run('grant', 'ghost@example.com', '--days', '30')).rejects.toThrow(/No account with the email ghost@example.com/);
  });

  it('grant, revoke, set-admin and list', async () => {
    await run('grant', 'op@example.com', '--until', '2030-06-30');
    const user = (await store.findUserByEmail('op@example.com'))!;
    expect(await store.subscriptionsFor(user.id)).toEqual([{ userId: user.id, planName: 'Stats', expiresAt: Date.parse('2030-06-30T23:59:59Z') / 1000 }]);
    expect(await run('set-admin', 'op@example.com')).toBe('op@example.com is now an admin');
    const listing = await run('list');
    expect(listing).toMatch(/op@example\.com\s+Opal Operator\s+admin\s+yes\s+Stats until 2030-06-30/);
    const json = JSON.parse(await run('list', '--json')) as Array<Record<string, unknown>>;
    expect(json[0]).not.toHaveProperty('passwordHash');
    expect(await run('set-admin', 'op@example.com', '--off')).toBe('op@example.com is no longer an admin');
    expect(await run('revoke', 'op@example.com')).toBe('Revoked Stats from op@example.com');
    expect(await run('revoke', 'op@example.com')).toBe('op@example.com had no Stats plan');
  });

  it('remove deletes the account with its plans and sessions', async () => {
    await run('add', 'gone@example.com', '--name', 'Gone', '--password', 'long-enough-pw');
    await run('grant', 'gone@example.com', '--days', '10');
    const user = (await store.findUserByEmail('gone@example.com'))!;
    await store.createSession(user.id, 'digest-gone', 4_000_000_000);
    expect(await run('remove', 'GONE@example.com')).toBe('Removed gone@example.com with its plans and sessions');
    expect(await store.findUserByEmail('gone@example.com')).toBeNull();
    expect(await store.subscriptionsFor(user.id)).toEqual([]);
    expect(await store.findSessionUser('digest-gone', 1)).toBeNull();
    await expect(run('remove', 'gone@example.com')).rejects.toThrow(/No account/);
  });

  it('seed-demo creates the four documented roles and is idempotent', async () => {
    await run('seed-demo');
    await run('seed-demo');
    const now = Date.now() / 1000;
    const users = await store.listUsers();
    for (const demo of DEMO_ACCOUNTS) {
      const matching = users.filter((u) => u.email === demo.email);
      expect(matching).toHaveLength(1);
      const u = matching[0]!;
      expect(u.isAdmin).toBe(demo.isAdmin);
      expect(await verifyPassword(u.passwordHash, demo.password)).toBe(true);
      const stats = u.subscriptions.filter((s) => s.planName === 'Stats');
      if (demo.statsExpiresIn === null) expect(stats).toEqual([]);
      else expect(stats[0]!.expiresAt > now).toBe(demo.statsExpiresIn > 0);
    }
    expect(DEMO_ACCOUNTS.map((d) => d.email)).toEqual(['subscriber@example.com', 'expired@example.com', 'admin@example.com', 'member@example.com']);
  });

  it('as a process: prints the result, exits 1 with a message on errors', async () => {
    const location = await freshLocation(kind);
    const env = { ...process.env, ...storeEnv(kind, location) };
    const exec = promisify(execFile);
    const cli = (...args: string[]) => exec(process.execPath, ['--import', 'tsx', 'src/server/auth/cli.ts', ...args], { env });
    expect((await cli('list')).stdout.trim()).toBe('No accounts.');
    const failed = await cli('grant', 'ghost@example.com', '--days', '3').catch((e: { code: number; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain('users: No account with the email ghost@example.com');
    // The process wrote to the database the environment selects: another connection to it sees the accounts.
    await cli('seed-demo');
    const other = openStoreAt(kind, location);
    try {
      expect((await other.listUsers()).map((u) => u.email).sort()).toEqual(DEMO_ACCOUNTS.map((d) => d.email).sort());
    } finally {
      await other.close();
    }
  });
});

describe('users CLI, store-independent parts', () => {
  it('expiryFrom: --days from now, --until end of that UTC day, not both, real dates only', () => {
    expect(expiryFrom({ days: '2' }, 1_000_000)).toBe(1_000 + 172_800);
    expect(expiryFrom({ until: '2024-02-29' })).toBe(Date.parse('2024-02-29T23:59:59Z') / 1000);
    expect(() => expiryFrom({ until: '2023-02-30x' })).toThrow(/YYYY-MM-DD/);
    expect(() => expiryFrom({ until: '2023-13-45' })).toThrow(/not a real date/);
    expect(() => expiryFrom({ days: '1', until: '2030-01-01' })).toThrow(/not both/);
  });
});
