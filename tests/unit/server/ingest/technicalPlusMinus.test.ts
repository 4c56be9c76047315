/**
 * Plus/minus of technical free throws on real games (nba-data, read at run time): the point goes to the ten on
 * court when the technical was called (src/server/ingest/game/lineupTracker.ts), not to the ten at the shot.
 *
 * Each test takes a made technical free throw and parses the game twice, as published and with that one free
 * throw turned into a miss (its "(n PTS)" removed, events.ts isFreeThrowMade). The players whose plus/minus
 * moves are the ten the point was credited to; the test compares them with the lineups the parser itself had
 * on court right after the technical foul and right at the shot.
 */
import { describe, expect, it } from 'vitest';
import { description } from '../../../../src/server/ingest/game/events.ts';
import type { GameResult } from '../../../../src/server/ingest/game/parseGame.ts';
import { parseGame } from '../../../../src/server/ingest/game/parseGame.ts';
import type { RawEvent } from '../../../../src/server/ingest/read/types.ts';
import { hasData, loadGame, type Fixture } from './fixtures.ts';

type Ten = Map<number, number[]>;

const plusMinus = (r: GameResult): Map<number, number> => new Map(r.players.map((p) => [p.playerId, p.plusMinus]));

/** The event with this EVENTNUM (the first one, in published order). */
function eventOf(f: Fixture, eventNum: number): RawEvent {
  const e = f.events.find((x) => x.eventNum === eventNum);
  if (!e) throw new Error(`no event #${eventNum} in ${f.game.gameCode}`);
  return e;
}

/** The same game with one made free throw turned into a miss. */
function withMiss(f: Fixture, ft: RawEvent): GameResult {
  const unscore = (d: string | null) => (d ? d.replace(/\s*\(\d+ PTS\)/, '') : d);
  const events = f.events.map((e) => (e === ft ? { ...e, home: unscore(e.home), visitor: unscore(e.visitor), neutral: unscore(e.neutral) } : e));
  return parseGame(f.game, events, null);
}

/** Lineups on court right after each of `events` (the parser's own, from its observer). */
function lineupsAfter(f: Fixture, events: RawEvent[]): { result: GameResult; after: Map<RawEvent, Ten> } {
  const after = new Map<RawEvent, Ten>();
  const result = f.parse((e, lineups) => {
    if (events.includes(e)) after.set(e, new Map([...lineups].map(([t, five]) => [t, [...five].sort((a, b) => a - b)])));
  });
  return { result, after };
}

/** The ten a made free throw of `team` was credited to: the players whose plus/minus moves without it, by sign. */
function creditedTen(f: Fixture, ft: RawEvent, published: GameResult): Ten {
  const before = plusMinus(published);
  const missed = plusMinus(withMiss(f, ft));
  const team = ft.p1.teamId;
  const other = team === f.game.homeTeamId ? f.game.awayTeamId : f.game.homeTeamId;
  const ten: Ten = new Map([
    [team, []],
    [other, []],
  ]);
  for (const [id, pm] of before) {
    const d = pm - (missed.get(id) ?? 0);
    if (d === 1) ten.get(team)!.push(id);
    else if (d === -1) ten.get(other)!.push(id);
    else expect(d, `player ${id}`).toBe(0);
  }
  for (const five of ten.values()) five.sort((a, b) => a - b);
  return ten;
}

