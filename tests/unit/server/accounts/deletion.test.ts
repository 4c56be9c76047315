/**
 * Deleting an account deletes the failure counters that name its address (signin_failures: the sign-in limiter's
 * and the account actions'), on both stores, whether the owner deletes it (/profile) or an operator removes it
 * (`npm run users -- remove`). What is left is read back with SQL written here, not through the store.
 */
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { workAfterAnswersDone } from '../../../../src/server/accounts/afterAnswer.ts';
import type { AccountContext } from '../../../../src/server/accounts/context.ts';
import { requestPasswordReset } from '../../../../src/server/accounts/recovery.ts';
import { deleteAccount } from '../../../../src/server/accounts/settings.ts';
import { signUp } from '../../../../src/server/accounts/signup.ts';
import { SignInGuard } from '../../../../src/server/auth/signInGuard.ts';
import type { AccountStore } from '../../../../src/server/auth/store/types.ts';
import { STORE_KINDS, freshLocation, openStoreAt, type StoreKind } from '../../../support/accountStores.ts';

const STRONG = 'rebound tempo lattice';
const LIMITS = { perIp: 1000, perEmail: 1000, windowSeconds: 3600 };
const POLICY = { maxFailuresPerIp: 1000, maxFailuresPerAccountIp: 1000, slowAfterFailuresPerAccount: 1000, windowSeconds: 900, maxDelayMs: 1000 };

describe.each(STORE_KINDS)('deleting an account on the %s store', (kind: StoreKind) => {
  let location: string;
  let store: AccountStore;
  let ctx: AccountContext;
  beforeEach(async () => {
    location = await freshLocation(kind);
    store = openStoreAt(kind, location);
    await store.schemaVersion();
    ctx = { store, origin: 'https://courtvision.test', ip: '198.51.100.7', limits: LIMITS };
  });
  afterEach(async () => {
    await store.close();
  });

  /** Every counter key in the store, read with SQL. */
  async function keys(): Promise<string[]> {
    if (kind === 'sqlite') {
      const db = new DatabaseSync(location, { readOnly: true });
      try {
        return (db.prepare('SELECT DISTINCT key FROM signin_failures ORDER BY key').all() as { key: string }[]).map((r) => r.key);
      } finally {
        db.close();
      }
    }
    const client = new pg.Client(location);
    await client.connect();
    try {
      return (await client.query<{ key: string }>('SELECT DISTINCT key FROM signin_failures ORDER BY key')).rows.map((r) => r.key);
    } finally {
      await client.end();
    }
  }

  /** Two accounts with sign-in failures (two addresses) and account actions counted for each. */
  async function twoAccountsWithCounters(): Promise<void> {
    const guard = new SignInGuard(POLICY, () => store);
    for (const email of ['ann@example.com', 'bob@example.com']) {
      expect(await signUp(ctx, { name: 'Someone Here', email, password: STRONG })).toMatchObject({ ok: true });
      await requestPasswordReset(ctx, { email: email.toUpperCase() });
      await guard.recordFailure('203.0.113.7', email);
      await guard.recordFailure('192.0.2.1', ` ${email.toUpperCase()}`);
    }
    await workAfterAnswersDone();
    const before = await keys();
    expect(before.filter((k) => k.includes('ann@example.com'))).toEqual([
      'account-ip:ann@example.com|192.0.2.1',
      'account-ip:ann@example.com|203.0.113.7',
      'account:ann@example.com',
      'forgot-email:ann@example.com',
      'signup-email:ann@example.com',
    ]);
  }

  const bobsAndAddresses = [
    'account-ip:bob@example.com|192.0.2.1',
    'account-ip:bob@example.com|203.0.113.7',
    'account:bob@example.com',
    'forgot-email:bob@example.com',
    'forgot-ip:198.51.100.7',
    'ip:192.0.2.1',
    'ip:203.0.113.7',
    'signup-email:bob@example.com',
    'signup-ip:198.51.100.7',
  ];

  it("by its owner: no counter names the address any more; the other account's and the addresses' stay", async () => {
    await twoAccountsWithCounters();
    const ann = (await store.findUserByEmail('ann@example.com'))!;
    expect(await deleteAccount(ctx, { user: ann, sessionDigest: 'x' }, { password: STRONG, confirm: 'delete' })).toMatchObject({ ok: true });
    expect(await keys()).toEqual(bobsAndAddresses);
  });

  it('by an operator (users remove): the same', async () => {
    await twoAccountsWithCounters();
    expect(await store.deleteUser('Ann@Example.com')).toBe(true);
    expect(await keys()).toEqual(bobsAndAddresses);
  });

  it('an address with a LIKE wildcard (_) in its name takes only its own counters', async () => {
    const guard = new SignInGuard(POLICY, () => store);
    for (const email of ['a_b@example.com', 'axb@example.com']) {
      await store.createUser({ email, name: 'Someone Here', passwordHash: 'x' });
      await guard.recordFailure('203.0.113.7', email);
    }
    expect(await store.deleteUser('a_b@example.com')).toBe(true);
    expect((await keys()).filter((k) => k.includes('@'))).toEqual(['account-ip:axb@example.com|203.0.113.7', 'account:axb@example.com']);
  });
});
