/**
 * Leverage and clutch: the game-state filters built on the win-probability model (src/server/models/winProbability.ts,
 * the article /articles/win-probability).
 *
 * Leverage of a possession: how much its outcome can move the win probability. With the model's home win
 * probability WP(margin, time left, who has the ball, pre-game strength), it is
 *   | WP(the offense scores 2, the other team's ball, 14 s later) - WP(no score, the other team's ball, 14 s later) |
 * in percentage points of win probability (14 s: about one possession's length). Stored per possession
 * (win_probability.leverage) and as its level (possessions.leverage, LEVERAGE_LEVELS index + 1).
 *
 * The levels' limits were chosen from the distribution over every possession of 2003-04 to 2022-23: low is
 * about the lower half, medium the next 30 %, high the next 15 %, very high the top 5 % (the shares the full
 * database gives are in docs/explanation/models.md and the article).
 */

export const LEVERAGE_LEVELS = ['low', 'medium', 'high', 'very_high'] as const;
export type LeverageLevel = (typeof LEVERAGE_LEVELS)[number];

export const LEVERAGE_LABELS: Record<LeverageLevel, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  very_high: 'Very high',
};

/**
 * Lower limits, in percentage points of win probability, of medium, high and very high (low is below the
 * first). A possession's level is the highest whose limit its leverage reaches.
 */
export const LEVERAGE_LIMITS = [4, 6, 10] as const;

/** The stored level code (1..4) of a leverage in percentage points. */
export function leverageCode(points: number): number {
  return 1 + LEVERAGE_LIMITS.filter((limit) => points >= limit).length;
}

/** The stored level code (1..4) of a level name. */
export function leverageLevelCode(level: LeverageLevel): number {
  return LEVERAGE_LEVELS.indexOf(level) + 1;
}

/**
 * Clutch (the league's definition): the last 5 minutes of the 4th quarter or any overtime, the score within 5
 * points, judged at the possession's start. In seconds into the game: from 2580 (5:00 left in the 4th) on, every
 * overtime (300 s) being wholly inside its last 5 minutes.
 */
export const CLUTCH = { fromTimeIntoGame: 2580, maxMargin: 5 } as const;

/** Seconds of one possession used for the state after it (leverage). */
export const LEVERAGE_POSSESSION_SECONDS = 14;
