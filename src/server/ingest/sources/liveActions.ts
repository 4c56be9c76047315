/**
 * THE mapping of the live feed's actions to the archive's events (playbyplayv2 rows, types.ts RawEvent): every
 * rule of the translation is in this file, once, with a real example. It was derived by reading game
 * 0022000001 (GSW at BKN, 2020-12-22) in both formats event by event: the live actionNumber is the archive's
 * EVENTNUM, and every archive row has its live action (517 rows; recorded-feed/pbp/live_0022000001.json against
 * nba-data pbp/regular/2020-21.parquet). Codes the recorded game does not contain (technical and flagrant fouls
 * and free throws, most turnover kinds) are matched by the words of the live subType/descriptor to the archive
 * code whose description uses the same words (nba-data 2022-23: e.g. 6/28 "Herro Personal Take Foul"); they are
 * marked "not in the recorded game".
 *
 * How an action becomes an event:
 * - type and action (EVENTMSGTYPE/EVENTMSGACTIONTYPE): LIVE_ACTIONS below, by actionType, then the code
 *   tables by the words of subType + descriptor (lower case, letters and digits only: "out-of-bounds" ->
 *   "outofbounds");
 * - persons (PERSONnTYPE, PLAYERn_ID, PLAYERn_TEAM_ID): a player of the box score is a home (4) or visiting
 *   (5) player; a person who is not (a coach) is on the bench (6/7); an action of a team (personId 0, the
 *   qualifier "team") names the team (2/3, its id in PLAYERn_ID, no team id, as the archive does);
 * - the text the parser reads (events.ts, statLedger.ts, zones.ts): field goals, free throws and rebounds are
 *   written from the action's own fields in the archive's words ("MISS ", "3PT", "Free Throw Technical",
 *   "(n PTS)", "(name n AST)", "(Off:x Def:y)", the distance in feet "22'"), so the ledger's check of the
 *   running counters compares the feed's own counters (pointsTotal, assistTotal, reboundOffensiveTotal...)
 *   with what the engine counted; every other action keeps the feed's description.
 */
import { EventType, PersonType, type EventPerson } from '../read/types.ts';
import type { LiveAction } from './liveFeed.ts';

/** What the mapping needs to know of the game: its teams and its players (from the box score). */
export interface MappingContext {
  home: number;
  away: number;
  /** the box score's players, by person id: team and "J. Harris" */
  players: ReadonlyMap<number, { teamId: number; nameI: string }>;
}

/** One action as an archive event, without its place (eventNum, period, clock: liveGame.ts). */
export interface MappedAction {
  type: number;
  action: number;
  p1: EventPerson;
  p2: EventPerson;
  p3: EventPerson;
  /** the acting side's description (home, visitor or neutral column by p1) */
  text: string | null;
}

interface ActionRule {
  /**
   * null: not an event of the archive. `merged` ones are folded into another action's event (liveGame.ts):
   * an assist, block or steal is a person of the shot or turnover, a substitution's "in" half joins its "out".
   */
  event: ((a: LiveAction, g: MappingContext) => MappedAction) | null;
  merged?: true;
}

