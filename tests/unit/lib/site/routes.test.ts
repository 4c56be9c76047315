import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cleanPath,
  GAME_TABS,
  nameSlug,
  parseGameSegment,
  parsePlayerSegment,
  pathForGame,
  pathForPlayer,
  pathForPreview,
  pathForTeam,
  PLAYER_TABS,
  routeForPath,
  TEAM_TABS,
  validateStatsPath,
} from '../../../../src/lib/site/routes';
import { PAGE_KINDS } from '../../../../src/lib/site/pageKinds';
import { TEAMS } from '../../../../src/lib/league/franchises';

describe('cleanPath', () => {
  it('drops the query, the hash and one trailing slash', () => {
    expect(cleanPath('/stats/league/?season=2022#top')).toBe('/stats/league');
    expect(cleanPath('/stats/league#x')).toBe('/stats/league');
    expect(cleanPath('/')).toBe('/');
    expect(cleanPath('')).toBe('/');
    expect(cleanPath('/?a=1')).toBe('/');
  });
});

describe('routeForPath: list pages', () => {
  it('maps the three top-level tables to their kinds', () => {
    expect(routeForPath('/stats/league')).toEqual({ kind: 'League' });
    expect(routeForPath('/stats/players')).toEqual({ kind: 'Players' });
    expect(routeForPath('/stats/lineups')).toEqual({ kind: 'Lineups' });
  });
  it('ignores a trailing slash, a query string and case', () => {
    expect(routeForPath('/stats/league/')).toEqual({ kind: 'League' });
    expect(routeForPath('/stats/players?season=2021&season=2022')).toEqual({ kind: 'Players' });
    expect(routeForPath('/Stats/LINEUPS')).toEqual({ kind: 'Lineups' });
  });
  it('gives NonStats for stats pages without a kind of their own', () => {
    for (const p of ['/stats', '/stats/', '/stats/teams', '/stats/games', '/stats/guides', '/stats/guides/four-factors']) {
      expect(routeForPath(p)).toEqual({ kind: 'NonStats' });
    }
  });
  it('gives NonStats for marketing and unknown paths', () => {
    for (const p of ['/', '/about', '/articles/possessions', '/statsx/league', '/api/data', 'stats/league', '/x/stats/league']) {
      expect(routeForPath(p).kind).toBe('NonStats');
    }
  });
  it('gives NonStats for a list page with an extra segment', () => {
    expect(routeForPath('/stats/league/2022').kind).toBe('NonStats');
  });
});

describe('routeForPath: game pages', () => {
  it('takes the game id from the 4th underscore part of the 5th segment', () => {
    expect(routeForPath('/stats/game/players/BOS_MIA_2023-05-29_0042200317')).toEqual({
      kind: 'GamePlayers',
      view: 'players',
      entity: '0042200317',
    });
    expect(routeForPath('/stats/game/team/BOS_MIA_2023-05-29_0042200317')).toEqual({
      kind: 'GameTeam',
      view: 'team',
      entity: '0042200317',
    });
    expect(routeForPath('/stats/game/playbyplay/BOS_MIA_2023-05-29_0042200317')).toEqual({
      kind: 'GamePlayByPlay',
      view: 'playbyplay',
      entity: '0042200317',
    });
  });
  it('keeps the 4th part even when there are extra parts, and none when parts are missing', () => {
    expect(routeForPath('/stats/game/team/A_B_C_D_E').entity).toBe('D');
    expect(routeForPath('/stats/game/team/BOS_MIA_2023-05-29')).toEqual({ kind: 'GameTeam', view: 'team', entity: undefined });
  });
  it('gives NonStats for an unknown view or a missing segment', () => {
    expect(routeForPath('/stats/game/box/BOS_MIA_2023-05-29_0042200317').kind).toBe('NonStats');
    expect(routeForPath('/stats/game/team').kind).toBe('NonStats');
    expect(routeForPath('/stats/game/team/').kind).toBe('NonStats');
    expect(routeForPath('/stats/game/team//').kind).toBe('NonStats');
    expect(routeForPath('/stats/game/team/BOS_MIA_2023-05-29_0042200317/more').kind).toBe('NonStats');
  });
  it('matches the view case-insensitively and ignores the query', () => {
    expect(routeForPath('/stats/game/Players/BOS_MIA_2023-05-29_0042200317?season=2022')).toEqual({
      kind: 'GamePlayers',
      view: 'players',
      entity: '0042200317',
    });
  });
});

