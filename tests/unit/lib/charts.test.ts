import { describe, expect, it } from 'vitest';
import { plotAxis, sampleLabel } from '../../../src/islands/charts/chartText';
import { rollingMean } from '../../../src/islands/charts/LineChart';

describe('chart names', () => {
  it('names the sample of the query', () => {
    expect(sampleLabel('page=PlayerProfile&season=2015&season_type=regular')).toBe('2015-16 regular season');
    expect(sampleLabel('season=2013&season=2012&season=2014&season_type=playoffs')).toBe('2012-13 to 2014-15 playoffs');
    expect(sampleLabel('season=2012&season=2022&season_type=regular&season_type=playoffs')).toBe('2012-13, 2022-23 regular season and playoffs');
  });
});

describe('rolling mean', () => {
  it('averages the last n values, skipping missing ones', () => {
    expect(rollingMean([2, 4, 6, null, 10], 3)).toEqual([2, 3, 4, 5, 8]);
    expect(rollingMean([null, null], 5)).toEqual([null, null]);
  });
});

describe('plot axis', () => {
  it('plots seconds columns in minutes from zero, counts from zero, rates where the data is', () => {
    const time = plotAxis('seconds');
    expect(time.value(2130)).toBe(35.5); // 35:30 played
    expect(time.tick(35.5)).toBe('36 min');
    expect(time.fromZero).toBe(true);
    expect(time.value(null)).toBeNull();
    expect(time.value('12')).toBeNull();
    expect(plotAxis('number').fromZero).toBe(true);
    const pct = plotAxis('percent');
    expect(pct.value(52.3)).toBe(52.3);
    expect(pct.fromZero).toBe(false);
  });
});
