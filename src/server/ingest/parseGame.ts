/**
 * The play-by-play engine for one game: events in published order in, lineups, possessions, plays, shots and
 * box scores out. The event-level rules live in events.ts, lineups in lineups.ts, zones in zones.ts, garbage
 * time in garbage.ts, play context in possession.ts; this module applies them in order.
 *
 * Possession flow (METRICS.md "Units of play"): a possession ends when the other team gains control — a
 * made field goal (unless an and-one free throw follows at the same clock), a defensive rebound (player or
 * team), a turnover, the last made free throw of a trip (flagrant, clear-path and away-from-play trips keep the
 * ball), a jump ball won by the defense — or when the period ends. An offensive rebound continues it.
 * When the data shows the other team acting on offense (events missing or out of order) the current
 * possession is closed there and the other team's opens ('other' start type), so one bad row cannot derail
 * the rest of the game.
 */
import { BOX_COUNTERS, TEAM_BOX_COUNTERS, zeros, type BoxCounters, type TeamBoxCounters } from './counters.ts';
import {
  actingTeam, actorsOnCourt, assister, blocker, description, endsTrip, freeThrowNumber, isAwayFromPlayFoul,
  isDeadBallReboundPlaceholder, isFreeThrowMade, isOffensiveFoul, isPersonalFoul, isPlayer, isShootingFoul,
  isTechnicalFreeThrow, isThree, jumpBallRecipientTeam, keepsPossession, reboundCounters, startsTrip, stealer,
  DOUBLE_PERSONAL_FOUL,
} from './events.ts';
import { GarbageTimeTracker, isHeave } from './garbage.ts';
import { periodStarters, repairSubstitutionOrder } from './lineups.ts';
import { Possession, type PlayContext, type StartType } from './possession.ts';
import { EventType, periodLength, type GameInfo, type RawEvent, type ShotLocation } from './types.ts';
import { zoneOf, type Zone, type ZoneSource } from './zones.ts';

export interface Warning {
  kind: string;
  eventNum: number | null;
  period: number | null;
  teamId: number | null;
  message: string;
}

export interface ShotRow {
  eventNum: number;
  possession: Possession;
  period: number;
  clock: number;
  playerId: number;
  teamId: number;
  made: boolean;
  value: 2 | 3;
  zone: Zone;
  distance: number | null;
  locX: number | null;
  locY: number | null;
  zoneSource: ZoneSource;
  action: string;
  assistPlayerId: number | null;
  blockPlayerId: number | null;
  context: PlayContext;
}

export interface PlayerGame {
  playerId: number;
  teamId: number;
  starter: boolean;
  seconds: number;
  plusMinus: number;
  box: BoxCounters;
}

export interface GameChecks {
  events: number;
  actorEvents: number;
  actorOnCourt: number;
  lineupEvents: number;
  lineupFive: number;
  unknownStarterPeriods: number;
  gameSeconds: number;
  homePlayerSeconds: number;
  awayPlayerSeconds: number;
  ptsCounters: number;
  ptsCountersOk: number;
  astCounters: number;
  astCountersOk: number;
  rebCounters: number;
  rebCountersOk: number;
}

/** A running counter of a description that differs from our ledger's total for that player at that event. */
export interface CounterMismatch {
  kind: 'pts' | 'ast' | 'reb';
  eventNum: number;
  period: number;
  playerId: number;
  teamId: number;
  /** ours, as the description writes it: "12" or "Off:1 Def:3" */
  ours: string;
  published: string;
}

export interface GameResult {
  game: GameInfo;
  periods: number;
  homePts: number;
  awayPts: number;
  homePtsByPeriod: number[];
  awayPtsByPeriod: number[];
  possessions: Possession[];
  shots: ShotRow[];
  players: PlayerGame[];
  teamBox: Map<number, TeamBoxCounters>;
  checks: GameChecks;
  warnings: Warning[];
  counterMismatches: CounterMismatch[];
}

/** Shot locations of one game keyed by `${period}:${clock}:${playerId}`, several per key in file order. */
export type GameShotLocations = Map<string, ShotLocation[]>;

type Lineups = Map<number, number[]>;

/** Called after each event with the five of each team on court after it (used by the verify checks). */
export type EventLineupObserver = (e: RawEvent, lineups: ReadonlyMap<number, readonly number[]>) => void;

export function parseGame(
  game: GameInfo,
  rawEvents: RawEvent[],
  shotLocations: GameShotLocations | null,
  observer?: EventLineupObserver,
): GameResult {
  return new GameParser(game, rawEvents, shotLocations, observer).run();
}