/** Lower case, letters and digits only: "out-of-bounds" + "bad pass" -> "outofboundsbadpass". */
export function words(a: LiveAction): string {
  return `${a.subType ?? ''} ${a.descriptor ?? ''}`.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The first code whose words all appear in the action's words; `otherwise` when none. */
function codeOf(table: readonly (readonly [readonly string[], number])[], a: LiveAction, otherwise: number): number {
  const w = words(a);
  for (const [needles, code] of table) if (needles.every((n) => w.includes(n))) return code;
  return otherwise;
}

// ---- persons -----------------------------------------------------------------------------------------------

const NOBODY: EventPerson = { type: PersonType.None, id: 0, teamId: 0 };

/** A person of the game: a box-score player (4/5), else someone on a bench (6/7); nobody for 0 or none. */
function person(id: number | null | undefined, g: MappingContext, teamId?: number | null): EventPerson {
  if (!id) return NOBODY;
  const p = g.players.get(id);
  const team = p?.teamId ?? teamId ?? 0;
  if (p) return { type: team === g.home ? PersonType.HomePlayer : PersonType.AwayPlayer, id, teamId: team };
  if (team === g.home || team === g.away) return { type: team === g.home ? PersonType.HomeBench : PersonType.AwayBench, id, teamId: team };
  return NOBODY;
}

/** A team as an event's person: "NETS Rebound" is 2/1610612751 with no team id (0022000001 #48). */
function team(teamId: number | null | undefined, g: MappingContext): EventPerson {
  if (teamId === g.home) return { type: PersonType.HomeTeam, id: g.home, teamId: 0 };
  if (teamId === g.away) return { type: PersonType.AwayTeam, id: g.away, teamId: 0 };
  return NOBODY;
}

/** The actor of an action: its player, or its team when it names no person (team rebound, team turnover, timeout). */
function actor(a: LiveAction, g: MappingContext): EventPerson {
  return a.personId ? person(a.personId, g, a.teamId) : team(a.teamId, g);
}

const nameOf = (id: number | null | undefined, g: MappingContext, given?: string | null): string =>
  given ?? (id ? g.players.get(id)?.nameI : undefined) ?? String(id ?? '');

const event = (type: number, action: number, p1: EventPerson, p2: EventPerson, p3: EventPerson, text: string | null): MappedAction => ({
  type,
  action,
  p1,
  p2,
  p3,
  text,
});

// ---- field goals -------------------------------------------------------------------------------------------

/**
 * Shot kinds, EVENTMSGACTIONTYPE of a field goal, by subType and descriptor, all seen in 0022000001 (e.g. #12
 * "2pt" "Jump Shot" "pullup" is 1/79 "Irving 22' Pullup Jump Shot"). The engine reads none of them (a shot's
 * zone is its location or its description's distance and words); they are kept for the events table.
 */
const SHOT_CODES: readonly (readonly [readonly string[], number])[] = [
  [['jumpshot', 'drivingfloatingbank'], 102],
  [['jumpshot', 'drivingfloating'], 101],
  [['jumpshot', 'turnaroundfadeaway'], 86],
  [['jumpshot', 'stepback'], 80],
  [['jumpshot', 'pullup'], 79],
  [['jumpshot', 'fadeaway'], 63],
  [['jumpshot', 'turnaround'], 47],
  [['jumpshot', 'running'], 2],
  [['jumpshot'], 1],
  [['layup', 'runningfingerroll'], 76],
  [['layup', 'drivingfingerroll'], 75],
  [['layup', 'drivingreverse'], 73],
  [['layup', 'alleyoop'], 43],
  [['layup', 'cutting'], 98],
  [['layup', 'putback'], 72],
  [['layup', 'tip'], 97],
  [['layup', 'driving'], 6],
  [['layup', 'running'], 41],
  [['layup'], 5],
  [['dunk', 'alleyoop'], 52],
  [['dunk', 'cutting'], 108],
  [['dunk', 'putback'], 87],
  [['dunk', 'tip'], 107],
  [['dunk', 'driving'], 9],
  [['dunk', 'running'], 50],
  [['dunk'], 7],
  [['hook', 'turnaround'], 58],
  [['hook'], 3],
];

/**
 * A field goal: made (1) or missed (2) by shotResult; PLAYER1 the shooter, PLAYER2 the assister of a make
 * (assistPersonId), PLAYER3 the blocker of a miss (blockPersonId; the "block" action itself is merged here).
 * Text, in the archive's words: "MISS " for a miss, the distance in whole feet, "3PT" for a three, the kind,
 * then on a make the shooter's points so far and the assister's assists so far:
 *   #12 -> "K. Irving 22' pullup Jump Shot (2 PTS) (K. Durant 1 AST)"   (archive: "Irving 22' Pullup Jump Shot (2 PTS) (Durant 1 AST)")
 *   #18 -> "MISS A. Wiggins 23' 3PT Jump Shot"                            (archive: "MISS Wiggins 24' 3PT Jump Shot")
 * The distance is the archive shot file's: whole feet of the legacy coordinates, truncated (#12 at (-2, 220)
 * is 22', where the feed's own shotDistance 21.97 and text say 21'); the shotDistance when there are none.
 */
function fieldGoal(value: 2 | 3) {
  return (a: LiveAction, g: MappingContext): MappedAction => {
    const made = a.shotResult === 'Made';
    const feet = shotFeet(a);
    const kind = [a.descriptor, a.subType].filter(Boolean).join(' ');
    const parts = [
      made ? '' : 'MISS ',
      nameOf(a.personId, g, a.playerNameI),
      feet === null ? '' : ` ${feet}'`,
      value === 3 ? ' 3PT' : '',
      kind ? ` ${kind}` : '',
    ];
    if (made) {
      if (typeof a.pointsTotal === 'number') parts.push(` (${a.pointsTotal} PTS)`);
      if (a.assistPersonId)
        parts.push(` (${nameOf(a.assistPersonId, g, a.assistPlayerNameInitial)}${typeof a.assistTotal === 'number' ? ` ${a.assistTotal}` : ''} AST)`);
    }
    return event(
      made ? EventType.MadeFieldGoal : EventType.MissedFieldGoal,
      codeOf(SHOT_CODES, a, 0),
      actor(a, g),
      made ? person(a.assistPersonId, g) : NOBODY,
      made ? NOBODY : person(a.blockPersonId, g),
      parts.join(''),
    );
  };
}

/**
 * A shot's legacy coordinates lie on the court: 50 ft wide (x within 25 ft of the basket) and 94 ft long (y from
 * 5.25 ft behind the basket to the far baseline, 88.75 ft in front of it). Coordinates off it are a broken
 * value: that shot has no location (its zone then comes from the feed's shotDistance, else its words, zones.ts).
 */
export function onCourt(a: LiveAction): boolean {
  const { xLegacy: x, yLegacy: y } = a;
  return x !== null && x !== undefined && y !== null && y !== undefined && Math.abs(x) <= 250 && y >= -52.5 && y <= 887.5;
}

/** Whole feet from the basket as the archive's shot file writes them (see fieldGoal), or null. */
export function shotFeet(a: LiveAction): number | null {
  if (onCourt(a)) return Math.floor(Math.hypot(a.xLegacy!, a.yLegacy!) / 10);
  return a.shotDistance === null || a.shotDistance === undefined ? null : Math.floor(a.shotDistance);
}

// ---- free throws -------------------------------------------------------------------------------------------

/**
 * Free-throw codes by kind and "n of m" (subType "1 of 2"; the kind in the descriptor). Regular ones seen in
 * 0022000001 (#10 "1 of 2" is 3/11, #42 "1 of 1" is 3/10); technical, flagrant and clear-path ones are not in the
 * recorded game: the archive's codes of the same words (2022-23: 16 "Free Throw Technical", 21/22 "Technical
 * 1 of 2/2 of 2", 18/19 "Flagrant 1 of 2/2 of 2", 20 "Flagrant 1 of 1", 27-29 "Flagrant n of 3", 25/26 "Clear
 * Path n of 2"). events.ts reads these codes (technical: no trip; flagrant and clear path keep the ball).
 */
const FREE_THROW_CODES: Record<'technical' | 'flagrant' | 'clearpath' | 'regular', Record<string, number>> = {
  technical: { '1of1': 16, '1of2': 21, '2of2': 22 },
  flagrant: { '1of1': 20, '1of2': 18, '2of2': 19, '1of3': 27, '2of3': 28, '3of3': 29 },
  clearpath: { '1of1': 17, '1of2': 25, '2of2': 26 },
  regular: { '1of1': 10, '1of2': 11, '2of2': 12, '1of3': 13, '2of3': 14, '3of3': 15 },
};
const FREE_THROW_WORDS = { technical: 'Technical ', flagrant: 'Flagrant ', clearpath: 'Clear Path ', regular: '' } as const;

/**
 * A free throw: PLAYER1 the shooter, made when shotResult is "Made". Text in the archive's words, which the
 * parser reads ("MISS", "Technical", "n of m", "(n PTS)"):
 *   #10 -> "S. Curry Free Throw 1 of 2 (1 PTS)", #76 -> "MISS E. Paschall Free Throw 1 of 2";
 *   a technical: "X Free Throw Technical (n PTS)" (archive 3/16 writes no "1 of 1").
 */
function freeThrow(a: LiveAction, g: MappingContext): MappedAction {
  const w = words(a);
  const kind = w.includes('technical') ? 'technical' : w.includes('flagrant') ? 'flagrant' : w.includes('clearpath') ? 'clearpath' : 'regular';
  const m = /(\d)\s*of\s*(\d)/.exec(a.subType ?? '') ?? /(\d)\s*of\s*(\d)/.exec(a.descriptor ?? '');
  const nOfM = m ? `${m[1]}of${m[2]}` : '1of1';
  const made = a.shotResult === 'Made';
  const number = kind === 'technical' && nOfM === '1of1' ? '' : ` ${m ? `${m[1]} of ${m[2]}` : '1 of 1'}`;
  const text =
    `${made ? '' : 'MISS '}${nameOf(a.personId, g, a.playerNameI)} Free Throw ${FREE_THROW_WORDS[kind]}${number}`.replace(/\s+$/, '').replace(/ +/g, ' ') +
    (made ? ` (${a.pointsTotal ?? 0} PTS)` : '');
  return event(EventType.FreeThrow, FREE_THROW_CODES[kind][nOfM] ?? FREE_THROW_CODES[kind]['1of1']!, actor(a, g), NOBODY, NOBODY, text);
}

// ---- rebounds ----------------------------------------------------------------------------------------------

/**
 * A rebound: PLAYER1 the rebounder, or the team (qualifier "team", personId 0). Action 1 for a dead-ball team
 * rebound (qualifier "deadball": after a free throw that is not the last, 0022000001 #77 "TEAM offensive
 * REBOUND" is 4/1 "Warriors Rebound"), else 0 (all 8 dead-ball and 126 other rebounds of the game agree).
 * Text: a player's running counters "(Off:x Def:y)" from reboundOffensiveTotal/reboundDefensiveTotal
 * (#19 -> "J. Harris REBOUND (Off:0 Def:1)", as the archive; none when the feed gives no totals: the engine
 * then decides the side by the flow); a team's keeps the feed's text.
 */
function rebound(a: LiveAction, g: MappingContext): MappedAction {
  const p1 = actor(a, g);
  const deadBall = (a.qualifiers ?? []).includes('deadball');
  const counters =
    typeof a.reboundOffensiveTotal === 'number' && typeof a.reboundDefensiveTotal === 'number'
      ? ` (Off:${a.reboundOffensiveTotal} Def:${a.reboundDefensiveTotal})`
      : '';
  const text = a.personId ? `${nameOf(a.personId, g, a.playerNameI)} REBOUND${counters}` : (a.description ?? 'TEAM REBOUND');
  return event(EventType.Rebound, deadBall ? 1 : 0, p1, NOBODY, NOBODY, text);
}

// ---- turnovers, fouls, violations, timeouts ----------------------------------------------------------------

/**
 * Turnover codes. Seen in 0022000001: "bad pass" 1, "lost ball" 2, "traveling" 4, "offensive foul" 37,
 * "out-of-bounds" + "bad pass" 45, + "lost ball" 40, + "step" 39. The others are not in the recorded game: the
 * archive's codes of the same words (2022-23: 6 "Double Dribble", 7 "Discontinue Dribble", 8 "3 Second
 * Violation", 9 "5 Second Violation", 10 "8 Second Violation", 11 "Shot Clock", 12 "Inbound", 13 "Backcourt",
 * 15 "Offensive Goaltending", 17 "Lane Violation", 18 "Jump Ball Violation", 19 "Kicked Ball Violation", 20
 * "Illegal Assist", 21 "Palming", 33 "Punched Ball", 35 "Basket from Below", 36 "Illegal Screen", 42 "Excess
 * Timeout"). The engine counts every turnover alike (events.ts isTurnover).
 */
const TURNOVER_CODES: readonly (readonly [readonly string[], number])[] = [
  [['outofbounds', 'badpass'], 45],
  [['outofbounds', 'step'], 39],
  [['outofbounds'], 40],
  [['offensivefoul'], 37],
  [['badpass'], 1],
  [['lostball'], 2],
  [['travel'], 4],
  [['doubledribble'], 6],
  [['discontinue'], 7],
  [['3second'], 8],
  [['5second'], 9],
  [['8second'], 10],
  [['shotclock'], 11],
  [['inbound'], 12],
  [['backcourt'], 13],
  [['offensivegoaltending'], 15],
  [['lane'], 17],
  [['jumpball'], 18],
  [['kickedball'], 19],
  [['illegalassist'], 20],
  [['palming'], 21],
  [['punchedball'], 33],
  [['basketfrombelow'], 35],
  [['illegalscreen'], 36],
  [['excesstimeout'], 42],
];

/**
 * A turnover: PLAYER1 the player (or the team: qualifier "team"), PLAYER2 the stealer (stealPersonId; the
 * "steal" action itself is merged here). #115 "K. Durant lost ball TURNOVER (1 TO)" with Oubre's steal is 5/2,
 * PLAYER2 Oubre, as the archive's "Durant Lost Ball Turnover (P1.T3)" / "Oubre Jr. STEAL (1 STL)".
 */
function turnover(a: LiveAction, g: MappingContext): MappedAction {
  return event(EventType.Turnover, codeOf(TURNOVER_CODES, a, 0), actor(a, g), person(a.stealPersonId, g), NOBODY, a.description ?? null);
}

/**
 * Foul codes. Seen in 0022000001: "personal" 1, + "shooting" 2, + "loose ball" 3, "offensive" 4, + "charge" 26.
 * Not in the recorded game, the archive's codes of the same words (2022-23): 6 "AWAY.FROM.PLAY", 9 "C.P.FOUL"
 * (clear path), 10 "Double Personal", 11 "T.FOUL", 12 "Non-Unsportsmanlike", 13 hanging, 14/15
 * "FLAGRANT.FOUL.TYPE1/2", 16 "Double Technical", 17 "Def. 3 Sec", 18 "Delay", 19 taunting, 25 "Excess Timeout
 * Technical", 28 "Personal Take", 31 "Transition Take", 30 too many players; a flopping technical (a rule from
 * 2023-24, after the archive ends) is read as its other non-unsportsmanlike technical, 12. Technicals come first:
 * events.ts reads 11-13, 16-19, 25, 30 as technical-type (no personal foul, the free throw waits for the ten at
 * the call).
 */
const FOUL_CODES: readonly (readonly [readonly string[], number])[] = [
  [['double', 'technical'], 16],
  [['defensive3second'], 17],
  [['3second'], 17],
  [['delay'], 18],
  [['taunt'], 19],
  [['excesstimeout'], 25],
  [['nonunsportsmanlike'], 12],
  [['flop'], 12],
  [['hanging'], 13],
  [['toomanyplayers'], 30],
  [['technical'], 11],
  [['flagrant', '2'], 15],
  [['flagrant'], 14],
  [['doublepersonal'], 10],
  [['double'], 10],
  [['clearpath'], 9],
  [['awayfromplay'], 6],
  [['transitiontake'], 31],
  [['take'], 28],
  [['charge'], 26],
  [['offensive'], 4],
  [['shooting'], 2],
  [['looseball'], 3],
  [['inbound'], 5],
];

/**
 * A foul: PLAYER1 the fouler (a player, a coach on the bench, or the team for a team technical), PLAYER2 the
 * player fouled (foulDrawnPersonId). #8 "K. Irving shooting personal FOUL (1 PF) (Curry 2 FT)" is 6/2, PLAYER2
 * Curry, as the archive's "Irving S.FOUL (P1.T1)".
 */
function foul(a: LiveAction, g: MappingContext): MappedAction {
  return event(EventType.Foul, codeOf(FOUL_CODES, a, 1), actor(a, g), person(a.foulDrawnPersonId, g), NOBODY, a.description ?? null);
}

/**
 * Violation codes. Seen: "defensive goaltending" 2 (#453). Not in the recorded game (archive 2022-23): 1 "Delay of
 * game" (events.ts isDelayOfGame: a technical after the warning), 3 "Lane", 4 "Jump Ball", 5 "Kicked Ball", 6
 * "Double Lane".
 */
const VIOLATION_CODES: readonly (readonly [readonly string[], number])[] = [
  [['delay'], 1],
  [['defensivegoaltending'], 2],
  [['doublelane'], 6],
  [['lane'], 3],
  [['jumpball'], 4],
  [['kickedball'], 5],
];

function violation(a: LiveAction, g: MappingContext): MappedAction {
  return event(EventType.Violation, codeOf(VIOLATION_CODES, a, 0), actor(a, g), NOBODY, NOBODY, a.description ?? null);
}

/** Timeouts: "full" is 9/1 "Timeout: Regular" (#65, all 9 of the game); a coach's challenge 7 (archive 2022-23). */
const TIMEOUT_CODES: readonly (readonly [readonly string[], number])[] = [
  [['challenge'], 7],
  [['short'], 2],
];

// ---- the table ---------------------------------------------------------------------------------------------

/**
 * Every live actionType the reader knows, and what it becomes. An actionType not here is read as no event and
 * listed in the game's notes (liveGame.ts): the engine never sees an event it was not written for.
 */
export const LIVE_ACTIONS: Readonly<Record<string, ActionRule>> = {
  /** "Period Start"/"Period End" (#2, #170) are 12/0 and 13/0 ("Start of 1st Period (7:07 PM EST)"). */
  period: {
    event: (a) => event(a.subType === 'end' ? EventType.PeriodEnd : EventType.PeriodStart, 0, NOBODY, NOBODY, NOBODY, a.description ?? null),
  },
  '2pt': { event: fieldGoal(2) },
  '3pt': { event: fieldGoal(3) },
  freethrow: { event: freeThrow },
  rebound: { event: rebound },
  turnover: { event: turnover },
  foul: { event: foul },
  violation: { event: violation },
  /**
   * A jump ball (10/0): PLAYER1 the home jumper, PLAYER2 the visitor, PLAYER3 who the ball went to (a player,
   * jumpBallRecoverdPersonId, or the team: #4 "Tip to Team (BKN)" is 2/1610612751). #103 "Jump Ball
   * K. Bazemore vs. K. Durant: Tip to K. Oubre Jr." is the archive's "Jump Ball Durant vs. Bazemore" (Durant
   * home, PLAYER1, though Bazemore won the tip).
   */
  jumpball: {
    event: (a, g) => {
      const jumpers = [person(a.jumpBallWonPersonId, g), person(a.jumpBallLostPersonId, g)];
      const home = jumpers.find((p) => p.teamId === g.home) ?? NOBODY;
      const away = jumpers.find((p) => p.teamId === g.away) ?? NOBODY;
      const to = a.jumpBallRecoverdPersonId ? person(a.jumpBallRecoverdPersonId, g) : a.personId ? person(a.personId, g) : team(a.teamId, g);
      return event(EventType.JumpBall, 0, home, away, to, a.description ?? null);
    },
  },
  /** A timeout names its team (#65 "GSW Timeout", 9/1, PLAYER1 3/1610612744). */
  timeout: { event: (a, g) => event(EventType.Timeout, codeOf(TIMEOUT_CODES, a, 1), team(a.teamId, g), NOBODY, NOBODY, a.description ?? null) },
  /** Not in the recorded game: an ejection (11) names the player or coach. */
  ejection: { event: (a, g) => event(EventType.Ejection, 0, actor(a, g), NOBODY, NOBODY, a.description ?? null) },
  /** Not in the recorded game: a replay review (18). */
  instantreplay: { event: (a) => event(EventType.Replay, 0, NOBODY, NOBODY, NOBODY, a.description ?? null) },
  /**
   * "SUB out: J. Wiseman" (#66) and "SUB in: K. Looney" (#67) are one archive event, 8/0 #66 "SUB: Looney FOR
   * Wiseman", PLAYER1 leaving, PLAYER2 entering: liveGame.ts pairs them; this maps the pair.
   */
  substitution: {
    event: (a, g) => event(EventType.Substitution, 0, person(a.personId, g, a.teamId), NOBODY, NOBODY, null),
  },
  /** Merged: "D. Jordan BLOCK (1 BLK)" (#69) is PLAYER3 of the miss #68 (blockPersonId). */
  block: { event: null, merged: true },
  /** Merged: "K. Oubre Jr. STEAL (1 STL)" (#116) is PLAYER2 of the turnover #115 (stealPersonId). */
  steal: { event: null, merged: true },
  /** No archive row: "Game End" (#729) and stoppages ("out-of-bounds", "blood rule": #49, #380). */
  game: { event: null },
  stoppage: { event: null },
};

/** The archive's text of a substitution: "SUB: Looney FOR Wiseman" (here with the feed's initials). */
export function substitutionText(inId: number, outId: number, g: MappingContext, inName?: string | null, outName?: string | null): string {
  return `SUB: ${nameOf(inId, g, inName)} FOR ${nameOf(outId, g, outName)}`;
}

/** The person of a substitution's entering player (PLAYER2 of the paired event). */
export function substitute(a: LiveAction, g: MappingContext): EventPerson {
  return person(a.personId, g, a.teamId);
}
