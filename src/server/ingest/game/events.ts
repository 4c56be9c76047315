/**
 * Event classification: what one playbyplayv2 row means in basketball terms. Every rule of the league's
 * encoding that the parser relies on is written down here, next to the code that encodes it.
 */
import { EventType, PersonType, type EventPerson, type RawEvent } from '../read/types.ts';

/**
 * The description of the event on the acting side: the home column for home players and teams, the visitor
 * column for visitors (a blocked shot has the shooter's text on his side and the "BLOCK" on the other side).
 */
export function description(e: RawEvent): string {
  const t = e.p1.type;
  if (t === PersonType.HomePlayer || t === PersonType.HomeTeam || t === PersonType.HomeBench) return e.home ?? e.neutral ?? e.visitor ?? '';
  if (t === PersonType.AwayPlayer || t === PersonType.AwayTeam || t === PersonType.AwayBench) return e.visitor ?? e.neutral ?? e.home ?? '';
  return e.home ?? e.visitor ?? e.neutral ?? '';
}

/** A player slot names a player on the court side (home or visiting player), not a team or the bench. */
export function isPlayer(p: EventPerson): boolean {
  return (p.type === PersonType.HomePlayer || p.type === PersonType.AwayPlayer) && p.id > 0 && p.teamId > 0;
}

/** A player slot names a team (team rebound, team turnover, timeout): the team id is in PLAYERn_ID. */
export function isTeamEntity(p: EventPerson): boolean {
  return p.type === PersonType.HomeTeam || p.type === PersonType.AwayTeam;
}

/**
 * The team an event's first person belongs to: a player's team, or the team itself for team events.
 * Some old rows name a team with an empty PERSON1TYPE: a PLAYER1_ID in the team id range is a team.
 */
export function actingTeam(e: RawEvent): number {
  if (isPlayer(e.p1)) return e.p1.teamId;
  if (isTeamEntity(e.p1)) return e.p1.id;
  if (e.p1.id >= 1610612737 && e.p1.id <= 1610612766) return e.p1.id;
  return e.p1.teamId;
}

export const isFieldGoal = (e: RawEvent): boolean => e.type === EventType.MadeFieldGoal || e.type === EventType.MissedFieldGoal;

/** A three-point attempt is written "3PT" in its description. */
export function isThree(e: RawEvent): boolean {
  return description(e).includes('3PT');
}

// ---- Free throws -------------------------------------------------------------------------------------------

/** Technical free throws (single, or "Technical 1 of 2"/"2 of 2"): never a trip, never end a possession. */
const TECHNICAL_FT = new Set([16, 21, 22]);
/** Flagrant (18-20, 27-29) and clear-path (17, 25, 26) free throws: the shooting team keeps the ball after them. */
const POSSESSION_KEEPING_FT = new Set([17, 18, 19, 20, 25, 26, 27, 28, 29]);

export function isTechnicalFreeThrow(e: RawEvent): boolean {
  if (TECHNICAL_FT.has(e.action)) return true;
  return description(e).includes('Technical');
}

/**
 * A free throw is made only when its description carries the shooter's running points "(n PTS)";
 * "MISS ..." and a bare "Free Throw 2 of 2" are misses (0021200086 #553).
 */
export function isFreeThrowMade(e: RawEvent): boolean {
  return /\(\d+ PTS\)/.test(description(e));
}

/** "n of m" of a free throw, from the description; single free throws (technical, old clear path) are 1 of 1. */
export function freeThrowNumber(e: RawEvent): { n: number; of: number } {
  const m = /(\d) of (\d)/.exec(description(e));
  if (m) return { n: Number(m[1]), of: Number(m[2]) };
  switch (e.action) {
    case 11:
    case 18:
    case 25:
      return { n: 1, of: 2 };
    case 12:
    case 19:
    case 26:
      return { n: 2, of: 2 };
    case 13:
    case 27:
      return { n: 1, of: 3 };
    case 14:
    case 28:
      return { n: 2, of: 3 };
    case 15:
    case 29:
      return { n: 3, of: 3 };
    default:
      return { n: 1, of: 1 };
  }
}

/** The first free throw of a trip (the FTs from one foul); technical FTs are not trips. */
export function startsTrip(e: RawEvent): boolean {
  return e.type === EventType.FreeThrow && !isTechnicalFreeThrow(e) && freeThrowNumber(e).n === 1;
}

/** The last free throw of a non-technical trip. */
export function endsTrip(e: RawEvent): boolean {
  if (e.type !== EventType.FreeThrow || isTechnicalFreeThrow(e)) return false;
  const { n, of } = freeThrowNumber(e);
  return n === of;
}

/** Flagrant and clear-path free throws: the fouled team keeps the ball afterwards. */
export function keepsPossession(e: RawEvent): boolean {
  return POSSESSION_KEEPING_FT.has(e.action);
}

// ---- Fouls -------------------------------------------------------------------------------------------------

/**
 * Technical-type fouls (technical 11, non-unsportsmanlike 12, hanging 13, double technical 16, defensive
 * three seconds 17, delay of game 18, taunting 19, excess timeout 25, too many players 30): not personal
 * fouls, may name players on the bench (0021200185 #392), never start a trip.
 */
