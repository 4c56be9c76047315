import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortRows } from '../../../../src/lib/tables/sortRows';
import { percentileBackground } from '../../../../src/islands/table/percentile';
import { identityColumns } from '../../../../src/islands/table/identityColumns';
import { numberColumns } from '../../../../src/islands/table/numberColumns';
import { COLUMNS } from '../../../../src/lib/tables/metricColumns';

describe('sortRows', () => {
  it('orders numbers either way, keeps missing values last and ties in their first order', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: -5, max: 5 }), { nil: null })), fc.constantFrom('asc' as const, 'desc' as const), (values, dir) => {
        const rows = values.map((v, i) => ({ v, i }));
        const out = sortRows(rows, (r) => r.v, dir);
        const present = out.filter((r) => r.v !== null);
        const missing = out.filter((r) => r.v === null);
        expect(out.slice(present.length)).toEqual(missing);
        for (let k = 1; k < present.length; k++) {
          const [a, b] = [present[k - 1]!, present[k]!];
          expect(dir === 'asc' ? a.v! <= b.v! : a.v! >= b.v!).toBe(true);
          if (a.v === b.v) expect(a.i).toBeLessThan(b.i);
        }
      }),
    );
  });

  it('orders text alphabetically', () => {
    const out = sortRows([{ n: 'Tatum' }, { n: 'Adebayo' }, { n: 'Curry' }], (r) => r.n, 'asc');
    expect(out.map((r) => r.n)).toEqual(['Adebayo', 'Curry', 'Tatum']);
  });
});

describe('table columns', () => {
  it('finds the identity columns from the row fields', () => {
    expect(identityColumns({ player_id: 1, name: 'A', team: 'BOS', position: 'wing', usage: 20 }).map((c) => c.label)).toEqual(['Player', 'Team', 'Pos']);
    expect(identityColumns({ lineup_id: 1, players: [], lineup: 'A - B', team: 'BOS' }).map((c) => c.label)).toEqual(['Lineup', 'Team']);
    expect(
      identityColumns({ game_id: '0022200001', date: '2022-10-18', team: 'BOS', opponent: 'PHI', home: true, result: 'W 126-117' }).map((c) => c.label),
    ).toEqual(['Date', 'Opp', 'Result']);
    expect(identityColumns({ season: '2022-23', season_type: 'regular', team: 'BOS' }).map((c) => c.label)).toEqual(['Season', 'Type', 'Team']);
    expect(identityColumns({ team: 'BOS', name: 'Boston Celtics', home: true }).map((c) => c.label)).toEqual(['Team']);
    expect(identityColumns({ player_id: 1, name: 'A', poss_on: 10 }, 'plain').map((c) => c.label)).toEqual(['Player', 'Poss On']);
    expect(identityColumns({ player_id: 1, name: 'A', poss_on: 10 }, 'onoff').map((c) => c.label)).toEqual(['Player']);
  });

  it('lineup and on/off sets without a Poss column of their own still show the possessions', () => {
    const lineup = { lineup_id: 1, players: [], lineup: 'A - B', team: 'BOS', poss: 120 };
    expect(identityColumns(lineup, 'plain', COLUMNS.TeamShootingFrequency).map((c) => c.label)).toEqual(['Lineup', 'Team', 'Poss']);
    expect(identityColumns(lineup, 'plain', COLUMNS.NetFourFactors).map((c) => c.label)).toEqual(['Lineup', 'Team']);
    const onoff = { player_id: 1, name: 'A', poss_on: 10, poss_off: 20 };
    expect(identityColumns(onoff, 'onoff', COLUMNS.TeamShootingFrequency).map((c) => c.label)).toEqual(['Player', 'Poss On', 'Poss Off']);
    expect(identityColumns(onoff, 'onoff', COLUMNS.NetFourFactors).map((c) => c.label)).toEqual(['Player']);
  });

  it('a margin of error: no percentile, no sign; its on/off Diff is a margin too', () => {
    const plain = numberColumns(COLUMNS.NetFourFactors, 'plain').find((c) => c.id === 'net_rtg_margin')!;
    expect(plain).toMatchObject({ margin: true, diff: false });
    expect(plain.pctKey).toBeUndefined();
    const diff = numberColumns(COLUMNS.NetFourFactors, 'onoff').find((c) => c.id === 'net_rtg_margin_diff')!;
    expect(diff).toMatchObject({ margin: true, diff: false });
    expect(numberColumns(COLUMNS.NetFourFactors, 'onoff').find((c) => c.id === 'net_rtg_adj_diff')).toMatchObject({
      diff: true,
      pctKey: 'net_rtg_adj_diff_pct',
    });
  });

  it('on/off sets get on, off and diff under each rate column, no diff under a count; plain rate columns carry the percentile key', () => {
    const onoff = numberColumns(COLUMNS.FourFactors, 'onoff');
    // Possessions on minus off means nothing: on and off only; rates get on, off, diff.
    expect(onoff.slice(0, 5).map((c) => [c.id, c.label, c.group])).toEqual([
      ['poss_on', 'On', 'Poss'],
      ['poss_off', 'Off', 'Poss'],
      ['pts_per_poss_on', 'On', 'Pts/Poss'],
      ['pts_per_poss_off', 'Off', 'Pts/Poss'],
      ['pts_per_poss_diff', 'Diff', 'Pts/Poss'],
    ]);
    expect(onoff.some((c) => c.id === 'poss_diff')).toBe(false);
    // Percentiles on the value with him on and on the difference, as the other tables colour rates.
    expect(onoff.filter((c) => c.pctKey).map((c) => c.pctKey)).toContain('tov_pct_diff_pct');
    expect(onoff.find((c) => c.id === 'tov_pct_on')?.pctKey).toBe('tov_pct_on_pct');
    expect(onoff.find((c) => c.id === 'tov_pct_off')?.pctKey).toBeUndefined();
    expect(onoff.find((c) => c.id === 'poss_on')?.pctKey).toBeUndefined();
    const plain = numberColumns(COLUMNS.OffensiveOverview, 'plain');
    expect(plain.find((c) => c.id === 'usage')?.pctKey).toBe('usage_pct');
    expect(plain.find((c) => c.id === 'sec')?.pctKey).toBeUndefined();
    expect(plain.find((c) => c.id === 'ast_usg')?.ratio).toBe(true);
    expect(plain.every((c) => c.title.length > 5)).toBe(true);
  });

  it('colours percentiles blue below the median, orange above, nothing near it', () => {
    expect(percentileBackground(50)).toBeUndefined();
    expect(percentileBackground(null)).toBeUndefined();
    expect(percentileBackground(2)).toMatch(/^rgba\(56, 120, 200, 0\.2\d+\)$/);
    expect(percentileBackground(98)).toMatch(/^rgba\(235, 120, 45, 0\.2\d+\)$/);
  });
});
