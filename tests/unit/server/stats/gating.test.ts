import { describe, expect, it } from 'vitest';
import { parseDataQuery, rawQueryFromSearchParams } from '../../../../src/lib/apiParams';
import type { Session } from '../../../../src/lib/session';
import { ApiError } from '../../../../src/server/stats/errors';
import { assertFiltersAllowed, gatedFiltersIn } from '../../../../src/server/stats/gating';

const parse = (qs: string) => parseDataQuery(rawQueryFromSearchParams(new URLSearchParams(qs)));
const session: Session = { user: { name: 'Ann', email: 'ann@example.com' }, isAdmin: false, subscriptions: [] };

describe('assertFiltersAllowed (spec section 6)', () => {
  it('lets anonymous users use season, season type, dates and garbage time', () => {
    const q = parse('page=Players&season=2012&season_type=playoffs&start_date=2013-01-01&end_date=2013-02-01&is_garbage_time=false');
    expect(gatedFiltersIn(q)).toEqual([]);
    expect(() => assertFiltersAllowed(q, null)).not.toThrow();
  });

  it.each([
    'location=home',
    'result=win',
    'days_rest_low=1',
    'period=4',
    'time_into_game_low=100',
    'score_diff_high=10',
    'opponent=BOS',
    'opp_days_rest_high=2',
    'opp_point_diff_rank_high=10',
    'opp_off_rank_low=5',
    'opp_def_rank_low=5',
    'pg=2544',
    'sg=2544',
    'sf=2544',
    'pf=2544',
    'c=2544',
    'on_court=2544',
    'off_court=2544',
  ])('refuses %s without a session (403) and allows it with one', (filter) => {
    const q = parse(`page=Players&${filter}`);
    let error: unknown;
    try {
      assertFiltersAllowed(q, null);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).message).toMatch(/Sign in/);
    expect(() => assertFiltersAllowed(q, session)).not.toThrow();
  });

  it('treats an undefined session (no middleware yet) as anonymous', () => {
    expect(() => assertFiltersAllowed(parse('page=Players&period=1'), undefined)).toThrow(ApiError);
  });

  it('does not count a gated filter sent at its default value', () => {
    expect(() => assertFiltersAllowed(parse('page=Players&days_rest_low=0&days_rest_high=5&lineup_all_or_any=all'), null)).not.toThrow();
  });
});