const TECHNICAL_FOULS = new Set([11, 12, 13, 16, 17, 18, 19, 25, 30]);
/** Shooting fouls: shooting (2) and shooting block (29). */
const SHOOTING_FOULS = new Set([2, 29]);
/** Offensive fouls: offensive (4) and offensive charge (26); the turnover is a separate event. */
const OFFENSIVE_FOULS = new Set([4, 26]);
/** Double personal (10): both players charged, nobody shoots, nobody gains the ball. */
export const DOUBLE_PERSONAL_FOUL = 10;

export const isFoul = (e: RawEvent): boolean => e.type === EventType.Foul;
export const isTechnicalFoul = (e: RawEvent): boolean => e.type === EventType.Foul && TECHNICAL_FOULS.has(e.action);
export const isShootingFoul = (e: RawEvent): boolean => e.type === EventType.Foul && SHOOTING_FOULS.has(e.action);
export const isOffensiveFoul = (e: RawEvent): boolean => e.type === EventType.Foul && OFFENSIVE_FOULS.has(e.action);
/**
 * A delay-of-game violation (7, action 1): after the team's warning it is a technical, whose free throw follows
 * with no technical foul in the data (0021201222 #174-#175, "BULLS Violation: Delay of game", then Price's
 * technical free throw).
 */
export const isDelayOfGame = (e: RawEvent): boolean => e.type === EventType.Violation && e.action === 1;
/** A personal foul charged to PLAYER1 (every foul that is not technical-type). */
export const isPersonalFoul = (e: RawEvent): boolean => e.type === EventType.Foul && !TECHNICAL_FOULS.has(e.action);
/** Away-from-play fouls (6) give one free throw and the ball back to the fouled team (0021201058 #434). */
export const isAwayFromPlayFoul = (e: RawEvent): boolean => e.type === EventType.Foul && e.action === 6;

// ---- Turnovers, rebounds, jump balls -----------------------------------------------------------------------

/** "No Turnover" (action 0) is still a turnover (and a steal when one is named) in the official box. */
export const isTurnover = (e: RawEvent): boolean => e.type === EventType.Turnover;

/** The stealer is PLAYER2 of a turnover when he is a player of the other team. */
export function stealer(e: RawEvent): EventPerson | null {
  if (e.type !== EventType.Turnover || !isPlayer(e.p2)) return null;
  return e.p2.teamId !== actingTeam(e) ? e.p2 : null;
}

/** The blocker is PLAYER3 of a missed field goal. */
export function blocker(e: RawEvent): EventPerson | null {
  if (e.type !== EventType.MissedFieldGoal || !isPlayer(e.p3)) return null;
  return e.p3;
}

/** The assister is PLAYER2 of a made field goal. */
export function assister(e: RawEvent): EventPerson | null {
  if (e.type !== EventType.MadeFieldGoal || !isPlayer(e.p2)) return null;
  return e.p2;
}

/** Running rebound counters "(Off:x Def:y)" of a player rebound, when the description has them. */
export function reboundCounters(e: RawEvent): { off: number; def: number } | null {
  const m = /\(Off:(\d+) Def:(\d+)\)/.exec(description(e));
  return m ? { off: Number(m[1]), def: Number(m[2]) } : null;
}

/**
 * Team rebounds that are not rebounds: after a missed free throw that is not the last of its trip the ball
 * is dead, and the league logs a team "rebound" (action 1 in later seasons). They never change possession.
 */
export function isDeadBallReboundPlaceholder(e: RawEvent): boolean {
  return e.type === EventType.Rebound && e.action === 1 && !isPlayer(e.p1);
}

/** A jump ball's winner is the player the ball is tipped to (PLAYER3), else nobody known. */
export function jumpBallRecipientTeam(e: RawEvent): number {
  if (e.type !== EventType.JumpBall) return 0;
  if (e.p3.id > 0) {
    if (isPlayer(e.p3)) return e.p3.teamId;
    if (isTeamEntity(e.p3)) return e.p3.id;
    if (e.p3.teamId > 0) return e.p3.teamId;
  }
  return 0;
}

/**
 * Players who act on the court in an event (for starters and the on-court checks): shooters, rebounders,
 * fouling and fouled players (not in technical-type fouls), turnover makers and stealers, blockers,
 * assisters, jumpers. Substitutions, timeouts, ejections, replays and technical-type fouls are excluded.
 */
export function actorsOnCourt(e: RawEvent): EventPerson[] {
  switch (e.type) {
    case EventType.MadeFieldGoal:
    case EventType.MissedFieldGoal:
    case EventType.JumpBall:
      return [e.p1, e.p2, e.p3].filter(isPlayer);
    case EventType.FreeThrow:
      // Technical free throws may be shot by anyone on the team's court five... but also by a player just
      // subbed in or out at the same dead ball: only regular free throws prove presence.
      return isTechnicalFreeThrow(e) ? [] : [e.p1].filter(isPlayer);
    case EventType.Rebound:
      return [e.p1].filter(isPlayer);
    case EventType.Turnover:
      return [e.p1, e.p2].filter(isPlayer);
    case EventType.Foul:
      if (isTechnicalFoul(e) || e.action === DOUBLE_PERSONAL_FOUL) return [];
      return [e.p1, e.p2].filter(isPlayer);
    case EventType.Violation:
      return [e.p1].filter(isPlayer);
    default:
      return [];
  }
}
