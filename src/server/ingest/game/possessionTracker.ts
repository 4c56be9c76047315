/**
 * The possession tracker of one game (METRICS.md "Units of play"): which team has the ball, where each
 * possession starts and ends, and the offense's and defense's counters of each possession. Play context
 * (transition, putback, halfcourt) is decided in possession.ts.
 *
 * A possession ends when the other team gains control — a made field goal (unless an and-one free throw
 * follows at the same clock), a defensive rebound (player or team), a turnover, the last made free throw of a
 * trip (flagrant, clear-path and away-from-play trips keep the ball), a jump ball won by the defense — or when
 * the period ends. An offensive rebound continues it. When the data shows the other team acting on offense
 * (events missing or out of order) the current possession is closed there and the other team's opens ('other'
 * start type), so one bad row cannot derail the rest of the game.
 */
import {
  endsTrip,
  freeThrowNumber,
  isAwayFromPlayFoul,
  isDeadBallReboundPlaceholder,
  isOffensiveFoul,
  isPlayer,
  isShootingFoul,
  isTechnicalFreeThrow,
  keepsPossession,
  startsTrip,
  DOUBLE_PERSONAL_FOUL,
} from './events.ts';
import type { GameContext, Lineups } from './gameContext.ts';
import { GarbageTimeTracker } from './garbage.ts';
import type { LineupTracker } from './lineupTracker.ts';
import { Possession, type PlayContext, type StartType, type TechnicalCredit } from './possession.ts';
import { settleTechnicals } from './technicalRows.ts';
import type { StatLedger } from './statLedger.ts';
import { EventType, periodLength, type EventPerson, type RawEvent } from '../read/types.ts';
import type { Zone } from './zones.ts';

const ZONE_KEYS = { rim: 'rim', short_mid: 'smid', long_mid: 'lmid', corner3: 'c3', noncorner3: 'nc3' } as const;

export class PossessionTracker {
  readonly possessions: Possession[] = [];
  private cur: Possession | null = null;
  private garbage: GarbageTimeTracker | null = null;
  /** last missed shot or free throw of the current possession flow */
  private lastMiss: { team: number; event: RawEvent; blocked: boolean } | null = null;
  /** the made field goal whose and-one free throw is still to come */
  private andOne: { shooter: number; context: PlayContext } | null = null;
  /** context of the free-throw trip under way */
  private tripContext: PlayContext = 'halfcourt';
  private tripKeepsBall = false;
  /** technical free throws waiting for the shooting team's next possession */
  private readonly pendingTechnical = new Map<number, TechnicalCredit[]>();
  /** technical rows (technicalRows.ts), made by finish() */
  technicalRows: Possession[] = [];

  constructor(
    private readonly ctx: GameContext,
    private readonly court: LineupTracker,
    private readonly ledger: StatLedger,
    /** the game's events in the repaired order (to look ahead for an and-one) */
    private readonly events: RawEvent[],
  ) {}

  // ---- periods -------------------------------------------------------------------------------------------

  startPeriod(period: number): void {
    if (period === 1) this.garbage = new GarbageTimeTracker(new Set([...this.court.lineups.values()].flat()));
    this.cur = null;
    this.lastMiss = null;
    this.andOne = null;
  }

  endPeriod(): void {
    this.close(0);
  }

  /**
   * End of game: technical free throws still waiting go to the team's last possession; every possession's
   * technical free throws are settled (technicalRows.ts); possessions numbered.
   */
  finish(): Possession[] {
    for (const [team, credits] of this.pendingTechnical) {
      const target = [...this.possessions].reverse().find((p) => p.offense === team);
      if (target) target.technicals.push(...credits);
      else this.ctx.warn('technical_unassigned', null, null, team, `technical free throws of team ${team} have no possession`);
    }
    this.pendingTechnical.clear();
    this.possessions.forEach((p, i) => {
      p.index = i;
    });
    this.technicalRows = settleTechnicals(this.possessions);
    return this.possessions;
  }

  // ---- opening and closing -------------------------------------------------------------------------------

  private open(offense: number, clock: number, startType: StartType): Possession {
    const p = new Possession(this.ctx.period, clock, offense, this.ctx.other(offense), startType, this.ledger.scoreDiff(offense));
    this.cur = p;
    this.lastMiss = null;
    const pending = this.pendingTechnical.get(offense);
    if (pending) {
      p.technicals.push(...pending);
      this.pendingTechnical.delete(offense);
    }
    return p;
  }

  private close(clock: number): void {
    const p = this.cur;
    if (!p) return;
    this.cur = null;
    p.endClock = Math.min(clock, p.startClock);
    if (!p.hadAction && p.startClock - p.endClock <= 0) {
      // an empty, zero-second possession: not one (technical free throws counted for it wait for the next)
      if (p.technicals.length) this.waitForNextPossession(p.offense, p.technicals.splice(0));
      return;
    }
    this.fixLineups(p);
    this.possessions.push(p);
  }

