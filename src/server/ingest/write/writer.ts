/**
 * Bulk writer: turns each parsed game into rows, one collector per table (chunkWriter.ts), in game order, so the
 * large tables are stored sorted by season, season type, game and possession. It runs in the parse worker
 * (gameWorker.ts); the rows go to the database's thread 2,048 at a time.
 * Derived columns that need the whole season (days rest, opponent ranks) are filled later by postprocess.ts.
 */
import { ChunkCollector, type Chunk } from './chunkWriter.ts';
import { BOX_COUNTERS, PLAYER_COUNTERS, POSSESSION_COUNTERS, TEAM_BOX_COUNTERS } from '../../statsSchema/counterColumns.ts';
import { isHeave } from '../game/garbage.ts';
import { actingTeam, isPlayer } from '../game/events.ts';
import { LastFive } from '../game/lastFive.ts';
import type { GameResult } from '../game/parseGame.ts';
import type { Possession } from '../game/possession.ts';
import type { GameRows } from '../read/read.ts';
import type { PositionBook } from '../season/positionEstimates.ts';

/** The tables the writer fills. */
export const WRITTEN_TABLES = [
  'games',
  'team_games',
  'possessions',
  'player_possession_stats',
  'shots',
  'game_events',
  'player_games',
  'ingest_report',
  'game_checks',
  'ingest_read_stats',
  'lineups',
] as const;
export type WrittenTable = (typeof WRITTEN_TABLES)[number];

function days(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Math.round(Date.UTC(y!, m! - 1, d!) / 86_400_000);
}

export interface WriterTotals {
  games: number;
  possessions: number;
  events: number;
  warnings: number;
}

/**
 * Where a writer continues a database (the update, update/update.ts): the next possession id and the lineups the
 * database already holds, so that a season written again after the others numbers its possessions and new
 * lineups as a build of every season in order would (new lineups: the largest held id + 1, + 2, ...).
 */
export interface WriterStart {
  nextPossessionId: number;
  lineups: { id: number; team: number; ids: number[] }[];
}

export class StatsWriter {
  private nextPossessionId = 1;
  /** lineups already in the database (WriterStart): not written again */
  private readonly heldLineups: number = 0;
  private nextLineupId = 1;
  private readonly lineupIds = new Map<string, number>();
  private readonly lineupRows: { id: number; team: number; ids: number[] }[] = [];
  /** per team: the five of the last lineupId call, as given, and its id */
  private readonly lastLineup = new LastFive<number>();
  readonly totals: WriterTotals = { games: 0, possessions: 0, events: 0, warnings: 0 };
  /** a collector per written table */
  private readonly app: Record<WrittenTable, ChunkCollector>;

  /**
   * @param columnCounts each written table's column count (rows are checked against it)
   * @param sink receives every table's rows, 2,048 at a time, in the order they were written
   */
  constructor(
    columnCounts: Record<WrittenTable, number>,
    sink: (chunk: Chunk) => void,
    private readonly positions: PositionBook,
    start?: WriterStart,
  ) {
    if (start) {
      this.nextPossessionId = start.nextPossessionId;
      for (const l of start.lineups) {
        this.lineupIds.set(`${l.team}:${l.ids.join('-')}`, l.id);
        this.lineupRows.push(l);
        this.nextLineupId = Math.max(this.nextLineupId, l.id + 1);
      }
      this.heldLineups = start.lineups.length;
    }
    this.app = Object.fromEntries(WRITTEN_TABLES.map((t) => [t, new ChunkCollector(t, columnCounts[t], sink)])) as Record<WrittenTable, ChunkCollector>;
  }

  /** What the read step dropped (duplicated rows) and kept but flagged (EVENTNUMs reused) in one game. */
  readIssues(gameId: number, season: number, rows: GameRows): void {
    for (const d of rows.dropped) {
      this.report(
        gameId,
        season,
        'info',
        'duplicate_row_dropped',
        d.eventNum,
        d.period,
        null,
        `#${d.eventNum} published twice on consecutive rows with identical content; the copy was dropped: ${d.description}`,
      );
    }
    for (const n of rows.repeated) {
      this.report(
        gameId,
        season,
        'warning',
        'eventnum_repeated',
        n,
        null,
        null,
        `EVENTNUM ${n} is carried by more than one row with different content (or not on consecutive rows): all kept`,
      );
    }
  }

