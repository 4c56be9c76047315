/**
 * A live-feed game (play-by-play + box score, liveFeed.ts) read into what the engine reads from the archive:
 * GameInfo, GameRows (RawEvent[] through read.ts's GameRowCollector, so the duplicate rule is the archive's),
 * the shot locations of its field goals and its players' names. What each action becomes is liveActions.ts;
 * this file places the events:
 * - order: the feed's orderNumber (the file's order in 0022000001), with two placements:
 *   - a held ball's jump ball is written when the held ball is called, but the tip that restarts play comes after
 *     the substitutions made at that dead ball: it is placed after the substitutions that follow it at its clock
 *     (#103 at Q1 4:28, orderNumber 972500, before #99-#102 from 975000). This gives the archive's order, and the
 *     possession whose first action is the tip has BKN's five who played it (LeVert and Shamet, in at that dead
 *     ball), as the archive's has;
 *   - a rebound names the shot it follows (shotActionNumber: #19 follows Wiggins' miss #18); one published
 *     before its shot (none in 0022000001: all 126 follow theirs) is placed right after it, where the engine
 *     looks for the miss it rebounds (possessionTracker.ts lastMiss);
 * - clock: whole seconds left, truncated as the archive's PCTIMESTRING is ("PT00M59.30S" is 0:59, #160). A
 *   period's opening jump ball (descriptor "startperiod") is at the period's first second: the clock starts on
 *   the tip, but the feed may stamp it later (#4 at 11:58, the archive's 12:00), which would shorten the first
 *   possession;
 * - event number: the actionNumber (the archive's EVENTNUM for the same event: all 517 archive rows of 0022000001);
 * - substitutions: the feed writes each as two actions, "out" then "in", several at one dead ball (#99 out
 *   Harris, #100 out Dinwiddie, #101 in Shamet, #102 in LeVert). Within one team, period and clock the k-th
 *   "out" pairs with the k-th "in" (the archive: #99 "SUB: Shamet FOR Harris", #100 "SUB: LeVert FOR
 *   Dinwiddie"); the pair is one event, numbered by its "out", placed where its second half is. The feed also
 *   writes the changes made between periods, at 12:00 of the new period with the qualifier "startperiod"
 *   (#171-#176, Q2: out Lee, Bazemore, Curry; in Paschall, Wanamaker, Poole), which the archive leaves to be
 *   inferred: they are kept, so a period's five are known even when a starter does nothing in the period;
 * - a block or steal action is folded into its shot or turnover (liveActions.ts); its text goes in the other
 *   side's description column, as the archive's ("Jordan BLOCK (1 BLK)" beside "MISS Paschall 3' Driving Layup");
 * - shot locations: the legacy coordinates (xLegacy, yLegacy: tenths of feet from the basket) in the stats
 *   database's convention, that of the archive's shot files of 2022-23 (feet, basket at (0, 5.25), y from the
 *   baseline, x = -xLegacy / 10, y = yLegacy / 10 + 5.25: #18, Wiggins' right-corner three at (235, 46), is at
 *   x = -23.5 where 2022-23 puts every right-corner three, x from -25 to -22.1); a three is a corner three when y <= 14 ft
 *   (the straight part of the line: 2022-23's shot file puts every "Corner 3" at y <= 13.95 and every "Above the
 *   Break 3" at y >= 14.05, 83,619 threes).
 */
import { createHash } from 'node:crypto';
import type { GameShotLocations } from '../game/parseGame.ts';
import { DOUBLE_PERSONAL_FOUL } from '../game/events.ts';
import { GameRowCollector, type GameRows } from '../read/read.ts';
import { EventType, PersonType, periodLength, type GameInfo, type RawEvent, type ShotLocation } from '../read/types.ts';
import { gameIdMeaning } from './gameId.ts';
import { LIVE_ACTIONS, onCourt, shotFeet, substitute, substitutionText, type MappedAction, type MappingContext } from './liveActions.ts';
import { clockSeconds, liveAction, liveBoxScore, livePlayByPlay, zodProblem, type LiveAction, type LiveBoxScore } from './liveFeed.ts';
import type { SourceGame, SourceProblem } from './sourceGame.ts';

/** Largest y (feet from the baseline) of a corner three (see the module comment). */
const CORNER_THREE_MAX_Y = 14;
const HOOP_Y = 5.25;

