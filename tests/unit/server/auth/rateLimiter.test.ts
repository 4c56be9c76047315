import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from '../../../../src/server/auth/rateLimiter.ts';

describe('SlidingWindowLimiter', () => {
  it('allows `limit` hits per window, then blocks until the oldest hit leaves the window', () => {
    const limiter = new SlidingWindowLimiter(3, 1_000);
    for (const t of [0, 100, 200]) {
      expect(limiter.check('k', t).allowed).toBe(true);
      limiter.record('k', t);
    }
    expect(limiter.check('k', 300)).toEqual({ allowed: false, retryAfterMs: 700 });
    expect(limiter.check('k', 999).allowed).toBe(false);
    expect(limiter.check('k', 1_000).allowed).toBe(true); // the hit at 0 has left the window
    expect(limiter.check('other', 300).allowed).toBe(true);
  });

  it('reset forgets a key', () => {
    const limiter = new SlidingWindowLimiter(1, 1_000);
    limiter.record('k', 0);
    expect(limiter.check('k', 1).allowed).toBe(false);
    limiter.reset('k');
    expect(limiter.check('k', 1).allowed).toBe(true);
  });

  it('bounds its memory by evicting the oldest key', () => {
    const limiter = new SlidingWindowLimiter(1, 1_000, 2);
    limiter.record('a', 0);
    limiter.record('b', 0);
    limiter.record('c', 0);
    expect(limiter.check('a', 1).allowed).toBe(true);
    expect(limiter.check('c', 1).allowed).toBe(false);
  });

  it('rejects a nonsensical configuration', () => {
    expect(() => new SlidingWindowLimiter(0, 1_000)).toThrow(RangeError);
    expect(() => new SlidingWindowLimiter(1, 0)).toThrow(RangeError);
  });

  it('never lets more than `limit` recorded hits into any window (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 10, max: 500 }),
        fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 60 }),
        (limit, windowMs, gaps) => {
          const limiter = new SlidingWindowLimiter(limit, windowMs);
          const accepted: number[] = [];
          let t = 0;
          for (const gap of gaps) {
            t += gap;
            if (limiter.check('k', t).allowed) {
              limiter.record('k', t);
              accepted.push(t);
            }
          }
          return accepted.every((start) => accepted.filter((x) => x >= start && x < start + windowMs).length <= limit);
        },
      ),
    );
  });
});
