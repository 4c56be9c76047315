/**
 * Lookups every request may need and that never change while the server runs (names, positions, league
 * baselines, shot pools), memoised across requests. The first request that needs one computes it on its own
 * scope (its connection, inside its queue slot: a lookup never waits for a connection of its own, so requests
 * holding every connection cannot deadlock waiting for one); the others wait for that computation. When the
 * first request is interrupted (its timeout fired), its lookup fails with QueryInterruptedError: that is its own
 * failure, not theirs, so each waiter then computes the lookup again on its own scope instead of failing too.
 * Any other failure is shared (the next request tries again: a failed lookup is not kept).
 * A lookup is kept for the file served now only: a computation that began before a switch still reads the old file
 * (its scope's), and what it looks up there is its own, never kept where requests on the new file would read it.
 */
import { QueryInterruptedError, type StatsDb, statsDbGeneration } from '../../db/statsDb';

/** Where memoised lookups are kept: a Map or an LRU cache. */
export interface LookupMemo<T> {
  get(key: string): Promise<T> | undefined;
  set(key: string, value: Promise<T>): unknown;
  delete(key: string): unknown;
}

export async function sharedLookup<T>(db: StatsDb, memo: LookupMemo<T>, key: string, compute: () => Promise<T>): Promise<T> {
  if (db.generation !== statsDbGeneration()) return compute();
  for (;;) {
    const running = memo.get(key);
    if (!running) {
      const mine = compute();
      memo.set(key, mine);
      mine.catch(() => {
        if (memo.get(key) === mine) memo.delete(key);
      });
      return mine;
    }
    try {
      return await running;
    } catch (error) {
      if (!(error instanceof QueryInterruptedError)) throw error;
      if (memo.get(key) === running) memo.delete(key); // another request's timeout: compute it on ours
    }
  }
}