/** A number below 2^52 standing for a value's JSON (the duplicate rule compares them). */
export function contentHash(value: unknown): number {
  return parseInt(createHash('sha1').update(JSON.stringify(value)).digest('hex').slice(0, 13), 16);
}

const problem = (reason: SourceProblem['reason'], message: string, gameCode: string | null): SourceProblem => ({ reason, message, gameCode });

/** The live game of a play-by-play and a box score response, or why it cannot be read. */
export function liveGame(playbyplay: unknown, boxscore: unknown): SourceGame | SourceProblem {
  const pbp = livePlayByPlay.safeParse(playbyplay);
  if (!pbp.success) return problem('format', `playbyplay: ${zodProblem(pbp.error)}`, null);
  const code = pbp.data.game.gameId;
  const box = liveBoxScore.safeParse(boxscore);
  if (!box.success) return problem('format', `boxscore: ${zodProblem(box.error)}`, code);
  if (box.data.game.gameId !== code) return problem('game_id', `the play-by-play is of game ${code}, the box score of ${box.data.game.gameId}`, code);
  const meaning = gameIdMeaning(code);
  if (!meaning.ok) return problem('game_id', meaning.message, code);
  if (box.data.game.gameStatus !== 3) return problem('not_final', `the box score says the game is not final (gameStatus ${box.data.game.gameStatus})`, code);

  const actions: LiveAction[] = [];
  for (const [i, raw] of pbp.data.game.actions.entries()) {
    const a = liveAction.safeParse(raw);
    if (!a.success) return problem('format', `playbyplay action ${i}: ${zodProblem(a.error)}`, code);
    if (clockSeconds(a.data.clock) > periodLength(a.data.period)) {
      return problem('format', `playbyplay action ${i} (#${a.data.actionNumber}): clock ${a.data.clock} is longer than period ${a.data.period}`, code);
    }
    actions.push(a.data);
  }
  const last = actions.at(-1);
  if (last?.actionType !== 'game' || last.subType !== 'end') {
    return problem(
      'not_final',
      `the play-by-play does not end with the game's end (${actions.length} actions, the last ${last ? `"${last.actionType}"` : 'none'})`,
      code,
    );
  }

  const b = box.data.game;
  const info: GameInfo = {
    gameId: Number(code),
    gameCode: code,
    season: meaning.season,
    seasonType: meaning.seasonType,
    date: `${b.gameCode.slice(0, 4)}-${b.gameCode.slice(4, 6)}-${b.gameCode.slice(6, 8)}`,
    homeTeamId: b.homeTeam.teamId,
    awayTeamId: b.awayTeam.teamId,
    homeAbbr: b.homeTeam.teamTricode,
    awayAbbr: b.awayTeam.teamTricode,
  };
  if (info.homeTeamId === info.awayTeamId) return problem('format', `the box score names team ${info.homeTeamId} home and away`, code);
  const ctx = mappingContext(box.data);
  const twice = playerOfBothTeams(box.data, actions);
  if (twice) return problem('on_floor_twice', twice, code);
  const { rows, notes } = liveEvents(code, actions, pbp.data.game.actions, ctx);
  for (const a of actions) {
    if ((a.actionType === '2pt' || a.actionType === '3pt') && a.xLegacy !== null && a.xLegacy !== undefined && !onCourt(a)) {
      notes.push(`#${a.actionNumber}: shot coordinates (${a.xLegacy}, ${a.yLegacy}) off the court: no location`);
    }
  }
  const playerNames = new Map<number, string>();
  for (const t of [b.homeTeam, b.awayTeam]) for (const p of t.players) playerNames.set(p.personId, p.name ?? p.nameI ?? String(p.personId));
  return {
    format: 'live',
    info,
    rows,
    shots: () => liveShotLocations(actions),
    playerNames,
    statedScore: { home: last.scoreHome, away: last.scoreAway },
    officialBox: box.data,
    notes,
  };
}

function mappingContext(box: LiveBoxScore): MappingContext {
  const players = new Map<number, { teamId: number; nameI: string }>();
  for (const t of [box.game.homeTeam, box.game.awayTeam]) {
    for (const p of t.players) players.set(p.personId, { teamId: t.teamId, nameI: p.nameI ?? p.name ?? String(p.personId) });
  }
  return { home: box.game.homeTeam.teamId, away: box.game.awayTeam.teamId, players };
}

