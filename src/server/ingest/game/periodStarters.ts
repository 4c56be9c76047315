/**
 * Who is on the court: period starters inferred from the events, and the substitution-order repair.
 *
 * Rules encoded here:
 * - A player who acts in a period (shoots, rebounds, fouls on court, turns the ball over, jumps...) or is
 *   substituted OUT before being substituted in during that period started the period.
 * - Technical-type fouls, ejections and timeouts prove nothing: they can name players on the bench
 *   (0021200185 #392 "Griffin T.FOUL" while Griffin enters at #449).
 * - Starters the events cannot show (a player with no event in the whole period) are taken from the five on
 *   court at the end of the previous period, and the period-team is flagged 'unknown_starter' (0021200652 OT1).
 * - Substitutions are sometimes published just before the play they follow, at the same clock (0021200293
 *   #363 "SUB: Lamb FOR Ellis" then #365 "Ellis Bad Pass Turnover"): within one (period, clock) group a
 *   substitution whose outgoing player still acts later in the group is moved after his last action there, and
 *   one whose incoming player acted earlier in the group is moved before his first action. When the
 *   incoming player acts between the substitution and the outgoing player's late action, the late action
 *   moves before the substitution instead (0021200293 #363-#365).
 */
import { actorsOnCourt, isPlayer } from './events.ts';
import { EventType, type RawEvent } from '../read/types.ts';

const isSub = (e: RawEvent): boolean => e.type === EventType.Substitution && isPlayer(e.p1) && e.p2.id > 0;

function actsIn(e: RawEvent, playerId: number): boolean {
  if (isSub(e)) return false;
  return actorsOnCourt(e).some((p) => p.id === playerId);
}

/** Reorders substitutions inside groups of events that share period and clock (see the module rule). */
export function repairSubstitutionOrder(events: RawEvent[]): RawEvent[] {
  return sameSecondGroups(events).flatMap((group) => (group.length > 1 && group.some(isSub) ? reorderGroup(group) : group));
}

/** The events in runs that share period and clock (one whole second of the clock), in order. */
function sameSecondGroups(events: readonly RawEvent[]): RawEvent[][] {
  const groups: RawEvent[][] = [];
  for (const e of events) {
    const last = groups.at(-1)?.[0];
    if (last && last.period === e.period && last.clock === e.clock) groups.at(-1)!.push(e);
    else groups.push([e]);
  }
  return groups;
}

function reorderGroup(group: RawEvent[]): RawEvent[] {
  const g = group.slice();
  const subs = g.filter(isSub);
  for (const sub of subs) {
    let pos = g.indexOf(sub);
    const outId = sub.p1.id;
    const inId = sub.p2.id;
    // Outgoing player still acting after the substitution, before any later substitution brings him back.
    let lastAct = -1;
    for (let k = pos + 1; k < g.length; k++) {
      const e = g[k]!;
      if (isSub(e) && e.p2.id === outId) break;
      if (actsIn(e, outId)) lastAct = k;
    }
    if (lastAct > pos) {
      const between = g.slice(pos + 1, lastAct + 1);
      if (between.some((e) => actsIn(e, inId))) {
        // The incoming player already acts in between (0021200293: sub #363, jump ball #364 tipped to the
        // new player, turnover #365 by the old one): the old player's actions came before the substitution.
        const moved = between.filter((e) => actsIn(e, outId));
        const rest = g.filter((e) => !moved.includes(e));
        rest.splice(rest.indexOf(sub), 0, ...moved);
        g.splice(0, g.length, ...rest);
      } else {
        g.splice(pos, 1);
        g.splice(lastAct, 0, sub); // lastAct shifted down by one: inserts right after his last action
      }
      pos = g.indexOf(sub);
    }
    // Incoming player acting before the substitution that brings him in.
    let firstAct = -1;
    for (let k = pos - 1; k >= 0; k--) {
      const e = g[k]!;
      if (isSub(e) && (e.p1.id === inId || e.p2.id === inId)) break;
      if (actsIn(e, inId)) firstAct = k;
    }
    if (firstAct >= 0) {
      g.splice(pos, 1);
      g.splice(firstAct, 0, sub);
    }
  }
  return g;
}

/**
 * The players whose plus/minus hangs on the order of events within one second: those of a substitution
 * published before a made field goal at the same period and clock (neither of them acting in it, else the
 * repair above has placed it). A substitution after a basket at the same clock is the common, certain case
 * (a late-game basket stops the clock, then the timeout and the substitutions); one before it needs the ball
 * inbounded and scored within the same whole second, or the events entered out of order, and the clock's
 * whole seconds cannot tell which. The rule: the published order stands (the incoming player is on court for
 * the basket). Counted per game (game_checks.same_second_sub_players) for verify:data.
 */
export function sameSecondSubstitutionPlayers(events: readonly RawEvent[]): Set<number> {
  const players = new Set<number>();
  for (const group of sameSecondGroups(events)) {
    const lastBasket = group.findLastIndex((e) => e.type === EventType.MadeFieldGoal);
    for (const e of group.slice(0, Math.max(0, lastBasket)).filter(isSub)) {
      players.add(e.p1.id);
      players.add(e.p2.id);
    }
  }
  return players;
}

export interface PeriodStarters {
  /** team id -> the five starters of the period */
  lineups: Map<number, number[]>;
  /** teams whose starters the events could not all show (filled from the previous period or the game) */
  unknown: number[];
  /** teams with more than five players proven to start (a missing substitution in the data) */
  tooMany: number[];
}

/**
 * Starters of one period for both teams.
 * @param periodEvents the period's events in (repaired) order
 * @param teams [home, away] team ids
 * @param previousEnd the five of each team at the end of the previous period (empty for period 1)
 * @param gamePlayers every player of each team seen in the game, in order of first appearance (fallback)
 */
export function periodStarters(
  periodEvents: RawEvent[],
  teams: readonly number[],
  previousEnd: Map<number, number[]>,
  gamePlayers: Map<number, number[]>,
): PeriodStarters {
  const starters = new Map<number, number[]>(teams.map((t) => [t, []]));
  const subbedIn = new Map<number, Set<number>>(teams.map((t) => [t, new Set()]));
  const note = (teamId: number, playerId: number): void => {
    const list = starters.get(teamId);
    const entered = subbedIn.get(teamId);
    if (!list || !entered) return;
    if (!entered.has(playerId) && !list.includes(playerId)) list.push(playerId);
  };
  for (const e of periodEvents) {
    if (isSub(e)) {
      note(e.p1.teamId, e.p1.id);
      const team = e.p1.teamId;
      subbedIn.get(team)?.add(e.p2.id);
      continue;
    }
    for (const p of actorsOnCourt(e)) note(p.teamId, p.id);
  }
  const result: PeriodStarters = { lineups: new Map(), unknown: [], tooMany: [] };
  for (const team of teams) {
    let five = starters.get(team)!;
    const entered = subbedIn.get(team)!;
    if (five.length > 5) {
      result.tooMany.push(team);
      five = five.slice(0, 5);
    }
    if (five.length < 5) {
      result.unknown.push(team);
      const pools = [previousEnd.get(team) ?? [], gamePlayers.get(team) ?? []];
      for (const pool of pools) {
        for (const id of pool) {
          if (five.length >= 5) break;
          if (!five.includes(id) && !entered.has(id)) five.push(id);
        }
      }
    }
    result.lineups.set(team, five);
  }
  return result;
}
