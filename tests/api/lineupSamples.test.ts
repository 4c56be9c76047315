/**
 * Honest samples on lineup and on/off tables, through the real endpoint on the test database and
 * checked against SQL written here over the possession table: each lineup's (and each player's on and off)
 * net rating, its luck-adjusted twin (both sides' 3P% and FT% at the league's rate of the same sample) and its
 * margin of error, computed from the documented formulas (src/content/guides/lineups.md); the minimum-
 * possessions control lists exactly the rows at or above it, by an independent count; bad minimums are a 400
 * naming min_poss; the CSV carries the new columns.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { call, data, HAS_DB, sql } from './helpers';

const JOKIC = 203999;
const DEN = 1610612743;
/** The default sample of 2022-23: regular season, garbage time and heaves left out. */
const BASE = "p.season = 2022 AND p.season_type = 'regular' AND NOT p.is_filtered_out";
/** The spread of points per possession the guides state (lineups.md). */
const SD = 1.15;

interface Side {
  poss: number;
  pts: number;
  fg3a: number;
  fg3m: number;
  fta: number;
  ftm: number;
}

/** One side's counters over the possessions matching `where`. */
async function side(where: string): Promise<Side> {
  const [r] = await sql<Side>(
    `SELECT COALESCE(SUM(possessions), 0)::INTEGER AS poss, COALESCE(SUM(pts), 0)::INTEGER AS pts,
            COALESCE(SUM(fg3a), 0)::INTEGER AS fg3a, COALESCE(SUM(fg3m), 0)::INTEGER AS fg3m,
            COALESCE(SUM(fta), 0)::INTEGER AS fta, COALESCE(SUM(ftm), 0)::INTEGER AS ftm
       FROM possessions p WHERE ${BASE} AND ${where}`,
  );
  return r!;
}

const minus = (a: Side, b: Side): Side => ({
  poss: a.poss - b.poss,
  pts: a.pts - b.pts,
  fg3a: a.fg3a - b.fg3a,
  fg3m: a.fg3m - b.fg3m,
  fta: a.fta - b.fta,
  ftm: a.ftm - b.ftm,
});

/** The guide's definitions, written again here. */
function expected(off: Side, def: Side, lg3: number, lgFt: number) {
  const adj = (s: Side) => s.pts - 3 * s.fg3m - s.ftm + 3 * s.fg3a * lg3 + s.fta * lgFt;
  return {
    net: (100 * off.pts) / off.poss - (100 * def.pts) / def.poss,
    adj: (100 * adj(off)) / off.poss - (100 * adj(def)) / def.poss,
    margin: 1.96 * SD * 100 * Math.sqrt(1 / off.poss + 1 / def.poss),
    poss: off.poss + def.poss,
  };
}

/** The league's 3P% and FT% over the whole sample. */
async function leagueRates(): Promise<[number, number]> {
  const lg = await side('TRUE');
  return [lg.fg3m / lg.fg3a, lg.ftm / lg.fta];
}

