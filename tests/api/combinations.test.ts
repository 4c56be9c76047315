/**
 * Random combinations of filters on every page kind (fast-check, fixed seed): every answer is 200 with a list
 * for every metric set of the view, or an empty result, never an error.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATA_PAGE_KINDS } from '../../src/lib/params/apiParams';
import { metricSetOptions } from '../../src/lib/tables/metricSets';
import { call, HAS_DB } from './helpers';

const ENTITY: Record<string, string> = { player: '2544', team: 'MIA', game: '0021200500' };
const entityOf = (page: string) =>
  page.startsWith('Player') && page !== 'Players' ? ENTITY.player : page.startsWith('Team') ? ENTITY.team : page.startsWith('Game') ? ENTITY.game : null;

const filter = fc.oneof(
  fc.constant('season=2012'),
  fc.constant('season=2022&season_type=playoffs&season_type=regular'),
  fc.constant('start_date=2013-01-01'),
  fc.constant('end_date=2013-03-01'),
  fc.constantFrom('location=home', 'location=away', 'result=win', 'result=loss'),
  fc.integer({ min: 0, max: 5 }).map((d) => `days_rest_low=${d}`),
  fc.constant('is_garbage_time=false'),
  fc.integer({ min: 1, max: 7 }).map((p) => `period=${p}`),
  fc.integer({ min: 0, max: 3780 }).map((t) => `time_into_game_low=${t}`),
  fc.integer({ min: -20, max: 20 }).map((d) => `score_diff_low=${d}&score_diff_high=${d + 10}`),
  fc.constantFrom('opponent=BOS', 'opponent=NYK&opponent=CHI'),
  fc.integer({ min: 1, max: 30 }).map((r) => `opp_def_rank_high=${r}`),
  fc.integer({ min: 1, max: 30 }).map((r) => `opp_point_diff_rank_low=${r}`),
  fc.constantFrom('on_court=2544', 'off_court=2548', 'pg=201596', 'sf=2544&lineup_all_or_any=any&c=2547'),
);

describe.skipIf(!HAS_DB)('filter combinations on every page kind', () => {
  it('answers 200 with every metric set', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...DATA_PAGE_KINDS),
        fc.constantFrom('offense', 'defense'),
        fc.uniqueArray(filter, { minLength: 1, maxLength: 4, selector: (f) => f.split('=')[0] }),
        async (page, side, filters) => {
          const entity = entityOf(page);
          const qs = [`page=${page}`, `side=${side}`, ...(entity ? [`entity=${entity}`] : []), ...filters].join('&');
          const r = await call(`/api/data?${qs}`);
          expect(r.status, qs).toBe(200);
          if (r.body.note) return; // e.g. salaries out of range
          const sets = metricSetOptions(page, page === 'Players' ? 'offense' : (side as 'offense' | 'defense')).map((o) => o.value);
          for (const s of sets) expect(Array.isArray(r.body.data[s]), `${qs} ${s}`).toBe(true);
        },
      ),
      { numRuns: 30, seed: 20230613 },
    );
  }, 240_000);
});