class GameParser {
  private readonly home: number;
  private readonly away: number;
  private readonly warnings: Warning[] = [];
  private readonly possessions: Possession[] = [];
  private readonly shots: ShotRow[] = [];
  private readonly players = new Map<number, PlayerGame>();
  private readonly teamBox = new Map<number, TeamBoxCounters>();
  private readonly checks: GameChecks = {
    events: 0, actorEvents: 0, actorOnCourt: 0, lineupEvents: 0, lineupFive: 0, unknownStarterPeriods: 0,
    gameSeconds: 0, homePlayerSeconds: 0, awayPlayerSeconds: 0,
    ptsCounters: 0, ptsCountersOk: 0, astCounters: 0, astCountersOk: 0, rebCounters: 0, rebCountersOk: 0,
  };
  private readonly counterMismatches: CounterMismatch[] = [];
  private score = new Map<number, number>();
  private ptsByPeriod = new Map<number, number[]>();
  private lineups: Lineups = new Map();
  /** lineups when the last personal foul was called: free throws belong to them */
  private foulLineups: Lineups | null = null;
  private lastFoul: RawEvent | null = null;
  private clock = 720;
  private period = 1;
  private cur: Possession | null = null;
  private garbage: GarbageTimeTracker | null = null;
  /** last missed shot or free throw of the current possession flow */
  private lastMiss: { team: number; event: RawEvent; blocked: boolean } | null = null;
  /** the made field goal whose and-one free throw is still to come */
  private andOne: { shooter: number; context: PlayContext } | null = null;
  /** context of the free-throw trip under way */
  private tripContext: PlayContext = 'halfcourt';
  private tripKeepsBall = false;
  /** running (Off, Def) rebound counters per player, to classify rebounds as the box score does */
  private reboundCounts = new Map<number, { off: number; def: number }>();
  /** technical free-throw points waiting for the shooting team's next possession */
  private pendingTechnical = new Map<number, { fta: number; ftm: number; shooters: Map<number, { fta: number; ftm: number }> }>();
  private shotLocations: GameShotLocations | null;
  /** the current period's events (repaired order) and the index of the event being handled */
  private periodEvents: RawEvent[] = [];
  private eventIndex = 0;

  constructor(
    private readonly game: GameInfo,
    private readonly rawEvents: RawEvent[],
    shotLocations: GameShotLocations | null,
    private readonly observer?: EventLineupObserver,
  ) {
    this.home = game.homeTeamId;
    this.away = game.awayTeamId;
    this.shotLocations = shotLocations;
    for (const t of [this.home, this.away]) {
      this.score.set(t, 0);
      this.ptsByPeriod.set(t, []);
      this.teamBox.set(t, zeros(TEAM_BOX_COUNTERS));
    }
  }

  run(): GameResult {
    const events = repairSubstitutionOrder(this.rawEvents);
    this.checks.events = events.length;
    const periods = [...new Set(events.map((e) => e.period))].filter((p) => p >= 1).sort((a, b) => a - b);
    const byPeriod = new Map<number, RawEvent[]>();
    for (const e of events) {
      if (e.period < 1) continue;
      let list = byPeriod.get(e.period);
      if (!list) byPeriod.set(e.period, (list = []));
      list.push(e);
    }
    const gamePlayers = this.gamePlayersByTeam(events);
    let previousEnd: Lineups = new Map();
    const lastPeriod = periods.length ? periods[periods.length - 1]! : 4;
    for (let p = 1; p <= Math.max(4, lastPeriod); p++) {
      const list = byPeriod.get(p) ?? [];
      if (list.length === 0) {
        this.warn('missing_period', null, p, null, `no events in period ${p}`);
      }
      this.startPeriod(p, list, previousEnd, gamePlayers);
      this.periodEvents = list;
      for (let i = 0; i < list.length; i++) {
        const e = list[i]!;
        this.eventIndex = i;
        this.handle(e);
        this.checkCounters(e);
        this.observer?.(e, this.lineups);
      }
      this.endPeriod();
      previousEnd = new Map([...this.lineups].map(([t, l]) => [t, l.slice()]));
    }
    const nPeriods = Math.max(4, lastPeriod);
    this.checks.gameSeconds = 2880 + (nPeriods - 4) * 300;
    for (const pg of this.players.values()) {
      if (pg.teamId === this.home) this.checks.homePlayerSeconds += pg.seconds;
      else this.checks.awayPlayerSeconds += pg.seconds;
    }
    this.flushPendingTechnicals();
    this.possessions.forEach((p, i) => (p.index = i));
    const byPeriodArr = (t: number): number[] =>
      Array.from({ length: nPeriods }, (_, i) => this.ptsByPeriod.get(t)![i] ?? 0);
    return {
      game: this.game,
      periods: nPeriods,
      homePts: this.score.get(this.home)!,
      awayPts: this.score.get(this.away)!,
      homePtsByPeriod: byPeriodArr(this.home),
      awayPtsByPeriod: byPeriodArr(this.away),
      possessions: this.possessions,
      shots: this.shots,
      players: [...this.players.values()].filter((p) => p.seconds > 0 || Object.values(p.box).some((v) => v > 0)),
      teamBox: this.teamBox,
      checks: this.checks,
      warnings: this.warnings,
      counterMismatches: this.counterMismatches,
    };
  }

