import { describe, expect, it } from 'vitest';
import { parseDataQuery, rawQueryFromSearchParams } from '../../../../src/lib/params/apiParams';
import type { Session } from '../../../../src/lib/accounts/sessionShape';
import { ApiError } from '../../../../src/server/stats/base/errors';
import { assertFiltersAllowed, gatedFiltersIn } from '../../../../src/server/stats/request/gating';

const parse = (qs: string) => parseDataQuery(rawQueryFromSearchParams(new URLSearchParams(qs)));
const NOW = 1_800_000_000;
const user = { name: 'Ann', email: 'ann@example.com' };
const stats = (expiresAt: number) => ({ plan: { name: 'Stats' }, expiresAt });
/** The four kinds of signed-in user of the README's demo accounts. */
const subscriber: Session = { user, isAdmin: false, subscriptions: [stats(NOW + 86_400)] };
const member: Session = { user, isAdmin: false, subscriptions: [] };
const expired: Session = { user, isAdmin: false, subscriptions: [stats(NOW - 86_400)] };
const admin: Session = { user, isAdmin: true, subscriptions: [stats(NOW - 86_400)] };
const otherPlanOnly: Session = { user, isAdmin: false, subscriptions: [{ plan: { name: 'Newsletter' }, expiresAt: NOW + 86_400 }] };

function errorOf(fn: () => void): ApiError | undefined {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  return undefined;
}

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
  ])('refuses %s anonymously and without an active plan (403), allows it with the plan or as admin', (filter) => {
    const q = parse(`page=Players&${filter}`);
    const anonymous = errorOf(() => assertFiltersAllowed(q, null, NOW));
    expect(anonymous?.status).toBe(403);
    expect(anonymous?.message).toMatch(/^Sign in/);
    for (const who of [member, expired, otherPlanOnly]) {
      const error = errorOf(() => assertFiltersAllowed(q, who, NOW));
      expect(error?.status).toBe(403);
      expect(error?.message).toMatch(/need an active Stats plan/);
    }
    expect(() => assertFiltersAllowed(q, subscriber, NOW)).not.toThrow();
    expect(() => assertFiltersAllowed(q, admin, NOW)).not.toThrow();
  });

  it('counts a plan as active until its expiry second, not after', () => {
    const q = parse('page=Players&period=4');
    const until = (t: number): Session => ({ user, isAdmin: false, subscriptions: [stats(t)] });
    expect(() => assertFiltersAllowed(q, until(NOW + 1), NOW)).not.toThrow();
    expect(errorOf(() => assertFiltersAllowed(q, until(NOW), NOW))?.status).toBe(403);
    // An old expired subscription beside a live one: the live one counts.
    const renewed: Session = { user, isAdmin: false, subscriptions: [stats(NOW - 500), stats(NOW + 500)] };
    expect(() => assertFiltersAllowed(q, renewed, NOW)).not.toThrow();
  });

  it('lets every signed-in user use the public filters', () => {
    const q = parse('page=Players&season=2012&season_type=playoffs&is_garbage_time=false');
    for (const who of [member, expired, subscriber, admin]) expect(() => assertFiltersAllowed(q, who, NOW)).not.toThrow();
  });

  it('treats an undefined session (no middleware yet) as anonymous', () => {
    expect(() => assertFiltersAllowed(parse('page=Players&period=1'), undefined)).toThrow(ApiError);
  });

  it('does not count a gated filter sent at its default value', () => {
    expect(() => assertFiltersAllowed(parse('page=Players&days_rest_low=0&days_rest_high=5&lineup_all_or_any=all'), null)).not.toThrow();
    // every option of a filter that defaults to none filters nothing (as the client's normaliseMulti says)
    expect(gatedFiltersIn(parse('page=Players&location=home&location=away&result=win&result=loss'))).toEqual([]);
    expect(gatedFiltersIn(parse(`page=Players&${[1, 2, 3, 4, 5, 6, 7].map((p) => `period=${p}`).join('&')}`))).toEqual([]);
    // lineup all/any is a filter only beside a lineup filter
    expect(gatedFiltersIn(parse('page=Players&lineup_all_or_any=any'))).toEqual([]);
    expect(gatedFiltersIn(parse('page=Players&lineup_all_or_any=any&on_court=2544'))).toEqual(['LineupAllOrAny', 'OnCourt']);
  });
});
