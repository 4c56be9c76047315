/**
 * The game page's Play-by-play tab, built from the stats database's game_events rows
 * (src/server/stats/games/playByPlay.ts reads them):
 * - the play-by-play itself: clock, text, score and the ten on the floor after each event, filtered by period and
 *   by player (an event names him as PLAYER1-3);
 * - the stints: for each team, each run of one five on the floor inside a period (a five on and off again in one
 *   dead ball without points interrupts nothing). The time of an event's gap to the
 *   next one goes to the fives on the floor after it (as the box score's seconds), so a team's stints cover the
 *   whole game; a scoring event's points go to the fives the ledger credited (plus/minus rule: a free throw's
 *   points to the ten on the floor at its foul), so the stints' +/- of a player sum to his box-score +/-;
 * - the game flow: the home margin after every scoring event, against seconds into the game.
 * Pure functions: no database, no DOM.
 */
import { boxMinutes } from './boxScore';
import { formatSigned } from '../tables/format';

export type GameSide = 'away' | 'home';

export interface PbpEvent {
  seq: number;
  eventNum: number;
  period: number;
  /** seconds left in the period */
  clock: number;
  eventType: number;
  side: GameSide | null;
  /** players the event names (PLAYER1-3), in order */
  players: number[];
  home: string | null;
  neutral: string | null;
  visitor: string | null;
  homePts: number;
  awayPts: number;
  /** the fives on the floor after the event */
  homeFive: number[];
  awayFive: number[];
  /** the fives credited with the event's points (null when it did not score) */
  creditHome: number[] | null;
  creditAway: number[] | null;
}

export interface Stint {
  side: GameSide;
  period: number;
  /** seconds left in the period when the five came on and went off */
  onClock: number;
  offClock: number;
  /** seconds into the game when the five came on */
  startTime: number;
  seconds: number;
  /** player ids, sorted by id */
  five: number[];
  ptsFor: number;
  ptsAgainst: number;
}

export interface FlowPoint {
  /** seconds into the game */
  t: number;
  /** home score minus away score after the event */
  margin: number;
  homePts: number;
  awayPts: number;
}

/** Length of a period in seconds: quarters 12 minutes, overtimes 5. */
export function periodSeconds(period: number): number {
  return period <= 4 ? 720 : 300;
}

/** Seconds into the game at `clock` seconds left in `period`. */
export function gameTime(period: number, clock: number): number {
  const before = period <= 4 ? (period - 1) * 720 : 2880 + (period - 5) * 300;
  return before + periodSeconds(period) - clock;
}

/** Game length in seconds: 2880 plus 300 per overtime. */
export function gameSeconds(periods: number): number {
  return 2880 + Math.max(0, periods - 4) * 300;
}

/** 'Q1'..'Q4', 'OT1', 'OT2'... */
export function periodLabel(period: number): string {
  return period <= 4 ? `Q${period}` : `OT${period - 4}`;
}

const key = (five: readonly number[]): string => [...five].sort((a, b) => a - b).join('-');

/**
 * Each team's stints, in game order. Time: the gap from an event's clock to the next event's (the end of the
 * period after the last) goes to the fives on the floor after it; the period's first event's own fives have the
 * time before it. Points: the score change of a scoring event goes to the latest stint of each team whose five
 * was credited with it (the current one unless a substitution came between the foul and the free throw).
 */
