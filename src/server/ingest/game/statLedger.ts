/**
 * The stat ledger of one game: each player's box score, seconds and plus/minus, the team-only counters (team
 * rebounds and turnovers), the score by period. It also checks itself against the play-by-play's own running
 * counters: "(n PTS)" on made shots and free throws, "(n AST)" on assisted shots and "(Off:x Def:y)" on
 * rebounds must equal the ledger's totals for that player right after the event.
 *
 * Box rules (what counts, per the official box score; the event meanings are in events.ts):
 * - a made field goal: FGM, FGA, points; an assist only when the assister is a teammate; a miss is blocked by
 *   a player of the other team;
 * - a free throw is made only when its description carries "(n PTS)" (events.ts isFreeThrowMade);
 * - rebounds: the "(Off:x Def:y)" counters decide offensive or defensive when present (0021200982 #71),
 *   else the flow's guess; team rebounds are not in OREB/DREB, team turnovers are in TOV;
 * - a personal foul is charged to PLAYER1 (and PLAYER2 on a double personal foul).
 */
import { BOX_COUNTERS, TEAM_BOX_COUNTERS, zeros, type BoxCounters, type TeamBoxCounters } from '../../statsSchema/counterColumns.ts';
import { description, isPlayer, isThree, reboundCounters, DOUBLE_PERSONAL_FOUL } from './events.ts';
import { copyLineups, type GameContext, type Lineups } from './gameContext.ts';
import { EventType, type EventPerson, type RawEvent } from '../read/types.ts';

export interface PlayerGame {
  playerId: number;
  teamId: number;
  starter: boolean;
  seconds: number;
  plusMinus: number;
  box: BoxCounters;
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
  /**
   * A gap in the published data, when the published counter does not follow from the player's previous
   * published counter by this one event (events missing, duplicated or out of order in the published
   * play-by-play), or keeps the offset such a gap opened; null when the ledger alone is off.
   */
  gap: string | null;
}

export interface CounterChecks {
  ptsCounters: number;
  ptsCountersOk: number;
  astCounters: number;
  astCountersOk: number;
  rebCounters: number;
  rebCountersOk: number;
}

const PTS_COUNTER = /\((\d+) PTS\)/;
const AST_COUNTER = /\([^()]*\s(\d+) AST\)/;

export class StatLedger {
  readonly players = new Map<number, PlayerGame>();
  readonly teamBox = new Map<number, TeamBoxCounters>();
  private readonly score = new Map<number, number>();
  /** The ten credited with the points of the event being handled (set by addPoints; the parser clears it per event). */
  creditedLineups: Lineups | null = null;
  private readonly ptsByPeriod = new Map<number, number[]>();
  readonly counterChecks: CounterChecks = {
    ptsCounters: 0,
    ptsCountersOk: 0,
    astCounters: 0,
    astCountersOk: 0,
    rebCounters: 0,
    rebCountersOk: 0,
  };
  readonly counterMismatches: CounterMismatch[] = [];
  /** per `${kind}:${playerId}`: the last published counter and the offset (published - ours) a data gap left */
  private readonly published = new Map<string, { last: number[]; gapOffset: string | null; gapAt: number }>();

  /** per player: plus/minus from technical free throws at the foul minus at the shot */
  private readonly technicalShift = new Map<number, number>();

  /** per player: the published "(Off:x Def:y)" counters of the game's rebounds, by x + y (first one kept) */
  private readonly reboundByCount = new Map<number, Map<number, { off: number; def: number }>>();

  constructor(
    private readonly ctx: GameContext,
    events: readonly RawEvent[],
  ) {
    for (const e of events) {
      if (e.type !== EventType.Rebound || !isPlayer(e.p1)) continue;
      const counts = reboundCounters(e);
      if (!counts) continue;
      let byCount = this.reboundByCount.get(e.p1.id);
      if (!byCount) this.reboundByCount.set(e.p1.id, (byCount = new Map()));
      if (!byCount.has(counts.off + counts.def)) byCount.set(counts.off + counts.def, counts);
    }
    for (const t of [ctx.home, ctx.away]) {
      this.score.set(t, 0);
      this.ptsByPeriod.set(t, []);
      this.teamBox.set(t, zeros(TEAM_BOX_COUNTERS));
    }
  }

  playerGame(playerId: number, teamId: number): PlayerGame {
    let pg = this.players.get(playerId);
    if (!pg) {
      pg = { playerId, teamId, starter: false, seconds: 0, plusMinus: 0, box: zeros(BOX_COUNTERS) };
      this.players.set(playerId, pg);
    }
    return pg;
  }

  /** The game's starters: the five of each team on court at the start of period 1. */
  markStarters(lineups: Lineups): void {
    for (const [team, five] of lineups) for (const id of five) this.playerGame(id, team).starter = true;
  }

