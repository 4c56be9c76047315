import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from '../../../../src/server/auth/rateLimiter.ts';
import { SqliteAccountStore } from '../../../../src/server/auth/store/sqliteStore.ts';
import type { AccountStore } from '../../../../src/server/auth/store/types.ts';
import { STORE_KINDS, openTestStore } from '../../../support/accountStores.ts';

describe.each(STORE_KINDS)('SlidingWindowLimiter on the %s store', (kind) => {
  let store: AccountStore;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(() => store?.close());
  let n = 0;
  /** A limiter with its own name, so tests do not see each other's hits. */
  const limiter = (limit: number, windowMs: number) => new SlidingWindowLimiter(`t${n++}`, limit, windowMs, () => store);

  it('allows `limit` hits per window, then blocks until the oldest hit leaves the window', async () => {
    const l = limiter(3, 1_000);
    for (const t of [0, 100, 200]) {
      expect((await l.check('k', t)).allowed).toBe(true);
      await l.record('k', t);
    }
    expect(await l.check('k', 300)).toEqual({ allowed: false, retryAfterMs: 700 });
    expect((await l.check('k', 999)).allowed).toBe(false);
    expect((await l.check('k', 1_000)).allowed).toBe(true); // the hit at 0 has left the window
    expect((await l.check('other', 300)).allowed).toBe(true);
  });

  it('reset forgets a key', async () => {
    const l = limiter(1, 1_000);
    await l.record('k', 0);
    expect((await l.check('k', 1)).allowed).toBe(false);
    await l.reset('k');
    expect((await l.check('k', 1)).allowed).toBe(true);
  });

  it('two limiters on the same store and name (two web nodes) add up their hits', async () => {
    const nodeA = new SlidingWindowLimiter('shared', 4, 10_000, () => store);
    const nodeB = new SlidingWindowLimiter('shared', 4, 10_000, () => store);
    await nodeA.record('victim', 1);
    await nodeB.record('victim', 2);
    await nodeA.record('victim', 3);
    expect((await nodeB.check('victim', 4)).allowed).toBe(true);
    await nodeB.record('victim', 4);
    expect(await nodeA.check('victim', 5)).toEqual({ allowed: false, retryAfterMs: 9_996 });
    expect((await nodeB.check('victim', 5)).allowed).toBe(false);
  });

  it('prunes the hits its window no longer sees, and only its own', async () => {
    const l = limiter(5, 1_000);
    const other = limiter(5, 1_000_000);
    await other.record('k', 0);
    await l.record('k', 0); // prunes (first record) before anything is old
    expect(await store.recentFailures(`${l.name}:k`, -1, 10)).toEqual([0]);
    await l.record('k', 70_000); // a minute later: prunes what is at or before 69 000
    expect(await store.recentFailures(`${l.name}:k`, -1, 10)).toEqual([70_000]);
    expect(await store.recentFailures(`${other.name}:k`, -1, 10)).toEqual([0]);
  });
});

describe('SlidingWindowLimiter', () => {
  it('rejects a nonsensical configuration', () => {
    const none = () => {
      throw new Error('not used');
    };
    expect(() => new SlidingWindowLimiter('x', 0, 1_000, none)).toThrow(RangeError);
    expect(() => new SlidingWindowLimiter('x', 1, 0, none)).toThrow(RangeError);
  });

  it('never lets more than `limit` recorded hits into any window (property)', async () => {
    const store = new SqliteAccountStore(':memory:');
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 10, max: 500 }),
        fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 60 }),
        async (limit, windowMs, gaps) => {
          const limiter = new SlidingWindowLimiter(`p${run++}`, limit, windowMs, () => store);
          const accepted: number[] = [];
          let t = 0;
          for (const gap of gaps) {
            t += gap;
            if ((await limiter.check('k', t)).allowed) {
              await limiter.record('k', t);
              accepted.push(t);
            }
          }
          return accepted.every((start) => accepted.filter((x) => x >= start && x < start + windowMs).length <= limit);
        },
      ),
    );
    await store.close();
  });
});