export function buildStints(events: readonly PbpEvent[]): Record<GameSide, Stint[]> {
  const out: Record<GameSide, Stint[]> = { away: [], home: [] };
  const current: Record<GameSide, Stint | null> = { away: null, home: null };
  let prevHome = 0;
  let prevAway = 0;
  let period = 0;
  let clock = 0;
  const open = (side: GameSide, five: number[], p: number, at: number): Stint => {
    const s: Stint = {
      side,
      period: p,
      onClock: at,
      offClock: at,
      startTime: gameTime(p, at),
      seconds: 0,
      five: [...five].sort((a, b) => a - b),
      ptsFor: 0,
      ptsAgainst: 0,
    };
    out[side].push(s);
    current[side] = s;
    return s;
  };
  const advance = (to: number): void => {
    if (to >= clock) return;
    for (const side of ['away', 'home'] as const) {
      const s = current[side];
      if (s) {
        s.seconds += clock - to;
        s.offClock = to;
      }
    }
    clock = to;
  };
  const credit = (side: GameSide, five: number[] | null, pts: number, against: boolean): void => {
    if (pts === 0) return;
    const k = five ? key(five) : null;
    const list = out[side];
    let s = list[list.length - 1];
    for (let i = list.length - 1; i >= 0 && k !== null; i--) {
      if (key(list[i]!.five) === k) {
        s = list[i];
        break;
      }
    }
    if (!s) return;
    if (against) s.ptsAgainst += pts;
    else s.ptsFor += pts;
  };
  for (const e of events) {
    if (e.period !== period) {
      advance(0);
      period = e.period;
      clock = periodSeconds(period);
      open('away', e.awayFive, period, clock);
      open('home', e.homeFive, period, clock);
    }
    advance(e.clock);
    for (const side of ['away', 'home'] as const) {
      const five = side === 'away' ? e.awayFive : e.homeFive;
      const s = current[side]!;
      if (key(s.five) !== key(five)) open(side, five, period, clock);
    }
    const homeGain = e.homePts - prevHome;
    const awayGain = e.awayPts - prevAway;
    credit('home', e.creditHome, homeGain, false);
    credit('away', e.creditAway, homeGain, true);
    credit('away', e.creditAway, awayGain, false);
    credit('home', e.creditHome, awayGain, true);
    prevHome = e.homePts;
    prevAway = e.awayPts;
  }
  advance(0);
  // A five that came on and went off at the same clock with no points (substitutions in one dead ball) is no stint,
  // and the five it interrupted goes on as one stint.
  for (const side of ['away', 'home'] as const) {
    const kept: Stint[] = [];
    for (const s of out[side]) {
      if (s.seconds === 0 && s.ptsFor === 0 && s.ptsAgainst === 0) continue;
      const before = kept[kept.length - 1];
      if (before && before.period === s.period && key(before.five) === key(s.five)) {
        before.seconds += s.seconds;
        before.offClock = s.offClock;
        before.ptsFor += s.ptsFor;
        before.ptsAgainst += s.ptsAgainst;
      } else {
        kept.push(s);
      }
    }
    out[side] = kept;
  }
  return out;
}

/** The home margin after each scoring event (and 0 at the tip), against seconds into the game. */
export function gameFlow(events: readonly PbpEvent[]): FlowPoint[] {
  const points: FlowPoint[] = [{ t: 0, margin: 0, homePts: 0, awayPts: 0 }];
  let last = points[0]!;
  for (const e of events) {
    if (e.homePts === last.homePts && e.awayPts === last.awayPts) continue;
    last = { t: gameTime(e.period, e.clock), margin: e.homePts - e.awayPts, homePts: e.homePts, awayPts: e.awayPts };
    points.push(last);
  }
  return points;
}

export interface PbpFilter {
  period: number | null;
  player: number | null;
}

/** The events shown under a filter: the period's, and those naming the player. */
export function filterEvents(events: readonly PbpEvent[], f: PbpFilter): PbpEvent[] {
  return events.filter((e) => (f.period === null || e.period === f.period) && (f.player === null || e.players.includes(f.player)));
}

/** The stints table's columns, in order (the page's table and its CSV). */
export const STINT_COLUMNS = ['Period', 'On', 'Off', 'Five', 'MIN', 'PTS for', 'PTS against', '+/-'] as const;

/** One stint's cells as the table shows them (names from `nameOf`). */
export function stintCells(s: Stint, nameOf: (id: number) => string): string[] {
  return [
    periodLabel(s.period),
    boxMinutes(s.onClock),
    boxMinutes(s.offClock),
    s.five.map(nameOf).join(', '),
    boxMinutes(s.seconds),
    String(s.ptsFor),
    String(s.ptsAgainst),
    formatSigned(s.ptsFor - s.ptsAgainst),
  ];
}
