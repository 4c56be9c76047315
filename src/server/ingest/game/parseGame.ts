/**
 * The play-by-play engine for one game: events in published order in (duplicates already dropped by read.ts),
 * lineups, possessions, plays, shots and box scores out. It reads each event once and hands it to three parts,
 * each the one home of its rules:
 * - lineupTracker.ts: who is on court (starters from periodStarters.ts, substitutions, missing-substitution repair);
 * - statLedger.ts: box scores, seconds, plus/minus, the score, and the check against the descriptions'
 *   running counters;
 * - possessionTracker.ts: who has the ball, possession starts and ends, per-possession counters.
 * What each event means is in events.ts; zones in zones.ts, garbage time in garbage.ts, play context in
 * possession.ts.
 */
import type { TeamBoxCounters } from '../../statsSchema/counterColumns.ts';
import {
  actingTeam,
  assister,
  blocker,
  description,
  isDelayOfGame,
  isFreeThrowMade,
  isPersonalFoul,
  isTechnicalFoul,
  isPlayer,
  isTechnicalFreeThrow,
  isThree,
  jumpBallRecipientTeam,
  stealer,
} from './events.ts';
import { copyLineups, GameContext, type Lineups, type Warning } from './gameContext.ts';
import { LineupTracker, type LineupChecks } from './lineupTracker.ts';
import { LastFive } from './lastFive.ts';
import { repairSubstitutionOrder, sameSecondSubstitutionPlayers } from './periodStarters.ts';
import type { PlayContext, Possession } from './possession.ts';
import { PossessionTracker } from './possessionTracker.ts';
import { StatLedger, type CounterChecks, type CounterMismatch, type PlayerGame } from './statLedger.ts';
import { EventType, periodLength, type GameInfo, type RawEvent, type ShotLocation } from '../read/types.ts';
import { zoneOf, type Zone, type ZoneSource } from './zones.ts';

export type { CounterMismatch, PlayerGame, Warning };

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

export interface GameChecks extends LineupChecks, CounterChecks {
  events: number;
  /** players whose plus/minus the technical free-throw rule changed (lineupTracker.ts) */
  plusMinusChangedByTechnicals: number;
  /** players of substitutions in the same second as a made field goal (periodStarters.ts) */
  sameSecondSubPlayers: number;
  gameSeconds: number;
  homePlayerSeconds: number;
  awayPlayerSeconds: number;
}

export interface GameResult {
  game: GameInfo;
  periods: number;
  homePts: number;
  awayPts: number;
  homePtsByPeriod: number[];
  awayPtsByPeriod: number[];
  possessions: Possession[];
  /** technical free throws credited to another ten than their possession's (technicalRows.ts): no possessions */
  technicalRows: Possession[];
  shots: ShotRow[];
  /** every event read, in the engine's order (game_events) */
  events: EventRow[];
  players: PlayerGame[];
  teamBox: Map<number, TeamBoxCounters>;
  checks: GameChecks;
  warnings: Warning[];
  counterMismatches: CounterMismatch[];
}

/**
 * One event as the engine read it (game_events): the score after it, the five of each team on court after it
 * (on court from this event's clock until the next event's) and, when it scored, the ten credited with its
 * points (plus/minus rules: a free throw's points go to the ten on court at its foul).
 */
export interface EventRow {
  event: RawEvent;
  homeFive: number[];
  awayFive: number[];
  homePts: number;
  awayPts: number;
  credited: Lineups | null;
}

/** Shot locations of one game keyed by `${period}:${clock}:${playerId}`, several per key in file order. */
export type GameShotLocations = Map<string, ShotLocation[]>;

/** Called after each event with the five of each team on court after it (used by the verify checks). */
export type EventLineupObserver = (e: RawEvent, lineups: ReadonlyMap<number, readonly number[]>) => void;

export function parseGame(game: GameInfo, rawEvents: RawEvent[], shotLocations: GameShotLocations | null, observer?: EventLineupObserver): GameResult {
  return new GameParser(game, repairSubstitutionOrder(rawEvents), shotLocations, observer).run();
}

class GameParser {
  private readonly ctx: GameContext;
  private readonly court: LineupTracker;
  private readonly ledger: StatLedger;
  private readonly flow: PossessionTracker;
  private readonly shots: ShotRow[] = [];
  private readonly eventRows: EventRow[] = [];
  /** per team: the five of the last event row (fiveAfter) */
  private readonly lastFives = new LastFive<number[]>();

  constructor(
    private readonly game: GameInfo,
    /** the game's events, substitution order repaired */
    private readonly events: RawEvent[],
    private readonly shotLocations: GameShotLocations | null,
    private readonly observer?: EventLineupObserver,
  ) {
    this.ctx = new GameContext(game);
    this.court = new LineupTracker(this.ctx);
    this.ledger = new StatLedger(this.ctx, events);
    this.flow = new PossessionTracker(this.ctx, this.court, this.ledger, events);
  }

