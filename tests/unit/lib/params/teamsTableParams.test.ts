/**
 * The 30-team table's query (src/lib/params/teamsTableParams.ts): every filter of the stats pages by its URL key, gated
 * ones only for a visitor who may use them (else locked and left out), bad values refused naming their key, and
 * the filter bar's Apply writing the filters into the URL with the page's side, set and sort kept.
 */
import { describe, expect, it } from 'vitest';
import { ParamError } from '../../../../src/lib/params/apiParams';
import { parseFilterQuery } from '../../../../src/lib/params/queryState';
import { parseTeamsTableQuery, teamsFiltersHref } from '../../../../src/lib/params/teamsTableParams';

const parse = (query: string, allowed: boolean) => parseTeamsTableQuery(new URLSearchParams(query), { allowed });

describe('parseTeamsTableQuery', () => {
  it('a subscriber: every filter applies, and links carry it', () => {
    const q = parse('season=2012&period=4&location=home&opponent=MIA&scoreDifferential=-5_5&onCourt=2544', true);
    expect(q.filters.seasons).toEqual([2012]);
    expect(q.filters.periods).toEqual([4]);
    expect(q.filters.locations).toEqual(['home']);
    expect(q.filters.scoreDiff).toEqual([-5, 5]);
    expect(q.filters.lineup.onCourt).toEqual([2544]);
    expect(q.filters.opponents.length).toBe(1);
    expect(q.locked).toEqual([]);
    const link = q.filterQuery;
    expect(link.getAll('season')).toEqual(['2012']);
    expect(link.getAll('period')).toEqual(['4']);
    expect(link.getAll('onCourt')).toEqual(['2544']);
  });

  it('a visitor without the plan: gated filters are left out of the numbers and listed as locked', () => {
    const q = parse('season=2012&period=4&location=home&isGarbageTime=false', false);
    expect(q.filters.seasons).toEqual([2012]);
    expect(q.filters.filterOutGarbageTime).toBe(false);
    expect(q.filters.periods).toEqual([]);
    expect(q.filters.locations).toEqual([]);
    expect(q.locked.map((l) => l.name).sort()).toEqual(['Location', 'Period']);
    expect(q.filterQuery.has('period')).toBe(false);
  });

  it('a value a filter cannot read, or a season not held, is refused naming its URL key', () => {
    for (const [query, key] of [
      ['period=9', 'period'],
      ['season=1990', 'season'],
      ['location=moon', 'location'],
      ['side=up', 'side'],
      ['metricSet=nope', 'metricSet'],
    ] as const) {
      let error: unknown = null;
      try {
        parse(query, true);
      } catch (e) {
        error = e;
      }
      expect(error, query).toBeInstanceOf(ParamError);
      expect((error as ParamError).param, query).toBe(key);
    }
  });
});

describe('teamsFiltersHref', () => {
  it('replaces the filters, keeps side, set and sort', () => {
    const applied = parseFilterQuery('season=2012&period=4', { authenticated: true });
    const href = teamsFiltersHref('?season=2022&location=home&side=defense&metricSet=four-factors&sort=efg_pct&dir=asc', applied, { allowed: true });
    const p = new URL(href, 'https://x').searchParams;
    expect(new URL(href, 'https://x').pathname).toBe('/stats/teams');
    expect(p.getAll('season')).toEqual(['2012']);
    expect(p.getAll('period')).toEqual(['4']);
    expect(p.has('location')).toBe(false);
    expect([p.get('side'), p.get('metricSet'), p.get('sort'), p.get('dir')]).toEqual(['defense', 'four-factors', 'efg_pct', 'asc']);
  });

  it('without the plan, the gated filters of the URL are left as they were (still locked), the free ones replaced', () => {
    const applied = parseFilterQuery('season=2012', { authenticated: false });
    const p = new URL(teamsFiltersHref('?season=2022&period=4', applied, { allowed: false }), 'https://x').searchParams;
    expect(p.getAll('season')).toEqual(['2012']);
    expect(p.getAll('period')).toEqual(['4']);
  });
});