  /** Everyone on court gets the elapsed seconds. */
  addSeconds(lineups: Lineups, elapsed: number): void {
    for (const [team, five] of lineups) {
      for (const id of five) this.playerGame(id, team).seconds += elapsed;
    }
  }

  /** Points on the scoreboard: the team's score and period, plus/minus of the ten in `lineups`. */
  addPoints(team: number, points: number, lineups: Lineups): void {
    const other = this.ctx.other(team);
    this.creditedLineups = copyLineups(lineups);
    this.score.set(team, this.score.get(team)! + points);
    const per = this.ptsByPeriod.get(team)!;
    per[this.ctx.period - 1] = (per[this.ctx.period - 1] ?? 0) + points;
    for (const id of lineups.get(team) ?? []) this.playerGame(id, team).plusMinus += points;
    for (const id of lineups.get(other) ?? []) this.playerGame(id, other).plusMinus -= points;
  }

  /**
   * A made technical free throw of `team`: plus/minus goes to the ten on court when the technical was called
   * (lineupTracker.ts); the players whose plus/minus differs from crediting the ten at the shot are tallied.
   */
  technicalPoint(team: number, atFoul: Lineups, atShot: Lineups): void {
    this.addPoints(team, 1, atFoul);
    if (atFoul === atShot) return;
    const shift = (lineups: Lineups, sign: number) => {
      for (const [t, five] of lineups) {
        for (const id of five) this.technicalShift.set(id, (this.technicalShift.get(id) ?? 0) + (t === team ? sign : -sign));
      }
    };
    shift(atFoul, 1);
    shift(atShot, -1);
  }

  /** Players of the game whose plus/minus the technical free-throw rule changed. */
  get plusMinusChangedByTechnicals(): number {
    return [...this.technicalShift.values()].filter((v) => v !== 0).length;
  }

  points(team: number): number {
    return this.score.get(team)!;
  }

  /** Points by period, `periods` long. */
  pointsByPeriod(team: number, periods: number): number[] {
    return Array.from({ length: periods }, (_, i) => this.ptsByPeriod.get(team)![i] ?? 0);
  }

  /** Score of `team` minus the other team's. */
  scoreDiff(team: number): number {
    return this.score.get(team)! - this.score.get(this.ctx.other(team))!;
  }

  /** A field-goal attempt of PLAYER1 (points and plus/minus with `lineups`). */
  fieldGoal(e: RawEvent, made: boolean, value: 2 | 3, ast: EventPerson | null, blk: EventPerson | null, lineups: Lineups): void {
    const team = e.p1.teamId;
    const box = this.playerGame(e.p1.id, team).box;
    box.fga++;
    if (value === 3) box.fg3a++;
    if (made) {
      box.fgm++;
      box.pts += value;
      if (value === 3) box.fg3m++;
      if (ast && ast.teamId === team) this.playerGame(ast.id, team).box.ast++;
      this.addPoints(team, value, lineups);
    } else if (blk && blk.teamId !== team) {
      this.playerGame(blk.id, blk.teamId).box.blk++;
    }
  }

  /** A free throw of PLAYER1 in his box (the points go on the scoreboard through addPoints). */
  freeThrow(e: RawEvent, made: boolean): void {
    const box = this.playerGame(e.p1.id, e.p1.teamId).box;
    box.fta++;
    if (made) {
      box.ftm++;
      box.pts++;
    }
  }

  /**
   * A player rebound; `offensiveByFlow` is the flow's guess (his team shot last). The running "(Off:x Def:y)"
   * counters of the description decide when present: this is his (x + y)-th rebound, offensive when x is above
   * the Off counter of his (x + y - 1)-th. The league sometimes publishes a player's rebounds out of counter
   * order (0021700170 #393 "Off:1 Def:8" at 8:12, then #400 "Off:1 Def:7" at 8:02: #400 is the offensive one),
   * so the previous rebound is found by its counters, not by its place in the events. When that one is not
   * published, the side whose counter is above what the ledger has counted so far decides. Returns whether it
   * was offensive.
   */
  playerRebound(e: RawEvent, offensiveByFlow: boolean): boolean {
    const box = this.playerGame(e.p1.id, e.p1.teamId).box;
    let offensive = offensiveByFlow;
    const counts = reboundCounters(e);
    if (counts) {
      const nth = counts.off + counts.def;
      const prev = nth === 1 ? { off: 0, def: 0 } : this.reboundByCount.get(e.p1.id)?.get(nth - 1);
      if (prev && counts.off + counts.def - prev.off - prev.def === 1 && counts.off >= prev.off && counts.def >= prev.def) {
        offensive = counts.off > prev.off;
      } else if (counts.off > box.oreb) offensive = true;
      else if (counts.def > box.dreb) offensive = false;
    }
    if (offensive) box.oreb++;
    else box.dreb++;
    return offensive;
  }

  /** A team rebound (not in OREB/DREB of the box). */
  teamRebound(team: number, offensive: boolean): void {
    const box = this.teamBox.get(team)!;
    if (offensive) box.team_oreb++;
    else box.team_dreb++;
  }

