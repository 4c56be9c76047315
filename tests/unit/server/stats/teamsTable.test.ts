import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankColumn } from '../../../../src/server/stats/teamsTable';

describe('rankColumn', () => {
  it('ranks 1 = best in the column\'s direction, ties share the better rank', () => {
    expect(rankColumn([110, 105, 110, null], 'high').map((r) => r.rank)).toEqual([1, 3, 1, null]);
    expect(rankColumn([110, 105, 120], 'low').map((r) => r.rank)).toEqual([2, 1, 3]);
  });

  it('percentiles run from 0 (worst) to 100 (best); none when no way is better', () => {
    expect(rankColumn([1, 2, 3], 'high').map((r) => r.percentile)).toEqual([0, 50, 100]);
    expect(rankColumn([1, 2, 3], 'low').map((r) => r.percentile)).toEqual([100, 50, 0]);
    expect(rankColumn([1, 2, 3], null).map((r) => r.percentile)).toEqual([null, null, null]);
    expect(rankColumn([1, 2, 3], null).map((r) => r.rank)).toEqual([3, 2, 1]);
  });

  it('a better value never gets a worse rank or percentile', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 2, maxLength: 30 }), (values) => {
        const r = rankColumn(values, 'high');
        for (let i = 0; i < values.length; i++)
          for (let j = 0; j < values.length; j++)
            if (values[i]! > values[j]!) {
              expect(r[i]!.rank!).toBeLessThan(r[j]!.rank!);
              expect(r[i]!.percentile!).toBeGreaterThan(r[j]!.percentile!);
            }
      }),
    );
  });
});
