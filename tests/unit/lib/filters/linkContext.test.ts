/**
 * Context travels (src/lib/filters/linkContext.ts, src/lib/params/tableQuery.ts): links carry the applied filters that apply
 * on the target's page kind; the table's own keys (metric set, sort, minimum) stay behind; sort and minimum
 * read back from the URL as written.
 */
import { describe, expect, it } from 'vitest';
import { contextLinker, contextSearchFor } from '../../../../src/lib/filters/linkContext';
import { defaultFilterValues, type FilterValues } from '../../../../src/lib/filters/filterValues';
import { appendTableQuery, parseTableQuery } from '../../../../src/lib/params/tableQuery';

/** `path` as a table's link writes it, with the applied filters that apply on its page kind. */
const withContext = (path: string, applied: FilterValues) => contextLinker(applied)(path);

const applied = { ...defaultFilterValues(), Season: [2019], SeasonType: ['playoffs'], FilterOutGarbageTime: false, Period: [4] };

describe('withContext', () => {
  it('gives a player link the season, season type, garbage time and period of the table', () => {
    const href = withContext('/stats/player/profile/jayson_tatum_1628369', applied);
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/stats/player/profile/jayson_tatum_1628369');
    expect(url.searchParams.getAll('season')).toEqual(['2019']);
    expect(url.searchParams.get('seasonType')).toBe('playoffs');
    expect(url.searchParams.get('isGarbageTime')).toBe('false');
    expect(url.searchParams.get('period')).toBe('4');
  });

  it('gives a game link only the filters valid on game pages', () => {
    const url = new URL(withContext('/stats/game/team/BOS_DEN_2023-01-01_0022200547', applied), 'http://x');
    expect(url.searchParams.has('season')).toBe(false);
    expect(url.searchParams.has('seasonType')).toBe(false);
    expect(url.searchParams.get('period')).toBe('4');
  });

  it('gives a salaries link the season only, and leaves non-stats paths and defaults alone', () => {
    expect(withContext('/stats/team/salaries/BOS', applied)).toBe('/stats/team/salaries/BOS?season=2019');
    expect(withContext('/stats/guides/onoff', applied)).toBe('/stats/guides/onoff');
    expect(withContext('/stats/team/players/BOS', defaultFilterValues())).toBe('/stats/team/players/BOS');
  });
});

describe('contextSearchFor (tabs)', () => {
  const search = '?season=2012&metricSet=foul-drawing&sort=usage&dir=asc&minPoss=900&side=defense&period=2';
  it('drops the table keys and keeps the side where the target has one', () => {
    expect(contextSearchFor('/stats/team/lineups/BOS', search)).toBe('?season=2012&side=defense&period=2');
    expect(contextSearchFor('/stats/team/players/BOS', search)).toBe('?season=2012&period=2');
    expect(contextSearchFor('/stats/team/salaries/BOS', search)).toBe('?season=2012');
    expect(contextSearchFor('/stats/games', search)).toBe('');
  });
});

describe('tableQuery', () => {
  it('round-trips a sort and a minimum, and ignores unreadable values', () => {
    const params = appendTableQuery(new URLSearchParams('season=2012'), { sort: { column: 'tov_pct', direction: 'asc' }, minPoss: 750 });
    expect(params.toString()).toBe('season=2012&sort=tov_pct&dir=asc&minPoss=750');
    expect(parseTableQuery(params)).toEqual({ sort: { column: 'tov_pct', direction: 'asc' }, minPoss: 750, showAll: false });
    expect(parseTableQuery('?sort=<script>&minPoss=-5&showAll=maybe')).toEqual({ sort: null, minPoss: null, showAll: false });
    // The qualifier's way out (src/lib/tables/qualifier.ts) round-trips too.
    const all = appendTableQuery(new URLSearchParams(), { sort: { column: 'tov_pct', direction: 'desc' }, minPoss: null, showAll: true });
    expect(all.toString()).toBe('sort=tov_pct&dir=desc&showAll=1');
    expect(parseTableQuery(all).showAll).toBe(true);
    expect(parseTableQuery('?sort=usage&dir=sideways').sort).toEqual({ column: 'usage', direction: 'desc' });
    expect(appendTableQuery(new URLSearchParams(), { sort: null, minPoss: null }).toString()).toBe('');
  });

  it('round-trips a lineup unit size; five, the default, and unreadable sizes stay out of the URL', () => {
    const params = appendTableQuery(new URLSearchParams('season=2022'), { sort: null, minPoss: null, unit: 3 });
    expect(params.toString()).toBe('season=2022&unit=3');
    expect(parseTableQuery(params).unit).toBe(3);
    expect(appendTableQuery(new URLSearchParams(), { sort: null, minPoss: null, unit: 5 }).toString()).toBe('');
    for (const bad of ['1', '6', 'x', '']) expect(parseTableQuery(`?unit=${bad}`).unit).toBeUndefined();
  });
});
