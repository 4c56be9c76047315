import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDataQuery, rawQueryFromSearchParams } from '../../../../src/lib/params/apiParams';
import { dataSearchParams } from '../../../../src/lib/params/dataRequest';
import { FILTERS, type FilterDefinition, type FilterName } from '../../../../src/lib/filters/filterDefinitions';
import { defaultFilterValues, orderDates, relevantFilters, type FilterValue, type FilterValues } from '../../../../src/lib/filters/filterValues';
import {
  hasGatedFilterKeys,
  normaliseDate,
  normaliseMulti,
  normalisePlayers,
  normaliseRange,
  normaliseTeams,
  parseFilterQuery,
  parseViewQuery,
  unreadableFilterValue,
  viewQuery,
} from '../../../../src/lib/params/queryState';
import { TEAMS, teamByAbbr } from '../../../../src/lib/league/franchises';

const AUTH = { authenticated: true };
const ANON = { authenticated: false };
const def = (name: string) => FILTERS.find((f) => f.name === name)! as FilterDefinition;

describe('reading the query string (spec sections 5 and 9)', () => {
  it('starts every filter at its default for an empty query', () => {
    expect(parseFilterQuery('', AUTH)).toEqual(defaultFilterValues());
    const d = defaultFilterValues();
    expect(d.Season).toEqual([2022]);
    expect(d.SeasonType).toEqual(['regular']);
    expect(d.FilterOutGarbageTime).toBe(true);
    expect(d.DaysRest).toEqual([0, 5]);
    expect(d.TimeIntoGame).toEqual([0, 3780]);
    expect(d.ScoreDifferential).toEqual([-75, 75]);
    expect(d.OpponentOffensiveRank).toEqual([1, 30]);
    expect(d.LineupAllOrAny).toBe('all');
  });

  it('reads repeated multi keys, comma lists and season labels, sorted and de-duplicated', () => {
    const v = parseFilterQuery('season=2021-22&season=2012&season=2021,2003&period=4&period=1&period=4', AUTH);
    expect(v.Season).toEqual([2003, 2012, 2021]);
    expect(v.Period).toEqual([1, 4]);
  });

  it('ignores values that are not options, and a season label whose years do not follow', () => {
    const v = parseFilterQuery('season=1999&season=2012-14&season=2013&seasonType=finals&seasonType=Playoffs&period=9', AUTH);
    expect(v.Season).toEqual([2013]);
    expect(v.SeasonType).toEqual(['playoffs']);
    expect(v.Period).toEqual([]);
  });

  it('reads the season type labels of the spec', () => {
    expect(parseFilterQuery('seasonType=regular season&seasonType=playoff', AUTH).SeasonType).toEqual(['regular', 'playoffs']);
  });

  it('orders range bounds smaller first, clamps them and snaps them to the step', () => {
    const v = parseFilterQuery('scoreDifferential=10_-5&daysRest=4_9&timeIntoGame=1445_700', AUTH);
    expect(v.ScoreDifferential).toEqual([-5, 10]);
    expect(v.DaysRest).toEqual([4, 5]);
    expect(v.TimeIntoGame).toEqual([700, 1450]);
  });

  it('ignores ranges that are not low_high', () => {
    const v = parseFilterQuery('daysRest=2&scoreDifferential=a_b&opponentOffensiveRank=1-10', AUTH);
    expect(v.DaysRest).toEqual([0, 5]);
    expect(v.ScoreDifferential).toEqual([-75, 75]);
    expect(v.OpponentOffensiveRank).toEqual([1, 30]);
  });

  it('normalises dates to YYYY-MM-DD and drops non-dates', () => {
    expect(parseFilterQuery('startDate=2023/1/5&endDate=20230301', AUTH)).toMatchObject({ StartDate: '2023-01-05', EndDate: '2023-03-01' });
    expect(parseFilterQuery('startDate=2023-1-5T10:00:00Z', AUTH).StartDate).toBe('2023-01-05');
    expect(parseFilterQuery('startDate=2023-02-30&endDate=yesterday', AUTH)).toMatchObject({ StartDate: null, EndDate: null });
    expect(parseFilterQuery('startDate=2023-03-01&endDate=2023-01-05', AUTH)).toMatchObject({ StartDate: '2023-01-05', EndDate: '2023-03-01' });
    expect(normaliseDate('2024-02-29')).toBe('2024-02-29');
    expect(normaliseDate('2023-02-29')).toBeNull();
    expect(normaliseDate('2023-13-01')).toBeNull();
  });

  it('reads teams by abbreviation (historical ones too) into team ids', () => {
    const v = parseFilterQuery('opponent=bos&opponent=SEA&opponent=NJN&opponent=XYZ', AUTH);
    expect(v.Opponent).toEqual(normaliseTeams([teamByAbbr('BOS')!.id, teamByAbbr('OKC')!.id, teamByAbbr('BKN')!.id]));
    expect((v.Opponent as string[]).every((id) => TEAMS.some((t) => t.id === id))).toBe(true);
  });

  it('reads lineup players as ids and the all/any choice', () => {
    const v = parseFilterQuery('pg=201939&pg=abc&onCourt=2544&onCourt=201939&lineupAllOrAny=ANY', AUTH);
    expect(v.PG).toEqual([201939]);
    expect(v.OnCourt).toEqual([2544, 201939]);
    expect(v.LineupAllOrAny).toBe('any');
  });

  it('reads garbage time as yes/no', () => {
    expect(parseFilterQuery('isGarbageTime=false', AUTH).FilterOutGarbageTime).toBe(false);
    expect(parseFilterQuery('isGarbageTime=no', AUTH).FilterOutGarbageTime).toBe(false);
    expect(parseFilterQuery('isGarbageTime=maybe', AUTH).FilterOutGarbageTime).toBe(true);
  });

  it('ignores unknown keys (and filter api keys, which are not query keys)', () => {
    expect(parseFilterQuery('foo=bar&season_type=playoffs&days_rest_low=2&utm_source=x', AUTH)).toEqual(defaultFilterValues());
  });

  it('ignores gated filters unless the user is authenticated (spec sections 5 and 6)', () => {
    const qs = 'season=2012&startDate=2013-01-01&isGarbageTime=false&location=home&daysRest=1_2&period=4&opponent=BOS&pg=2544&lineupAllOrAny=any';
    const anon = parseFilterQuery(qs, ANON);
    expect(anon).toEqual({ ...defaultFilterValues(), Season: [2012], StartDate: '2013-01-01', FilterOutGarbageTime: false });
    const auth = parseFilterQuery(qs, AUTH);
    expect(auth.Location).toEqual(['home']);
    expect(auth.DaysRest).toEqual([1, 2]);
    expect(auth.Period).toEqual([4]);
    expect(auth.PG).toEqual([2544]);
    expect(auth.LineupAllOrAny).toBe('any');
    expect(hasGatedFilterKeys(qs)).toBe(true);
    expect(hasGatedFilterKeys('season=2012&isGarbageTime=false&foo=1')).toBe(false);
  });

  it('reads side and metric set, ignoring a side that is not one', () => {
    expect(parseViewQuery('side=Defense&metricSet=shooting-overall', ANON)).toMatchObject({ side: 'defense', metricSet: 'shooting-overall' });
    expect(parseViewQuery('side=up', ANON)).toMatchObject({ side: null, metricSet: null });
  });
});

