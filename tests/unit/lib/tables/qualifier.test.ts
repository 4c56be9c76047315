/** The qualifier of the player tables (src/lib/tables/qualifier.ts): which sorts hide the rows below the minimum. */
import { describe, expect, it } from 'vitest';
import { applyQualifier, qualifierHides } from '../../../../src/lib/tables/qualifier';

const rows = [
  { name: 'six minutes', tov_pct: 100, qualified: false },
  { name: 'starter', tov_pct: 12, qualified: true },
  { name: 'no minimum on this table', tov_pct: 15 },
];

describe('qualifier', () => {
  it('hides under a rate or percent sort, not under a count, a name or no sort, nor with "show all"', () => {
    expect(qualifierHides('percent', false)).toBe(true);
    expect(qualifierHides('rate', false)).toBe(true);
    expect(qualifierHides('number', false)).toBe(false);
    expect(qualifierHides('seconds', false)).toBe(false);
    expect(qualifierHides(null, false)).toBe(false);
    expect(qualifierHides('percent', true)).toBe(false);
  });

  it('on/off tables hide below the minimum under every sort, "show all" aside; player tables keep their rule', () => {
    for (const kind of ['TeamOnOff', 'PlayerOnOff'] as const) {
      expect(qualifierHides(null, false, kind)).toBe(true);
      expect(qualifierHides('number', false, kind)).toBe(true);
      expect(qualifierHides(null, true, kind)).toBe(false);
    }
    expect(qualifierHides(null, false, 'Players')).toBe(false);
    expect(qualifierHides('rate', false, 'Players')).toBe(true);
  });

  it('leaves out only rows marked below the minimum, and counts them', () => {
    expect(applyQualifier(rows, true)).toEqual({ shown: [rows[1], rows[2]], hidden: 1 });
    expect(applyQualifier(rows, false)).toEqual({ shown: rows, hidden: 0 });
  });
});
