import { describe, expect, it } from 'vitest';
import { LruCache, memoiseAsync } from '../../../../src/server/stats/cache';

describe('LruCache', () => {
  it('evicts the least recently used entry', () => {
    const c = new LruCache<number>(2);
    c.set('a', 1);
    c.set('b', 2);
    expect(c.get('a')).toBe(1); // a is now newest
    c.set('c', 3);
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')).toBe(1);
    expect(c.get('c')).toBe(3);
    expect(c.size).toBe(2);
  });

  it('runs one computation for concurrent identical keys and caches the result', async () => {
    const c = new LruCache<number>(10);
    const memo = memoiseAsync(c);
    let runs = 0;
    const compute = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 10));
      return 42;
    };
    const results = await Promise.all([memo('k', compute), memo('k', compute), memo('k', compute)]);
    expect(results).toEqual([42, 42, 42]);
    expect(await memo('k', compute)).toBe(42);
    expect(runs).toBe(1);
  });

  it('does not cache failures', async () => {
    const memo = memoiseAsync(new LruCache<number>(10));
    await expect(memo('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await memo('k', async () => 7)).toBe(7);
  });
});
