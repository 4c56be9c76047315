/**
 * A game's win-probability chart: the home team's win probability at the start of every possession
 * (the model: src/server/models/winProbability.ts), ending at the final buzzer at 1 (home won) or 0, and the
 * biggest swings: the possessions across which it moved most, each tied to the play that decided it in the
 * play-by-play. Pure functions: no database, no DOM.
 */
import { gameTime, type PbpEvent } from './playByPlay';

export interface WpPoint {
  /** seconds into the game */
  t: number;
  period: number;
  /** seconds left in the period at the possession's start, and at its end */
  startClock: number;
  endClock: number;
  /** the home team's win probability at the possession's start, 0..1 */
  homeWp: number;
  /** the home team had the ball */
  homeBall: boolean;
  /** leverage in percentage points (src/lib/filters/leverage.ts) */
  leverage: number;
}

export interface WpSwing {
  /** index of the possession in the series */
  index: number;
  t: number;
  period: number;
  startClock: number;
  /** change in the home team's win probability over the possession (to the next start, or the final) */
  change: number;
  before: number;
  after: number;
  /** the play of the possession the swing links to (game_events.seq), or null when the game has no event then */
  eventSeq: number | null;
  /** its text (home, visitor or neutral description) */
  text: string;
}

/** The series the chart draws: every possession's start, then the final buzzer at 1 (home won) or 0. */
export function wpSeries(points: readonly WpPoint[], gameLength: number, homeWon: boolean): { t: number; wp: number }[] {
  return [...points.map((p) => ({ t: p.t, wp: p.homeWp })), { t: gameLength, wp: homeWon ? 1 : 0 }];
}

/**
 * The play a possession's swing links to: among the events inside the possession (same period, clock between its
 * end and its start), the last one that changed the score, else the last one; outside the window, the first
 * event at or after its end.
 */
function playOf(p: WpPoint, events: readonly PbpEvent[]): PbpEvent | null {
  const inside = events.filter((e) => e.period === p.period && e.clock <= p.startClock && e.clock >= p.endClock);
  const scoring = inside.filter((e) => e.creditHome !== null || e.creditAway !== null);
  const pick = scoring.at(-1) ?? inside.at(-1);
  if (pick) return pick;
  const end = gameTime(p.period, p.endClock);
  return events.find((e) => gameTime(e.period, e.clock) >= end) ?? null;
}

const textOf = (e: PbpEvent) => [e.visitor, e.home, e.neutral].filter(Boolean).join(' / ');

/**
 * The `count` possessions with the largest moves in the home team's win probability, in game order. A possession
 * that ends a period before the last is left out: the next period starts with the ball going to the team the
 * rules give it, not to the other team as after any other possession, so the move across the break says nothing
 * about the play (the game's last possession, to the final result, stays in).
 */
export function wpSwings(points: readonly WpPoint[], events: readonly PbpEvent[], homeWon: boolean, count = 5): WpSwing[] {
  const moves = points.flatMap((p, i) => {
    const next = points[i + 1];
    if (next && next.period !== p.period) return [];
    const after = next ? next.homeWp : homeWon ? 1 : 0;
    return [{ i, before: p.homeWp, after, change: after - p.homeWp }];
  });
  const biggest = [...moves].sort((a, b) => Math.abs(b.change) - Math.abs(a.change) || a.i - b.i).slice(0, count);
  return biggest
    .sort((a, b) => a.i - b.i)
    .map((m) => {
      const p = points[m.i]!;
      const play = playOf(p, events);
      return {
        index: m.i,
        t: p.t,
        period: p.period,
        startClock: p.startClock,
        change: m.change,
        before: m.before,
        after: m.after,
        eventSeq: play?.seq ?? null,
        text: play ? textOf(play) : '',
      };
    });
}