describe('sides', () => {
  it("are the API's sides", async () => {
    const { SIDES: apiSides } = await import('../../../../src/lib/params/apiParams');
    const { SIDES } = await import('../../../../src/lib/params/queryState');
    expect(SIDES).toEqual(apiSides);
  });
});

describe('writing the query string', () => {
  it('writes nothing for the defaults and offense', () => {
    expect(viewQuery({ filters: defaultFilterValues(), side: 'offense', metricSet: null }).toString()).toBe('');
  });

  it('writes a filter asked for explicitly even at its default (a page that opens on another season)', () => {
    const season = defaultFilterValues().Season as number[];
    const qs = viewQuery({ filters: defaultFilterValues(), side: 'offense', metricSet: null }, ['Season']).toString();
    expect(qs).toBe(season.map((s) => `season=${s}`).join('&'));
    expect(qs).not.toBe('');
    expect(parseViewQuery(qs, AUTH).filters).toEqual(defaultFilterValues());
  });

  it('writes ranges as low_high, teams as abbreviations, multi keys repeated, in filter order', () => {
    const filters: FilterValues = {
      ...defaultFilterValues(),
      Season: [2012, 2022],
      ScoreDifferential: [-10, 5],
      Opponent: normaliseTeams([teamByAbbr('LAL')!.id, teamByAbbr('BOS')!.id]),
      FilterOutGarbageTime: false,
    };
    const qs = viewQuery({ filters, side: 'defense', metricSet: 'four-factors' }).toString();
    expect(qs).toBe('season=2012&season=2022&isGarbageTime=false&scoreDifferential=-10_5&opponent=BOS&opponent=LAL&side=defense&metricSet=four-factors');
  });

  it('selecting every location is no location filter', () => {
    expect(normaliseMulti(def('Location') as never, ['away', 'home'])).toEqual([]);
    expect(normaliseMulti(def('Season') as never, [2022, 2003, 2022])).toEqual([2003, 2022]);
  });
});