  run(): GameResult {
    const { ctx, events } = this;
    // A period is played when it has an event other than its start and end rows: 0021500916 ends with a stray
    // period-5 start row after a regulation finish.
    const periods = [...new Set(events.filter((e) => e.type !== EventType.PeriodStart && e.type !== EventType.PeriodEnd).map((e) => e.period))]
      .filter((p) => p >= 1)
      .sort((a, b) => a - b);
    const byPeriod = new Map<number, RawEvent[]>();
    for (const e of events) {
      if (e.period < 1) continue;
      let list = byPeriod.get(e.period);
      if (!list) byPeriod.set(e.period, (list = []));
      list.push(e);
    }
    const gamePlayers = this.gamePlayersByTeam();
    let previousEnd: Lineups = new Map();
    const lastPeriod = periods.length ? periods[periods.length - 1]! : 4;
    const nPeriods = Math.max(4, lastPeriod);
    for (const p of byPeriod.keys()) {
      if (p > nPeriods) ctx.warn('empty_period', null, p, null, `period ${p} has only start/end rows: not played, ignored`);
    }
    for (let p = 1; p <= nPeriods; p++) {
      const list = byPeriod.get(p) ?? [];
      if (list.length === 0) ctx.warn('missing_period', null, p, null, `no events in period ${p}`);
      ctx.period = p;
      ctx.clock = periodLength(p);
      this.court.startPeriod(p, list, previousEnd, gamePlayers);
      if (p === 1) this.ledger.markStarters(this.court.lineups);
      this.flow.startPeriod(p);
      for (let i = 0; i < list.length; i++) {
        const e = list[i]!;
        this.court.at(i);
        this.ledger.creditedLineups = null;
        this.handle(e);
        this.ledger.checkCounters(e);
        this.observer?.(e, this.court.lineups);
        this.eventRows.push({
          event: e,
          homeFive: this.fiveAfter(ctx.home),
          awayFive: this.fiveAfter(ctx.away),
          homePts: this.ledger.points(ctx.home),
          awayPts: this.ledger.points(ctx.away),
          credited: this.ledger.creditedLineups,
        });
      }
      this.advanceClock(0);
      this.flow.endPeriod();
      previousEnd = copyLineups(this.court.lineups);
    }
    const players = this.ledger.result();
    const checks: GameChecks = {
      events: events.length,
      ...this.court.checks,
      gameSeconds: 2880 + (nPeriods - 4) * 300,
      homePlayerSeconds: 0,
      awayPlayerSeconds: 0,
      ...this.ledger.counterChecks,
      plusMinusChangedByTechnicals: this.ledger.plusMinusChangedByTechnicals,
      sameSecondSubPlayers: sameSecondSubstitutionPlayers(events).size,
    };
    for (const pg of this.ledger.players.values()) {
      if (pg.teamId === ctx.home) checks.homePlayerSeconds += pg.seconds;
      else checks.awayPlayerSeconds += pg.seconds;
    }
    const possessions = this.flow.finish();
    return {
      game: this.game,
      periods: nPeriods,
      homePts: this.ledger.points(ctx.home),
      awayPts: this.ledger.points(ctx.away),
      homePtsByPeriod: this.ledger.pointsByPeriod(ctx.home, nPeriods),
      awayPtsByPeriod: this.ledger.pointsByPeriod(ctx.away, nPeriods),
      possessions,
      technicalRows: this.flow.technicalRows,
      shots: this.shots,
      events: this.eventRows,
      players,
      teamBox: this.ledger.teamBox,
      checks,
      warnings: ctx.warnings,
      counterMismatches: this.ledger.counterMismatches,
    };
  }

  /**
   * A copy of `team`'s five on court now, for an event row: the previous row's copy when the five has not changed
   * since (rows never change their fives, so they can share one array; one copy per change, not per event).
   */
  private fiveAfter(team: number): number[] {
    const now = this.court.lineups.get(team) ?? [];
    return this.lastFives.get(team, now) ?? this.lastFives.set(team, now, now.slice());
  }

  private gamePlayersByTeam(): Map<number, number[]> {
    const m = new Map<number, number[]>([
      [this.ctx.home, []],
      [this.ctx.away, []],
    ]);
    for (const e of this.events) {
      for (const p of [e.p1, e.p2, e.p3]) {
        if (!isPlayer(p)) continue;
        const list = m.get(p.teamId);
        if (list && !list.includes(p.id)) list.push(p.id);
      }
    }
    return m;
  }

  /** Runs the game clock down to `clock`: everyone on court gets the elapsed seconds. */
  private advanceClock(clock: number): void {
    if (clock >= this.ctx.clock) return; // the published order never runs the clock backwards within a period
    this.ledger.addSeconds(this.court.lineups, this.ctx.clock - clock);
    this.ctx.clock = clock;
  }