  /** A turnover of PLAYER1 (or of the team) and the steal, if any. */
  turnover(e: RawEvent, team: number, stl: EventPerson | null): void {
    if (isPlayer(e.p1)) this.playerGame(e.p1.id, team).box.tov++;
    else this.teamBox.get(team)!.tov++;
    if (stl) this.playerGame(stl.id, stl.teamId).box.stl++;
  }

  /** A personal foul of PLAYER1 (and of PLAYER2 on a double personal foul). */
  personalFoul(e: RawEvent): void {
    this.playerGame(e.p1.id, e.p1.teamId).box.pf++;
    if (e.action === DOUBLE_PERSONAL_FOUL && isPlayer(e.p2)) this.playerGame(e.p2.id, e.p2.teamId).box.pf++;
  }

  /**
   * The play-by-play's own per-player oracle: the running counters of the descriptions against the ledger's
   * totals for that player right after the event.
   */
  checkCounters(e: RawEvent): void {
    const c = this.counterChecks;
    if ((e.type === EventType.MadeFieldGoal || e.type === EventType.FreeThrow) && isPlayer(e.p1)) {
      const desc = description(e);
      const pts = PTS_COUNTER.exec(desc);
      if (pts) {
        const ours = this.boxOf(e.p1)?.pts ?? 0;
        const points = e.type === EventType.FreeThrow ? 1 : isThree(e) ? 3 : 2;
        c.ptsCounters++;
        if (this.compare(e, 'pts', e.p1, [ours], [Number(pts[1])], points)) c.ptsCountersOk++;
      }
      const ast = e.type === EventType.MadeFieldGoal && isPlayer(e.p2) ? AST_COUNTER.exec(desc) : null;
      if (ast) {
        const ours = this.boxOf(e.p2)?.ast ?? 0;
        c.astCounters++;
        if (this.compare(e, 'ast', e.p2, [ours], [Number(ast[1])], 1)) c.astCountersOk++;
      }
    } else if (e.type === EventType.Rebound && isPlayer(e.p1)) {
      const counts = reboundCounters(e);
      if (counts) {
        const b = this.boxOf(e.p1);
        c.rebCounters++;
        if (this.compare(e, 'reb', e.p1, [b?.oreb ?? 0, b?.dreb ?? 0], [counts.off, counts.def], 1)) c.rebCountersOk++;
      }
    }
  }

  private boxOf(p: { id: number }): BoxCounters | null {
    return this.players.get(p.id)?.box ?? null;
  }

  /**
   * One running counter against the ledger: true when equal, else the mismatch is recorded with its cause.
   * `step` is what this one event adds to the published counter (its points, one assist, one rebound).
   */
  private compare(e: RawEvent, kind: CounterMismatch['kind'], p: EventPerson, ours: number[], published: number[], step: number): boolean {
    const key = `${kind}:${p.id}`;
    const prev = this.published.get(key) ?? { last: published.map(() => 0), gapOffset: null, gapAt: 0 };
    const added = published.map((v, i) => v - prev.last[i]!);
    const follows = added.every((d) => d >= 0) && added.reduce((a, b) => a + b, 0) === step;
    const offset = published.map((v, i) => v - ours[i]!).join(',');
    const same = offset === published.map(() => 0).join(',');
    let gap: string | null = null;
    if (!same && !follows) {
      gap = `the published counter moves from ${prev.last.join('/')} to ${published.join('/')} on an event worth ${step}`;
      prev.gapOffset = offset;
      prev.gapAt = e.eventNum;
    } else if (!same && prev.gapOffset === offset) {
      gap = `the offset left by the published counters' jump at #${prev.gapAt}`;
    } else if (same) {
      prev.gapOffset = null;
    }
    prev.last = published;
    this.published.set(key, prev);
    if (same) return true;
    this.counterMismatches.push({
      kind,
      eventNum: e.eventNum,
      period: e.period,
      playerId: p.id,
      teamId: p.teamId,
      ours: counterText(kind, ours),
      published: counterText(kind, published),
      gap,
    });
    return false;
  }

  /** Players who played or did something. */
  /**
   * The game's players: those who played seconds, have a box stat, or a plus/minus. The last are players on
   * court for no time while points were scored (sent in at a dead ball for free throws: 0021500843, player
   * 203909, -1): without them a team's plus/minus would not sum to five times its margin (13 team-games of
   * the full build). Games played (player_seasons) still count only games with seconds.
   */
  result(): PlayerGame[] {
    return [...this.players.values()].filter((p) => p.seconds > 0 || p.plusMinus !== 0 || Object.values(p.box).some((v) => v > 0));
  }
}

/** A running counter as the descriptions print it. */
function counterText(kind: CounterMismatch['kind'], v: number[]): string {
  return kind === 'reb' ? `Off:${v[0]} Def:${v[1]}` : String(v[0]);
}
