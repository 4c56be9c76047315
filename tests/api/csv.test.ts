/**
 * GET /api/data?…&format=csv and the percentiles, through the real endpoint on
 * the test database: the CSV has the same rows and columns as the JSON table, the headers of a download, the
 * same gating (403) and a 400 naming the key; percentiles rank lower-is-better columns the other way round,
 * leave rows under the minimum unranked, and follow min_poss.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { columnsOf, metricSetDefinitions } from '../../src/lib/tables/metricSets';
import { data, HAS_DB, SIGNED_IN } from './helpers';
import type { Session } from '../../src/lib/accounts/sessionShape';

async function get(qs: string, session: Session | null = null, headers: Record<string, string> = {}) {
  const url = new URL(`/api/data?${qs}`, 'http://localhost');
  const mod = await import('../../src/pages/api/data.ts');
  const res = await mod.GET({ url, locals: { session }, request: new Request(url, { headers }) } as never);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const table = (text: string): string[][] => parse(text, { bom: true });

describe.skipIf(!HAS_DB)('format=csv', () => {
  it("is the players table of the JSON answer: same rows in the same order, the set's columns, a named attachment", async () => {
    const res = await get('page=Players&season=2012&format=csv&metric_set=offensive-overview');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="players_offensive-overview_2012-13_regular.csv"');
    const csv = table(res.text);
    const rows = (await data('page=Players&season=2012', null)).OffensiveOverview!;
    expect(csv).toHaveLength(rows.length + 1);
    const labels = columnsOf(metricSetDefinitions('Players').find((d) => d.value === 'OffensiveOverview')!).map((c) => c.label);
    expect(csv[0]).toEqual(['Player', 'Player ID', 'Team', 'Pos', ...labels]);
    const idAt = csv[0]!.indexOf('Player ID');
    const usageAt = csv[0]!.indexOf('Usage%');
    expect(csv.slice(1).map((r) => Number(r[idAt]))).toEqual(rows.map((r) => r.player_id));
    for (const [i, r] of rows.entries()) expect(csv[i + 1]![usageAt], String(r.player_id)).toBe(r.usage === null ? '' : String(r.usage));
  });

  it('sorts as asked, and serves lineups and on/off sets with their own columns', async () => {
    const sorted = table((await get('page=Players&season=2012&format=csv&sort=usage&dir=desc')).text);
    const usage = sorted
      .slice(1)
      .map((r) => r[sorted[0]!.indexOf('Usage%')])
      .filter((v) => v !== '')
      .map(Number);
    // most of the season's players have a usage (an empty list would be trivially sorted)
    expect(usage.length).toBeGreaterThan((sorted.length - 1) / 2);
    expect(usage).toEqual([...usage].sort((a, b) => b - a));
    const lineups = await get('page=Lineups&season=2022&side=defense&format=csv');
    expect(lineups.headers.get('content-disposition')).toContain('lineups_opponent-four-factors_2022-23_regular_defense.csv');
    const json = (await data('page=Lineups&season=2022&side=defense', null)).Opponent_FourFactors!;
    expect(table(lineups.text)).toHaveLength(json.length + 1);
    const onoff = table((await get('page=Players&season=2012&format=csv&metric_set=on-off-four-factors')).text);
    expect(onoff[0]).toContain('eFG% Diff');
  });

  it('is gated like the JSON: 403 for a gated filter without a session, 200 with one', async () => {
    const anon = await get('page=Players&season=2012&period=4&format=csv');
    expect(anon.status).toBe(403);
    expect(JSON.parse(anon.text).error).toMatch(/Sign in/);
    expect((await get('page=Players&season=2012&period=4&format=csv', SIGNED_IN)).status).toBe(200);
  });

  it('answers 400 naming the key for a bad format, set, sort or filter', async () => {
    for (const [qs, param] of [
      ['page=Players&format=xlsx', 'format'],
      ['page=Players&format=csv&metric_set=Salaries', 'metric_set'],
      ['page=Players&format=csv&sort=usage&dir=up', 'dir'],
      ['page=Players&format=csv&sort=no_such_column', 'sort'],
      ['page=Players&format=csv&season=1990', 'season'],
    ] as const) {
      const res = await get(qs);
      expect(res.status, qs).toBe(400);
      expect(JSON.parse(res.text).param, qs).toBe(param);
    }
  });

  it('is gzipped for clients that take it, and plain text for one that refuses gzip (q=0)', async () => {
    const res = await get('page=Players&season=2012&format=csv', null, { 'accept-encoding': 'gzip, br' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const refused = await get('page=Players&season=2012&format=csv', null, { 'accept-encoding': 'br, gzip;q=0' });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(table(refused.text).length).toBeGreaterThan(100);
  });
});

describe.skipIf(!HAS_DB)('percentiles done right', () => {
  it('rank TOV% the other way round: the fewest turnovers of a position group is the 100th percentile', async () => {
    const rows = (await data('page=Players&season=2012', null)).OffensiveOverview!;
    const pool = rows.filter((r) => r.qualified && r.position === 'point' && r.tov_play_pct !== null);
    expect(pool.length).toBeGreaterThan(20);
    const fewest = pool.reduce((a, b) => (b.tov_play_pct < a.tov_play_pct ? b : a));
    const most = pool.reduce((a, b) => (b.tov_play_pct > a.tov_play_pct ? b : a));
    expect(fewest.tov_play_pct_pct).toBeGreaterThan(97);
    expect(most.tov_play_pct_pct).toBeLessThan(3);
    // Usage% keeps the plain order.
    const top = pool.reduce((a, b) => (b.usage > a.usage ? b : a));
    expect(top.usage_pct).toBeGreaterThan(97);
  });

  it('leave rows under the minimum unranked, and follow min_poss', async () => {
    const rows = (await data('page=Players&season=2012', null)).OffensiveOverview!;
    for (const r of rows) {
      expect(r.qualified, String(r.player_id)).toBe(r.poss >= 500);
      if (!r.qualified) expect(r.usage_pct).toBeNull();
    }
    const strict = (await data('page=Players&season=2012&min_poss=3000', null)).OffensiveOverview!;
    // some players still qualify at 3,000 possessions (a starter's season is ~5,000), fewer than at 500
    expect(strict.filter((r) => r.qualified).length).toBeGreaterThan(0);
    expect(strict.filter((r) => r.qualified).length).toBeLessThan(rows.filter((r) => r.qualified).length);
    for (const r of strict) expect(r.qualified).toBe(r.poss >= 3000);
  });

  it('rank a defense-side lineup by how little its opponents shoot', async () => {
    const rows = (await data('page=Lineups&season=2012&side=defense', null)).Opponent_FourFactors!;
    expect(rows.length).toBeGreaterThan(10);
    const best = rows.reduce((a, b) => (b.efg_pct < a.efg_pct ? b : a));
    const worst = rows.reduce((a, b) => (b.efg_pct > a.efg_pct ? b : a));
    expect(best.efg_pct_pct).toBeGreaterThan(95);
    expect(worst.efg_pct_pct).toBeLessThan(5);
  });
});
