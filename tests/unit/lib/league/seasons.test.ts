/**
 * The season catalogue (src/lib/league/seasons.ts): the seasons offered are those with games, the default the latest of
 * them, a season only scheduled is the game finder's alone; the filter model and the parsers read it live.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseDataQuery } from '../../../../src/lib/params/apiParams';
import { FILTERS } from '../../../../src/lib/filters/filterDefinitions';
import { parseGameListParams } from '../../../../src/lib/params/gameListParams';
import {
  ARCHIVE_LAST_SEASON,
  FIRST_SEASON,
  gameListSeasons,
  latestSeason,
  seasonCatalogOf,
  seasonsInWords,
  setSeasonCatalog,
} from '../../../../src/lib/league/seasons';

const archive = Array.from({ length: ARCHIVE_LAST_SEASON - FIRST_SEASON + 1 }, (_, i) => FIRST_SEASON + i);
afterEach(() => setSeasonCatalog({ seasons: archive, scheduled: [], dataThrough: null }));

describe('season catalogue', () => {
  it('offers the seasons with games and defaults to the latest of them', () => {
    setSeasonCatalog({ seasons: [2022, 2012], scheduled: [2023], dataThrough: '2023-06-12' });
    const season = FILTERS.find((f) => f.name === 'Season')!;
    expect(season.type === 'multi' && season.options).toEqual([2012, 2022]);
    expect(season.default).toEqual([2022]);
    expect(latestSeason()).toBe(2022);
    expect(gameListSeasons()).toEqual([2012, 2022, 2023]);
  });

  it('a season joins when its first game is in: it becomes the default', () => {
    setSeasonCatalog({ seasons: [2012, 2022, 2023], scheduled: [2023], dataThrough: '2023-10-24' });
    expect(latestSeason()).toBe(2023);
    expect(gameListSeasons()).toEqual([2012, 2022, 2023]);
    expect(parseDataQuery({ page: ['League'] }).filters.seasons).toEqual([2023]);
    expect(parseGameListParams(new URLSearchParams(''))).toEqual({ ok: true, params: { season: 2023 } });
  });

  it('parsers accept the seasons held and name the key of another', () => {
    setSeasonCatalog({ seasons: [2012, 2022], scheduled: [2023], dataThrough: '2023-06-12' });
    expect(parseDataQuery({ page: ['League'], season: ['2012-13'] }).filters.seasons).toEqual([2012]);
    expect(() => parseDataQuery({ page: ['League'], season: ['2015'] })).toThrow(
      expect.objectContaining({ param: 'season', message: expect.stringContaining('2012-13, 2022-23') }),
    );
    // the game finder takes the scheduled season, not one with neither games nor a schedule
    expect(parseGameListParams(new URLSearchParams('season=2023'))).toEqual({ ok: true, params: { season: 2023 } });
    expect(parseGameListParams(new URLSearchParams('season=2015'))).toMatchObject({ ok: false, message: expect.stringMatching(/^Invalid season/) });
  });

  it('reads an embedded seed and refuses what is not one', () => {
    expect(seasonCatalogOf({ seasons: [2022, 2012], scheduled: [], dataThrough: '2023-06-12' })).toEqual({
      seasons: [2012, 2022],
      scheduled: [],
      dataThrough: '2023-06-12',
      inProgress: null,
    });
    expect(seasonCatalogOf({ seasons: [], scheduled: [], dataThrough: null })).toBeNull();
    expect(seasonCatalogOf({ seasons: ['2022'], dataThrough: null })).toBeNull();
    expect(seasonCatalogOf({ seasons: [2022], dataThrough: '12 June' })).toBeNull();
    expect(seasonCatalogOf('2022')).toBeNull();
  });

  it('says the seasons in words', () => {
    expect(seasonsInWords([2003, 2004, 2005])).toBe('2003-04 to 2005-06');
    expect(seasonsInWords([2012, 2022])).toBe('2012-13, 2022-23');
    expect(seasonsInWords([2022])).toBe('2022-23');
  });
});
