/**
 * Developer API keys and quotas on both accounts stores: a key's life (made, shown once, used, revoked),
 * what a request's Authorization header makes of it (checkApiKey: malformed, unknown, revoked, lapsed plan, admin),
 * and the quota counters: exact counts, all windows or none, and the limit held by two nodes of one PostgreSQL
 * database counting at once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { checkApiKey, createApiKey, digestOf, KEY_PREFIX, MAX_LIVE_KEYS } from '../../../../src/server/api/keys.ts';
import { toSession } from '../../../../src/server/auth/requestSession.ts';
import type { AccountStore, QuotaUse } from '../../../../src/server/auth/store/types.ts';
import { STORE_KINDS, freshLocation, openStoreAt, openTestStore } from '../../../support/accountStores.ts';
import { FAKE_HASH } from '../auth/helpers.ts';

const stores: AccountStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});
const now = () => Math.floor(Date.now() / 1000);

async function member(store: AccountStore, email: string, plan: 'active' | 'expired' | 'none', admin = false) {
  const user = await store.createUser({ email, name: email.split('@')[0]!, passwordHash: FAKE_HASH, isAdmin: admin, emailVerified: true });
  if (plan !== 'none') await store.grantSubscription(email, 'Stats', plan === 'active' ? now() + 86_400 : now() - 60);
  const session = toSession({ ...user, subscriptions: await store.subscriptionsFor(user.id) });
  return { user, session };
}

describe.each(STORE_KINDS)('API keys on %s', (kind) => {
  it('a key is made for a plan member, kept only as its digest, works, and stops when revoked', async () => {
    const store = await openTestStore(kind);
    stores.push(store);
    const { user, session } = await member(store, 'ann@example.com', 'active');
    const { key, record } = await createApiKey(store, session, user.id, '  nightly job ');
    expect(key).toMatch(/^cv_live_[A-Za-z0-9_-]{43}$/);
    expect(record).toMatchObject({ name: 'nightly job', prefix: key.slice(0, KEY_PREFIX.length + 4), requests: 0, lastUsedAt: null, revokedAt: null });
    // Only the digest is stored: the owner's list shows the prefix, never the key.
    expect(JSON.stringify(await store.apiKeysOf(user.id))).not.toContain(key.slice(KEY_PREFIX.length + 4));
    const check = await checkApiKey(store, `Bearer ${key}`);
    expect(check.kind).toBe('valid');
    if (check.kind === 'valid') expect(check.session.user.email).toBe('ann@example.com');
    expect(await store.revokeApiKey(user.id, record.id, now())).toBe(true);
    expect(await store.revokeApiKey(user.id, record.id, now())).toBe(false);
    expect(await checkApiKey(store, `Bearer ${key}`)).toMatchObject({ kind: 'invalid', status: 401 });
    expect((await store.apiKeysOf(user.id))[0]!.revokedAt).not.toBeNull();
  });

  it('no key without an active plan; at most MAX_LIVE_KEYS live keys; a name is required', async () => {
    const store = await openTestStore(kind);
    stores.push(store);
    const none = await member(store, 'free@example.com', 'none');
    await expect(createApiKey(store, none.session, none.user.id, 'x')).rejects.toThrow(/Stats plan/);
    const ann = await member(store, 'ann@example.com', 'active');
    await expect(createApiKey(store, ann.session, ann.user.id, '   ')).rejects.toThrow(/name/);
    for (let i = 0; i < MAX_LIVE_KEYS; i++) await createApiKey(store, ann.session, ann.user.id, `k${i}`);
    await expect(createApiKey(store, ann.session, ann.user.id, 'one more')).rejects.toThrow(/revoke one/);
    // Someone else's key cannot be revoked.
    const [first] = await store.apiKeysOf(ann.user.id);
    expect(await store.revokeApiKey(none.user.id, first!.id, now())).toBe(false);
  });

  it("a key stops working when its owner's plan ends, and an admin's key works without a plan", async () => {
    const store = await openTestStore(kind);
    stores.push(store);
    const ann = await member(store, 'ann@example.com', 'active');
    const { key } = await createApiKey(store, ann.session, ann.user.id, 'k');
    await store.grantSubscription('ann@example.com', 'Stats', now() - 1);
    expect(await checkApiKey(store, `Bearer ${key}`)).toMatchObject({ kind: 'invalid', status: 403 });
    const admin = await member(store, 'root@example.com', 'none', true);
    const adminKey = await createApiKey(store, admin.session, admin.user.id, 'ops');
    expect((await checkApiKey(store, `Bearer ${adminKey.key}`)).kind).toBe('valid');
  });

  it('malformed headers and unknown keys are 401s with a message, no header is no key', async () => {
    const store = await openTestStore(kind);
    stores.push(store);
    expect(await checkApiKey(store, null)).toEqual({ kind: 'none' });
    for (const header of [
      '',
      'Bearer',
      'Basic abc',
      `Bearer ${'x'.repeat(5000)}`,
      'Bearer cv_live_short',
      `Bearer ${KEY_PREFIX}${'A'.repeat(43)}`,
      'Bearer a b',
    ]) {
      const check = await checkApiKey(store, header);
      expect(check, header.slice(0, 40)).toMatchObject({ kind: 'invalid', status: 401 });
      if (check.kind === 'invalid') expect(check.message.length).toBeGreaterThan(10);
    }
    expect(digestOf('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'); // SHA-256 test vector (FIPS 180-2)
  });

  it('quota counts are exact, all windows or none, and a refused request counts nothing', async () => {
    const store = await openTestStore(kind);
    stores.push(store);
    const ann = await member(store, 'ann@example.com', 'active');
    const { record } = await createApiKey(store, ann.session, ann.user.id, 'k');
    const uses = (cost: number): QuotaUse[] => [
      { bucket: 'key:1:minute', windowStart: 600, cost, limit: 5 },
      { bucket: 'key:1:day', windowStart: 0, cost, limit: 7 },
    ];
    expect(await store.consumeQuota(uses(1), record.id, 1000)).toEqual({ allowed: true, used: [1, 1] });
    expect(await store.consumeQuota(uses(3), record.id, 1001)).toEqual({ allowed: true, used: [4, 4] });
    // 4 + 2 passes the minute's 5: refused, nothing counted in either window.
    expect(await store.consumeQuota(uses(2), record.id, 1002)).toEqual({ allowed: false, used: [4, 4] });
    expect(await store.consumeQuota(uses(1), record.id, 1003)).toEqual({ allowed: true, used: [5, 5] });
    // A new minute: the day's 7 still holds.
    const nextMinute = (cost: number): QuotaUse[] => [{ ...uses(cost)[0]!, windowStart: 660 }, uses(cost)[1]!];
    expect(await store.consumeQuota(nextMinute(2), record.id, 1004)).toEqual({ allowed: true, used: [2, 7] });
    expect(await store.consumeQuota(nextMinute(1), record.id, 1005)).toEqual({ allowed: false, used: [2, 7] });
    const [key] = await store.apiKeysOf(ann.user.id);
    expect(key).toMatchObject({ requests: 4, lastUsedAt: 1004 });
    expect(await store.pruneQuota(650)).toBe(2); // the minute at 600 and the day at 0
  });
});

describe('quotas across nodes (PostgreSQL)', () => {
  it('two nodes counting one key at once never pass the limit: exactly `limit` requests are allowed', async () => {
    const location = await freshLocation('postgres');
    const a = openStoreAt('postgres', location);
    const b = openStoreAt('postgres', location);
    stores.push(a, b);
    const uses: QuotaUse[] = [
      { bucket: 'key:9:minute', windowStart: 60, cost: 1, limit: 25 },
      { bucket: 'key:9:day', windowStart: 0, cost: 1, limit: 1000 },
    ];
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).consumeQuota(uses, null, 100)));
    expect(results.filter((r) => r.allowed)).toHaveLength(25);
    const final = await a.consumeQuota(uses, null, 101);
    expect(final).toEqual({ allowed: false, used: [25, 25] });
  });
});
