import { describe, expect, it } from 'vitest';
import { payrollTotals, salarySeasonsLine } from '../../../../src/lib/views/payroll';

describe('the Salaries tab: payroll totals and the seasons it shows', () => {
  it('sums the salaries shown per season, newest first', () => {
    const rows = [
      { season: '2012-13', season_start: 2012, salary: 17_545_000 },
      { season: '2012-13', season_start: 2012, salary: 314_806 },
      { season: '2011-12', season_start: 2011, salary: 1_000_000 },
    ];
    expect(payrollTotals(rows)).toEqual([
      { season: '2012-13', seasonStart: 2012, total: 17_859_806, players: 2 },
      { season: '2011-12', seasonStart: 2011, total: 1_000_000, players: 1 },
    ]);
    expect(payrollTotals([])).toEqual([]);
  });

  it('says which season is shown, and when one asked for has no salary data', () => {
    expect(salarySeasonsLine([2019])).toBe('2019-20 salaries (the latest season with salary data: it stops after 2019-20).');
    expect(salarySeasonsLine([2012])).toBe('2012-13 salaries.');
    expect(salarySeasonsLine([2019, 2022])).toBe('2019-20 salaries. No salary data for 2022-23: it stops after 2019-20.');
    expect(salarySeasonsLine([2022])).toBe('No salary data for 2022-23: the salary data covers 2003-04 to 2019-20.');
  });
});
