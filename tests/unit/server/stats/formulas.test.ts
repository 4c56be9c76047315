import { describe, expect, it } from 'vitest';
import { emptySums, PLAYER_COUNTERS, TEAM_COUNTERS } from '../../../../src/server/stats/metrics/counters';
import { luckAdjustedPoints, netValues, playerCountersFor, playerValues, readsLeagueHcPpp, teamValues } from '../../../../src/server/stats/metrics/formulas';
import { setCountersOf } from '../../../../src/server/stats/views/shared';
import { COLUMNS } from '../../../../src/lib/tables/metricColumns';
import { metricSetDefinitions } from '../../../../src/lib/tables/metricSets';

describe('team formulas (METRICS.md)', () => {
  const s = {
    ...emptySums(TEAM_COUNTERS),
    possessions: 100,
    pts: 112,
    fga: 88,
    fgm: 41,
    fg3a: 35,
    fg3m: 13,
    ftm: 17,
    fta: 22,
    tov: 13,
    oreb: 10,
    dreb: 30,
    fga_rim: 30,
    fgm_rim: 20,
    fga_smid: 15,
    fgm_smid: 6,
    fga_lmid: 8,
    fgm_lmid: 2,
    fga_c3: 10,
    fgm_c3: 4,
    fga_nc3: 25,
    fgm_nc3: 9,
    plays: 120,
    hc_plays: 90,
    hc_pts: 85,
    tr_plays: 15,
    tr_pts: 20,
    pb_plays: 5,
    pb_pts: 6,
    tr_plays_stl: 5,
    tr_plays_reb: 9,
  };
  const v = teamValues(s, { leagueHcPpp: 0.95 });
  it('four factors', () => {
    expect(v.pts_per_poss).toBeCloseTo(112);
    expect(v.efg_pct).toBeCloseTo((100 * (41 + 6.5)) / 88);
    expect(v.tov_pct).toBeCloseTo(13);
    expect(v.orb_pct).toBeCloseTo(25);
    expect(v.ft_rate).toBeCloseTo((100 * 17) / 88);
  });
  it('zones: frequency sums to 100, all mid and all three combine zones', () => {
    expect(Number(v.rim_freq) + Number(v.mid_freq) + Number(v.three_freq)).toBeCloseTo(100);
    expect(v.mid_acc).toBeCloseTo((100 * 8) / 23);
    expect(v.three_acc).toBeCloseTo((100 * 13) / 35);
  });
  it('transition points added = (ppp - league halfcourt ppp) x plays / poss x 100', () => {
    expect(v.tr_pts_added).toBeCloseTo(((20 / 15 - 0.95) * 15 * 100) / 100);
    expect(v.tr_freq).toBeCloseTo(15);
  });
  it('zero denominators give null, not NaN', () => {
    const z = teamValues(emptySums(TEAM_COUNTERS), { leagueHcPpp: null });
    expect(z.efg_pct).toBeNull();
    expect(z.tr_pts_added).toBeNull();
  });
});

describe('player formulas (METRICS.md)', () => {
  const s = {
    ...emptySums(PLAYER_COUNTERS),
    pts: 30,
    fga_rim: 8,
    fgm_rim: 6,
    astd_rim: 2,
    fga_smid: 3,
    fgm_smid: 1,
    fga_lmid: 2,
    fgm_lmid: 1,
    astd_lmid: 1,
    fga_c3: 2,
    fgm_c3: 1,
    astd_c3: 1,
    fga_nc3: 5,
    fgm_nc3: 2,
    astd_nc3: 1,
    fta: 6,
    ftm: 5,
    ft_trips: 3,
    and1: 1,
    sfd: 4,
    nsfd: 2,
    tov: 3,
    ast: 7,
    stl: 2,
    blk: 1,
    oreb: 1,
    dreb: 7,
    pf: 2,
    off_poss: 70,
    def_poss: 71,
    on_seconds: 2160,
    team_plays: 90,
    team_fgm: 30,
    team_misses: 40,
    oreb_chances: 45,
    dreb_chances: 44,
    opp_fg2a: 40,
    team_pts: 80,
    opp_pts: 70,
  };
  const v = playerValues(s);
  it('usage, PSA, AST%, TOV%', () => {
    expect(v.usage).toBeCloseTo((100 * (20 + 3 + 3)) / 90);
    expect(v.psa).toBeCloseTo((100 * 30) / 23);
    expect(v.ast_pct).toBeCloseTo((100 * 7) / (30 - 11));
    expect(v.tov_play_pct).toBeCloseTo((100 * 3) / 26);
    expect(v.pts_per_100).toBeCloseTo((100 * 30) / 70);
  });
  it('shooting and fouls', () => {
    expect(v.efg_pct).toBeCloseTo((100 * (11 + 1.5)) / 20);
    expect(v.fg2_pct).toBeCloseTo((100 * 8) / 13);
    expect(v.astd_three).toBeCloseTo((100 * 2) / 3);
    expect(v.sfld_pct).toBeCloseTo((100 * 4) / (20 + 4 - 1));
    expect(v.fta_rate).toBeCloseTo(30);
    expect(v.plus_minus).toBe(10);
  });
  it('defense and rebounding', () => {
    expect(v.blk_pct).toBeCloseTo(2.5);
    expect(v.drb_pct).toBeCloseTo((100 * 7) / 44);
  });
});

