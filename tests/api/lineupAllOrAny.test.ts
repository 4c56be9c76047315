/**
 * Lineup all/any is a modifier of the lineup filters (src/lib/filters/filterDefinitions.ts LineupAllOrAny): without a lineup filter
 * it is ignored for everyone, anonymous visitors, members without a plan and subscribers alike (200, the answer
 * of the same query without it, from the same cache entry); beside a lineup filter it is gated with them (403 for
 * the first two, with the plan's wording for the member) and changes the sample for a subscriber.
 */
import { describe, expect, it } from 'vitest';
import { parseDataQuery, rawQueryFromSearchParams } from '../../src/lib/params/apiParams';
import type { Session } from '../../src/lib/accounts/sessionShape';
import { HAS_DB, SIGNED_IN } from './helpers';

const MEMBER: Session = { user: { name: 'Member', email: 'member@example.com' }, isAdmin: false, subscriptions: [] };
const WHO: [string, Session | null][] = [
  ['anonymous', null],
  ['member without a plan', MEMBER],
  ['subscriber', SIGNED_IN],
];

async function get(path: string, session: Session | null): Promise<{ status: number; cache: string | null; body: any }> {
  const url = new URL(path, 'http://localhost');
  const name = url.pathname.slice('/api/'.length);
  const mod = (await import(`../../src/pages/api/${name}.ts`)) as { GET: (c: unknown) => Promise<Response> };
  const res = await mod.GET({ url, locals: { session }, request: new Request(url) });
  return { status: res.status, cache: res.headers.get('x-cache'), body: await res.json() };
}

describe('lineup_all_or_any in the filter model', () => {
  it('without a lineup filter the parsed query is the query without it', () => {
    const parse = (qs: string) => parseDataQuery(rawQueryFromSearchParams(new URLSearchParams(qs)));
    expect(parse('page=Players&lineup_all_or_any=any')).toEqual(parse('page=Players'));
    expect(parse('page=Players&lineup_all_or_any=any&on_court=2544').filters.lineupAllOrAny).toBe('any');
  });
});

describe.skipIf(!HAS_DB)('lineup_all_or_any alone: ignored for everyone; beside a lineup filter: gated', () => {
  // A season and team of their own per visitor, so that each visitor's first call is not served from another's cache.
  const cases = WHO.map(([who, session], i) => ({ who, session, base: `page=TeamTeam&entity=${['MIA', 'BOS', 'DEN'][i]}&season=2012` }));

  it.each(cases)('$who: alone, 200 with the answer without it, from the same cache entry', async ({ session, base }) => {
    for (const endpoint of ['data', 'shots']) {
      const without = await get(`/api/${endpoint}?${base}`, session);
      expect(without.status).toBe(200);
      const withIt = await get(`/api/${endpoint}?${base}&lineup_all_or_any=any`, session);
      expect(withIt.status, JSON.stringify(withIt.body)).toBe(200);
      expect(withIt.body).toEqual(without.body);
      expect(withIt.cache, endpoint).toBe('hit');
    }
  });

  it.each(cases)('$who: beside a lineup filter, gated with it', async ({ who, session, base }) => {
    // Two lineup filters, Miami 2012-13: LeBron James on the floor and Dwyane Wade on the floor with him (all), or
    // either of them on the floor (any).
    const lineup = 'entity=MIA&on_court=2544&on_court_with=2548';
    const q = `${base.replace(/entity=\w+/, lineup)}`;
    const any = await get(`/api/data?${q}&lineup_all_or_any=any`, session);
    if (who === 'subscriber') {
      const all = await get(`/api/data?${q}`, session);
      expect([any.status, all.status]).toEqual([200, 200]);
      const poss = (r: typeof any) => r.body.data.Team_FourFactors[0].poss as number;
      // Either of the two is on the floor more often than both together.
      expect(poss(any)).toBeGreaterThan(poss(all));
      return;
    }
    expect(any.status).toBe(403);
    expect(any.body.error).toMatch(who === 'anonymous' ? /^Sign in/ : /need an active Stats plan/);
    expect(any.body.error).toContain('LineupAllOrAny, OnCourt, OnCourtWith (lineup_all_or_any, on_court, on_court_with)');
  });
});
