/** Similar players' parameters: strict in the API, lenient on the page, and kept in the profile's URL by the stats app. */
import { describe, expect, it } from 'vitest';
import { keepSimilarKeys } from '../../../../src/lib/params/similarKeys';
import { parseSimilarApiParams, parseSimilarPageParams } from '../../../../src/lib/params/similarParams';

describe('similar players parameters', () => {
  it('API: reads a season, ages (ordered) and minutes; a bad value is a 400 naming its key', () => {
    expect(parseSimilarApiParams(new URLSearchParams('season=2012-13&age_min=34&age_max=30&min_minutes=1500&limit=5'))).toEqual({
      season: 2012,
      ageMin: 30,
      ageMax: 34,
      minMinutes: 1500,
      limit: 5,
    });
    for (const [qs, key] of [
      ['season=2002-03', 'season'],
      ['season=2012-14', 'season'],
      ['age_min=17', 'age_min'],
      ['min_minutes=-5', 'min_minutes'],
      ['limit=26', 'limit'],
      ['age_max=1&age_max=2', 'age_max'],
    ]) {
      expect(() => parseSimilarApiParams(new URLSearchParams(qs)), qs).toThrow(expect.objectContaining({ param: key }));
    }
  });

  it('page: unreadable values are ignored', () => {
    expect(parseSimilarPageParams(new URLSearchParams('simSeason=x&simAgeMin=&simMinutes=2000'))).toEqual({
      season: null,
      ageMin: null,
      ageMax: null,
      minMinutes: 2000,
      limit: 10,
    });
  });

  it('the stats app keeps the section keys when it rewrites the profile URL', () => {
    const next = keepSimilarKeys(new URLSearchParams('season=2012'), '?season=2022&simMinutes=2500&simAgeMin=&simSeason=2012-13');
    expect(next.toString()).toBe('season=2012&simSeason=2012-13&simMinutes=2500');
  });
});
