import { describe, expect, it } from 'vitest';
import {
  appliedFilterNames,
  parseDataQuery,
  ParamError,
  parseGameId,
  parsePlayerId,
  queryKey,
  rawQueryFromSearchParams,
} from '../../../../src/lib/params/apiParams';

const parse = (qs: string) => parseDataQuery(rawQueryFromSearchParams(new URLSearchParams(qs)));
const errorOf = (qs: string): ParamError => {
  try {
    parse(qs);
  } catch (err) {
    if (err instanceof ParamError) return err;
    throw err;
  }
  throw new Error(`no error for ${qs}`);
};

describe('GET /api/data query', () => {
  it('defaults to the 2022-23 regular season with garbage time filtered out, offense', () => {
    const q = parse('page=Players');
    expect(q.page).toBe('Players');
    expect(q.filters.seasons).toEqual([2022]);
    expect(q.filters.seasonTypes).toEqual(['regular']);
    expect(q.filters.filterOutGarbageTime).toBe(true);
    expect(q.side).toBe('offense');
    expect(q.entity).toBeNull();
    expect(appliedFilterNames(q.filters)).toEqual([]);
  });

  it('reads repeated multi-values, sorted and de-duplicated, and season labels', () => {
    const q = parse('page=League&season=2021&season=2012-13&season=2021&period=4&period=1');
    expect(q.filters.seasons).toEqual([2012, 2021]);
    expect(q.filters.periods).toEqual([1, 4]);
  });

  it('accepts the spec labels of season types', () => {
    expect(parse('page=League&season_type=regular%20season&season_type=playoff').filters.seasonTypes).toEqual(['playoffs', 'regular']);
  });

  it('orders a range smaller first and drops a full range', () => {
    expect(parse('page=League&score_diff_low=10&score_diff_high=-5').filters.scoreDiff).toEqual([-5, 10]);
    expect(parse('page=League&days_rest_low=0&days_rest_high=5').filters.daysRest).toBeNull();
    expect(parse('page=League&days_rest_low=2').filters.daysRest).toEqual([2, 5]);
  });

  it('converts team abbreviations (historical too) to league ids', () => {
    expect(parse('page=League&opponent=SEA&opponent=bos').filters.opponents).toEqual([1610612738, 1610612760]);
  });

  it('ignores unknown keys and empty values', () => {
    expect(parse('page=League&foo=bar&season=').filters.seasons).toEqual([2022]);
  });

  it('needs an entity for entity pages and normalises it', () => {
    expect(parse('page=TeamTeam&entity=njn').entity).toBe('BKN');
    expect(parse('page=PlayerProfile&entity=2544').entity).toBe('2544');
    expect(parse('page=GameTeam&entity=0021200001').entity).toBe('0021200001');
    expect(errorOf('page=TeamTeam').param).toBe('entity');
    expect(errorOf('page=TeamTeam&entity=XYZ').param).toBe('entity');
    expect(errorOf('page=GameTeam&entity=123').param).toBe('entity');
  });

  it('ignores side on pages without one', () => {
    expect(parse('page=Players&side=defense').side).toBe('offense');
    expect(parse('page=TeamTeam&entity=BOS&side=defense').side).toBe('defense');
  });

  it.each([
    ['page=Nope', 'page'],
    ['season=2022', 'page'],
    ['page=NonStats', 'page'],
    ['page=League&season=1999', 'season'],
    ['page=League&season=2022-24', 'season'],
    ['page=League&season_type=summer', 'season_type'],
    ['page=League&start_date=2022-13-01', 'start_date'],
    ['page=League&start_date=2022-02-30', 'start_date'],
    ['page=League&end_date=yesterday', 'end_date'],
    ['page=League&start_date=2022-03-01&end_date=2022-02-01', 'end_date'],
    ['page=League&location=moon', 'location'],
    ['page=League&result=tie', 'result'],
    ['page=League&days_rest_low=9', 'days_rest_low'],
    ['page=League&time_into_game_high=4000', 'time_into_game_high'],
    ['page=League&score_diff_low=abc', 'score_diff_low'],
    ['page=League&score_diff_low=1&score_diff_low=2', 'score_diff_low'],
    ['page=League&period=8', 'period'],
    ['page=League&opponent=XXX', 'opponent'],
    ['page=League&opp_off_rank_low=0', 'opp_off_rank_low'],
    ['page=League&is_garbage_time=maybe', 'is_garbage_time'],
    ['page=League&lineup_all_or_any=some', 'lineup_all_or_any'],
    ['page=League&pg=LeBron', 'pg'],
    ['page=League&side=middle', 'side'],
  ])('rejects %s naming %s', (qs, param) => {
    const err = errorOf(qs);
    expect(err.param).toBe(param);
    expect(err.message.startsWith(`${param}: `)).toBe(true);
  });

  it('gives the same cache key to equivalent queries', () => {
    expect(queryKey(parse('page=League&season=2021&season=2012'))).toBe(queryKey(parse('season=2012&page=League&season=2021&foo=1')));
    expect(queryKey(parse('page=League&score_diff_low=5&score_diff_high=-5'))).toBe(queryKey(parse('page=League&score_diff_low=-5&score_diff_high=5')));
    expect(queryKey(parse('page=League&season=2021'))).not.toBe(queryKey(parse('page=League&season=2020')));
  });

  it('lists only non-default filters as applied', () => {
    const q = parse('page=Players&location=home&location=away&days_rest_low=0&days_rest_high=5&pg=2544&is_garbage_time=false');
    expect(appliedFilterNames(q.filters)).toEqual(['FilterOutGarbageTime', 'PG']);
  });

  it('parses player and game ids of the detail endpoints', () => {
    expect(parsePlayerId('2544')).toBe(2544);
    expect(() => parsePlayerId(null)).toThrow(/player_id/);
    expect(() => parsePlayerId('abc')).toThrow(/player_id/);
    expect(parseGameId('0021200001')).toBe('0021200001');
    expect(() => parseGameId('21200001')).toThrow(/game_id/);
  });
});

describe('keys named like Object.prototype members (found by fuzzing: "toString" was a 500)', () => {
  it.each(['toString', '__proto__', 'constructor', 'hasOwnProperty', 'valueOf'])('%s is an ignored unknown key', (key) => {
    const raw = rawQueryFromSearchParams(new URLSearchParams(`page=League&${key}=x&${key}=y&season=2012`));
    expect(raw[key]).toEqual(['x', 'y']);
    expect(parseDataQuery(raw).filters.seasons).toEqual([2012]);
  });
});
