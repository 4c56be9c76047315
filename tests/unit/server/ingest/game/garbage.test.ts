import { describe, expect, it } from 'vitest';
import { GarbageTimeTracker, garbageMarginThreshold, isHeave } from '../../../../../src/server/ingest/game/garbage.ts';

const starters = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
const bench = [11, 12, 13, 14, 15, 16, 17, 18, 19, 20];

describe('garbage time (Cleaning the Glass rule)', () => {
  it('needs 25 points with 12:00-9:00 left, 20 with 9:00-6:00, 10 under 6:00', () => {
    expect(garbageMarginThreshold(720)).toBe(25);
    expect(garbageMarginThreshold(541)).toBe(25);
    expect(garbageMarginThreshold(540)).toBe(20);
    expect(garbageMarginThreshold(361)).toBe(20);
    expect(garbageMarginThreshold(360)).toBe(10);
  });
  it('is never garbage time before the 4th quarter', () => {
    expect(new GarbageTimeTracker(starters).atPossessionStart(3, 100, 40, bench)).toBe(false);
  });
  it('needs two or fewer of the game starters on the floor to begin', () => {
    const t = new GarbageTimeTracker(starters);
    expect(t.atPossessionStart(4, 300, 15, [1, 2, 3, ...bench.slice(0, 7)])).toBe(false);
    expect(t.atPossessionStart(4, 290, 15, [1, 2, ...bench.slice(0, 8)])).toBe(true);
  });
  it('stays garbage time when starters come back, until the margin drops under the threshold', () => {
    const t = new GarbageTimeTracker(starters);
    expect(t.atPossessionStart(4, 300, 15, bench)).toBe(true);
    expect(t.atPossessionStart(4, 280, -12, [...starters])).toBe(true);
    expect(t.atPossessionStart(4, 260, 9, bench)).toBe(false);
    expect(t.atPossessionStart(4, 250, 12, [...starters])).toBe(false);
  });
});

describe('heave possessions', () => {
  it('start with 4 seconds or less left in the 1st to 3rd quarter', () => {
    expect(isHeave(1, 4)).toBe(true);
    expect(isHeave(3, 0)).toBe(true);
    expect(isHeave(2, 5)).toBe(false);
    expect(isHeave(4, 2)).toBe(false);
  });
});