/** Any valid value of one filter, in its canonical form. */
function arbitraryValue(f: FilterDefinition): fc.Arbitrary<FilterValue> {
  switch (f.type) {
    case 'multi':
      return fc.subarray([...f.options], { minLength: f.default.length > 0 ? 1 : 0 }).map((v) => normaliseMulti(f, v));
    case 'date':
      return fc.option(
        fc.date({ min: new Date('2003-10-01T00:00:00Z'), max: new Date('2023-06-30T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
        { nil: null },
      );
    case 'range':
      return fc.tuple(fc.integer({ min: f.min, max: f.max }), fc.integer({ min: f.min, max: f.max })).map(([a, b]) => normaliseRange(f, a, b));
    case 'boolean':
      return fc.boolean();
    case 'choice':
      return fc.constantFrom(...f.options);
    case 'teams':
      return fc.subarray(TEAMS.map((t) => t.id)).map(normaliseTeams);
    case 'players':
      return fc.array(fc.integer({ min: 1, max: 1_700_000 }), { maxLength: 3 }).map(normalisePlayers);
  }
}

const arbitraryFilters: fc.Arbitrary<FilterValues> = fc
  .record(Object.fromEntries(FILTERS.map((f) => [f.name, arbitraryValue(f)])) as Record<FilterName, fc.Arbitrary<FilterValue>>)
  .map((values) => orderDates(values as FilterValues));

describe('round trips (the URL is the source of truth)', () => {
  it('any view written to the URL reads back identically for a signed-in user', () => {
    fc.assert(
      fc.property(
        arbitraryFilters,
        fc.constantFrom('offense' as const, 'defense' as const),
        fc.option(fc.constantFrom('four-factors', 'shooting-overall'), { nil: null }),
        (filters, side, metricSet) => {
          const qs = viewQuery({ filters, side, metricSet }).toString();
          const back = parseViewQuery(qs, AUTH);
          expect(back.filters).toEqual(filters);
          expect(back.side).toBe(side === 'offense' ? null : side);
          expect(back.metricSet).toBe(metricSet);
          // Writing it again gives the same string: one view, one URL.
          expect(viewQuery(back).toString()).toBe(new URLSearchParams(qs).toString().replace(/side=offense&?/, ''));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('for an anonymous user only the public filters survive the trip', () => {
    fc.assert(
      fc.property(arbitraryFilters, (filters) => {
        const back = parseFilterQuery(viewQuery({ filters, side: null, metricSet: null }), ANON);
        for (const f of FILTERS) expect(back[f.name]).toEqual(f.requiresAuth ? defaultFilterValues()[f.name] : filters[f.name]);
      }),
      { numRuns: 200 },
    );
  });

  it('what the client sends to /api/data is accepted by the API and means the same filters', () => {
    fc.assert(
      fc.property(arbitraryFilters, (filters) => {
        const params = dataSearchParams({
          page: 'Players',
          entity: null,
          side: 'offense',
          metricSet: null,
          filters,
          relevant: relevantFilters('Players'),
          authenticated: true,
        });
        expect(params.has('side')).toBe(false); // Players has no side (spec section 7)
        const q = parseDataQuery(rawQueryFromSearchParams(params));
        expect(q.filters.seasons).toEqual(filters.Season);
        expect(q.filters.filterOutGarbageTime).toBe(filters.FilterOutGarbageTime);
        const [lo, hi] = filters.ScoreDifferential as [number, number];
        expect(q.filters.scoreDiff).toEqual(lo === -75 && hi === 75 ? null : [lo, hi]);
        expect(q.filters.opponents).toEqual((filters.Opponent as string[]).map((id) => TEAMS.find((t) => t.id === id)!.teamId).sort((a, b) => a - b));
        expect(q.filters.startDate).toBe(filters.StartDate);
      }),
      { numRuns: 200 },
    );
  });

  it('never sends gated filters for an anonymous user, and sends side only on pages that have one', () => {
    const filters = parseFilterQuery('location=home&period=2&pg=2544&season=2012', AUTH);
    const anon = dataSearchParams({
      page: 'Lineups',
      entity: null,
      side: 'defense',
      metricSet: null,
      filters,
      relevant: relevantFilters('Lineups'),
      authenticated: false,
    });
    expect(anon.toString()).toBe('page=Lineups&side=defense&season=2012&season_type=regular&is_garbage_time=true');
    const auth = dataSearchParams({
      page: 'Lineups',
      entity: null,
      side: 'defense',
      metricSet: null,
      filters,
      relevant: relevantFilters('Lineups'),
      authenticated: true,
    });
    expect(auth.getAll('location')).toEqual(['home']);
    expect(auth.getAll('period')).toEqual(['2']);
    expect(auth.getAll('pg')).toEqual(['2544']);
  });

  it('game views send only their relevant filters, with the entity', () => {
    const filters = parseFilterQuery('season=2012&scoreDifferential=-5_5', AUTH);
    const params = dataSearchParams({
      page: 'GameTeam',
      entity: '0022200001',
      side: 'offense',
      metricSet: null,
      filters,
      relevant: relevantFilters('GameTeam'),
      authenticated: true,
    });
    expect(params.toString()).toBe('page=GameTeam&entity=0022200001&is_garbage_time=true&score_diff_low=-5&score_diff_high=5');
  });
});

describe('unreadableFilterValue (the compare page reports what the stats client ignores)', () => {
  const names = ['SeasonType', 'Period', 'ScoreDifferential', 'StartDate', 'Clutch', 'LineupAllOrAny', 'Opponent', 'OnCourtWith'] as const;

  it('finds nothing in a readable query', () => {
    expect(
      unreadableFilterValue(
        'period=4&period=5&scoreDifferential=-5_5&startDate=2013/01/05&clutch=yes&lineupAllOrAny=any&opponent=BOS&onCourtWith=2544&seasonType=playoffs',
        names,
      ),
    ).toBeNull();
    // Keys outside the names are not read (season on the compare page: each player has his own).
    expect(unreadableFilterValue('season=1999&period=4', names)).toBeNull();
  });

  it('names the key, the value and what the filter takes', () => {
    expect(unreadableFilterValue('period=4&period=9', names)).toEqual({ key: 'period', value: '9', expected: 'one of 1, 2, 3, 4, 5, 6, 7' });
    expect(unreadableFilterValue('scoreDifferential=close', names)).toEqual({
      key: 'scoreDifferential',
      value: 'close',
      expected: 'a range written low_high from -75 to 75 (e.g. -75_75)',
    });
    expect(unreadableFilterValue('startDate=2013-02-30', names)?.expected).toBe('a date written YYYY-MM-DD');
    expect(unreadableFilterValue('clutch=maybe', names)?.expected).toBe('true or false');
    expect(unreadableFilterValue('lineupAllOrAny=some', names)?.expected).toBe('one of all, any');
    expect(unreadableFilterValue('opponent=XYZ', names)?.expected).toBe('a team abbreviation (e.g. BOS)');
    expect(unreadableFilterValue('onCourtWith=lebron', names)?.expected).toBe('a player id (e.g. 2544)');
    expect(unreadableFilterValue('seasonType=summer', names)?.expected).toBe('one of regular, playoffs');
  });
});
