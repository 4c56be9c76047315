import { describe, expect, it } from 'vitest';
import { sampleLabel } from '../../../src/islands/charts/chartText';
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