describe('routeForPath: game preview', () => {
  it('takes the game id from the 4th part of the 4th segment with the query removed', () => {
    expect(routeForPath('/stats/gamepreview/LAL_DEN_2023-05-16_0042200311?side=defense')).toEqual({
      kind: 'GamePreview',
      entity: '0042200311',
    });
    expect(routeForPath('/stats/gamepreview/LAL_DEN_2023-05-16_0042200311/')).toEqual({
      kind: 'GamePreview',
      entity: '0042200311',
    });
  });
  it('has no entity when the segment has fewer than four parts', () => {
    expect(routeForPath('/stats/gamepreview/LAL_DEN')).toEqual({ kind: 'GamePreview', entity: undefined });
  });
  it('is NonStats without its segment or with an extra one', () => {
    expect(routeForPath('/stats/gamepreview').kind).toBe('NonStats');
    expect(routeForPath('/stats/gamepreview/LAL_DEN_2023-05-16_0042200311/x').kind).toBe('NonStats');
  });
});

describe('routeForPath: player pages', () => {
  it('maps each of the five views and takes the 3rd part as the player id', () => {
    const expected = {
      profile: 'PlayerProfile',
      positions: 'PlayerPositions',
      onoff: 'PlayerOnOff',
      gamelog: 'PlayerGameLog',
      lineups: 'PlayerLineups',
    } as const;
    for (const [view, kind] of Object.entries(expected)) {
      expect(routeForPath(`/stats/player/${view}/lebron_james_2544`)).toEqual({ kind, view, entity: '2544' });
    }
  });
  it('takes the 3rd part literally when a name carries an extra underscore', () => {
    expect(routeForPath('/stats/player/profile/jr_smith_jr_2747').entity).toBe('jr');
  });
  it('has no entity when the id part is missing', () => {
    expect(routeForPath('/stats/player/profile/lebron_james')).toEqual({ kind: 'PlayerProfile', view: 'profile', entity: undefined });
  });
  it('gives NonStats for an unknown view (team-only views included)', () => {
    expect(routeForPath('/stats/player/salaries/lebron_james_2544').kind).toBe('NonStats');
    expect(routeForPath('/stats/player/overview/lebron_james_2544').kind).toBe('NonStats');
    expect(routeForPath('/stats/player/lebron_james_2544').kind).toBe('NonStats');
  });
});

describe('routeForPath: team pages', () => {
  it('maps each of the six views and wowy, and takes the 5th segment as the entity', () => {
    const expected = {
      players: 'TeamPlayers',
      onoff: 'TeamOnOff',
      team: 'TeamTeam',
      gamelog: 'TeamGameLog',
      lineups: 'TeamLineups',
      salaries: 'TeamSalaries',
      wowy: 'TeamWowy',
    } as const;
    for (const [view, kind] of Object.entries(expected)) {
      expect(routeForPath(`/stats/team/${view}/BOS`)).toEqual({ kind, view, entity: 'BOS' });
    }
  });
  it('upper-cases the abbreviation and accepts a trailing slash and a query', () => {
    expect(routeForPath('/stats/team/TEAM/bos/?season=2021')).toEqual({ kind: 'TeamTeam', view: 'team', entity: 'BOS' });
  });
  it('gives NonStats for an unknown view or a missing abbreviation', () => {
    expect(routeForPath('/stats/team/profile/BOS').kind).toBe('NonStats');
    expect(routeForPath('/stats/team/players').kind).toBe('NonStats');
    expect(routeForPath('/stats/team/players/BOS/extra').kind).toBe('NonStats');
  });
});

