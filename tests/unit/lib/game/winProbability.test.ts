/**
 * The win-probability chart's series and swings (src/lib/game/winProbability.ts) on a small made-up game.
 */
import { describe, expect, it } from 'vitest';
import type { PbpEvent } from '../../../../src/lib/game/playByPlay';
import { wpSeries, wpSwings, type WpPoint } from '../../../../src/lib/game/winProbability';

const point = (t: number, period: number, startClock: number, endClock: number, homeWp: number): WpPoint => ({
  t,
  period,
  startClock,
  endClock,
  homeWp,
  homeBall: true,
  leverage: 1,
});
const event = (seq: number, period: number, clock: number, scoring: boolean, text: string): PbpEvent => ({
  seq,
  eventNum: seq,
  period,
  clock,
  eventType: 1,
  side: 'home',
  players: [],
  home: text,
  neutral: null,
  visitor: null,
  homePts: 0,
  awayPts: 0,
  homeFive: [],
  awayFive: [],
  creditHome: scoring ? [1, 2, 3, 4, 5] : null,
  creditAway: null,
});

describe('win-probability series and swings', () => {
  const points = [
    point(0, 1, 720, 700, 0.6),
    point(20, 1, 700, 2, 0.62), // ends the 1st quarter: left out of the swings
    point(718, 1, 2, 0, 0.4),
    point(720, 2, 720, 650, 0.3),
    point(790, 2, 650, 600, 0.55), // +0.3 to the next
    point(840, 2, 600, 560, 0.85), // the last possession: 0.85 -> 0 (home lost), the biggest
  ];
  const events = [
    event(1, 1, 710, false, 'miss'),
    event(2, 2, 700, true, 'early'),
    event(3, 2, 640, false, 'rebound'),
    event(4, 2, 620, true, 'the dunk'),
    event(5, 2, 610, false, 'timeout'),
    event(6, 2, 570, true, 'last shot'),
  ];

  it('the series ends at the result', () => {
    expect(wpSeries(points, 2880, false).at(-1)).toEqual({ t: 2880, wp: 0 });
    expect(wpSeries(points, 2880, true).at(-1)).toEqual({ t: 2880, wp: 1 });
  });

  it('the biggest moves in game order, each linked to the last scoring play of its possession', () => {
    const swings = wpSwings(points, events, false, 2);
    expect(swings.map((s) => [s.index, Number(s.change.toFixed(2)), s.eventSeq, s.text])).toEqual([
      [4, 0.3, 4, 'the dunk'],
      [5, -0.85, 6, 'last shot'],
    ]);
  });

  it('leaves out the possession that ends a period before the last', () => {
    // 0.62 -> 0.4 across the end of the 1st quarter would be the second biggest move.
    const swings = wpSwings(points, events, false, 5);
    expect(swings.map((s) => s.index)).not.toContain(2);
    expect(swings.map((s) => s.index)).toEqual([0, 1, 3, 4, 5]);
  });
});
