/**
 * The default minimum sample scales with the season played so far (src/lib/tables/percentilePolicy.ts): a sample of the
 * season under way alone asks for the default times the share of the 82 games played by the team with the most;
 * a complete season, or one in the sample, keeps the full default; a minimum asked for is kept as it is.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { minPossessionsOf } from '../../../../src/lib/tables/percentilePolicy';
import { ARCHIVE_LAST_SEASON, FIRST_SEASON, setSeasonCatalog } from '../../../../src/lib/league/seasons';

const archive = Array.from({ length: ARCHIVE_LAST_SEASON - FIRST_SEASON + 1 }, (_, i) => FIRST_SEASON + i);
afterEach(() => setSeasonCatalog({ seasons: archive, scheduled: [], dataThrough: null }));

describe('minimum sample by season played', () => {
  it('the second week of a season: 6 games of 82', () => {
    setSeasonCatalog({ seasons: [2022, 2023], scheduled: [], dataThrough: '2023-11-05', inProgress: { season: 2023, teamGames: 6 } });
    // 500 x 6 / 82 = 36.6; 100 x 6 / 82 = 7.3; 25 x 6 / 82 = 1.8
    expect(minPossessionsOf('Players', null, [2023])).toBe(37);
    expect(minPossessionsOf('Players', null, [])).toBe(37); // the default season is the one under way
    expect(minPossessionsOf('Lineups', null, [2023])).toBe(7);
    expect(minPossessionsOf('TeamLineups', null, [2023])).toBe(2);
    expect(minPossessionsOf('PlayerOnOff', null, [2023])).toBe(37);
    // a complete season in the sample keeps the full default
    expect(minPossessionsOf('Players', null, [2022])).toBe(500);
    expect(minPossessionsOf('Players', null, [2022, 2023])).toBe(500);
    // asked for: as it is; tables without percentiles: none
    expect(minPossessionsOf('Players', 200, [2023])).toBe(200);
    expect(minPossessionsOf('League', null, [2023])).toBe(0);
  });

  it('the first day: at least 1 possession; no season under way: the full defaults', () => {
    setSeasonCatalog({ seasons: [2022, 2023], scheduled: [], dataThrough: '2023-10-24', inProgress: { season: 2023, teamGames: 0 } });
    expect(minPossessionsOf('Players', null, [2023])).toBe(1);
    setSeasonCatalog({ seasons: [2012, 2022], scheduled: [2023], dataThrough: '2023-06-12', inProgress: null });
    expect(minPossessionsOf('Players', null, [2022])).toBe(500);
    expect(minPossessionsOf('Lineups', null, [])).toBe(100);
  });
});