  // ---- helpers ---------------------------------------------------------------------------------------------

  private warn(kind: string, eventNum: number | null, period: number | null, teamId: number | null, message: string): void {
    this.warnings.push({ kind, eventNum, period, teamId, message });
  }

  private other(team: number): number {
    return team === this.home ? this.away : this.home;
  }

  private isGameTeam(team: number): boolean {
    return team === this.home || team === this.away;
  }

  private gamePlayersByTeam(events: RawEvent[]): Map<number, number[]> {
    const m = new Map<number, number[]>([[this.home, []], [this.away, []]]);
    for (const e of events) {
      for (const p of [e.p1, e.p2, e.p3]) {
        if (!isPlayer(p)) continue;
        const list = m.get(p.teamId);
        if (list && !list.includes(p.id)) list.push(p.id);
      }
    }
    return m;
  }

  private playerGame(playerId: number, teamId: number): PlayerGame {
    let pg = this.players.get(playerId);
    if (!pg) {
      pg = { playerId, teamId, starter: false, seconds: 0, plusMinus: 0, box: zeros(BOX_COUNTERS) };
      this.players.set(playerId, pg);
    }
    return pg;
  }

  private onCourt(team: number, lineups: Lineups = this.lineups): number[] {
    return lineups.get(team) ?? [];
  }

  /** Runs the game clock down to `clock`: everyone on court gets the elapsed seconds. */
  private advanceClock(clock: number): void {
    if (clock >= this.clock) return; // the published order never runs the clock backwards within a period
    const elapsed = this.clock - clock;
    for (const [team, five] of this.lineups) {
      for (const id of five) this.playerGame(id, team).seconds += elapsed;
    }
    this.clock = clock;
  }

  private addPoints(team: number, points: number, lineups: Lineups): void {
    this.score.set(team, this.score.get(team)! + points);
    const per = this.ptsByPeriod.get(team)!;
    per[this.period - 1] = (per[this.period - 1] ?? 0) + points;
    for (const id of this.onCourt(team, lineups)) this.playerGame(id, team).plusMinus += points;
    for (const id of this.onCourt(this.other(team), lineups)) this.playerGame(id, this.other(team)).plusMinus -= points;
  }

  private scoreDiff(team: number): number {
    return this.score.get(team)! - this.score.get(this.other(team))!;
  }

  /**
   * The play-by-play's own per-player oracle: the running counters of the descriptions ("(n PTS)" on made
   * shots and free throws, "(n AST)" on assisted shots, "(Off:x Def:y)" on rebounds) against the ledger's
   * totals for that player right after the event.
   */
  private checkCounters(e: RawEvent): void {
    const box = (p: { id: number }): BoxCounters | null => this.players.get(p.id)?.box ?? null;
    const mismatch = (kind: CounterMismatch['kind'], p: { id: number; teamId: number }, ours: string, published: string): void => {
      this.counterMismatches.push({ kind, eventNum: e.eventNum, period: e.period, playerId: p.id, teamId: p.teamId, ours, published });
    };
    if ((e.type === EventType.MadeFieldGoal || e.type === EventType.FreeThrow) && isPlayer(e.p1)) {
      const desc = description(e);
      const pts = PTS_COUNTER.exec(desc);
      if (pts) {
        const ours = box(e.p1)?.pts ?? 0;
        this.checks.ptsCounters++;
        if (ours === Number(pts[1])) this.checks.ptsCountersOk++;
        else mismatch('pts', e.p1, String(ours), pts[1]!);
      }
      const ast = e.type === EventType.MadeFieldGoal && isPlayer(e.p2) ? AST_COUNTER.exec(desc) : null;
      if (ast) {
        const ours = box(e.p2)?.ast ?? 0;
        this.checks.astCounters++;
        if (ours === Number(ast[1])) this.checks.astCountersOk++;
        else mismatch('ast', e.p2, String(ours), ast[1]!);
      }
    } else if (e.type === EventType.Rebound && isPlayer(e.p1)) {
      const counts = reboundCounters(e);
      if (counts) {
        const b = box(e.p1);
        const off = b?.oreb ?? 0;
        const def = b?.dreb ?? 0;
        this.checks.rebCounters++;
        if (off === counts.off && def === counts.def) this.checks.rebCountersOk++;
        else mismatch('reb', e.p1, `Off:${off} Def:${def}`, `Off:${counts.off} Def:${counts.def}`);
      }
    }
  }

  // ---- periods ---------------------------------------------------------------------------------------------

