/**
 * Shapes shared by the ingest modules: one raw play-by-play event (stats.nba.com playbyplayv2 row) and the
 * game it belongs to.
 */

/** EVENTMSGTYPE values of playbyplayv2. */
export const EventType = {
  MadeFieldGoal: 1,
  MissedFieldGoal: 2,
  FreeThrow: 3,
  Rebound: 4,
  Turnover: 5,
  Foul: 6,
  Violation: 7,
  Substitution: 8,
  Timeout: 9,
  JumpBall: 10,
  Ejection: 11,
  PeriodStart: 12,
  PeriodEnd: 13,
  Replay: 18,
} as const;

/** PERSONnTYPE values: who the player slot names. */
export const PersonType = {
  None: 0,
  HomeTeam: 2,
  AwayTeam: 3,
  HomePlayer: 4,
  AwayPlayer: 5,
  HomeBench: 6,
  AwayBench: 7,
} as const;

export interface EventPerson {
  /** PERSONnTYPE (0 when empty). */
  type: number;
  /** PLAYERn_ID: a person id, or a team id for team events (type 2/3); 0 when empty. */
  id: number;
  /** PLAYERn_TEAM_ID (0 when empty). */
  teamId: number;
}

export interface RawEvent {
  /** Index of the row in the published order of the game (0-based). */
  index: number;
  eventNum: number;
  type: number;
  action: number;
  period: number;
  /** Seconds left in the period (PCTIMESTRING 'M:SS'). */
  clock: number;
  home: string | null;
  neutral: string | null;
  visitor: string | null;
  p1: EventPerson;
  p2: EventPerson;
  p3: EventPerson;
}

export type SeasonType = 'regular' | 'playoffs';

export interface GameInfo {
  gameId: number;
  gameCode: string;
  season: number;
  seasonType: SeasonType;
  /** YYYY-MM-DD */
  date: string;
  homeTeamId: number;
  awayTeamId: number;
  homeAbbr: string;
  awayAbbr: string;
}

/** One field-goal attempt from the shot-location files. */
export interface ShotLocation {
  playerId: number;
  period: number;
  clock: number;
  made: boolean;
  value: 2 | 3;
  /** zone "Left Corner 3" or "Right Corner 3" */
  corner: boolean;
  locX: number | null;
  locY: number | null;
  distance: number | null;
}

/** Length of a period in seconds: quarters are 12 minutes, overtimes 5. */
export function periodLength(period: number): number {
  return period <= 4 ? 720 : 300;
}
