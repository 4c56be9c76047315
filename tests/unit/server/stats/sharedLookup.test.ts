/**
 * Lookups shared across requests (src/server/stats/entities/sharedLookup.ts) on real DuckDB scopes: when the request that
 * computes a shared lookup times out, the requests waiting for it get the lookup (computed on their own scope),
 * not its timeout; a real failure is shared and not kept.
 */
import { describe, expect, it } from 'vitest';
import { QueryInterruptedError, statsDb, withScope } from '../../../../src/server/db/statsDb';
import { sharedLookup } from '../../../../src/server/stats/entities/sharedLookup';
import { HAS_DB } from '../../../api/helpers';

const SLOW_SQL = 'SELECT sum(hash(i))::VARCHAR AS s FROM range(100000000000) t(i)';

describe.skipIf(!HAS_DB)('sharedLookup', () => {
  it("a waiter gets the lookup when the request computing it is interrupted, computed on the waiter's own scope", async () => {
    const memo = new Map<string, Promise<string>>();
    const timeout = new AbortController();
    const computedBy: string[] = [];
    let first: Promise<string> | null = null;
    // The first request starts the lookup with a query that never ends by itself, then times out.
    const firstRequest = withScope(async (db) => {
      first = sharedLookup(db, memo, 'names', async () => {
        computedBy.push('first');
        return String((await db.query<{ s: string }>(SLOW_SQL))[0]!.s);
      });
      return first;
    }, timeout.signal);
    // (the pool may take a while to open on a busy machine: wait until the first request is computing)
    while (!computedBy.includes('first')) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // A second request needs the same lookup while the first computes it.
    const secondRequest = withScope((db) =>
      sharedLookup(db, memo, 'names', async () => {
        computedBy.push('second');
        return String((await db.query<{ n: number }>('SELECT 42 AS n'))[0]!.n);
      }),
    );
    timeout.abort();
    await expect(firstRequest).rejects.toBeInstanceOf(QueryInterruptedError);
    await expect(secondRequest).resolves.toBe('42');
    expect(computedBy).toEqual(['first', 'second']);
    // What is kept is the second request's lookup: a third one reads it without computing.
    await expect(sharedLookup(statsDb, memo, 'names', async () => 'third')).resolves.toBe('42');
  });

  it('shares a real failure with the waiters and keeps nothing, so the next request tries again', async () => {
    const memo = new Map<string, Promise<number>>();
    const broken = withScope((db) =>
      sharedLookup(db, memo, 'k', async () => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        return Number((await db.query<{ n: number }>('SELECT * FROM no_such_table'))[0]!.n);
      }),
    );
    while (!memo.has('k')) await new Promise((resolve) => setTimeout(resolve, 5));
    const waiter = sharedLookup(statsDb, memo, 'k', async () => 1);
    await expect(broken).rejects.toThrow(/no_such_table/);
    await expect(waiter).rejects.toThrow(/no_such_table/);
    expect(memo.has('k')).toBe(false);
    await expect(sharedLookup(statsDb, memo, 'k', async () => 7)).resolves.toBe(7);
  });
});