  private startPeriod(period: number, list: RawEvent[], previousEnd: Lineups, gamePlayers: Map<number, number[]>): void {
    this.period = period;
    this.clock = periodLength(period);
    const starters = periodStarters(list, [this.home, this.away], previousEnd, gamePlayers);
    for (const team of starters.unknown) {
      this.checks.unknownStarterPeriods++;
      this.warn('unknown_starter', null, period, team,
        `period ${period}: a starter of team ${team} has no event in the period; taken from the five on court before`);
    }
    for (const team of starters.tooMany) {
      this.warn('too_many_starters', null, period, team,
        `period ${period}: more than five players of team ${team} act before any substitution (missing substitution)`);
    }
    this.lineups = new Map([...starters.lineups].map(([t, l]) => [t, l.slice()]));
    this.foulLineups = null;
    this.lastFoul = null;
    if (period === 1) {
      for (const [team, five] of this.lineups) for (const id of five) this.playerGame(id, team).starter = true;
      this.garbage = new GarbageTimeTracker(new Set([...this.lineups.values()].flat()));
    }
    this.cur = null;
    this.lastMiss = null;
    this.andOne = null;
  }

  private endPeriod(): void {
    this.advanceClock(0);
    this.closePossession(0);
  }

  // ---- possessions -----------------------------------------------------------------------------------------

  private openPossession(offense: number, clock: number, startType: StartType): Possession {
    const p = new Possession(this.period, clock, offense, this.other(offense), startType, this.scoreDiff(offense));
    this.cur = p;
    this.lastMiss = null;
    const pending = this.pendingTechnical.get(offense);
    if (pending) {
      this.creditTechnical(p, pending);
      this.pendingTechnical.delete(offense);
    }
    return p;
  }

  private closePossession(clock: number): void {
    const p = this.cur;
    if (!p) return;
    this.cur = null;
    p.endClock = Math.min(clock, p.startClock);
    if (!p.hadAction && p.startClock - p.endClock <= 0) return; // an empty, zero-second possession: not one
    this.fixLineups(p);
    this.possessions.push(p);
  }

  /** The ten players of a possession are those on court at its first action. */
  private fixLineups(p: Possession, lineups: Lineups = this.lineups): void {
    if (p.off5) return;
    p.off5 = this.onCourt(p.offense, lineups).slice();
    p.def5 = this.onCourt(p.defense, lineups).slice();
    p.isGarbageTime = this.garbage!.atPossessionStart(p.period, p.startClock, p.scoreDiff, [...p.off5, ...p.def5]);
  }

  /** The possession in which `team` is on offense now, switching to it if the data shows it has the ball. */
  private offenseOf(team: number, clock: number, e: RawEvent): Possession {
    const cur = this.cur;
    if (cur && cur.offense === team) return cur;
    // An offensive action of the team whose possession just ended at this same clock, before the new
    // possession did anything, belongs to the ended possession: events published late or mislabelled
    // (0021200074 #250, a third free throw "1 of 2" after the trip ended). Reopen it.
    const last = this.possessions[this.possessions.length - 1];
    if (
      cur && !cur.hadAction && cur.players.size === 0 && cur.c.fta === 0 && cur.startClock === clock &&
      last && last.offense === team && last.period === this.period && last.endClock === clock
    ) {
      this.possessions.pop();
      this.cur = last;
      return last;
    }
    if (cur) {
      // The change of possession the data does not show happened after the old offense's last action.
      const at = cur.hadAction ? cur.lastActionClock : clock;
      this.warn('possession_repair', e.eventNum, this.period, team,
        `team ${team} acts on offense during team ${cur.offense}'s possession: possession switched`);
      this.closePossession(at);
      return this.openPossession(team, at, 'other');
    }
    return this.openPossession(team, periodLength(this.period), 'period_start');
  }

  private action(p: Possession, lineups: Lineups = this.lineups): void {
    p.hadAction = true;
    p.lastActionClock = this.clock;
    this.fixLineups(p, lineups);
  }

  private changePossession(clock: number, to: number, startType: StartType): void {
    this.closePossession(clock);
    this.openPossession(to, clock, startType);
  }

  // ---- events ----------------------------------------------------------------------------------------------

  private handle(e: RawEvent): void {
    this.advanceClock(e.clock);
    this.checkActors(e);
    switch (e.type) {
      case EventType.MadeFieldGoal:
      case EventType.MissedFieldGoal:
        return this.fieldGoal(e);
      case EventType.FreeThrow:
        return this.freeThrow(e);
      case EventType.Rebound:
        return this.rebound(e);
      case EventType.Turnover:
        return this.turnover(e);
      case EventType.Foul:
        return this.foul(e);
      case EventType.Substitution:
        return this.substitution(e);
      case EventType.JumpBall:
        return this.jumpBall(e);
      default:
        return;
    }
  }