  private handle(e: RawEvent): void {
    this.advanceClock(e.clock);
    this.court.checkActors(e);
    switch (e.type) {
      case EventType.MadeFieldGoal:
      case EventType.MissedFieldGoal:
        this.fieldGoal(e);
        return;
      case EventType.FreeThrow:
        this.freeThrow(e);
        return;
      case EventType.Rebound:
        this.rebound(e);
        return;
      case EventType.Turnover:
        this.turnover(e);
        return;
      case EventType.Foul:
        this.foul(e);
        return;
      case EventType.Substitution:
        this.substitution(e);
        return;
      case EventType.Violation:
        // a delay of game may be the technical of a free throw that follows (lineupTracker.ts)
        if (isDelayOfGame(e)) this.court.technicalCalled(e);
        return;
      case EventType.JumpBall:
        this.jumpBall(e);
        return;
      default:
        return;
    }
  }

  private fieldGoal(e: RawEvent): void {
    const team = e.p1.teamId;
    if (!isPlayer(e.p1) || !this.ctx.isGameTeam(team)) return;
    const { possession, context } = this.flow.shotPossession(e, team);
    const made = e.type === EventType.MadeFieldGoal;
    const value: 2 | 3 = isThree(e) ? 3 : 2;
    const desc = description(e);
    const loc = this.takeShotLocation(e);
    const z = zoneOf(value, desc, loc);
    const ast = made ? assister(e) : null;
    const blk = made ? null : blocker(e);
    this.ledger.fieldGoal(e, made, value, ast, blk, this.court.lineups);
    this.shots.push({
      eventNum: e.eventNum,
      possession,
      period: e.period,
      clock: e.clock,
      playerId: e.p1.id,
      teamId: team,
      made,
      value,
      zone: z.zone,
      distance: z.distance === null ? null : Math.round(z.distance),
      locX: loc?.locX ?? null,
      locY: loc?.locY ?? null,
      zoneSource: z.source,
      action: desc.replace(/^MISS\s+/, ''),
      assistPlayerId: ast?.id ?? null,
      blockPlayerId: blk?.id ?? null,
      context,
    });
    this.flow.fieldGoal(e, possession, context, { made, value, zone: z.zone, ast, blk });
  }

  private takeShotLocation(e: RawEvent): ShotLocation | null {
    if (!this.shotLocations) return null;
    const key = `${e.period}:${e.clock}:${e.p1.id}`;
    const list = this.shotLocations.get(key);
    if (!list || list.length === 0) return null;
    const made = e.type === EventType.MadeFieldGoal;
    const i = list.findIndex((s) => s.made === made);
    const [loc] = list.splice(Math.max(i, 0), 1);
    return loc ?? null;
  }

  private freeThrow(e: RawEvent): void {
    const team = e.p1.teamId;
    if (!isPlayer(e.p1) || !this.ctx.isGameTeam(team)) return;
    const made = isFreeThrowMade(e);
    this.ledger.freeThrow(e, made);
    if (isTechnicalFreeThrow(e)) {
      const lineups = this.court.technicalFreeThrowLineups(e, team);
      if (made) this.ledger.technicalPoint(team, lineups, this.court.lineups);
      this.flow.technicalFreeThrow(e, team, made, lineups);
      return;
    }
    const lineups = this.court.freeThrowLineups(e);
    this.flow.freeThrowAttempt(e, team, made, lineups);
    if (made) this.ledger.addPoints(team, 1, lineups);
    this.flow.freeThrowFlow(e, team, made);
  }

  private rebound(e: RawEvent): void {
    if (isPlayer(e.p1)) {
      const team = e.p1.teamId;
      if (!this.ctx.isGameTeam(team)) return;
      const offensive = this.ledger.playerRebound(e, team === this.flow.shootingTeam(team));
      this.flow.playerRebound(e, offensive);
      return;
    }
    const team = actingTeam(e);
    if (!this.ctx.isGameTeam(team)) return;
    const side = this.flow.teamRebound(e, team);
    if (side) this.ledger.teamRebound(team, side === 'offensive');
  }

  private turnover(e: RawEvent): void {
    const team = actingTeam(e);
    if (!this.ctx.isGameTeam(team)) return;
    const stl = stealer(e);
    this.ledger.turnover(e, team, stl);
    this.flow.turnover(e, team, isPlayer(e.p1) ? e.p1 : null, stl);
  }

  private foul(e: RawEvent): void {
    if (isTechnicalFoul(e)) {
      this.court.technicalCalled(e);
      return;
    }
    if (!isPersonalFoul(e) || !isPlayer(e.p1) || !this.ctx.isGameTeam(e.p1.teamId)) return;
    this.ledger.personalFoul(e);
    this.court.foulCalled(e);
    this.flow.personalFoul(e);
  }

  private substitution(e: RawEvent): void {
    if (!isPlayer(e.p1) || e.p2.id <= 0) return;
    if (this.court.substitution(e)) this.ledger.playerGame(e.p2.id, e.p1.teamId);
  }

  private jumpBall(e: RawEvent): void {
    const team = jumpBallRecipientTeam(e);
    if (this.ctx.isGameTeam(team)) this.flow.jumpBall(e, team);
  }
}
