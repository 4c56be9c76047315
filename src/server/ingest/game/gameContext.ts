/**
 * What the three parts of the game engine (lineupTracker.ts, statLedger.ts, possessionTracker.ts) share while
 * one game is parsed: the two teams, the period and game clock being played, and the warnings.
 */
import type { GameInfo } from '../read/types.ts';

export interface Warning {
  kind: string;
  eventNum: number | null;
  period: number | null;
  teamId: number | null;
  message: string;
}

/** The five players on court of each team, by team id. */
export type Lineups = Map<number, number[]>;

export class GameContext {
  readonly home: number;
  readonly away: number;
  /** the period being played */
  period = 1;
  /** seconds left in the period at the event being handled */
  clock = 720;
  readonly warnings: Warning[] = [];

  constructor(readonly game: GameInfo) {
    this.home = game.homeTeamId;
    this.away = game.awayTeamId;
  }

  other(team: number): number {
    return team === this.home ? this.away : this.home;
  }

  isGameTeam(team: number): boolean {
    return team === this.home || team === this.away;
  }

  warn(kind: string, eventNum: number | null, period: number | null, teamId: number | null, message: string): void {
    this.warnings.push({ kind, eventNum, period, teamId, message });
  }
}

/** A copy of the lineups (the tracker keeps changing its own). */
export function copyLineups(lineups: Lineups): Lineups {
  return new Map([...lineups].map(([t, l]) => [t, l.slice()]));
}