  /**
   * Free throws belong to the lineups on court when the foul was called (substitutions are made between
   * the foul and the shots): the snapshot of the last personal foul at the same period and clock.
   */
  private freeThrowLineups(e: RawEvent): Lineups {
    if (e.type !== EventType.FreeThrow || isTechnicalFreeThrow(e)) return this.lineups;
    const f = this.lastFoul;
    if (f && this.foulLineups && f.period === e.period && f.clock === e.clock) return this.foulLineups;
    return this.lineups;
  }

  /**
   * The player of `five` to take off court when the data misses a substitution: the one whose next action
   * in the period comes last (a player substituted in later in the period is off now; one substituted out
   * later is on now).
   */
  private leastLikelyOnCourt(five: number[], keep: number[]): number | null {
    let best: number | null = null;
    let bestNext = -1;
    for (const id of five) {
      if (keep.includes(id)) continue;
      let next = Number.POSITIVE_INFINITY;
      for (let k = this.eventIndex + 1; k < this.periodEvents.length; k++) {
        const e = this.periodEvents[k]!;
        if (e.type === EventType.Substitution) {
          if (e.p2.id === id) break;
          if (e.p1.id === id) {
            next = k;
            break;
          }
          continue;
        }
        if (actorsOnCourt(e).some((a) => a.id === id)) {
          next = k;
          break;
        }
      }
      if (next > bestNext) {
        best = id;
        bestNext = next;
      }
    }
    return best;
  }

  /** Puts `playerId` on court for `team` in place of the player least likely to be there (missing substitution). */
  private forceOnCourt(team: number, playerId: number, keep: number[]): void {
    const five = this.lineups.get(team);
    if (!five || five.includes(playerId)) return;
    if (five.length >= 5) {
      const out = this.leastLikelyOnCourt(five, keep);
      if (out !== null) five.splice(five.indexOf(out), 1);
    }
    five.push(playerId);
  }

  private checkActors(e: RawEvent): void {
    const actors = actorsOnCourt(e);
    if (actors.length === 0) return;
    const lineups = this.freeThrowLineups(e);
    for (const a of actors) {
      this.checks.actorEvents++;
      // A free throw's shooter is on the court of the foul, or is the substitute who shoots for an injured
      // fouled player (0021200026 #79-#84: "SUB: Biedrins FOR Rush", then Biedrins shoots Rush's free throws).
      const shooterSubstitute = lineups !== this.lineups && this.onCourt(a.teamId).includes(a.id);
      if (this.onCourt(a.teamId, lineups).includes(a.id) || shooterSubstitute) this.checks.actorOnCourt++;
      else {
        this.warn('actor_not_on_court', e.eventNum, e.period, a.teamId,
          `player ${a.id} acts in event #${e.eventNum} (${description(e)}) but is not in the reconstructed lineup: ` +
            'a substitution is missing; he is put on court from here in place of the teammate least likely on it');
        if (lineups === this.lineups && this.isGameTeam(a.teamId)) this.forceOnCourt(a.teamId, a.id, actors.map((x) => x.id));
      }
    }
    for (const team of [this.home, this.away]) {
      this.checks.lineupEvents++;
      if (this.onCourt(team).length === 5) this.checks.lineupFive++;
    }
  }

  private fieldGoal(e: RawEvent): void {
    const team = e.p1.teamId;
    if (!isPlayer(e.p1) || !this.isGameTeam(team)) return;
    const p = this.offenseOf(team, e.clock, e);
    this.action(p);
    const made = e.type === EventType.MadeFieldGoal;
    const value: 2 | 3 = isThree(e) ? 3 : 2;
    const desc = description(e);
    const loc = this.takeShotLocation(e);
    const z = zoneOf(value, desc, loc);
    const context = p.play(e.clock);
    const ast = made ? assister(e) : null;
    const blk = made ? null : blocker(e);
    // possession counters
    p.c.fga++;
    if (value === 3) p.c.fg3a++;
    const zoneKey = ZONE_KEYS[z.zone];
    p.c[`fga_${zoneKey}`]++;
    const pc = p.player(e.p1.id, team);
    pc[`fga_${zoneKey}`]++;
    const box = this.playerGame(e.p1.id, team).box;
    box.fga++;
    if (value === 3) box.fg3a++;
    if (made) {
      p.c.fgm++;
      p.c.pts += value;
      if (value === 3) p.c.fg3m++;
      p.c[`fgm_${zoneKey}`]++;
      p.contextPoints(context, value);
      pc[`fgm_${zoneKey}`]++;
      pc.pts += value;
      box.fgm++;
      box.pts += value;
      if (value === 3) box.fg3m++;
      if (ast && ast.teamId === team) {
        p.c.ast++;
        pc[`astd_${zoneKey}`]++;
        p.player(ast.id, team).ast++;
        this.playerGame(ast.id, team).box.ast++;
      }
      this.addPoints(team, value, this.lineups);
    } else if (blk && blk.teamId !== team) {
      p.c.blk++;
      p.player(blk.id, blk.teamId).blk++;
      this.playerGame(blk.id, blk.teamId).box.blk++;
    }
    this.shots.push({
      eventNum: e.eventNum, possession: p, period: e.period, clock: e.clock, playerId: e.p1.id, teamId: team,
      made, value, zone: z.zone, distance: z.distance === null ? null : Math.round(z.distance),
      locX: loc?.locX ?? null, locY: loc?.locY ?? null, zoneSource: z.source,
      action: desc.replace(/^MISS\s+/, ''),
      assistPlayerId: ast?.id ?? null, blockPlayerId: blk?.id ?? null, context,
    });
    if (made) {
      this.lastMiss = null;
      // An and-one: a shooting foul and a "1 of 1" free throw by the scoring team at the same clock follow.
      if (this.andOneFollows(e, team)) this.andOne = { shooter: e.p1.id, context };
      else this.changePossession(e.clock, this.other(team), 'after_made_fg');
    } else {
      this.lastMiss = { team, event: e, blocked: blk !== null };
    }
  }