describe('routeForPath: properties', () => {
  it('always answers one of the page kinds and never throws', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(PAGE_KINDS).toContain(routeForPath(s).kind);
        validateStatsPath(s);
      }),
    );
  });
  it('gives NonStats for any path outside /stats', () => {
    fc.assert(
      fc.property(fc.webPath(), (p) => {
        fc.pre(!/^\/stats(\/|$|[?#])/i.test(p));
        expect(routeForPath(p).kind).toBe('NonStats');
      }),
    );
  });
});

describe('validateStatsPath', () => {
  it('accepts well-formed pages and gives their canonical path', () => {
    expect(validateStatsPath('/stats/game/Team/bos_mia_2023-05-29_0042200317')).toEqual({
      ok: true,
      route: { kind: 'GameTeam', view: 'team', entity: '0042200317' },
      canonicalPath: '/stats/game/team/BOS_MIA_2023-05-29_0042200317',
    });
    expect(validateStatsPath('/stats/game/PlayByPlay/bos_mia_2023-05-29_0042200317')).toEqual({
      ok: true,
      route: { kind: 'GamePlayByPlay', view: 'playbyplay', entity: '0042200317' },
      canonicalPath: '/stats/game/playbyplay/BOS_MIA_2023-05-29_0042200317',
    });
    expect(validateStatsPath('/stats/player/Gamelog/lebron_james_2544/')).toMatchObject({
      ok: true,
      canonicalPath: '/stats/player/gamelog/lebron_james_2544',
    });
    expect(validateStatsPath('/stats/league/')).toMatchObject({ ok: true, canonicalPath: '/stats/league' });
  });
  it('sends historical team abbreviations to the current one', () => {
    expect(validateStatsPath('/stats/team/players/NJN')).toMatchObject({
      ok: true,
      route: { kind: 'TeamPlayers', entity: 'BKN' },
      canonicalPath: '/stats/team/players/BKN',
    });
    expect(validateStatsPath('/stats/team/onoff/sea')).toMatchObject({ ok: true, canonicalPath: '/stats/team/onoff/OKC' });
  });
  it('rejects an unknown team abbreviation with the spec message', () => {
    expect(validateStatsPath('/stats/team/players/XYZ')).toEqual({ ok: false, message: 'Page Not Found: /stats/team/players/XYZ' });
  });
  it('rejects malformed game segments', () => {
    const bad = [
      '/stats/game/team/BOS_MIA_2023-05-29', // missing game id
      '/stats/game/team/BOS_MIA_2023-05-29_0042200317_x', // extra part
      '/stats/game/team/BOS_MIA_2023-02-30_0042200317', // no such date
      '/stats/game/team/BOS_MIA_20230529_0042200317', // date format
      '/stats/game/team/BOS_MIA_2023-05-29_42200317', // short id
      '/stats/game/team/BOS_XXX_2023-05-29_0042200317', // unknown team
      '/stats/game/team/BOS_BOS_2023-05-29_0042200317', // a team does not play itself
      '/stats/gamepreview/LAL_DEN_2023-05-16',
    ];
    for (const p of bad) expect(validateStatsPath(p)).toEqual({ ok: false, message: `Page Not Found: ${p}` });
  });
  it('rejects malformed player segments', () => {
    for (const p of [
      '/stats/player/profile/lebron_james',
      '/stats/player/profile/jr_smith_jr_2747',
      '/stats/player/profile/lebron_james_abc',
      '/stats/player/profile/lebron_james_0',
      '/stats/player/profile/_james_2544',
      '/stats/player/profile/le bron_james_2544',
    ]) {
      expect(validateStatsPath(p).ok).toBe(false);
    }
  });
  it('rejects NonStats paths and unknown views', () => {
    expect(validateStatsPath('/stats/teams')).toEqual({ ok: false, message: 'Page Not Found: /stats/teams' });
    expect(validateStatsPath('/stats/team/profile/BOS').ok).toBe(false);
  });
  it('reports the path without its query', () => {
    expect(validateStatsPath('/stats/team/players/XYZ?season=2022')).toEqual({ ok: false, message: 'Page Not Found: /stats/team/players/XYZ' });
  });
});

describe('segment parsers', () => {
  it('parses a game segment', () => {
    expect(parseGameSegment('NJN_SEA_2005-01-02_0020400450')).toEqual({ away: 'NJN', home: 'SEA', date: '2005-01-02', gameId: '0020400450' });
    expect(parseGameSegment('NJN_SEA_2005-01-02')).toBeUndefined();
  });
  it('parses a player segment, allowing an empty last name for one-name players', () => {
    expect(parsePlayerSegment('nene__2403')).toEqual({ first: 'nene', last: '', playerId: '2403' });
    expect(parsePlayerSegment('karl-anthony_towns_1626157')).toEqual({ first: 'karl-anthony', last: 'towns', playerId: '1626157' });
  });
});

describe('builders', () => {
  it('builds player paths the route module reads back', () => {
    const p = pathForPlayer('onoff', 'Nikola Jokić', 203999);
    expect(p).toBe('/stats/player/onoff/nikola_jokic_203999');
    expect(routeForPath(p)).toEqual({ kind: 'PlayerOnOff', view: 'onoff', entity: '203999' });
    expect(pathForPlayer('profile', "Shaquille O'Neal", 406)).toBe("/stats/player/profile/shaquille_o'neal_406");
    expect(pathForPlayer('profile', 'Karl-Anthony Towns', 1626157)).toBe('/stats/player/profile/karl-anthony_towns_1626157');
    expect(pathForPlayer('profile', 'Gary Payton II', 1627780)).toBe('/stats/player/profile/gary_payton-ii_1627780');
    expect(pathForPlayer('profile', 'Nene', 2403)).toBe('/stats/player/profile/nene__2403');
    expect(validateStatsPath(pathForPlayer('lineups', 'Nene', 2403)).ok).toBe(true);
  });
  it('round-trips any name and id through the route module', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 2_000_000_000 }), fc.constantFrom(...PLAYER_TABS), (name, id, tab) => {
        const p = pathForPlayer(tab.view, name, id);
        expect(routeForPath(p)).toEqual({ kind: tab.kind, view: tab.view, entity: String(id) });
        expect(validateStatsPath(p).ok).toBe(true);
      }),
    );
  });
  it('builds team paths with the current abbreviation', () => {
    expect(pathForTeam('salaries', 'noh')).toBe('/stats/team/salaries/NOP');
    for (const team of TEAMS) {
      for (const tab of TEAM_TABS) {
        expect(routeForPath(pathForTeam(tab.view, team.abbr))).toEqual({ kind: tab.kind, view: tab.view, entity: team.abbr });
      }
    }
  });
  it('builds game and preview paths', () => {
    for (const tab of GAME_TABS) {
      const p = pathForGame(tab.view, 'bos', 'mia', '2023-05-29', '0042200317');
      expect(p).toBe(`/stats/game/${tab.view}/BOS_MIA_2023-05-29_0042200317`);
      expect(routeForPath(p)).toEqual({ kind: tab.kind, view: tab.view, entity: '0042200317' });
    }
    const preview = pathForPreview('LAL', 'DEN', '2023-05-16', '0042200311');
    expect(preview).toBe('/stats/gamepreview/LAL_DEN_2023-05-16_0042200311');
    expect(validateStatsPath(preview).ok).toBe(true);
  });
  it('slugs names without underscores or slashes', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(nameSlug(s)).toMatch(/^[a-z0-9.'-]*$/);
      }),
    );
  });
});

describe('tabs', () => {
  it('follow the spec labels and order', () => {
    expect(PLAYER_TABS.map((t) => t.label)).toEqual(['Profile', 'Positions', 'On/Off stats', 'Game log', 'Lineups']);
    // The spec's six team tabs, then the With/Without tab.
    expect(TEAM_TABS.map((t) => t.label)).toEqual(['Players', 'On/Off', 'Team', 'Game log', 'Lineups', 'Salaries', 'With/Without']);
    // The spec's two game tabs first, then the Play-by-play tab.
    expect(GAME_TABS.map((t) => t.label)).toEqual(['Team stats', 'Player stats', 'Play-by-play']);
  });
});