  private change(clock: number, to: number, startType: StartType): void {
    this.close(clock);
    this.open(to, clock, startType);
  }

  /** The ten players of a possession are those on court at its first action. */
  private fixLineups(p: Possession, lineups: Lineups = this.court.lineups): void {
    if (p.off5) return;
    p.off5 = this.court.onCourt(p.offense, lineups).slice();
    p.def5 = this.court.onCourt(p.defense, lineups).slice();
    p.isGarbageTime = this.garbage!.atPossessionStart(p.period, p.startClock, p.scoreDiff, [...p.off5, ...p.def5]);
  }

  private action(p: Possession, lineups: Lineups = this.court.lineups): void {
    p.hadAction = true;
    p.lastActionClock = this.ctx.clock;
    this.fixLineups(p, lineups);
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
      cur &&
      !cur.hadAction &&
      cur.players.size === 0 &&
      cur.technicals.length === 0 &&
      cur.startClock === clock &&
      last &&
      last.offense === team &&
      last.period === this.ctx.period &&
      last.endClock === clock
    ) {
      this.possessions.pop();
      this.cur = last;
      return last;
    }
    if (cur) {
      // The change of possession the data does not show happened after the old offense's last action.
      const at = cur.hadAction ? cur.lastActionClock : clock;
      this.ctx.warn(
        'possession_repair',
        e.eventNum,
        this.ctx.period,
        team,
        `team ${team} acts on offense during team ${cur.offense}'s possession: possession switched`,
      );
      this.close(at);
      return this.open(team, at, 'other');
    }
    return this.open(team, periodLength(this.ctx.period), 'period_start');
  }

  // ---- field goals -----------------------------------------------------------------------------------------

  /** A field-goal attempt of `team` begins: its possession, acting now, and the play's context. */
  shotPossession(e: RawEvent, team: number): { possession: Possession; context: PlayContext } {
    const p = this.offenseOf(team, e.clock, e);
    this.action(p);
    return { possession: p, context: p.play(e.clock) };
  }

  /** The shot's counters in its possession (call after the points are on the scoreboard), then the flow. */
  fieldGoal(
    e: RawEvent,
    p: Possession,
    context: PlayContext,
    shot: { made: boolean; value: 2 | 3; zone: Zone; ast: EventPerson | null; blk: EventPerson | null },
  ): void {
    const team = e.p1.teamId;
    const { made, value, ast, blk } = shot;
    const zoneKey = ZONE_KEYS[shot.zone];
    p.c.fga++;
    if (value === 3) p.c.fg3a++;
    p.c[`fga_${zoneKey}`]++;
    const pc = p.player(e.p1.id, team);
    pc[`fga_${zoneKey}`]++;
    if (made) {
      p.c.fgm++;
      p.c.pts += value;
      if (value === 3) p.c.fg3m++;
      p.c[`fgm_${zoneKey}`]++;
      p.contextPoints(context, value);
      pc[`fgm_${zoneKey}`]++;
      pc.pts += value;
      if (ast && ast.teamId === team) {
        p.c.ast++;
        pc[`astd_${zoneKey}`]++;
        p.player(ast.id, team).ast++;
      }
    } else if (blk && blk.teamId !== team) {
      p.c.blk++;
      p.player(blk.id, blk.teamId).blk++;
    }
    if (made) {
      this.lastMiss = null;
      // An and-one: a shooting foul and a "1 of 1" free throw by the scoring team at the same clock follow.
      if (this.andOneFollows(e, team)) this.andOne = { shooter: e.p1.id, context };
      else this.change(e.clock, this.ctx.other(team), 'after_made_fg');
    } else {
      this.lastMiss = { team, event: e, blocked: blk !== null };
    }
  }

  private andOneFollows(shot: RawEvent, team: number): boolean {
    const events = this.events;
    for (let i = events.indexOf(shot) + 1; i < events.length; i++) {
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

  // ---- free throws -----------------------------------------------------------------------------------------

  /**
   * A free throw (not technical) of `team`, with the lineups of the foul: its possession acts, the trip starts
   * (an and-one trip is a play of its shot's context) and the attempt is counted. Returns the possession.
   */
  freeThrowAttempt(e: RawEvent, team: number, made: boolean, lineups: Lineups): Possession {
    const p = this.offenseOf(team, e.clock, e);
    this.action(p, lineups);
    const pc = p.player(e.p1.id, team);
    if (startsTrip(e)) {
      const andOne = this.andOne !== null && freeThrowNumber(e).of === 1;
      this.tripContext = andOne ? this.andOne!.context : p.play(e.clock);
      if (andOne) {
        p.c.plays++;
        if (this.tripContext === 'transition') p.c.tr_plays++;
        else if (this.tripContext === 'putback') p.c.pb_plays++;
        else p.c.hc_plays++;
        p.player(this.andOne!.shooter, team).and1++;
      }
      this.tripKeepsBall = keepsPossession(e) || (this.court.lastFoul !== null && isAwayFromPlayFoul(this.court.lastFoul));
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
    }
    return p;
  }

  /** After a free throw's point is on the scoreboard: the trip's end hands the ball over (or keeps it). */
  freeThrowFlow(e: RawEvent, team: number, made: boolean): void {
    if (endsTrip(e)) {
      this.andOne = null;
      if (this.tripKeepsBall) {
        this.tripKeepsBall = false;
        return;
      }
      if (made) this.change(e.clock, this.ctx.other(team), 'after_made_ft');
      else this.lastMiss = { team, event: e, blocked: false };
    } else if (!made) {
      // a missed free throw that is not the last: the ball is dead, the next one follows
      this.lastMiss = { team, event: e, blocked: false };
    }
  }

  /**
   * Technical free throws: not a trip, no change of possession; they count for the shooting team's possession
   * (the one under way, else its last, else its next), with the ten on court when the technical was called
   * (`lineups`); technicalRows.ts settles them when the game ends.
   */
  technicalFreeThrow(e: RawEvent, team: number, made: boolean, lineups: Lineups): void {
    const t: TechnicalCredit = {
      shooter: e.p1.id,
      made,
      off5: this.court.onCourt(team, lineups).slice(),
      def5: this.court.onCourt(this.ctx.other(team), lineups).slice(),
    };
    if (this.cur && this.cur.offense === team) {
      this.cur.technicals.push(t);
      return;
    }
    const previous = [...this.possessions].reverse().find((p) => p.offense === team);
    if (previous) previous.technicals.push(t);
    else this.waitForNextPossession(team, [t]);
  }

  private waitForNextPossession(team: number, credits: TechnicalCredit[]): void {
    const pending = this.pendingTechnical.get(team);
    if (pending) pending.push(...credits);
    else this.pendingTechnical.set(team, credits);
  }

  // ---- rebounds --------------------------------------------------------------------------------------------

  /** The team that shot last (the flow's guess for a rebound's side). */
  shootingTeam(rebounder: number): number {
    return this.lastMiss?.team ?? this.cur?.offense ?? this.ctx.other(rebounder);
  }

  /**
   * A team rebound: returns 'offensive' or 'defensive' when it is one (the ledger counts it), null when it is
   * a placeholder or follows no miss. A defensive one hands the ball over.
   */
  teamRebound(e: RawEvent, team: number): 'offensive' | 'defensive' | null {
    // A team "rebound" after a missed free throw that is not the last of its trip is a dead-ball placeholder.
    if (this.lastMiss && this.lastMiss.event.type === EventType.FreeThrow && !endsTrip(this.lastMiss.event)) return null;
    if (isDeadBallReboundPlaceholder(e) && !this.lastMiss) return null;
    if (!this.lastMiss) return null; // a team rebound with no miss before it (after a turnover or period end): nothing to do
    const shootingTeam = this.lastMiss.team;
    const p = this.cur;
    if (team === shootingTeam) {
      if (p && p.offense === team) p.c.team_oreb++;
      this.lastMiss = null;
      return 'offensive';
    }
    if (p && p.offense === shootingTeam) {
      p.c.team_dreb++;
      this.action(p);
    }
    this.change(e.clock, team, 'after_team_dreb');
    return 'defensive';
  }

  /** A player rebound, offensive or defensive as the ledger counted it. */
  playerRebound(e: RawEvent, offensive: boolean): void {
    const team = e.p1.teamId;
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
    if (p) this.change(e.clock, team, start);
    else this.open(team, e.clock, 'period_start');
    if (offensive && this.cur) this.cur.offensiveRebound(e.clock);
  }

  // ---- turnovers, fouls, jump balls ------------------------------------------------------------------------

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

  turnover(e: RawEvent, team: number, player: EventPerson | null, stl: EventPerson | null): void {
    const ended = this.turnoverAfterJumpBall(team, e.clock);
    const p = ended ?? this.offenseOf(team, e.clock, e);
    this.action(p);
    p.play(e.clock);
    p.c.tov++;
    if (player) p.player(player.id, team).tov++;
    if (stl) {
      p.c.stl++;
      p.player(stl.id, stl.teamId).stl++;
    }
    if (ended) return;
    this.change(e.clock, this.ctx.other(team), stl ? 'after_steal' : 'dead_ball_turnover');
  }

  /** A personal foul of PLAYER1: fouls drawn by the offense (shooting or not). */
  personalFoul(e: RawEvent): void {
    const team = e.p1.teamId;
    let p = this.cur;
    if (!p) {
      // First event of a period: an offensive foul shows who has the ball, any other foul the other team.
      const offense = isOffensiveFoul(e) ? team : this.ctx.other(team);
      p = this.open(offense, periodLength(this.ctx.period), 'period_start');
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

  /** A jump ball won by `team` (the team the ball is tipped to). */
  jumpBall(e: RawEvent, team: number): void {
    const p = this.cur;
    if (!p) {
      this.open(team, e.clock, 'jump_ball');
      return;
    }
    this.action(p);
    if (p.offense !== team) this.change(e.clock, team, 'jump_ball');
  }
}
