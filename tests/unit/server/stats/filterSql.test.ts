import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDataQuery, rawQueryFromSearchParams } from '../../../../src/lib/params/apiParams';
import { lineupCondition, needsPossessions, possessionSource, teamGameSource } from '../../../../src/server/stats/sql/filterSql';
import { statsDb } from '../../../../src/server/db/statsDb';
import { Params } from '../../../../src/server/stats/sql/sql';

const parse = (qs: string) => parseDataQuery(rawQueryFromSearchParams(new URLSearchParams(qs))).filters;

describe('filters -> SQL', () => {
  it('binds every value: the SQL text never contains a value from the request', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100000, max: 9999999 }),
        fc.integer({ min: 100000, max: 9999999 }),
        fc.date({ min: new Date('2004-01-01'), max: new Date('2023-06-30'), noInvalidDate: true }),
        fc.integer({ min: 11, max: 70 }),
        (a, b, d, diff) => {
          const date = d.toISOString().slice(0, 10);
          const f = parse(
            `page=Players&pg=${a}&on_court=${b}&off_court=${a + 1}&start_date=${date}&score_diff_low=-${diff}&score_diff_high=${diff}&period=2&opponent=BOS&days_rest_low=1`,
          );
          const p = new Params();
          const sql = possessionSource(statsDb, f, p, 'offense');
          const text = sql.replace(/\$\d+/g, '$?');
          for (const v of [a, b, a + 1, date, diff, 1610612738]) expect(text).not.toContain(String(v));
          const placeholders = new Set(sql.match(/\$\d+/g));
          expect(placeholders.size).toBe(p.values.length);
          expect(p.values).toEqual(expect.arrayContaining([a, b, a + 1, date, -diff, diff, 1610612738]));
        },
      ),
      { numRuns: 50 },
    );
  });

  it('uses the per-game totals unless a possession-level filter is applied', () => {
    expect(needsPossessions(parse('page=Players&opponent=BOS&location=home'))).toBe(false);
    for (const f of ['period=1', 'time_into_game_low=100', 'score_diff_low=0', 'c=2544', 'off_court=2544']) {
      expect(needsPossessions(parse(`page=Players&${f}`))).toBe(true);
    }
  });

  it('filters garbage time by default and keeps it when asked', () => {
    expect(teamGameSource(parse('page=League'), new Params(), 'offense')).toContain('NOT p.is_filtered_out');
    expect(teamGameSource(parse('page=League&is_garbage_time=false'), new Params(), 'offense')).not.toContain('is_filtered_out');
  });

  it('combines lineup filters with AND for all and OR for any', () => {
    const all = lineupCondition(parse('page=League&pg=1&c=2'), new Params());
    const any = lineupCondition(parse('page=League&pg=1&c=2&lineup_all_or_any=any'), new Params());
    expect(all).toMatch(/\) AND \(/);
    expect(any).toMatch(/\) OR \(/);
    expect(all).toContain('p.o1 IN');
    expect(all).toContain('p.d5 IN');
  });

  it('judges score differential from the defense when the perspective is the defense', () => {
    expect(possessionSource(statsDb, parse('page=League&score_diff_low=-5&score_diff_high=5'), new Params(), 'defense')).toContain('(-p.score_diff)');
  });
});