describe.skipIf(!hasData)('technical free throws: plus/minus to the ten on court at the technical foul', () => {
  it('a technical at a dead ball, then a substitution, then the shot (0021200015 #232-#237: Hibbert leaves before Walker shoots)', async () => {
    const f = await loadGame('0021200015');
    const ft = f.events.find((e) => e.period === 2 && /Walker Free Throw Technical \(\d+ PTS\)/.test(description(e)))!;
    const sub = f.events.find((e) => e.period === 2 && e.clock === ft.clock && /SUB: Mahinmi FOR Hibbert/.test(description(e)))!;
    const foul = f.events.find((e) => e.period === 2 && e.clock === ft.clock && e.type === 6 && e.action === 11)!;
    expect(f.events.indexOf(foul)).toBeLessThan(f.events.indexOf(sub));
    expect(f.events.indexOf(sub)).toBeLessThan(f.events.indexOf(ft));
    const { result, after } = lineupsAfter(f, [foul, ft]);
    const credited = creditedTen(f, ft, result);
    expect(credited).toEqual(after.get(foul));
    expect(credited).not.toEqual(after.get(ft));
    const indiana = sub.p1.teamId;
    expect(credited.get(indiana)).toContain(sub.p1.id); // Hibbert, on court at the technical
    expect(credited.get(indiana)).not.toContain(sub.p2.id); // Mahinmi, on court at the shot
  });

  it("two technicals, an ejection and a substitution before both shots (0021200282 #447-#453: O'Neal out, Gortat in)", async () => {
    const f = await loadGame('0021200282');
    const [first, second] = [eventOf(f, 447), eventOf(f, 448)];
    const sub = eventOf(f, 450);
    expect(description(sub)).toMatch(/SUB: Gortat FOR O'Neal/);
    const { result, after } = lineupsAfter(f, [first, second, eventOf(f, 451), eventOf(f, 453)]);
    expect(after.get(first)).toEqual(after.get(second));
    for (const n of [451, 453]) {
      const ft = eventOf(f, n);
      expect(description(ft)).toMatch(/Crawford Free Throw Technical \(\d+ PTS\)/);
      const credited = creditedTen(f, ft, result);
      expect(credited).toEqual(after.get(second));
      expect(credited).not.toEqual(after.get(ft));
      expect(credited.get(sub.p1.teamId)).toContain(sub.p1.id);
      expect(credited.get(sub.p1.teamId)).not.toContain(sub.p2.id);
    }
  });

  it('a technical called at the end of a period is shot at the start of the next, for the ten of the call (0021200111 #125, #129)', async () => {
    const f = await loadGame('0021200111');
    const foul = eventOf(f, 125);
    const ft = eventOf(f, 129);
    expect([foul.period, foul.clock, ft.period, ft.clock]).toEqual([1, 0, 2, 720]);
    const { result, after } = lineupsAfter(f, [foul, ft]);
    const credited = creditedTen(f, ft, result);
    expect(credited).toEqual(after.get(foul));
    expect(credited).not.toEqual(after.get(ft));
  });

  it('a double technical gives no free throw and stops waiting when the clock runs (0021200036 #294, #298 at Q2 3:05; Paul shoots at 2:12)', async () => {
    const f = await loadGame('0021200036');
    const doubles = f.events.filter((e) => e.period === 2 && e.clock === 185 && e.type === 6 && e.action === 11);
    expect(doubles.map((e) => description(e))).toEqual([expect.stringMatching(/Landry T\.FOUL/), expect.stringMatching(/Paul T\.FOUL/)]);
    const ft = f.events.find((e) => e.period === 2 && e.clock === 132 && /Paul Free Throw Technical \(\d+ PTS\)/.test(description(e)))!;
    const foul = f.events.find((e) => e.period === 2 && e.clock === 132 && e.type === 6 && e.action === 11)!;
    const { result, after } = lineupsAfter(f, [foul, ft]);
    expect(creditedTen(f, ft, result)).toEqual(after.get(foul));
    expect(result.checks.technicalFtsWithFoul).toBe(result.checks.technicalFts);
    // Without the 2:12 technical, the 3:05 pair does not take Paul's free throw: the clock ran in between.
    const withoutFoul = parseGame(
      f.game,
      f.events.filter((e) => e !== foul),
      null,
    );
    expect(withoutFoul.warnings).toContainEqual(expect.objectContaining({ kind: 'technical_without_foul', eventNum: ft.eventNum }));
  });

  it('a delay of game after the warning is the technical (0021201222 #174 "BULLS Violation: Delay of game", #175 Price)', async () => {
    const f = await loadGame('0021201222');
    const violation = eventOf(f, 174);
    const ft = eventOf(f, 175);
    expect(description(violation)).toMatch(/Delay of game/);
    const r = f.parse();
    expect(r.warnings.filter((w) => w.kind.startsWith('technical_'))).toEqual([]);
    expect(r.checks.technicalFtsWithFoul).toBe(r.checks.technicalFts);
    const { after } = lineupsAfter(f, [violation, ft]);
    expect(creditedTen(f, ft, r)).toEqual(after.get(violation));
  });

  it('a technical free throw with no technical in the data keeps the ten at the shot, and says so (0022100467 #604, Q4 0:01)', async () => {
    const f = await loadGame('0022100467');
    const ft = f.events.find((e) => e.period === 4 && e.clock === 1 && /Alexander-Walker Free Throw Technical \(\d+ PTS\)/.test(description(e)))!;
    const { result, after } = lineupsAfter(f, [ft]);
    expect(result.warnings).toContainEqual(expect.objectContaining({ kind: 'technical_without_foul', eventNum: ft.eventNum }));
    expect(creditedTen(f, ft, result)).toEqual(after.get(ft));
  });

  it('keeps a player on court for no time while points were scored, with his plus/minus (0021500843: 203909 at 0:00, -1)', async () => {
    const f = await loadGame('0021500843');
    const r = f.parse();
    const player = r.players.find((p) => p.playerId === 203909);
    expect(player).toMatchObject({ seconds: 0, plusMinus: -1 });
    for (const team of [f.game.homeTeamId, f.game.awayTeamId]) {
      const sum = r.players.filter((p) => p.teamId === team).reduce((s, p) => s + p.plusMinus, 0);
      expect(sum).toBe(5 * (team === f.game.homeTeamId ? r.homePts - r.awayPts : r.awayPts - r.homePts));
    }
  });

  it('counts the player-games the rule changes, and keeps the team sum at five times the margin', async () => {
    const f = await loadGame('0021200015');
    const r = f.parse();
    expect(r.checks.plusMinusChangedByTechnicals).toBeGreaterThan(0);
    for (const team of [f.game.homeTeamId, f.game.awayTeamId]) {
      const sum = r.players.filter((p) => p.teamId === team).reduce((s, p) => s + p.plusMinus, 0);
      const margin = team === f.game.homeTeamId ? r.homePts - r.awayPts : r.awayPts - r.homePts;
      expect(sum).toBe(5 * margin);
    }
  });
});

/** Plus/minus from the possession table: each row's points to its offense five, against its defense five. */
function possessionPlusMinus(r: GameResult): Map<number, number> {
  const pm = new Map<number, number>();
  for (const p of [...r.possessions, ...r.technicalRows]) {
    for (const id of p.off5 ?? []) pm.set(id, (pm.get(id) ?? 0) + p.c.pts);
    for (const id of p.def5 ?? []) pm.set(id, (pm.get(id) ?? 0) - p.c.pts);
  }
  return pm;
}

/** The ten whose possession-table plus/minus moves when a made free throw becomes a miss. */
function possessionCreditedTen(f: Fixture, ft: RawEvent, published: GameResult): Ten {
  const before = possessionPlusMinus(published);
  const missed = possessionPlusMinus(withMiss(f, ft));
  const team = ft.p1.teamId;
  const other = team === f.game.homeTeamId ? f.game.awayTeamId : f.game.homeTeamId;
  const ten: Ten = new Map([
    [team, []],
    [other, []],
  ]);
  const ids = new Set([...before.keys(), ...missed.keys()]);
  for (const id of ids) {
    const d = (before.get(id) ?? 0) - (missed.get(id) ?? 0);
    const home = published.players.find((p) => p.playerId === id)?.teamId;
    if (d === 1) ten.get(team)!.push(id);
    else if (d === -1) ten.get(other)!.push(id);
    else expect(d, `player ${id} (team ${home})`).toBe(0);
  }
  for (const five of ten.values()) five.sort((a, b) => a - b);
  return ten;
}

describe.skipIf(!hasData)('technical free throws in the possession table (src/server/ingest/game/technicalRows.ts)', () => {
  it('the points go to a technical row with the ten of the technicals when the possession has another ten (0021200282 #447-#453)', async () => {
    const f = await loadGame('0021200282');
    const [first, second] = [eventOf(f, 447), eventOf(f, 448)];
    const sub = f.events.find((e) => e.clock === first.clock && e.period === first.period && /^SUB: Gortat FOR O'Neal/.test(description(e)))!;
    const fts = f.events.filter(
      (e) => e.clock === first.clock && e.period === first.period && /Crawford Free Throw Technical \(\d+ PTS\)/.test(description(e)),
    );
    expect(fts.length).toBe(2);
    const { result, after } = lineupsAfter(f, [second]);
    for (const ft of fts) expect(possessionCreditedTen(f, ft, result)).toEqual(after.get(second));
    // One row of its own for both: O'Neal (on court at the technicals) in its defense five, Gortat (in at the
    // shots) not; no possession, no seconds, no play, the two free throws and their points, its possession's context.
    const rows = result.technicalRows.filter((r) => r.def5!.includes(sub.p1.id));
    expect(rows.length).toBe(1);
    const row = rows[0]!;
    expect(row.def5).not.toContain(sub.p2.id);
    expect(row.technicalOf!.def5).toContain(sub.p2.id);
    expect(result.possessions).toContain(row.technicalOf);
    expect(row.off5).toContain(fts[0]!.p1.id);
    expect(row.startClock - row.endClock).toBe(0);
    expect(row.c.plays).toBe(0);
    expect([row.c.fta, row.c.ftm, row.c.pts]).toEqual([2, 2, 2]);
    expect(row.startType).toBe(row.technicalOf!.startType);
    expect(row.scoreDiff).toBe(row.technicalOf!.scoreDiff);
  });

  it('every made technical free throw: the possession table credits the same ten as plus/minus (five games)', async () => {
    for (const code of ['0021200015', '0021200282', '0021200111', '0021201222', '0022100467']) {
      const f = await loadGame(code);
      const result = f.parse();
      const made = f.events.filter((e) => e.type === 3 && /Technical/.test(description(e)) && /\(\d+ PTS\)/.test(description(e)));
      expect(made.length, code).toBeGreaterThan(0);
      for (const ft of made) expect(possessionCreditedTen(f, ft, result), `${code} #${ft.eventNum}`).toEqual(creditedTen(f, ft, result));
    }
  });

  it('team points in the possession table still equal the final score; possessions are not counted twice', async () => {
    for (const code of ['0021200015', '0021200282', '0021200111', '0021201222', '0022100467']) {
      const f = await loadGame(code);
      const r = f.parse();
      for (const [team, score] of [
        [f.game.homeTeamId, r.homePts],
        [f.game.awayTeamId, r.awayPts],
      ] as const) {
        const rows = [...r.possessions, ...r.technicalRows].filter((p) => p.offense === team);
        expect(
          rows.reduce((s, p) => s + p.c.pts, 0),
          `${code} team ${team}`,
        ).toBe(score);
      }
      // A technical row carries another ten than its possession's, and nothing but free throws.
      for (const row of r.technicalRows) {
        const of = row.technicalOf!;
        expect([...row.off5!, ...row.def5!].sort()).not.toEqual([...of.off5!, ...of.def5!].sort());
        expect(row.c.fga + row.c.tov + row.c.plays + row.c.oreb + row.c.dreb).toBe(0);
        expect(row.c.pts).toBe(row.c.ftm);
      }
      expect(new Set(r.technicalRows).size).toBe(r.technicalRows.length);
      expect(r.technicalRows.some((row) => r.possessions.includes(row))).toBe(false);
    }
  });
});