  /** Per play-by-play file: rows read, duplicates dropped, EVENTNUMs repeated. */
  readStats(season: number, seasonType: string, games: number, rowsRead: number, dropped: number, repeated: number): void {
    const a = this.app.ingest_read_stats;
    a.appendSmallInt(season);
    a.appendVarchar(seasonType);
    a.appendInteger(games);
    a.appendBigInt(BigInt(rowsRead));
    a.appendInteger(dropped);
    a.appendInteger(repeated);
    a.endRow();
  }

  /** A game that could not be parsed: reported, nothing else written. */
  skip(gameId: number, season: number, reason: string): void {
    this.report(gameId, season, 'skip', 'parse_error', null, null, null, reason);
  }

  report(
    gameId: number | null,
    season: number | null,
    severity: string,
    kind: string,
    eventNum: number | null,
    period: number | null,
    teamId: number | null,
    message: string,
  ): void {
    const a = this.app.ingest_report;
    if (gameId === null) a.appendNull();
    else a.appendInteger(gameId);
    if (season === null) a.appendNull();
    else a.appendSmallInt(season);
    a.appendVarchar(severity);
    a.appendVarchar(kind);
    if (eventNum === null) a.appendNull();
    else a.appendInteger(eventNum);
    if (period === null) a.appendNull();
    else a.appendTinyInt(period);
    if (teamId === null) a.appendNull();
    else a.appendInteger(teamId);
    a.appendVarchar(message);
    a.endRow();
    if (severity === 'warning') this.totals.warnings++;
  }

  /**
   * The lineup id of `team`'s five. Most calls repeat the call before them for the same team (the five stays on
   * court for many events and possessions), so the last five given for each team is remembered as given and
   * compared first; the sorted key is only built when it changed.
   */
  private lineupId(team: number, five: readonly number[]): number {
    const known = this.lastLineup.get(team, five);
    if (known !== undefined) return known;
    const ids = five.slice(0, 5).sort((a, b) => a - b);
    while (ids.length < 5) ids.push(0);
    const key = `${team}:${ids.join('-')}`;
    let id = this.lineupIds.get(key);
    if (id === undefined) {
      id = this.nextLineupId++;
      this.lineupIds.set(key, id);
      this.lineupRows.push({ id, team, ids });
    }
    return this.lastLineup.set(team, five, id);
  }

  /**
   * The five ordered by estimated position score (point first), then id; padded with 0 if short. `last` keeps,
   * per team, the five last given and its order (a five plays many possessions in a row).
   */
  private slots(scores: Map<number, number>, last: LastFive<number[]>, team: number, season: number, five: number[]): number[] {
    const known = last.get(team, five);
    if (known) return known;
    const ids = five.slice(0, 5);
    const score = (id: number): number => {
      let v = scores.get(id);
      if (v === undefined) scores.set(id, (v = this.positions.score(season, id)));
      return v;
    };
    ids.sort((a, b) => score(a) - score(b) || a - b);
    while (ids.length < 5) ids.push(0);
    return last.set(team, five, ids);
  }