  private andOneFollows(shot: RawEvent, team: number): boolean {
    const events = this.rawEventsInOrder();
    let i = events.indexOf(shot) + 1;
    for (; i < events.length; i++) {
      const e = events[i]!;
      if (e.period !== shot.period || e.clock !== shot.clock) return false;
      if (e.type === EventType.FreeThrow && !isTechnicalFreeThrow(e) && e.p1.teamId === team) {
        const { of } = freeThrowNumber(e);
        return of === 1 && !keepsPossession(e);
      }
      if (e.type === EventType.MadeFieldGoal || e.type === EventType.MissedFieldGoal || e.type === EventType.Turnover) return false;
    }
    return false;
  }

  private orderedCache: RawEvent[] | null = null;
  private rawEventsInOrder(): RawEvent[] {
    if (!this.orderedCache) this.orderedCache = repairSubstitutionOrder(this.rawEvents);
    return this.orderedCache;
  }

  private takeShotLocation(e: RawEvent): ShotLocation | null {
    if (!this.shotLocations) return null;
    const key = `${e.period}:${e.clock}:${e.p1.id}`;
    const list = this.shotLocations.get(key);
    if (!list || list.length === 0) return null;
    const made = e.type === EventType.MadeFieldGoal;
    const i = list.findIndex((s) => s.made === made);
    const [loc] = list.splice(i >= 0 ? i : 0, 1);
    return loc ?? null;
  }

  private freeThrow(e: RawEvent): void {
    const team = e.p1.teamId;
    if (!isPlayer(e.p1) || !this.isGameTeam(team)) return;
    const made = isFreeThrowMade(e);
    const box = this.playerGame(e.p1.id, team).box;
    box.fta++;
    if (made) {
      box.ftm++;
      box.pts++;
    }
    if (isTechnicalFreeThrow(e)) {
      this.technicalFreeThrow(e, team, made, this.lineups);
      return;
    }
    const lineups = this.freeThrowLineups(e);
    const p = this.offenseOf(team, e.clock, e);
    this.action(p, lineups);
    const pc = p.player(e.p1.id, team);
    if (startsTrip(e)) {
      const andOne = this.andOne !== null && freeThrowNumber(e).of === 1;
      this.tripContext = andOne ? this.andOne!.context : p.play(e.clock);
      if (andOne) {
        // the and-one trip is a play of the same context as its shot
        p.c.plays++;
        if (this.tripContext === 'transition') p.c.tr_plays++;
        else if (this.tripContext === 'putback') p.c.pb_plays++;
        else p.c.hc_plays++;
        const shooter = this.andOne!.shooter;
        p.player(shooter, team).and1++;
      }
      this.tripKeepsBall = keepsPossession(e) || (this.lastFoul !== null && isAwayFromPlayFoul(this.lastFoul));
      p.c.ft_trips++;
      pc.ft_trips++;
    }
    p.c.fta++;
    pc.fta++;
    if (made) {
      p.c.ftm++;
      p.c.pts++;
      pc.ftm++;
      pc.pts++;
      p.contextPoints(this.tripContext, 1);
      this.addPoints(team, 1, lineups);
    }
    if (endsTrip(e)) {
      this.andOne = null;
      if (this.tripKeepsBall) {
        this.tripKeepsBall = false;
        return;
      }
      if (made) this.changePossession(e.clock, this.other(team), 'after_made_ft');
      else this.lastMiss = { team, event: e, blocked: false };
    } else if (!made) {
      // a missed free throw that is not the last: the ball is dead, the next one follows
      this.lastMiss = { team, event: e, blocked: false };
    }
  }