describe.skipIf(!HAS_DB)('luck-adjusted net rating and its margin', () => {
  it('five-man lineups, either side shown: the same net numbers as the possessions give', async () => {
    const [lg3, lgFt] = await leagueRates();
    expect(lg3).toBeGreaterThan(0.33);
    expect(lg3).toBeLessThan(0.38);
    for (const s of ['offense', 'defense'] as const) {
      const set = s === 'offense' ? 'Team_FourFactors' : 'Opponent_FourFactors';
      const rows = (await data(`page=Lineups&season=2022&side=${s}&metric_set=${set}`))[set]!;
      expect(rows.length).toBeGreaterThan(20);
      for (const r of rows.slice(0, 3)) {
        const team = Number((await sql<{ team_id: number }>(`SELECT team_id FROM teams WHERE abbr = $1`, [r.team]))[0]?.team_id);
        const off = await side(`p.off_lineup_id = ${Number(r.lineup_id)} AND p.off_team_id = ${team}`);
        const def = await side(`p.def_lineup_id = ${Number(r.lineup_id)} AND p.def_team_id = ${team}`);
        const e = expected(off, def, lg3, lgFt);
        expect(r.poss, r.lineup).toBe(s === 'offense' ? off.poss : def.poss);
        expect(r.net_poss, r.lineup).toBe(e.poss);
        expect(r.net_rtg, r.lineup).toBeCloseTo(e.net, 1);
        expect(r.net_rtg_adj, r.lineup).toBeCloseTo(e.adj, 1);
        expect(r.net_rtg_margin, r.lineup).toBeCloseTo(e.margin, 1);
      }
    }
  });

  it('two-man units: the possessions with both on the floor, at each end', async () => {
    const [lg3, lgFt] = await leagueRates();
    const rows = (await data(`page=TeamLineups&entity=DEN&season=2022&unit=2&min_poss=300&metric_set=Team_FourFactors`)).Team_FourFactors!;
    const pair = rows.find((r) => String(r.unit).split('-').map(Number).includes(JOKIC))!;
    const [a, b] = String(pair.unit).split('-').map(Number);
    const inFive = (id: number, x: 'o' | 'd') => `${id} IN (p.${x}1, p.${x}2, p.${x}3, p.${x}4, p.${x}5)`;
    const off = await side(`${inFive(a!, 'o')} AND ${inFive(b!, 'o')} AND p.off_team_id = ${DEN}`);
    const def = await side(`${inFive(a!, 'd')} AND ${inFive(b!, 'd')} AND p.def_team_id = ${DEN}`);
    const e = expected(off, def, lg3, lgFt);
    expect(pair.poss).toBe(off.poss);
    expect(pair.net_poss).toBe(e.poss);
    expect(pair.net_rtg).toBeCloseTo(e.net, 1);
    expect(pair.net_rtg_adj).toBeCloseTo(e.adj, 1);
    expect(pair.net_rtg_margin).toBeCloseTo(e.margin, 1);
  });

  it("on/off (team and player pages): on = his possessions at each end, off = the team's others", async () => {
    const [lg3, lgFt] = await leagueRates();
    const on = (x: 'o' | 'd') => `${JOKIC} IN (p.${x}1, p.${x}2, p.${x}3, p.${x}4, p.${x}5)`;
    const offOn = await side(`p.off_team_id = ${DEN} AND ${on('o')}`);
    const defOn = await side(`p.def_team_id = ${DEN} AND ${on('d')}`);
    const offAll = await side(`p.off_team_id = ${DEN}`);
    const defAll = await side(`p.def_team_id = ${DEN}`);
    const eOn = expected(offOn, defOn, lg3, lgFt);
    const eOff = expected(minus(offAll, offOn), minus(defAll, defOn), lg3, lgFt);
    const team = (await data('page=TeamOnOff&entity=DEN&season=2022&metric_set=Team_FourFactors')).Team_FourFactors!.find((r) => r.player_id === JOKIC)!;
    const player = (await data(`page=PlayerOnOff&entity=${JOKIC}&season=2022&side=defense&metric_set=Opponent_FourFactors`)).Opponent_FourFactors!.find(
      (r) => r.season_start === 2022,
    )!;
    for (const r of [team, player]) {
      expect(r.net_poss_on).toBe(eOn.poss);
      expect(r.net_poss_off).toBe(eOff.poss);
      expect(r.net_rtg_on).toBeCloseTo(eOn.net, 1);
      expect(r.net_rtg_off).toBeCloseTo(eOff.net, 1);
      expect(r.net_rtg_adj_on).toBeCloseTo(eOn.adj, 1);
      expect(r.net_rtg_adj_off).toBeCloseTo(eOff.adj, 1);
      expect(r.net_rtg_adj_diff).toBeCloseTo(eOn.adj - eOff.adj, 1);
      expect(r.net_rtg_margin_on).toBeCloseTo(eOn.margin, 1);
      // The margin of on minus off: the two margins in quadrature (independent samples).
      expect(r.net_rtg_margin_diff).toBeCloseTo(Math.hypot(eOn.margin, eOff.margin), 1);
    }
    expect(team.poss_off).toBe(offAll.poss - offOn.poss);
  });

  it('every set lists the same lineups with their possessions; only the four-factors set carries the net rating', async () => {
    const four = (await data('page=TeamLineups&entity=DEN&season=2022&metric_set=Team_FourFactors')).Team_FourFactors!;
    const freq = (await data('page=TeamLineups&entity=DEN&season=2022&metric_set=Team_ShootingFrequency')).Team_ShootingFrequency!;
    expect(freq.map((r) => [r.lineup_id, r.poss])).toEqual(four.map((r) => [r.lineup_id, r.poss]));
    expect(four[0]).toHaveProperty('net_rtg_adj');
    expect(freq[0]).not.toHaveProperty('net_rtg_adj');
  });

  it('the spread of points per possession the margin assumes (1.15) is that of the data, season by season', async () => {
    const rows = await sql<{ season: number; sd: number }>(
      `SELECT season, stddev_pop(pts) AS sd FROM possessions p WHERE possessions = 1 AND NOT is_filtered_out GROUP BY season`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(Math.abs(r.sd - SD), String(r.season)).toBeLessThan(0.05);
  });
});

describe.skipIf(!HAS_DB)('the minimum possessions of lineup and on/off tables', () => {
  /** DEN's five-man lineups of 2022-23 with at least `min` offensive possessions, counted here. */
  const denLineups = async (min: number) =>
    (
      await sql<{ n: number }>(
        `SELECT count(*)::INTEGER AS n FROM (SELECT off_lineup_id FROM possessions p WHERE ${BASE} AND p.off_team_id = ${DEN}
           GROUP BY off_lineup_id HAVING SUM(possessions) >= $1)`,
        [min],
      )
    )[0]!.n;

  it('lists exactly the lineups at or above it; the default (25 on a team page) is the same as asking for 25', async () => {
    for (const min of [10, 60, 250]) {
      const rows = (await data(`page=TeamLineups&entity=DEN&season=2022&min_poss=${min}&metric_set=Team_FourFactors`)).Team_FourFactors!;
      expect(rows.length, `min ${min}`).toBe(await denLineups(min));
      expect(rows.every((r) => r.poss >= min)).toBe(true);
    }
    const byDefault = (await data('page=TeamLineups&entity=DEN&season=2022&metric_set=Team_FourFactors')).Team_FourFactors!;
    expect(byDefault.length).toBe(await denLineups(25));
    expect(byDefault.length).toBeGreaterThan(await denLineups(60));
  });

  it('on/off: marks exactly the players below it (the table lists the others), by their possessions on court', async () => {
    const counts = await sql<{ player_id: number; poss: number }>(
      `SELECT player_id, SUM(possessions)::INTEGER AS poss FROM (
         SELECT unnest([p.o1, p.o2, p.o3, p.o4, p.o5]) AS player_id, p.possessions FROM possessions p WHERE ${BASE} AND p.off_team_id = ${DEN})
        GROUP BY player_id`,
    );
    for (const min of [500, 2000]) {
      const rows = (await data(`page=TeamOnOff&entity=DEN&season=2022&min_poss=${min}&metric_set=Team_FourFactors`)).Team_FourFactors!;
      const below = new Set(rows.filter((r) => r.qualified === false).map((r) => r.player_id));
      const expectedBelow = new Set(counts.filter((c) => c.poss < min).map((c) => c.player_id));
      expect(below, `min ${min}`).toEqual(expectedBelow);
      expect(rows.length).toBe(counts.length);
    }
  });

  it('a bad minimum is a 400 naming min_poss', async () => {
    for (const bad of ['-1', 'abc', '1.5', '100001']) {
      for (const page of ['page=Lineups&season=2022', 'page=TeamOnOff&entity=DEN&season=2022', `page=PlayerLineups&entity=${JOKIC}&season=2022`]) {
        const r = await call(`/api/data?${page}&min_poss=${encodeURIComponent(bad)}`);
        expect(r.status, `${page} ${bad}`).toBe(400);
        expect(JSON.stringify(r.body)).toContain('min_poss');
      }
    }
  });
});

describe.skipIf(!HAS_DB)('CSV downloads carry the sample columns', () => {
  async function csv(qs: string): Promise<string[][]> {
    const url = new URL(`/api/data?${qs}&format=csv`, 'http://localhost');
    const mod = await import('../../src/pages/api/data.ts');
    const res = await mod.GET({ url, locals: { session: null }, request: new Request(url) } as never);
    expect(res.status).toBe(200);
    return parse(await res.text(), { bom: true });
  }

  it('lineups: Poss, Net Poss, Net, Luck-Adj Net, ± 95%; a set without Poss of its own still has Poss', async () => {
    const four = await csv('page=Lineups&season=2022&metric_set=Team_FourFactors');
    for (const h of ['Poss', 'Net Poss', 'Net', 'Luck-Adj Net', '± 95%']) expect(four[0]).toContain(h);
    const rows = (await data('page=Lineups&season=2022&metric_set=Team_FourFactors', null)).Team_FourFactors!;
    expect(four).toHaveLength(rows.length + 1);
    const at = four[0]!.indexOf('Luck-Adj Net');
    expect(Number(four[1]![at])).toBe(rows[0]!.net_rtg_adj);
    const freq = await csv('page=Lineups&season=2022&metric_set=Team_ShootingFrequency');
    expect(freq[0]).toContain('Poss');
  });

  it('on/off: the net columns on, off and diff; Poss On and Poss Off beside a set without Poss', async () => {
    const four = await csv('page=TeamOnOff&entity=DEN&season=2022&metric_set=Team_FourFactors');
    for (const h of ['Net On', 'Net Off', 'Net Diff', 'Luck-Adj Net On', 'Luck-Adj Net Diff', '± 95% On', '± 95% Diff']) expect(four[0]).toContain(h);
    const freq = await csv('page=TeamOnOff&entity=DEN&season=2022&metric_set=Team_ShootingFrequency');
    expect(freq[0]).toContain('Poss On');
    expect(freq[0]).toContain('Poss Off');
  });
});