/**
 * A player on both teams: in both box scores, or acting for the team whose box score he is not in (the mapping
 * takes a player's team from the box score, so the feed's own teamId is checked here).
 */
function playerOfBothTeams(box: LiveBoxScore, actions: readonly LiveAction[]): string | null {
  const teamOf = new Map<number, number>();
  for (const t of [box.game.homeTeam, box.game.awayTeam]) {
    for (const p of t.players) {
      const other = teamOf.get(p.personId);
      if (other !== undefined && other !== t.teamId) return `player ${p.personId} is in both teams' box scores`;
      teamOf.set(p.personId, t.teamId);
    }
  }
  for (const a of actions) {
    const team = a.personId ? teamOf.get(a.personId) : undefined;
    if (team !== undefined && a.teamId && a.teamId !== team) {
      return `player ${a.personId} acts for team ${a.teamId} at #${a.actionNumber} but is in the box score of team ${team}`;
    }
  }
  return null;
}

/** The description columns of an event: the acting side's text in its team's column (events.ts description). */
function columns(m: MappedAction, other: string | null): Pick<RawEvent, 'home' | 'neutral' | 'visitor'> {
  const t = m.p1.type;
  const home = t === PersonType.HomePlayer || t === PersonType.HomeTeam || t === PersonType.HomeBench;
  const away = t === PersonType.AwayPlayer || t === PersonType.AwayTeam || t === PersonType.AwayBench;
  if (home) return { home: m.text, neutral: null, visitor: other };
  if (away) return { home: other, neutral: null, visitor: m.text };
  return { home: null, neutral: m.text, visitor: null };
}

interface PendingSub {
  action: LiveAction;
  raw: unknown;
}

/** The game's events in the engine's shape (see the module comment), and the actions not read. */
export function liveEvents(code: string, actions: LiveAction[], raws: unknown[], ctx: MappingContext): { rows: GameRows; notes: string[] } {
  const order = playedOrder(actions);
  const collector = new GameRowCollector(code);
  const notes: string[] = [];
  // block and steal texts by the action they join: `${period}|${clock}|${personId}`
  const merged = new Map<string, string>();
  for (const a of actions) {
    if ((a.actionType === 'block' || a.actionType === 'steal') && a.personId)
      merged.set(`${a.actionType}|${a.period}|${a.clock}|${a.personId}`, a.description ?? '');
  }
  // fouls by person at each dead ball (a double personal foul may be written once per player)
  const fouls = new Set(actions.filter((a) => a.actionType === 'foul' && a.personId).map((a) => `${a.period}|${a.clock}|${a.personId}`));
  const outs: PendingSub[] = [];
  const ins: PendingSub[] = [];
  let subClock = '';
  const flushSubs = (): void => {
    for (const s of [...outs, ...ins])
      notes.push(`#${s.action.actionNumber} "${s.action.description ?? ''}": a substitution with no other half at its dead ball: not read`);
    outs.length = 0;
    ins.length = 0;
  };
  const push = (a: LiveAction, m: MappedAction, hashOf: unknown, other: string | null = null): void => {
    collector.push(
      { eventNum: a.actionNumber, type: m.type, action: m.action, period: a.period, clock: eventClock(a), ...columns(m, other), p1: m.p1, p2: m.p2, p3: m.p3 },
      contentHash(hashOf),
    );
  };

  for (const i of order) {
    const a = actions[i]!;
    const raw = raws[i];
    const rule = LIVE_ACTIONS[a.actionType];
    const at = `${a.period}|${a.clock}`;
    if (a.actionType !== 'substitution' && at !== subClock) flushSubs();
    if (!rule) {
      notes.push(`#${a.actionNumber} actionType "${a.actionType}" is not one the reader knows: not read`);
      continue;
    }
    if (!rule.event) continue;
    if (a.actionType === 'substitution') {
      if (at !== subClock) flushSubs();
      subClock = at;
      const entering = a.subType === 'in';
      const mine = entering ? ins : outs;
      const others = entering ? outs : ins;
      const k = others.findIndex((s) => s.action.teamId === a.teamId);
      if (k < 0) {
        mine.push({ action: a, raw });
        continue;
      }
      const [half] = others.splice(k, 1);
      const out = entering ? half!.action : a;
      const into = entering ? a : half!.action;
      const m = rule.event(out, ctx);
      m.p2 = substitute(into, ctx);
      m.text = substitutionText(into.personId ?? 0, out.personId ?? 0, ctx, into.playerNameI, out.playerNameI);
      push({ ...a, actionNumber: out.actionNumber }, m, [half!.raw, raw]);
      continue;
    }
    const m = rule.event(a, ctx);
    let other: string | null = null;
    if (m.type === EventType.MissedFieldGoal && a.blockPersonId) other = merged.get(`block|${a.period}|${a.clock}|${a.blockPersonId}`) ?? null;
    if (m.type === EventType.Turnover && a.stealPersonId) other = merged.get(`steal|${a.period}|${a.clock}|${a.stealPersonId}`) ?? null;
    // A double personal foul (6/10) charges PLAYER1 and PLAYER2 (statLedger.ts). Written as one action per player
    // (the other player's own foul at the same clock), each charges its own player only; written as one action
    // naming both, it charges both, as the archive's row does.
    if (m.type === EventType.Foul && m.action === DOUBLE_PERSONAL_FOUL && fouls.has(`${a.period}|${a.clock}|${m.p2.id}`)) m.p2 = { type: 0, id: 0, teamId: 0 };
    push(a, m, raw, other);
  }
  flushSubs();
  return { rows: collector.rows(), notes };
}

