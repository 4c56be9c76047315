/** The comparison's URL state and its best-of-line rule (src/lib/views/compare.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bestOf,
  COMPARE_FILTERS,
  compareFiltersHref,
  compareFromPlayerPage,
  comparedPlayerValue,
  compareHref,
  parseComparedPlayer,
} from '../../../../src/lib/views/compare';
import { defaultFilterValues } from '../../../../src/lib/filters/filterValues';
import { parseFilterQuery } from '../../../../src/lib/params/queryState';

describe('compared players in the URL', () => {
  it('reads an id with a season, a span (either order) or nothing', () => {
    expect(parseComparedPlayer('2544:2012-13')).toEqual({ playerId: 2544, span: [2012, 2012] });
    expect(parseComparedPlayer('2544:2012')).toEqual({ playerId: 2544, span: [2012, 2012] });
    expect(parseComparedPlayer('201939:2016-17_2014-15')).toEqual({ playerId: 201939, span: [2014, 2016] });
    expect(parseComparedPlayer('2544')).toEqual({ playerId: 2544, span: null });
  });

  it('refuses what is not a player and a season of the data, with a message', () => {
    for (const bad of ['x:2012-13', '2544:2012-14', '2544:2002-03', '2544:2023-24', '2544:2012_2013_2014', '2544:12-13', '2544:2012-13:x', '']) {
      expect(typeof parseComparedPlayer(bad), bad).toBe('string');
    }
  });

  it('writes what it reads', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000_000 }), fc.integer({ min: 2003, max: 2022 }), fc.integer({ min: 2003, max: 2022 }), (id, a, b) => {
        const p = { playerId: id, span: [Math.min(a, b), Math.max(a, b)] as [number, number] };
        expect(parseComparedPlayer(comparedPlayerValue(p))).toEqual(p);
      }),
    );
  });

  it('a permalink: players first, the other keys kept, season and the one-shot actions dropped', () => {
    const params = new URLSearchParams('p=1:2012-13&season=2012&period=4&add=Duncan&metricSet=shooting-overall');
    expect(
      compareHref(
        params,
        [
          { playerId: 1, span: [2012, 2012] },
          { playerId: 2, span: [2010, 2012] },
        ],
        { side: 'defense', metricSet: null },
      ),
    ).toBe('/stats/compare?p=1%3A2012-13&p=2%3A2010-11_2012-13&period=4&side=defense');
  });

  it('from a player page: his seasons from the Season filter (first to last), the page filters only', () => {
    expect(compareFromPlayerPage(2544, '?season=2010&season=2012&period=4&metricSet=team-four-factors&simMinutes=2000&mode=totals')).toBe(
      '/stats/compare?p=2544%3A2010-11_2012-13&period=4',
    );
    expect(compareFromPlayerPage(2544, '')).toBe('/stats/compare?p=2544');
  });
});

describe('bestOf', () => {
  it('marks the highest or lowest, every tie, and nothing for style lines, equal values or a single value', () => {
    expect(bestOf([50, 55, 55, null], 'higher')).toEqual([1, 2]);
    expect(bestOf([12.1, 9.8, 10], 'lower')).toEqual([1]);
    expect(bestOf([30, 40], 'style')).toEqual([]);
    expect(bestOf([30, 30], 'higher')).toEqual([]);
    expect(bestOf([30, null, undefined], 'higher')).toEqual([]);
  });

  it('the marked value is never beaten by another in the line', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: -50, max: 50 })), { minLength: 2, maxLength: 4 }), (values) => {
        for (const i of bestOf(values, 'higher')) for (const v of values) if (v !== null) expect(values[i]!).toBeGreaterThanOrEqual(v);
      }),
    );
  });
});

describe('the filter bar on the compare page (compareFiltersHref)', () => {
  const search = '?p=2544%3A2012-13&p=201142%3A2012-13&period=4&side=defense&metricSet=defense-and-rebounding';

  it('offers the players table filters without Season (each player has his own seasons)', () => {
    expect(COMPARE_FILTERS).not.toContain('Season');
    expect(COMPARE_FILTERS).toEqual(expect.arrayContaining(['SeasonType', 'Period', 'ScoreDifferential', 'Opponent', 'OnCourtWith', 'OffCourt']));
  });

  it('a subscriber: the applied filters replace the URL filters; players, side and set stay', () => {
    const applied = { ...parseFilterQuery(search, { authenticated: true }), Period: [], Location: ['home'], ScoreDifferential: [-5, 5] as const };
    expect(compareFiltersHref(search, applied, { authenticated: true })).toBe(
      '/stats/compare?p=2544%3A2012-13&p=201142%3A2012-13&side=defense&metricSet=defense-and-rebounding&location=home&scoreDifferential=-5_5',
    );
    // Back to the defaults: no filter key left.
    expect(compareFiltersHref(search, defaultFilterValues(), { authenticated: true })).toBe(
      '/stats/compare?p=2544%3A2012-13&p=201142%3A2012-13&side=defense&metricSet=defense-and-rebounding',
    );
  });

  it('a visitor without the plan: the URL paid filters stay as they were (shown locked), the free ones are replaced', () => {
    const applied = { ...defaultFilterValues(), SeasonType: ['playoffs'], FilterOutGarbageTime: false, Period: [1] };
    expect(compareFiltersHref(`${search}&isGarbageTime=true`, applied, { authenticated: false })).toBe(
      '/stats/compare?p=2544%3A2012-13&p=201142%3A2012-13&period=4&side=defense&metricSet=defense-and-rebounding&seasonType=playoffs&isGarbageTime=false',
    );
  });

  it("never writes a season: the Season value of the store is not the comparison's", () => {
    const applied = { ...defaultFilterValues(), Season: [2012, 2013] };
    expect(compareFiltersHref('?p=2544%3A2012-13&season=2015', applied, { authenticated: true })).toBe('/stats/compare?p=2544%3A2012-13');
  });
});
