/**
 * The lineup tracker: who is on court at every event of one game. Period starters and the substitution-order
 * repair are in periodStarters.ts; this part applies substitutions, keeps the snapshot of the last personal foul (free
 * throws belong to the lineups on court at the foul), checks that acting players are on court, and repairs a
 * missing substitution when one is not (the teammate whose next action comes last leaves).
 *
 * Technical free throws follow the same principle: they belong to the ten on court when the technical-type
 * foul was called, not when they are shot (substitutions are often made between the two: 0021200015
 * #232-#237, a technical, "SUB: Mahinmi FOR Hibbert", then Walker's technical free throw). A technical waits
 * for its free throw while the game clock stands still: at its own period and clock, or, called at the end of a
 * period, until the first clock of the next one (0021200111: a technical at Q1 0:00 shot at Q2 12:00). In
 * every season the league published, a technical free throw follows its foul at the same dead ball; one with
 * no technical waiting keeps the ten at the shot (the foul is missing from the data: 0022100467 #604), and
 * is counted in the checks. Among several waiting:
 * - a free throw of one team takes a technical of the other team, or of no team (an empty description,
 *   0021200010 #109), the newest first;
 * - "Technical 1 of 2" leaves its technical for "2 of 2";
 * - a double technical gives no free throw, and its two fouls stop waiting when the clock runs;
 * - a delay-of-game violation waits too: after a team's warning it is a technical (events.ts isDelayOfGame).
 */
import { actingTeam, actorsOnCourt, description, freeThrowNumber, isTechnicalFreeThrow } from './events.ts';
import { copyLineups, type GameContext, type Lineups } from './gameContext.ts';
import { periodStarters } from './periodStarters.ts';
import { EventType, periodLength, type RawEvent } from '../read/types.ts';

export interface LineupChecks {
  actorEvents: number;
  actorOnCourt: number;
  lineupEvents: number;
  lineupFive: number;
  unknownStarterPeriods: number;
  /** technical free throws, and those matched to a technical-type foul called before them */
  technicalFts: number;
  technicalFtsWithFoul: number;
  /** technical free throws whose shooter was on court when the foul was called */
  technicalShooterAtFoul: number;
}

/** A technical-type foul waiting for its free throw, with the ten on court when it was called. */
interface CalledTechnical {
  /** the fouling team; 0 when the data names none */
  team: number;
  period: number;
  clock: number;
  lineups: Lineups;
}

/** The game clock has not run between a technical and a free throw (see the module rule). */
function clockStood(called: CalledTechnical, e: RawEvent): boolean {
  if (called.period === e.period) return called.clock === e.clock;
  return called.clock === 0 && e.period === called.period + 1 && e.clock === periodLength(e.period);
}

export class LineupTracker {
  lineups: Lineups = new Map();
  /** lineups when the last personal foul was called: free throws belong to them */
  private foulLineups: Lineups | null = null;
  private foul: RawEvent | null = null;
  /** technicals called and not yet shot, oldest first */
  private readonly technicals: CalledTechnical[] = [];
  /** the current period's events (repaired order) and the index of the event being handled */
  private periodEvents: RawEvent[] = [];
  private eventIndex = 0;
  readonly checks: LineupChecks = {
    actorEvents: 0,
    actorOnCourt: 0,
    lineupEvents: 0,
    lineupFive: 0,
    unknownStarterPeriods: 0,
    technicalFts: 0,
    technicalFtsWithFoul: 0,
    technicalShooterAtFoul: 0,
  };

  constructor(private readonly ctx: GameContext) {}

  /** The last personal foul of the period, if any. */
  get lastFoul(): RawEvent | null {
    return this.foul;
  }

  onCourt(team: number, lineups: Lineups = this.lineups): number[] {
    return lineups.get(team) ?? [];
  }

  /** Period starters from the period's events (periodStarters.ts), flagged when unknowable or too many. */
  startPeriod(period: number, list: RawEvent[], previousEnd: Lineups, gamePlayers: Map<number, number[]>): void {
    const { home, away } = this.ctx;
    const starters = periodStarters(list, [home, away], previousEnd, gamePlayers);
    for (const team of starters.unknown) {
      this.checks.unknownStarterPeriods++;
      this.ctx.warn(
        'unknown_starter',
        null,
        period,
        team,
        `period ${period}: a starter of team ${team} has no event in the period; taken from the five on court before`,
      );
    }
    for (const team of starters.tooMany) {
      this.ctx.warn(
        'too_many_starters',
        null,
        period,
        team,
        `period ${period}: more than five players of team ${team} act before any substitution (missing substitution)`,
      );
    }
    this.lineups = copyLineups(starters.lineups);
    this.foulLineups = null;
    this.foul = null;
    this.periodEvents = list;
  }

