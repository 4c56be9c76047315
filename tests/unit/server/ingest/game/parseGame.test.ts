/**
 * The play-by-play engine on real games (nba-data, read at run time). Each test names the rule it checks and
 * the game where the nba-data README measured that quirk.
 */
import { describe, expect, it } from 'vitest';
import { isFreeThrowMade } from '../../../../../src/server/ingest/game/events.ts';
import { hasData, loadGame, officialBox, ourBox } from '../fixtures.ts';

describe.skipIf(!hasData)('parseGame on real games', () => {
  it('keeps the published row order: rebound #20 comes before the tip shot #19 in 0021200001', async () => {
    const f = await loadGame('0021200001');
    const i20 = f.events.findIndex((e) => e.eventNum === 20);
    const i19 = f.events.findIndex((e) => e.eventNum === 19);
    expect(i20).toBeGreaterThanOrEqual(0);
    expect(i20).toBeLessThan(i19);
  });

  it.each(['0021200001', '0021200086', '0021200142', '0021200982', '0021200037'])(
    'matches the official team box score of %s in every stat and team minutes',
    async (code) => {
      const f = await loadGame(code);
      const r = f.parse();
      const official = await officialBox(code);
      for (const team of [f.game.homeTeamId, f.game.awayTeamId]) {
        expect(ourBox(r, team)).toEqual(official.get(team));
      }
    },
  );

  it('counts a bare "Free Throw 2 of 2" without "(n PTS)" as a miss (0021200086 #553)', async () => {
    const f = await loadGame('0021200086');
    const e = f.events.find((x) => x.eventNum === 553)!;
    expect(e.type).toBe(3);
    expect(isFreeThrowMade(e)).toBe(false);
  });

  it('counts a "No Turnover" event as a turnover and a steal, as the official box does (0021200142 #233)', async () => {
    const f = await loadGame('0021200142');
    const e = f.events.find((x) => x.eventNum === 233)!;
    expect([e.type, e.action]).toEqual([5, 0]);
    const r = f.parse();
    const official = await officialBox('0021200142');
    const team = e.p1.teamId;
    expect(ourBox(r, team).tov).toBe(official.get(team)!.tov);
    const other = team === f.game.homeTeamId ? f.game.awayTeamId : f.game.homeTeamId;
    expect(ourBox(r, other).stl).toBe(official.get(other)!.stl);
  });

  it('keeps five players per team on court at every event and sums player seconds to 5 x game length', async () => {
    const f = await loadGame('0021200652');
    let notFive = 0;
    const r = f.parse((_e, lineups) => {
      for (const l of lineups.values()) if (l.length !== 5) notFive++;
    });
    expect(notFive).toBe(0);
    expect(r.checks.homePlayerSeconds).toBe(5 * r.checks.gameSeconds);
    expect(r.checks.awayPlayerSeconds).toBe(5 * r.checks.gameSeconds);
    expect(r.checks.gameSeconds).toBe(2880 + 300 * (r.periods - 4));
  });

  it('does not play a trailing period that has only a start row (0021500916 ends with a stray period-5 start)', async () => {
    const r = (await loadGame('0021500916')).parse();
    expect(r.periods).toBe(4);
    expect(r.checks.gameSeconds).toBe(2880);
    expect([r.awayPts, r.homePts]).toEqual([115, 117]); // the last made free throw's SCORE, "115 - 117"
    expect(r.warnings.some((w) => w.kind === 'empty_period' && w.period === 5)).toBe(true);
  });

  it("sums each team's player plus/minus to five times its final margin", async () => {
    const r = (await loadGame('0021200333')).parse();
    const margin = r.homePts - r.awayPts;
    const pm = (team: number): number => r.players.filter((p) => p.teamId === team).reduce((s, p) => s + p.plusMinus, 0);
    expect(pm(r.game.homeTeamId)).toBe(5 * margin);
    expect(pm(r.game.awayTeamId)).toBe(-5 * margin);
  });

  it('matches shots to the shot-location data and takes the zone from it (0021200001)', async () => {
    const r = (await loadGame('0021200001', true)).parse();
    const located = r.shots.filter((s) => s.zoneSource === 'location');
    expect(located.length / r.shots.length).toBeGreaterThan(0.99);
    for (const s of located) {
      if (s.value === 2 && s.distance !== null && s.distance < 3) expect(s.zone).toBe('rim');
      if (s.value === 3) expect(['corner3', 'noncorner3']).toContain(s.zone);
    }
  });
});

describe.skipIf(!hasData)('corner threes without shot locations', () => {
  it('agree with the shot-location zone for most threes of a game when only the description is used (0021200001)', async () => {
    const withLoc = (await loadGame('0021200001', true)).parse();
    const without = (await loadGame('0021200001', false)).parse();
    const zones = new Map(withLoc.shots.map((s) => [s.eventNum, s.zone]));
    const threes = without.shots.filter((s) => s.value === 3 && s.zoneSource === 'description');
    expect(threes.length).toBeGreaterThan(20);
    const agree = threes.filter((s) => zones.get(s.eventNum) === s.zone).length;
    expect(agree / threes.length).toBeGreaterThan(0.8);
    expect(threes.some((s) => s.zone === 'corner3')).toBe(true);
  });
});