  writeGame(r: GameResult): void {
    const g = r.game;
    const date = days(g.date);
    const firstId = this.nextPossessionId;
    // Technical rows (technicalRows.ts) follow the game's possessions.
    const technicalIds = new Map(r.technicalRows.map((row, i) => [row, firstId + r.possessions.length + i]));
    const possessionId = (p: Possession): number => technicalIds.get(p) ?? firstId + p.index;

    // games
    const a = this.app.games;
    a.appendInteger(g.gameId);
    a.appendVarchar(g.gameCode);
    a.appendSmallInt(g.season);
    a.appendVarchar(g.seasonType);
    a.appendDate(date);
    a.appendInteger(g.homeTeamId);
    a.appendInteger(g.awayTeamId);
    a.appendVarchar(g.homeAbbr);
    a.appendVarchar(g.awayAbbr);
    a.appendSmallInt(r.homePts);
    a.appendSmallInt(r.awayPts);
    a.appendList(r.homePtsByPeriod);
    a.appendList(r.awayPtsByPeriod);
    a.appendTinyInt(r.periods);
    a.appendTinyInt(5); // days rest: filled by postprocess
    a.appendTinyInt(5);
    a.appendBoolean(r.shots.some((s) => s.zoneSource === 'location'));
    a.endRow();

    // team_games (ranks and rest filled by postprocess)
    const possCount = new Map<number, number>();
    for (const p of r.possessions) possCount.set(p.offense, (possCount.get(p.offense) ?? 0) + 1);
    for (const home of [true, false]) {
      const team = home ? g.homeTeamId : g.awayTeamId;
      const opp = home ? g.awayTeamId : g.homeTeamId;
      const pts = home ? r.homePts : r.awayPts;
      const oppPts = home ? r.awayPts : r.homePts;
      const t = this.app.team_games;
      t.appendInteger(g.gameId);
      t.appendSmallInt(g.season);
      t.appendVarchar(g.seasonType);
      t.appendDate(date);
      t.appendInteger(team);
      t.appendInteger(opp);
      t.appendVarchar(home ? g.homeAbbr : g.awayAbbr);
      t.appendVarchar(home ? g.awayAbbr : g.homeAbbr);
      t.appendBoolean(home);
      t.appendBoolean(pts > oppPts);
      t.appendSmallInt(pts);
      t.appendSmallInt(oppPts);
      for (let i = 0; i < 5; i++) t.appendTinyInt(i < 2 ? 5 : 0); // days_rest, opp_days_rest, 3 ranks
      t.appendSmallInt(r.checks.gameSeconds);
      t.appendSmallInt(possCount.get(team) ?? 0);
      const box = r.teamBox.get(team)!;
      const sum = (k: (typeof BOX_COUNTERS)[number]): number => r.players.filter((p) => p.teamId === team).reduce((s, p) => s + p.box[k], 0);
      for (const k of TEAM_BOX_COUNTERS) {
        const fromPlayers = k === 'team_oreb' || k === 'team_dreb' ? 0 : sum(k as (typeof BOX_COUNTERS)[number]);
        t.appendSmallInt(fromPlayers + box[k]);
      }
      t.endRow();
    }

    // possessions and player possession stats
    const scores = new Map<number, number>();
    const lastSlots = new LastFive<number[]>();
    for (const p of [...r.possessions, ...r.technicalRows]) {
      const pa = this.app.possessions;
      const off5 = p.off5 ?? [];
      const def5 = p.def5 ?? [];
      const heave = isHeave(p.period, p.startClock);
      pa.appendInteger(possessionId(p));
      pa.appendInteger(g.gameId);
      pa.appendSmallInt(g.season);
      pa.appendVarchar(g.seasonType);
      pa.appendDate(date);
      pa.appendSmallInt((p.technicalOf ?? p).index + 1);
      pa.appendTinyInt(p.period);
      pa.appendSmallInt(p.startClock);
      pa.appendSmallInt(p.endClock);
      pa.appendSmallInt((p.period <= 4 ? (p.period - 1) * 720 + 720 : 2880 + (p.period - 4) * 300) - p.startClock);
      pa.appendSmallInt(p.startClock - p.endClock);
      pa.appendInteger(p.offense);
      pa.appendInteger(p.defense);
      pa.appendBoolean(p.offense === g.homeTeamId);
      pa.appendSmallInt(p.scoreDiff);
      pa.appendVarchar(p.startType);
      pa.appendBoolean(p.isGarbageTime);
      pa.appendBoolean(heave);
      pa.appendBoolean(p.isGarbageTime || heave);
      pa.appendInteger(this.lineupId(p.offense, off5));
      pa.appendInteger(this.lineupId(p.defense, def5));
      for (const id of this.slots(scores, lastSlots, p.offense, g.season, off5)) pa.appendInteger(id);
      for (const id of this.slots(scores, lastSlots, p.defense, g.season, def5)) pa.appendInteger(id);
      pa.appendUTinyInt(p.technicalOf ? 0 : 1);
      for (const k of POSSESSION_COUNTERS) pa.appendUTinyInt(Math.min(255, p.c[k]));
      pa.endRow();
      for (const s of p.players.values()) {
        const ps = this.app.player_possession_stats;
        ps.appendInteger(possessionId(p));
        ps.appendInteger(g.gameId);
        ps.appendInteger(s.playerId);
        ps.appendInteger(s.teamId);
        ps.appendBoolean(s.isOffense);
        for (const k of PLAYER_COUNTERS) ps.appendUTinyInt(Math.min(255, s.c[k]));
        ps.endRow();
      }
    }

    // shots
    for (const s of r.shots) {
      const sa = this.app.shots;
      const p = s.possession;
      sa.appendInteger(g.gameId);
      sa.appendInteger(s.eventNum);
      sa.appendInteger(possessionId(p));
      sa.appendSmallInt(g.season);
      sa.appendVarchar(g.seasonType);
      sa.appendTinyInt(s.period);
      sa.appendSmallInt(s.clock);
      sa.appendInteger(s.playerId);
      sa.appendInteger(s.teamId);
      sa.appendBoolean(s.made);
      sa.appendTinyInt(s.value);
      sa.appendVarchar(s.zone);
      if (s.distance === null) sa.appendNull();
      else sa.appendSmallInt(s.distance);
      if (s.locX === null) sa.appendNull();
      else sa.appendFloat(s.locX);
      if (s.locY === null) sa.appendNull();
      else sa.appendFloat(s.locY);
      sa.appendVarchar(s.zoneSource);
      sa.appendVarchar(s.action);
      sa.appendBoolean(s.assistPlayerId !== null);
      if (s.assistPlayerId === null) sa.appendNull();
      else sa.appendInteger(s.assistPlayerId);
      if (s.blockPlayerId === null) sa.appendNull();
      else sa.appendInteger(s.blockPlayerId);
      sa.appendVarchar(s.context);
      sa.appendBoolean(p.isGarbageTime || isHeave(p.period, p.startClock));
      sa.endRow();
    }

    // events: text, score and the ten on court after each
    r.events.forEach((row, seq) => {
      const e = row.event;
      const ea = this.app.game_events;
      ea.appendInteger(g.gameId);
      ea.appendSmallInt(seq);
      ea.appendInteger(e.eventNum);
      ea.appendTinyInt(e.period);
      ea.appendSmallInt(e.clock);
      ea.appendTinyInt(e.type);
      const team = actingTeam(e);
      if (team === g.homeTeamId || team === g.awayTeamId) ea.appendInteger(team);
      else ea.appendNull();
      if (isPlayer(e.p1)) ea.appendInteger(e.p1.id);
      else ea.appendNull();
      if (isPlayer(e.p2)) ea.appendInteger(e.p2.id);
      else ea.appendNull();
      if (isPlayer(e.p3)) ea.appendInteger(e.p3.id);
      else ea.appendNull();
      if (e.home === null) ea.appendNull();
      else ea.appendVarchar(e.home);
      if (e.neutral === null) ea.appendNull();
      else ea.appendVarchar(e.neutral);
      if (e.visitor === null) ea.appendNull();
      else ea.appendVarchar(e.visitor);
      ea.appendSmallInt(row.homePts);
      ea.appendSmallInt(row.awayPts);
      ea.appendInteger(this.lineupId(g.homeTeamId, row.homeFive));
      ea.appendInteger(this.lineupId(g.awayTeamId, row.awayFive));
      if (row.credited) {
        ea.appendInteger(this.lineupId(g.homeTeamId, row.credited.get(g.homeTeamId) ?? []));
        ea.appendInteger(this.lineupId(g.awayTeamId, row.credited.get(g.awayTeamId) ?? []));
      } else {
        ea.appendNull();
        ea.appendNull();
      }
      ea.endRow();
    });

    // player games
    for (const pg of r.players) {
      const home = pg.teamId === g.homeTeamId;
      const b = this.app.player_games;
      b.appendInteger(g.gameId);
      b.appendSmallInt(g.season);
      b.appendVarchar(g.seasonType);
      b.appendDate(date);
      b.appendInteger(pg.playerId);
      b.appendInteger(pg.teamId);
      b.appendInteger(home ? g.awayTeamId : g.homeTeamId);
      b.appendBoolean(home);
      b.appendBoolean(pg.starter);
      b.appendSmallInt(pg.seconds);
      b.appendSmallInt(pg.plusMinus);
      b.appendSmallInt(pg.box.pts);
      for (const k of BOX_COUNTERS) if (k !== 'pts') b.appendUTinyInt(Math.min(255, pg.box[k]));
      b.endRow();
    }

    // checks and warnings
    const c = this.app.game_checks;
    const ch = r.checks;
    c.appendInteger(g.gameId);
    c.appendSmallInt(g.season);
    c.appendVarchar(g.seasonType);
    c.appendInteger(ch.events);
    c.appendInteger(ch.actorEvents);
    c.appendInteger(ch.actorOnCourt);
    c.appendInteger(ch.lineupEvents);
    c.appendInteger(ch.lineupFive);
    c.appendSmallInt(ch.unknownStarterPeriods);
    c.appendInteger(ch.gameSeconds);
    c.appendInteger(ch.homePlayerSeconds);
    c.appendInteger(ch.awayPlayerSeconds);
    c.appendSmallInt(possCount.get(g.homeTeamId) ?? 0);
    c.appendSmallInt(possCount.get(g.awayTeamId) ?? 0);
    c.appendInteger(ch.ptsCounters);
    c.appendInteger(ch.ptsCountersOk);
    c.appendInteger(ch.astCounters);
    c.appendInteger(ch.astCountersOk);
    c.appendInteger(ch.rebCounters);
    c.appendInteger(ch.rebCountersOk);
    c.appendSmallInt(ch.technicalFts);
    c.appendSmallInt(ch.technicalFtsWithFoul);
    c.appendSmallInt(ch.technicalShooterAtFoul);
    c.appendSmallInt(ch.plusMinusChangedByTechnicals);
    c.appendSmallInt(ch.sameSecondSubPlayers);
    c.endRow();
    for (const m of r.counterMismatches) {
      this.report(
        g.gameId,
        g.season,
        'info',
        `counter_${m.kind}${m.gap ? '_gap' : ''}`,
        m.eventNum,
        m.period,
        m.teamId,
        `player ${m.playerId}: the description says ${m.published}, our ledger ${m.ours}${m.gap ? ` (data gap: ${m.gap})` : ''}`,
      );
    }
    for (const w of r.warnings) {
      if (w.kind === 'possession_repair') continue; // counted below, too many to list one by one
      this.report(g.gameId, g.season, 'warning', w.kind, w.eventNum, w.period, w.teamId, w.message);
    }
    const repairs = r.warnings.filter((w) => w.kind === 'possession_repair').length;
    if (repairs) {
      this.report(
        g.gameId,
        g.season,
        'info',
        'possession_repair',
        null,
        null,
        null,
        `${repairs} possession switch(es) inferred from a team acting on offense out of turn`,
      );
    }

    this.nextPossessionId += r.possessions.length + r.technicalRows.length;
    this.totals.games++;
    this.totals.possessions += r.possessions.length;
    this.totals.events += ch.events;
  }

  /** Writes the lineups table and hands every table's last rows to the sink. */
  close(): void {
    const la = this.app.lineups;
    for (const l of this.lineupRows.slice(this.heldLineups)) {
      la.appendInteger(l.id);
      la.appendInteger(l.team);
      for (const id of l.ids) la.appendInteger(id);
      la.endRow();
    }
    for (const a of Object.values(this.app)) a.flush();
  }
}