  /** Technical free throws: not a trip, no change of possession; points go to the shooting team's possession. */
  private technicalFreeThrow(e: RawEvent, team: number, made: boolean, lineups: Lineups): void {
    if (made) this.addPoints(team, 1, lineups);
    const tech = { fta: 1, ftm: made ? 1 : 0, shooters: new Map([[e.p1.id, { fta: 1, ftm: made ? 1 : 0 }]]) };
    if (this.cur && this.cur.offense === team) {
      this.creditTechnical(this.cur, tech);
      return;
    }
    const previous = [...this.possessions].reverse().find((p) => p.offense === team);
    if (previous) this.creditTechnical(previous, tech);
    else {
      const pending = this.pendingTechnical.get(team);
      if (!pending) this.pendingTechnical.set(team, tech);
      else {
        pending.fta += tech.fta;
        pending.ftm += tech.ftm;
        for (const [id, s] of tech.shooters) {
          const old = pending.shooters.get(id) ?? { fta: 0, ftm: 0 };
          pending.shooters.set(id, { fta: old.fta + s.fta, ftm: old.ftm + s.ftm });
        }
      }
    }
  }

  private creditTechnical(p: Possession, tech: { fta: number; ftm: number; shooters: Map<number, { fta: number; ftm: number }> }): void {
    p.c.fta += tech.fta;
    p.c.ftm += tech.ftm;
    p.c.pts += tech.ftm;
    for (const [id, s] of tech.shooters) {
      const pc = p.player(id, p.offense);
      pc.fta += s.fta;
      pc.ftm += s.ftm;
      pc.pts += s.ftm;
    }
  }

  private flushPendingTechnicals(): void {
    for (const [team, tech] of this.pendingTechnical) {
      const target = [...this.possessions].reverse().find((p) => p.offense === team);
      if (target) this.creditTechnical(target, tech);
      else this.warn('technical_unassigned', null, null, team, `technical free throws of team ${team} have no possession`);
    }
    this.pendingTechnical.clear();
  }

  private rebound(e: RawEvent): void {
    if (isPlayer(e.p1)) return this.playerRebound(e);
    const team = actingTeam(e);
    if (!this.isGameTeam(team)) return;
    // A team "rebound" after a missed free throw that is not the last of its trip is a dead-ball placeholder.
    if (this.lastMiss && this.lastMiss.event.type === EventType.FreeThrow && !endsTrip(this.lastMiss.event)) return;
    if (isDeadBallReboundPlaceholder(e) && !this.lastMiss) return;
    if (!this.lastMiss) return; // a team rebound with no miss before it (after a turnover or period end): nothing to do
    const shootingTeam = this.lastMiss.team;
    const box = this.teamBox.get(team)!;
    const p = this.cur;
    if (team === shootingTeam) {
      box.team_oreb++;
      if (p && p.offense === team) p.c.team_oreb++;
      this.lastMiss = null;
      return;
    }
    box.team_dreb++;
    if (p && p.offense === shootingTeam) {
      p.c.team_dreb++;
      this.action(p);
    }
    this.changePossession(e.clock, team, 'after_team_dreb');
  }

  private playerRebound(e: RawEvent): void {
    const team = e.p1.teamId;
    if (!this.isGameTeam(team)) return;
    const shootingTeam = this.lastMiss?.team ?? this.cur?.offense ?? this.other(team);
    // Box score category: the running "(Off:x Def:y)" counters of the description are more reliable than
    // the order of events (0021200982 #71); without them, a rebound of the shooting team is offensive.
    let offensive = team === shootingTeam;
    const counts = reboundCounters(e);
    if (counts) {
      const before = this.reboundCounts.get(e.p1.id) ?? { off: 0, def: 0 };
      if (counts.off > before.off) offensive = true;
      else if (counts.def > before.def) offensive = false;
      this.reboundCounts.set(e.p1.id, counts);
    }
    const box = this.playerGame(e.p1.id, team).box;
    if (offensive) box.oreb++;
    else box.dreb++;
    const blocked = this.lastMiss?.blocked ?? false;
    this.lastMiss = null;
    const p = this.cur;
    if (p && p.offense === team) {
      this.action(p);
      if (offensive) {
        p.c.oreb++;
        p.player(e.p1.id, team).oreb++;
        p.offensiveRebound(e.clock);
      } else {
        // a defensive rebound by the team we thought had the ball: events out of order; credit and continue
        p.player(e.p1.id, team).dreb++;
      }
      return;
    }
    if (p) {
      this.action(p);
      if (offensive) {
        p.player(e.p1.id, team).oreb++; // box says offensive, flow says the ball changes hands
      } else {
        p.c.dreb++;
        p.player(e.p1.id, team).dreb++;
      }
    }
    const start: StartType = offensive ? 'other' : blocked ? 'after_block_recovered' : 'after_dreb';
    if (p) this.changePossession(e.clock, team, start);
    else this.openPossession(team, e.clock, 'period_start');
    if (offensive && this.cur) this.cur.offensiveRebound(e.clock);
  }

