/**
 * /api/v1/table and /api/v1/shots take only the keys their page kind reads (a 400 naming the key and listing what
 * the page takes: `page=Lineups&entity=DEN` asked for DEN's lineups and silently got the league's), and a table
 * answer says which filters its numbers are under. Through the endpoints' own handlers (as the router calls them)
 * on the test database.
 */
import { describe, expect, it } from 'vitest';
import { ParamError } from '../../src/lib/params/apiParams';
import { ENDPOINTS } from '../../src/server/api/v1/endpoints';
import { TableAnswer } from '../../src/server/api/v1/schemas';
import { HAS_DB, SIGNED_IN } from './helpers';

async function run(path: string, query: string) {
  const endpoint = ENDPOINTS.find((e) => e.path === path)!;
  const url = new URL(`${path}?${query}`, 'http://localhost');
  return endpoint.prepare({ url, request: new Request(url), params: {}, session: SIGNED_IN, asker: { client: 'test' }, guideOf: () => null }).run();
}

const refusal = async (path: string, query: string): Promise<ParamError> => {
  try {
    await run(path, query);
  } catch (error) {
    if (error instanceof ParamError) return error;
    throw error;
  }
  throw new Error(`${path}?${query} was answered`);
};

describe.skipIf(!HAS_DB)('/api/v1 table keys', () => {
  it('refuses an entity on a league-wide page, naming it and what the page takes', async () => {
    const e = await refusal('/api/v1/table', 'page=Lineups&season=2022&entity=DEN');
    expect(e.param).toBe('entity');
    expect(e.message).toMatch(/^entity: is not a parameter of page Lineups, which takes: page, format, metric_set, min_poss, side, unit, season, /);
    // The team's lineups are a page of their own, which takes it.
    const answer = TableAnswer.parse(await run('/api/v1/table', 'page=TeamLineups&season=2022&entity=DEN&metric_set=Team_FourFactors'));
    expect(answer.entity).toBe('DEN');
  });

  it.each([
    ['/api/v1/table', 'page=GameTeam&entity=0022201227&season=2022', 'season'],
    ['/api/v1/table', 'page=Players&season=2022&unit=2', 'unit'],
    ['/api/v1/table', 'page=Players&season=2022&side=defense', 'side'],
    ['/api/v1/table', 'page=Players&season=2022&sesaon=2012', 'sesaon'],
    ['/api/v1/shots', 'page=Players&season=2022&metric_set=OffensiveOverview', 'metric_set'],
  ])('%s?%s: 400 naming %s', async (path, query, param) => {
    expect((await refusal(path, query)).param).toBe(param);
  });

  it('echoes the filters the numbers are under', async () => {
    const plain = TableAnswer.parse(await run('/api/v1/table', 'page=Players&season=2022'));
    expect(plain.filters).toEqual({ season: ['2022'], season_type: ['regular'], is_garbage_time: ['true'] });
    const filtered = TableAnswer.parse(
      await run(
        '/api/v1/table',
        'page=Players&season=2022&season_type=playoffs&period=4&score_diff_low=-5&score_diff_high=5&on_court=203999&is_garbage_time=false',
      ),
    );
    expect(filtered.filters).toEqual({
      season: ['2022'],
      season_type: ['playoffs'],
      is_garbage_time: ['false'],
      period: ['4'],
      score_diff_low: ['-5'],
      score_diff_high: ['5'],
      on_court: ['203999'],
    });
  });
});
