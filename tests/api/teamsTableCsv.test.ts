/**
 * GET /api/teams_table (/stats/teams gets the CSV and the sortable headers of the other stats tables)
 * through the real endpoint on the test database (2012-13, 2022-23): the CSV is the page's table in the page's
 * order (its sort), with the league average last; a bad sort is a 400 naming it.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { OVERVIEW_COLUMNS } from '../../src/lib/tables/teamsTable';
import { HAS_DB } from './helpers';

async function get(qs: string) {
  const url = new URL(`/api/teams_table?${qs}`, 'http://localhost');
  const mod = await import('../../src/pages/api/teams_table.ts');
  const res = await mod.GET({ url, locals: { session: null }, request: new Request(url) } as never);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const table = (text: string): string[][] => parse(text, { bom: true });

describe.skipIf(!HAS_DB)('GET /api/teams_table', () => {
  it('format=csv: the 30 teams (best net rating first), GP, the overview columns and the league average, as a named download', async () => {
    const res = await get('season=2022&format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="teams_overview_2022-23_regular.csv"');
    const csv = table(res.text);
    expect(csv[0]).toEqual(['Team', 'Team name', 'GP', ...OVERVIEW_COLUMNS.map((c) => c.label)]);
    expect(csv).toHaveLength(1 + 30 + 1);
    const at = (h: string) => csv[0]!.indexOf(h);
    const mil = csv.find((r) => r[0] === 'MIL')!;
    expect([mil[at('Team name')], mil[at('GP')], mil[at('W')], mil[at('L')]]).toEqual(['Milwaukee Bucks', '82', '58', '24']);
    const nets = csv.slice(1, 31).map((r) => Number(r[at('Net')]));
    expect(nets).toEqual([...nets].sort((a, b) => b - a));
    expect(csv.at(-1)!.slice(0, 3)).toEqual(['', 'League average', '']);
  });

  it('follows the sort, side and set of the page', async () => {
    const asc = table((await get('season=2012&metricSet=four-factors&side=defense&sort=tov_pct&dir=asc&format=csv')).text);
    const tov = asc.slice(1, 31).map((r) => Number(r[asc[0]!.indexOf('TOV%')]));
    expect(tov).toEqual([...tov].sort((a, b) => a - b));
    const byName = table((await get('season=2012&sort=team&dir=asc&format=csv')).text)
      .slice(1, 31)
      .map((r) => r[1]!);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b)));
    const res = await get('season=2012&metricSet=four-factors&side=defense&format=csv');
    expect(res.headers.get('content-disposition')).toContain('teams_four-factors_2012-13_regular_defense.csv');
  });

  it('answers 400 naming the key for a sort that is not a column of the set, a bad format or season', async () => {
    const cases: [string, string][] = [
      ['sort=sfld_pct&format=csv', 'sort'],
      ['format=xml', 'format'],
      ['season=1990', 'season'],
    ];
    for (const [qs, param] of cases) {
      const res = await get(qs);
      expect(res.status, qs).toBe(400);
      expect(JSON.parse(res.text).param, qs).toBe(param);
    }
  });
});
