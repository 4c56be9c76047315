/**
 * The play-by-play engine on real games (nba-data, read at run time). Each test names the rule it checks and
 * the game where the nba-data README measured that quirk.
 */
import { describe, expect, it } from 'vitest';
import { isFreeThrowMade } from '../../../../src/server/ingest/events.ts';
import { hasData, loadGame, officialBox, ourBox } from './fixtures.ts';

const HOU = 1610612745;
const LAC = 1610612746;
const GRIFFIN = 201933;
const ELLIS = 101145;

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

  it('does not make a player a period starter for a technical foul from the bench (0021200185 #392)', async () => {
    const f = await loadGame('0021200185');
    const seen: { eventNum: number; period: number; onCourt: boolean }[] = [];
    f.parse((e, lineups) => seen.push({ eventNum: e.eventNum, period: e.period, onCourt: lineups.get(LAC)!.includes(GRIFFIN) }));
    expect(seen.find((s) => s.eventNum === 392)!.onCourt).toBe(false);
    expect(seen.find((s) => s.eventNum === 449)!.onCourt).toBe(true);
    expect(seen.find((s) => s.period === 4)!.onCourt).toBe(false);
  });

  it('applies a substitution published just before the play it follows after that play (0021200293 #363, #365)', async () => {
    const f = await loadGame('0021200293');
    let ellisOnAtTurnover: boolean | null = null;
    f.parse((e, lineups) => {
      if (e.eventNum === 365) ellisOnAtTurnover = [...lineups.values()].some((l) => l.includes(ELLIS));
    });
    expect(ellisOnAtTurnover).toBe(true);
  });

  it('accepts the substitute who shoots the free throws of an injured fouled player (0021200026 #79-#84)', async () => {
    const r = (await loadGame('0021200026')).parse();
    const flagged = r.warnings.filter((w) => w.kind === 'actor_not_on_court' && (w.eventNum === 80 || w.eventNum === 84));
    expect(flagged).toEqual([]);
  });

  it('flags a period whose fifth starter has no event in the whole period (0021200652 OT1)', async () => {
    const r = (await loadGame('0021200652')).parse();
    const flagged = r.warnings.filter((w) => w.kind === 'unknown_starter');
    expect(flagged.map((w) => w.period)).toContain(5);
    expect(r.checks.unknownStarterPeriods).toBe(flagged.length);
  });

  it('keeps an and-one free throw in its shot\'s possession across a technical, a rebound and substitutions (0021200333 #353-#360)', async () => {
    const r = (await loadGame('0021200333')).parse();
    const shot = r.shots.find((s) => s.eventNum === 353)!;
    const p = shot.possession;
    expect(p.c.fgm).toBe(1);
    expect(p.c.ft_trips).toBe(1);
    expect(p.c.pts).toBe(3);
    expect(p.players.get(shot.playerId)!.c.and1).toBe(1);
    const next = r.possessions[p.index + 1]!;
    expect(next.startType).toBe('after_made_ft');
    expect(next.offense).toBe(p.defense);
  });

  it('keeps the ball with the fouled team after an away-from-play free throw (0021201058 #434-#438)', async () => {
    const r = (await loadGame('0021201058')).parse();
    const shot = r.shots.find((s) => s.eventNum === 438)!;
    expect(shot.possession.c.ftm).toBe(1);
    expect(shot.possession.c.fta).toBe(1);
    expect(shot.possession.offense).toBe(shot.teamId);
  });

  it('gives the ball to the team a held-ball jump ball is tipped to (0021200146 #157)', async () => {
    const r = (await loadGame('0021200146')).parse();
    const shot = r.shots.find((s) => s.eventNum === 159)!;
    expect(shot.possession.offense).toBe(HOU);
    expect(shot.possession.startType).toBe('jump_ball');
  });

  it('keeps a held-ball turnover published after its jump ball in the possession the jump ball ended (0020800024 #222-#223)', async () => {
    const r = (await loadGame('0020800024')).parse();
    const period2 = r.possessions.filter((p) => p.period === 2);
    const home = period2.filter((p) => p.offense === r.game.homeTeamId).length;
    expect(Math.abs(2 * home - period2.length)).toBeLessThanOrEqual(1);
    expect(period2.some((p) => p.startClock === p.endClock && p.c.tov === 1 && p.startType === 'other')).toBe(false);
  });

  it('gives a free throw published after its trip ended to the possession that ended (0021200074 #250)', async () => {
    const r = (await loadGame('0021200074')).parse();
    const period2 = r.possessions.filter((p) => p.period === 2);
    const home = period2.filter((p) => p.offense === r.game.homeTeamId).length;
    expect(Math.abs(2 * home - period2.length)).toBeLessThanOrEqual(1);
    // Lopez's rebound at 0:29 starts New Orleans' possession; Mason's three free throws at 0:10 are all in it
    const trip = period2.find((p) => p.startClock === 29)!;
    expect([trip.c.fta, trip.c.ftm, trip.endClock]).toEqual([3, 3, 10]);
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

  it("sums each team's player plus/minus to five times its final margin", async () => {
    const r = (await loadGame('0021200333')).parse();
    const margin = r.homePts - r.awayPts;
    const pm = (team: number): number => r.players.filter((p) => p.teamId === team).reduce((s, p) => s + p.plusMinus, 0);
    expect(pm(r.game.homeTeamId)).toBe(5 * margin);
    expect(pm(r.game.awayTeamId)).toBe(-5 * margin);
  });

  it('alternates possessions: both teams within one possession in every period', async () => {
    const r = (await loadGame('0021200001')).parse();
    for (let period = 1; period <= r.periods; period++) {
      const ps = r.possessions.filter((p) => p.period === period);
      const home = ps.filter((p) => p.offense === r.game.homeTeamId).length;
      expect(Math.abs(home - (ps.length - home))).toBeLessThanOrEqual(1);
    }
  });

  it('credits every point to a possession: possession points sum to the final score', async () => {
    const r = (await loadGame('0021200333')).parse();
    const pts = (team: number): number => r.possessions.filter((p) => p.offense === team).reduce((s, p) => s + p.c.pts, 0);
    expect(pts(r.game.homeTeamId)).toBe(r.homePts);
    expect(pts(r.game.awayTeamId)).toBe(r.awayPts);
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