describe('net rating, luck-adjusted, and its margin', () => {
  // 200 offensive possessions: 210 points, 20/60 threes, 30/40 free throws; 180 defensive: 200 points, 25/50, 20/30.
  const off = { possessions: 200, pts: 210, fg3a: 60, fg3m: 20, fta: 40, ftm: 30 };
  const def = { possessions: 180, pts: 200, fg3a: 50, fg3m: 25, fta: 30, ftm: 20 };
  const league = { fg3Pct: 0.35, ftPct: 0.75 };
  const v = netValues(off, def, league);
  it('raw: points per 100 for minus per 100 against', () => {
    expect(v.net_rtg).toBeCloseTo(105 - 111.111, 2);
    expect(v.net_poss).toBe(380);
  });
  it("luck-adjusted: each side's threes and free throws at the league's rates", () => {
    // for: 210 - 60 - 30 + 3 x 60 x 0.35 + 40 x 0.75 = 213; against: 200 - 75 - 20 + 3 x 50 x 0.35 + 30 x 0.75 = 180
    expect(luckAdjustedPoints(off, league)).toBeCloseTo(213);
    expect(luckAdjustedPoints(def, league)).toBeCloseTo(180);
    expect(v.net_rtg_adj).toBeCloseTo(106.5 - 100, 5);
  });
  it('margin: 1.96 x 1.15 x 100 x sqrt(1/200 + 1/180)', () => {
    expect(v.net_rtg_margin).toBeCloseTo(1.96 * 1.15 * 100 * Math.sqrt(1 / 200 + 1 / 180), 5);
  });
  it('no possessions at one end: no net rating', () => {
    const w = netValues(off, { ...def, possessions: 0 }, league);
    expect([w.net_rtg, w.net_rtg_adj, w.net_rtg_margin]).toEqual([null, null, null]);
  });
});

describe('playerCountersFor: the counters a player set needs', () => {
  // Random sums: the set's columns from the counters playerCountersFor names (the others 0) equal the columns from
  // every counter, for each player set of the players table, so a table that sums only those shows the same numbers.
  const sets = metricSetDefinitions('Players').filter((d) => d.basis === 'player');
  it.each(sets.map((d) => [d.value, d.base] as const))('%s', (_name, base) => {
    const keys = COLUMNS[base].map((c) => c.key);
    const need = new Set(playerCountersFor(keys));
    expect(need.has('on_seconds') && need.has('off_poss')).toBe(true);
    expect(need.size).toBeLessThan(PLAYER_COUNTERS.length);
    for (let trial = 0; trial < 20; trial++) {
      const all = Object.fromEntries(PLAYER_COUNTERS.map((c) => [c, 1 + Math.floor(Math.random() * 400)])) as Record<(typeof PLAYER_COUNTERS)[number], number>;
      const some = Object.fromEntries(PLAYER_COUNTERS.map((c) => [c, need.has(c) ? all[c] : 0])) as typeof all;
      const [a, b] = [playerValues(all), playerValues(some)];
      for (const k of keys) expect(b[k], k).toBe(a[k]);
    }
  });
});

describe('the league baseline is skipped only where no shown column reads it (views/shared.ts leagueBaseline)', () => {
  // Every page kind whose views pass their sets' counters to the baseline (lineups, on/off), both sides, each set.
  const pages = ['Lineups', 'TeamLineups', 'PlayerLineups', 'TeamOnOff', 'PlayerOnOff', 'Players'] as const;
  // METRICS.md: transition "points added" is the one column measured against the league's points per halfcourt play.
  const LEAGUE_RELATIVE = 'tr_pts_added';
  it("a set's counters read the league's halfcourt points per play exactly when the set shows transition points added", () => {
    let reading = 0;
    let notReading = 0;
    for (const page of pages) {
      for (const side of ['offense', 'defense'] as const) {
        for (const def of metricSetDefinitions(page, side)) {
          const q = { side, metricSet: def.value, page };
          const moves = COLUMNS[def.base].some((c) => c.key === LEAGUE_RELATIVE);
          expect(readsLeagueHcPpp(setCountersOf(q)), `${page} ${side} ${def.value}`).toBe(moves);
          if (moves) reading++;
          else notReading++;
        }
      }
    }
    // Both kinds exist (transition sets read it; shooting sets do not).
    expect(reading).toBeGreaterThan(0);
    expect(notReading).toBeGreaterThan(0);
  });
});