/** Indexes of the actions in the order played (see the module comment: orderNumber, held balls after their substitutions). */
export function playedOrder(actions: readonly LiveAction[]): number[] {
  const order = actions.map((_, i) => i).sort((i, j) => actions[i]!.orderNumber - actions[j]!.orderNumber || i - j);
  for (let k = 0; k < order.length; k++) {
    const jump = actions[order[k]!]!;
    if (jump.actionType !== 'jumpball' || jump.descriptor !== 'heldball') continue;
    let end = k;
    while (end + 1 < order.length) {
      const next = actions[order[end + 1]!]!;
      if (next.actionType !== 'substitution' || next.period !== jump.period || next.clock !== jump.clock) break;
      end++;
    }
    if (end > k) order.splice(end, 0, ...order.splice(k, 1));
  }
  const byNumber = new Map(actions.map((a, i) => [a.actionNumber, i]));
  for (let k = 0; k < order.length; k++) {
    const rebound = actions[order[k]!]!;
    if (rebound.actionType !== 'rebound' || !rebound.shotActionNumber) continue;
    const shot = byNumber.get(rebound.shotActionNumber);
    if (shot === undefined || actions[shot]!.period !== rebound.period) continue;
    const at = order.indexOf(shot);
    if (at > k) {
      const [moved] = order.splice(k, 1); // the shot is now at at - 1: the rebound goes right after it
      order.splice(at, 0, moved!);
      k--;
    }
  }
  return order;
}

/** An action's clock in whole seconds (see the module comment: truncated; an opening jump ball at the period's start). */
export function eventClock(a: LiveAction): number {
  if (a.actionType === 'jumpball' && a.descriptor === 'startperiod') return periodLength(a.period);
  return Math.floor(clockSeconds(a.clock));
}

/** Shot locations of the game's field goals keyed as the engine looks them up (parseGame.ts GameShotLocations). */
export function liveShotLocations(actions: readonly LiveAction[]): GameShotLocations {
  const m: GameShotLocations = new Map();
  for (const a of [...actions].sort((x, y) => x.orderNumber - y.orderNumber)) {
    if ((a.actionType !== '2pt' && a.actionType !== '3pt') || !a.personId) continue;
    if (!onCourt(a)) continue;
    const value = a.actionType === '3pt' ? 3 : 2;
    const locY = a.yLegacy! / 10 + HOOP_Y;
    const loc: ShotLocation = {
      playerId: a.personId,
      period: a.period,
      clock: eventClock(a),
      made: a.shotResult === 'Made',
      value,
      corner: value === 3 && locY <= CORNER_THREE_MAX_Y,
      locX: -a.xLegacy! / 10,
      locY,
      distance: shotFeet(a),
    };
    const key = `${loc.period}:${loc.clock}:${loc.playerId}`;
    const list = m.get(key);
    if (list) list.push(loc);
    else m.set(key, [loc]);
  }
  return m;
}
