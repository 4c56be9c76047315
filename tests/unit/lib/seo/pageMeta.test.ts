import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { canonicalUrl, gameDescription, gameTitle, playerTitle, teamList, teamPlace } from '../../../../src/lib/seo/pageMeta';
import { teamByAbbr } from '../../../../src/lib/league/franchises';

const team = (abbr: string) => teamByAbbr(abbr)!;

describe('titles built from the data', () => {
  test('a player: seasons and the teams in the order first played for, LA teams named apart', () => {
    const facts = { name: 'LeBron James', firstSeason: '2003-04', lastSeason: '2022-23', teams: [team('CLE'), team('MIA'), team('CLE'), team('LAL')] };
    expect(playerTitle(facts, { view: 'profile', label: 'Profile' })).toBe('LeBron James: stats by season 2003-04 to 2022-23, Cleveland, Miami, LA Lakers');
    expect(playerTitle(facts, { view: 'onoff', label: 'On/Off stats' })).toBe('LeBron James On/Off stats, 2003-04 to 2022-23');
    expect(teamPlace(team('LAC'))).toBe('LA Clippers');
    expect(teamList([team('GSW'), team('BKN')])).toBe('Golden State, Brooklyn');
  });

  test('a one-season player shows the season once', () => {
    expect(playerTitle({ name: 'A B', firstSeason: '2012-13', lastSeason: '2012-13', teams: [team('SAS')] }, { view: 'profile', label: 'Profile' })).toBe(
      'A B: stats by season 2012-13, San Antonio',
    );
  });

  test('a game: teams, date, final score (away first), and who won in the description', () => {
    const facts = { away: team('BOS'), home: team('DEN'), date: '2023-01-01', awayPts: 111, homePts: 123, periods: 4, seasonType: 'regular' as const };
    expect(gameTitle(facts, 'team')).toBe('Celtics at Nuggets, Jan 1, 2023, 111-123: box score and four factors');
    expect(gameDescription(facts, 'team')).toMatch(/^Boston Celtics at Denver Nuggets, Jan 1, 2023: the Denver Nuggets won 123-111\./);
    expect(gameDescription({ ...facts, periods: 6 }, 'players')).toContain('in 2 overtimes');
  });
});

describe('canonical URLs', () => {
  test('only the given parameters, without empty ones; trailing slash dropped; path encoded', () => {
    expect(canonicalUrl('https://cv.example', '/stats/games/', { season: 2012, type: '', team: undefined })).toBe('https://cv.example/stats/games?season=2012');
    expect(canonicalUrl('https://cv.example/', '/')).toBe('https://cv.example/');
    expect(canonicalUrl('https://cv.example', "/stats/player/profile/amar'e_stoudemire_2405")).toBe(
      "https://cv.example/stats/player/profile/amar'e_stoudemire_2405",
    );
    expect(canonicalUrl('https://cv.example', '/stats/player/profile/josé_x_1')).toBe('https://cv.example/stats/player/profile/jos%C3%A9_x_1');
  });

  test('property: never a query string of empty values, always an absolute URL on the origin', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('season', 'type', 'team', 'month'), fc.constantFrom('', ' ', undefined, 'x', '2012')), (query) => {
        const url = new URL(canonicalUrl('https://cv.example', '/stats/games', query));
        expect(url.origin).toBe('https://cv.example');
        for (const [, v] of url.searchParams) expect(v.trim()).not.toBe('');
      }),
    );
  });
});
