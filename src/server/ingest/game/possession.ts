/**
 * One possession being built, and the rules of play context (METRICS.md "Play context"):
 * - transition: the first play of a possession that started on a live ball (defensive rebound, steal, or a
 *   block recovered by the defense) and ended at most 8 s after the change of possession;
 * - putback: a play started by an offensive rebound (a player's, live ball) that ends at most 4 s after it;
 * - halfcourt: every other play.
 * A play ends with a field-goal attempt, a free-throw trip or a turnover.
 */
import { PLAYER_COUNTERS, POSSESSION_COUNTERS, zeros, type PlayerCounters, type PossessionCounters } from '../../statsSchema/counterColumns.ts';

export type StartType =
  | 'period_start'
  | 'jump_ball'
  | 'after_made_fg'
  | 'after_made_ft'
  | 'after_dreb'
  | 'after_team_dreb'
  | 'after_steal'
  | 'after_block_recovered'
  | 'dead_ball_turnover'
  | 'other';

export type PlayContext = 'transition' | 'putback' | 'halfcourt';

/** Live-ball starts that can lead to transition plays. */
const LIVE_BALL_STARTS: ReadonlySet<StartType> = new Set(['after_dreb', 'after_steal', 'after_block_recovered']);
export const TRANSITION_SECONDS = 8;
export const PUTBACK_SECONDS = 4;

/** A technical free throw counted for a possession, with the ten on court when its technical was called. */
export interface TechnicalCredit {
  shooter: number;
  made: boolean;
  /** the shooting team's five and the other team's when the technical was called (lineupTracker.ts) */
  off5: number[];
  def5: number[];
}

export interface PlayerPossessionStat {
  playerId: number;
  teamId: number;
  isOffense: boolean;
  c: PlayerCounters;
}

export class Possession {
  /** index of the possession in its game (0-based) */
  index = 0;
  endClock: number;
  /** the ten players, fixed at the possession's first action */
  off5: number[] | null = null;
  def5: number[] | null = null;
  isGarbageTime = false;
  readonly c: PossessionCounters = zeros(POSSESSION_COUNTERS);
  readonly players = new Map<number, PlayerPossessionStat>();
  /** technical free throws counted for it, settled when the game ends (technicalRows.ts) */
  readonly technicals: TechnicalCredit[] = [];
  /** set on a technical row (technicalRows.ts): the possession whose context it copies; it is no possession */
  technicalOf: Possession | null = null;
  /** any play, rebound, foul or other action happened in it */
  hadAction = false;
  /** game clock of its latest action */
  lastActionClock: number;
  private playsDone = 0;
  /** clock of the offensive rebound that started the current play, or null */
  private orebClock: number | null = null;

  constructor(
    readonly period: number,
    readonly startClock: number,
    readonly offense: number,
    readonly defense: number,
    readonly startType: StartType,
    /** offense score minus defense score at the start */
    readonly scoreDiff: number,
  ) {
    this.endClock = startClock;
    this.lastActionClock = startClock;
  }

  player(playerId: number, teamId: number): PlayerCounters {
    let s = this.players.get(playerId);
    if (!s) {
      s = { playerId, teamId, isOffense: teamId === this.offense, c: zeros(PLAYER_COUNTERS) };
      this.players.set(playerId, s);
    }
    return s.c;
  }

  /** A player offensive rebound: the next play may be a putback. */
  offensiveRebound(clock: number): void {
    this.orebClock = clock;
  }

  /**
   * Classifies a play that ends now (at `clock`) and counts it: plays and the context's plays.
   * Returns the context so the caller can credit the play's points to it.
   */
  play(clock: number): PlayContext {
    let context: PlayContext = 'halfcourt';
    if (this.playsDone === 0 && LIVE_BALL_STARTS.has(this.startType) && this.startClock - clock <= TRANSITION_SECONDS) {
      context = 'transition';
    } else if (this.orebClock !== null && this.orebClock - clock <= PUTBACK_SECONDS) {
      context = 'putback';
    }
    this.playsDone++;
    this.orebClock = null;
    this.c.plays++;
    if (context === 'transition') {
      this.c.tr_plays++;
      if (this.startType === 'after_steal') this.c.tr_plays_stl++;
      else this.c.tr_plays_reb++;
    } else if (context === 'putback') this.c.pb_plays++;
    else this.c.hc_plays++;
    return context;
  }

  /** Credits points scored on a play of the given context. */
  contextPoints(context: PlayContext, points: number): void {
    if (context === 'transition') this.c.tr_pts += points;
    else if (context === 'putback') this.c.pb_pts += points;
    else this.c.hc_pts += points;
  }
}
