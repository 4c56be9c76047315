/**
 * Garbage time (METRICS.md, Cleaning the Glass rule), decided at the start of each possession:
 * in the 4th quarter or later, the score margin is at least 25 with 12:00-9:00 left, at least 20 with
 * 9:00-6:00 left, at least 10 with under 6:00 left, AND two or fewer of the game's starters (both teams'
 * first-period starters, combined) are on the floor. Once a possession meets it, later possessions stay garbage
 * time (whatever the starters) until the margin drops under the threshold for the time left.
 *
 * Heave possession: starts with 4 seconds or less left in the 1st to 3rd quarter.
 */

/** Margin needed for garbage time with `clock` seconds left in a 4th-quarter-or-later period. */
export function garbageMarginThreshold(clock: number): number {
  if (clock > 540) return 25; // 12:00 to 9:00 left
  if (clock > 360) return 20; // 9:00 to 6:00 left
  return 10; // under 6:00 left
}

export class GarbageTimeTracker {
  private active = false;

  constructor(private readonly gameStarters: ReadonlySet<number>) {}

  /** Decide for a possession starting now; `onCourt` are the ten players on the floor. */
  atPossessionStart(period: number, clock: number, margin: number, onCourt: readonly number[]): boolean {
    if (period < 4) {
      this.active = false;
      return false;
    }
    const bigEnough = Math.abs(margin) >= garbageMarginThreshold(clock);
    if (!bigEnough) {
      this.active = false;
      return false;
    }
    if (this.active) return true;
    const startersOn = onCourt.filter((id) => this.gameStarters.has(id)).length;
    this.active = startersOn <= 2;
    return this.active;
  }
}

/** A heave possession starts with 4 s or less left in Q1-Q3. */
export function isHeave(period: number, startClock: number): boolean {
  return period <= 3 && startClock <= 4;
}
