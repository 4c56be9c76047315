import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { teamsSets } from '../../../../src/lib/tables/teamsTable';
import { rankColumn } from '../../../../src/server/stats/views/teamsTable';

describe('rankColumn', () => {
  it("ranks 1 = best in the column's direction, ties share the better rank", () => {
    expect(rankColumn([110, 105, 110, null], 'higher').map((r) => r.rank)).toEqual([1, 3, 1, null]);
    expect(rankColumn([110, 105, 120], 'lower').map((r) => r.rank)).toEqual([2, 1, 3]);
  });

  it('percentiles run from 0 (worst) to 100 (best); none when no way is better', () => {
    expect(rankColumn([1, 2, 3], 'higher').map((r) => r.percentile)).toEqual([0, 50, 100]);
    expect(rankColumn([1, 2, 3], 'lower').map((r) => r.percentile)).toEqual([100, 50, 0]);
    expect(rankColumn([1, 2, 3], 'style').map((r) => r.percentile)).toEqual([null, null, null]);
    expect(rankColumn([1, 2, 3], 'style').map((r) => r.rank)).toEqual([3, 2, 1]);
  });

  it('a better value never gets a worse rank or percentile', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 2, maxLength: 30 }), (values) => {
        const r = rankColumn(values, 'higher');
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

describe('teamsSets: which way each column is good', () => {
  const better = (side: 'offense' | 'defense', set: string, key: string) =>
    teamsSets(side)
      .find((s) => s.value === set)!
      .columns.find((c) => c.key === key)!.better;

  it('overview: a team wants a high eFG% and a low opponent eFG%, few turnovers and many forced, a low DRtg; pace is style', () => {
    expect(better('offense', 'overview', 'efg_pct')).toBe('higher');
    expect(better('offense', 'overview', 'opp_efg_pct')).toBe('lower');
    expect(better('offense', 'overview', 'tov_pct')).toBe('lower');
    expect(better('offense', 'overview', 'opp_tov_pct')).toBe('higher');
    expect(better('offense', 'overview', 'opp_ft_rate')).toBe('lower');
    expect(better('offense', 'overview', 'drtg')).toBe('lower');
    expect(better('offense', 'overview', 'losses')).toBe('lower');
    expect(better('offense', 'overview', 'pace')).toBe('style');
  });

  it('a set seen from the defense turns each column round (style columns stay style)', () => {
    const offense = teamsSets('offense').filter((s) => s.sided);
    expect(offense.length).toBeGreaterThan(0);
    const flipped = { higher: 'lower', lower: 'higher', style: 'style' } as const;
    let compared = 0;
    for (const set of offense) {
      const defense = teamsSets('defense').find((s) => s.value === set.value);
      expect(defense, set.value).toBeDefined();
      for (const col of set.columns) {
        const d = defense!.columns.find((c) => c.key === col.key);
        expect(d, `${set.value}.${col.key}`).toBeDefined();
        expect(d!.better, `${set.value}.${col.key}`).toBe(flipped[col.better]);
        compared++;
      }
    }
    expect(compared).toBe(offense.reduce((n, s) => n + s.columns.length, 0));
    expect(better('defense', 'shooting-accuracy', 'rim_acc')).toBe('lower');
    expect(better('offense', 'shooting-frequency', 'rim_freq')).toBe('style');
  });
});