  /**
   * A held ball is often published as a jump ball followed, at the same clock, by the turnover and steal it
   * produced (0020800024 #222-#223): the turnover belongs to the possession the jump ball ended.
   */
  private turnoverAfterJumpBall(team: number, clock: number): Possession | null {
    const cur = this.cur;
    const last = this.possessions[this.possessions.length - 1];
    if (!cur || cur.offense === team || cur.startType !== 'jump_ball' || cur.startClock !== clock) return null;
    if (!last || last.offense !== team || last.endClock !== clock || last.c.tov > 0) return null;
    return last;
  }

  private turnover(e: RawEvent): void {
    const team = actingTeam(e);
    if (!this.isGameTeam(team)) return;
    const ended = this.turnoverAfterJumpBall(team, e.clock);
    const p = ended ?? this.offenseOf(team, e.clock, e);
    this.action(p);
    p.play(e.clock);
    p.c.tov++;
    if (isPlayer(e.p1)) {
      p.player(e.p1.id, team).tov++;
      this.playerGame(e.p1.id, team).box.tov++;
    } else {
      this.teamBox.get(team)!.tov++;
    }
    const stl = stealer(e);
    if (stl) {
      p.c.stl++;
      p.player(stl.id, stl.teamId).stl++;
      this.playerGame(stl.id, stl.teamId).box.stl++;
    }
    if (ended) return;
    this.changePossession(e.clock, this.other(team), stl ? 'after_steal' : 'dead_ball_turnover');
  }

  private foul(e: RawEvent): void {
    if (!isPersonalFoul(e) || !isPlayer(e.p1)) return;
    const team = e.p1.teamId;
    if (!this.isGameTeam(team)) return;
    this.playerGame(e.p1.id, team).box.pf++;
    if (e.action === DOUBLE_PERSONAL_FOUL && isPlayer(e.p2)) this.playerGame(e.p2.id, e.p2.teamId).box.pf++;
    this.lastFoul = e;
    this.foulLineups = new Map([...this.lineups].map(([t, l]) => [t, l.slice()]));
    let p = this.cur;
    if (!p) {
      // First event of a period: an offensive foul shows who has the ball, any other foul the other team.
      const offense = isOffensiveFoul(e) ? team : this.other(team);
      p = this.openPossession(offense, periodLength(this.period), 'period_start');
    }
    this.action(p);
    p.player(e.p1.id, team).pf++;
    if (e.action === DOUBLE_PERSONAL_FOUL) return;
    if (team === p.defense) {
      const fouled = isPlayer(e.p2) && e.p2.teamId === p.offense ? e.p2 : null;
      if (isShootingFoul(e)) {
        p.c.sfd++;
        if (fouled) p.player(fouled.id, fouled.teamId).sfd++;
      } else if (!isOffensiveFoul(e)) {
        p.c.nsfd++;
        if (fouled) p.player(fouled.id, fouled.teamId).nsfd++;
      }
    }
  }

  private substitution(e: RawEvent): void {
    if (!isPlayer(e.p1) || e.p2.id <= 0) return;
    const team = e.p1.teamId;
    const five = this.lineups.get(team);
    if (!five) return;
    const i = five.indexOf(e.p1.id);
    if (i >= 0) five.splice(i, 1);
    else {
      this.warn('sub_out_not_on_court', e.eventNum, e.period, team,
        `#${e.eventNum} ${description(e)}: the player leaving is not in the reconstructed lineup`);
    }
    if (!five.includes(e.p2.id)) {
      if (five.length >= 5) {
        // the player leaving was not on court: someone else's substitution is missing
        const out = this.leastLikelyOnCourt(five, []);
        if (out !== null) five.splice(five.indexOf(out), 1);
      }
      five.push(e.p2.id);
    }
    this.playerGame(e.p2.id, team);
  }

  private jumpBall(e: RawEvent): void {
    const team = jumpBallRecipientTeam(e);
    if (!this.isGameTeam(team)) return;
    const p = this.cur;
    if (!p) {
      this.openPossession(team, e.clock, 'jump_ball');
      return;
    }
    this.action(p);
    if (p.offense !== team) this.changePossession(e.clock, team, 'jump_ball');
  }
}

const PTS_COUNTER = /\((\d+) PTS\)/;
const AST_COUNTER = /\([^()]*\s(\d+) AST\)/;

const ZONE_KEYS = { rim: 'rim', short_mid: 'smid', long_mid: 'lmid', corner3: 'c3', noncorner3: 'nc3' } as const;

/** Used by tests and the verify script: a heave possession starts with 4 s or less left in Q1-Q3. */
export function possessionIsHeave(p: Possession): boolean {
  return isHeave(p.period, p.startClock);
}
