import { describe, expect, it } from 'vitest';
import { isCurrentSection, pageTitle, salaryOpeningSeason, STATS_NAV, MAIN_NAV } from '../../../../src/lib/site/site';
import { errorHeading, notFoundMessage, statusMessage } from '../../../../src/lib/site/errors';
import { parseGameId } from '../../../../src/lib/game/gameIds';

describe('page titles', () => {
  it('use "Page | Courtvision" (spec: separator "|")', () => {
    expect(pageTitle('About')).toBe('About | Courtvision');
    expect(pageTitle()).toBe('Courtvision');
  });
});

describe('navigation', () => {
  it('reaches every stats area and every general area', () => {
    expect(STATS_NAV.map((l) => l.href)).toEqual([
      '/stats/league',
      '/stats/players',
      '/stats/teams',
      '/stats/lineups',
      '/stats/rapm',
      '/stats/games',
      '/stats/finder',
      '/stats/guides',
    ]);
    expect(MAIN_NAV.map((l) => l.href)).toEqual(['/stats', '/articles', '/about', '/advice', '/pricing']);
  });
  it('marks the section of the current page', () => {
    expect(isCurrentSection('/articles', '/articles/possessions')).toBe(true);
    expect(isCurrentSection('/articles', '/articles/')).toBe(true);
    expect(isCurrentSection('/about', '/advice')).toBe(false);
    expect(isCurrentSection('/stats', '/stats/league')).toBe(false);
    expect(isCurrentSection('/stats/teams', '/stats/team/players/BOS')).toBe(true);
    expect(isCurrentSection('/stats/players', '/stats/player/profile/lebron_james_2544')).toBe(true);
    expect(isCurrentSection('/stats/players', '/stats/playersx')).toBe(false);
    expect(isCurrentSection('/stats/games', '/stats/gamepreview/LAL_DEN_2023-05-16_0042200311')).toBe(true);
    expect(isCurrentSection('/stats/games', '/stats/game/team/LAL_DEN_2023-05-16_0042200311')).toBe(true);
  });
});

describe('error wording (spec section 8)', () => {
  it('404 is "Page not found", anything else "Internal Server Error"', () => {
    expect(errorHeading(404)).toBe('Page not found');
    expect(errorHeading(500)).toBe('Internal Server Error');
    expect(errorHeading(403)).toBe('Internal Server Error');
    expect(errorHeading(undefined)).toBe('Internal Server Error');
  });
  it('status messages fall back to Internal Server Error', () => {
    expect(statusMessage(404)).toBe('Not Found');
    expect(statusMessage(503)).toBe('Service Unavailable');
    expect(statusMessage(599)).toBe('Internal Server Error');
    expect(statusMessage(undefined)).toBe('Internal Server Error');
  });
  it('names the path', () => {
    expect(notFoundMessage('/stats/team/players/XYZ')).toBe('Page Not Found: /stats/team/players/XYZ');
  });
});

describe('game ids', () => {
  it('read season type, season and number from the id', () => {
    expect(parseGameId('0021900001')).toEqual({ seasonType: 'regular', seasonStartYear: 2019, number: 1 });
    expect(parseGameId('0042200405')).toEqual({ seasonType: 'playoffs', seasonStartYear: 2022, number: 405 });
    expect(parseGameId('0020300017')).toEqual({ seasonType: 'regular', seasonStartYear: 2003, number: 17 });
    expect(parseGameId('0099900001')?.seasonType).toBeUndefined();
    expect(parseGameId('21900001')).toBeUndefined();
  });
});

describe('the season a team salaries page opens on', () => {
  it('is the latest held season with salary data (2019-20 at most), else the latest held', () => {
    expect(salaryOpeningSeason([2003, 2004, 2018, 2019, 2020, 2021, 2022])).toBe(2019);
    // The test database: 2012-13 and 2022-23 (opening on 2019-20 would be a season it does not hold: a 400).
    expect(salaryOpeningSeason([2012, 2022])).toBe(2012);
    expect(salaryOpeningSeason([2022, 2023])).toBe(2023);
  });
});
