import { describe, expect, it } from 'vitest';
import { emptyReason } from '../../../../src/lib/filters/emptyReason';
import { formatValue, formatWholeMinutes } from '../../../../src/lib/tables/format';

describe('emptyReason', () => {
  it('says why playoffs before 2013-14 are empty', () => {
    expect(emptyReason({ seasons: [2012], seasonTypes: ['playoffs'] })).toMatch(/^No playoffs before 2013-14/);
    expect(emptyReason({ seasons: [2012, 2013], seasonTypes: ['playoffs'] })).toBeNull();
    expect(emptyReason({ seasons: [2012], seasonTypes: ['regular', 'playoffs'] })).toBeNull();
  });

  it('says why salaries after 2019-20 are empty', () => {
    expect(emptyReason({ seasons: [2022], seasonTypes: ['regular'], salaries: true })).toMatch(/^No salaries after 2019-20/);
    expect(emptyReason({ seasons: [2019], seasonTypes: ['regular'], salaries: true })).toBeNull();
  });

  it('says there is no preseason', () => {
    expect(emptyReason({ seasons: [2022], seasonTypes: ['preseason'] })).toMatch(/^No preseason data/);
  });
});

describe('minutes', () => {
  it('whole minutes on season tables, m:ss on game lines', () => {
    expect(formatWholeMinutes(177_506)).toBe('2,958');
    expect(formatValue(177_506, 'seconds', { gameLine: false })).toBe('2,958');
    expect(formatValue(2_165, 'seconds', { gameLine: true })).toBe('36:05');
  });
});
