/**
 * src/lib/game/playByPlay.ts on small hand-written games: time between events goes to the fives on the floor after the
 * first; a free throw shot after a substitution counts for the five credited with it (the one on the floor at the
 * foul); a five that comes and goes in one dead ball with no points is no stint; periods split stints; the flow
 * starts at 0-0 and has one point per score; the filters.
 */
import { describe, expect, it } from 'vitest';
import { buildStints, filterEvents, gameFlow, gameTime, stintCells, type PbpEvent } from '../../../../src/lib/game/playByPlay';

const A = [1, 2, 3, 4, 5];
const A2 = [1, 2, 3, 4, 6]; // 6 for 5
const H = [11, 12, 13, 14, 15];

let seq = 0;
function ev(period: number, clock: number, over: Partial<PbpEvent> = {}): PbpEvent {
  return {
    seq: seq++,
    eventNum: seq,
    period,
    clock,
    eventType: 0,
    side: null,
    players: [],
    home: null,
    neutral: null,
    visitor: null,
    homePts: 0,
    awayPts: 0,
    homeFive: H,
    awayFive: A,
    creditHome: null,
    creditAway: null,
    ...over,
  };
}

describe('buildStints', () => {
  it('gives time to the fives after each event and free-throw points to the five at the foul', () => {
    const events = [
      ev(1, 720),
      ev(1, 600, { awayPts: 2, creditAway: A, creditHome: H }), // away basket at 10:00
      ev(1, 500), // foul on the home team at 8:20 (away five A on the floor)
      ev(1, 500, { awayFive: A2 }), // substitution before the free throws: 6 for 5
      ev(1, 500, { awayPts: 3, awayFive: A2, creditAway: A, creditHome: H }), // free throw: credited to A
      ev(1, 400, { homePts: 2, awayPts: 3, awayFive: A2, creditAway: A2, creditHome: H }),
      ev(2, 720, { homePts: 2, awayPts: 3 }), // Q2: A back on
      ev(2, 100, { homePts: 2, awayPts: 3, awayFive: A2 }), // a five on for no time...
      ev(2, 100, { homePts: 2, awayPts: 3 }), // ...and off again in the same dead ball
    ];
    const { away, home } = buildStints(events);
    expect(away.map((s) => [s.period, s.onClock, s.offClock, s.seconds, s.five.join(''), s.ptsFor, s.ptsAgainst])).toEqual([
      [1, 720, 500, 220, '12345', 3, 0], // the basket and the free throw shot after the substitution
      [1, 500, 0, 500, '12346', 0, 2],
      [2, 720, 0, 720, '12345', 0, 0], // the 0-second five of Q2 is dropped: one stint around it
    ]);
    expect(home.map((s) => [s.period, s.seconds, s.ptsFor, s.ptsAgainst])).toEqual([
      [1, 720, 2, 3],
      [2, 720, 0, 0],
    ]);
    expect(stintCells(away[0]!, (id) => `P${id}`)).toEqual(['Q1', '12:00', '8:20', 'P1, P2, P3, P4, P5', '3:40', '3', '0', '+3']);
    expect(stintCells(away[1]!, (id) => `P${id}`)[7]).toBe('−2');
  });
});

describe('gameFlow and filterEvents', () => {
  const events = [
    ev(1, 720, { players: [1] }),
    ev(1, 700, { awayPts: 2, players: [1, 2] }),
    ev(1, 650, { awayPts: 2, players: [11] }),
    ev(5, 10, { awayPts: 2, homePts: 3, players: [11] }),
  ];
  it('the flow: 0-0 at the tip, then one point per score, time into the game', () => {
    expect(gameFlow(events)).toEqual([
      { t: 0, margin: 0, homePts: 0, awayPts: 0 },
      { t: 20, margin: -2, homePts: 0, awayPts: 2 },
      { t: gameTime(5, 10), margin: 1, homePts: 3, awayPts: 2 },
    ]);
    expect(gameTime(5, 10)).toBe(2880 + 290);
  });
  it('filters by period and by the players an event names', () => {
    expect(filterEvents(events, { period: 1, player: null })).toHaveLength(3);
    expect(filterEvents(events, { period: null, player: 11 }).map((e) => e.period)).toEqual([1, 5]);
    expect(filterEvents(events, { period: 5, player: 1 })).toEqual([]);
  });
});