  /** The event at `index` of the period is being handled (for the missing-substitution repair). */
  at(index: number): void {
    this.eventIndex = index;
  }

  /** A personal foul: the lineups now are those of the free throws it gives. */
  foulCalled(e: RawEvent): void {
    this.foul = e;
    this.foulLineups = copyLineups(this.lineups);
  }

  /** A technical-type foul, or a delay of game: it waits for a free throw (see the module rule). */
  technicalCalled(e: RawEvent): void {
    const team = actingTeam(e);
    this.dropStaleTechnicals(e);
    this.technicals.push({ team: this.ctx.isGameTeam(team) ? team : 0, period: e.period, clock: e.clock, lineups: copyLineups(this.lineups) });
  }

  /**
   * The lineups of a technical free throw of `team`: those of the newest technical waiting for it (of the other
   * team, or of no team), else those on court now.
   */
  technicalFreeThrowLineups(e: RawEvent, team: number): Lineups {
    this.checks.technicalFts++;
    this.dropStaleTechnicals(e);
    let i = this.technicals.length - 1;
    while (i >= 0 && this.technicals[i]!.team === team) i--;
    if (i < 0) {
      this.ctx.warn(
        'technical_without_foul',
        e.eventNum,
        e.period,
        team,
        `#${e.eventNum} ${description(e)}: no technical foul waits for this free throw; plus/minus goes to the ten on court at the shot`,
      );
      return this.lineups;
    }
    const called = this.technicals[i]!;
    const { n, of } = freeThrowNumber(e);
    if (n >= of) this.technicals.splice(i, 1);
    this.checks.technicalFtsWithFoul++;
    if (this.onCourt(team, called.lineups).includes(e.p1.id)) this.checks.technicalShooterAtFoul++;
    else {
      this.ctx.warn(
        'technical_shooter_off_court',
        e.eventNum,
        e.period,
        team,
        `#${e.eventNum} ${description(e)}: the shooter was not on court when the technical was called`,
      );
    }
    return called.lineups;
  }

  /** Technicals whose clock has run since they were called no longer wait for a free throw. */
  private dropStaleTechnicals(e: RawEvent): void {
    const waiting = this.technicals.filter((t) => clockStood(t, e));
    this.technicals.splice(0, this.technicals.length, ...waiting);
  }

  /**
   * Free throws belong to the lineups on court when the foul was called (substitutions are made between
   * the foul and the shots): the snapshot of the last personal foul at the same period and clock.
   */
  freeThrowLineups(e: RawEvent): Lineups {
    if (e.type !== EventType.FreeThrow || isTechnicalFreeThrow(e)) return this.lineups;
    const f = this.foul;
    if (f && this.foulLineups && f.period === e.period && f.clock === e.clock) return this.foulLineups;
    return this.lineups;
  }

  /**
   * A substitution: PLAYER1 leaves, PLAYER2 enters. Returns false when it names no players. When the player
   * leaving is not on court, someone else's substitution is missing: the player least likely on court leaves.
   */
  substitution(e: RawEvent): boolean {
    const team = e.p1.teamId;
    const five = this.lineups.get(team);
    if (!five) return false;
    const i = five.indexOf(e.p1.id);
    if (i >= 0) five.splice(i, 1);
    else {
      this.ctx.warn(
        'sub_out_not_on_court',
        e.eventNum,
        e.period,
        team,
        `#${e.eventNum} ${description(e)}: the player leaving is not in the reconstructed lineup`,
      );
    }
    if (!five.includes(e.p2.id)) {
      if (five.length >= 5) {
        const out = this.leastLikelyOnCourt(five, []);
        if (out !== null) five.splice(five.indexOf(out), 1);
      }
      five.push(e.p2.id);
    }
    return true;
  }

  /**
   * Players acting in the event are on court (counted in the checks); one who is not was brought in by a
   * substitution the data misses: he is put on court from here.
   */
  checkActors(e: RawEvent): void {
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
        this.ctx.warn(
          'actor_not_on_court',
          e.eventNum,
          e.period,
          a.teamId,
          `player ${a.id} acts in event #${e.eventNum} (${description(e)}) but is not in the reconstructed lineup: ` +
            'a substitution is missing; he is put on court from here in place of the teammate least likely on it',
        );
        if (lineups === this.lineups && this.ctx.isGameTeam(a.teamId))
          this.forceOnCourt(
            a.teamId,
            a.id,
            actors.map((x) => x.id),
          );
      }
    }
    for (const team of [this.ctx.home, this.ctx.away]) {
      this.checks.lineupEvents++;
      if (this.onCourt(team).length === 5) this.checks.lineupFive++;
    }
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
}
