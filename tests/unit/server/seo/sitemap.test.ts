/**
 * The sitemap files on the test database: every file within the limit, every entity once per view, the files
 * of a family splitting at the limit. Counts are checked against our own SQL on the same database.
 */
import { describe, expect, test } from 'vitest';
import { HAS_DB, sql } from '../../../api/helpers';
import { sitemapIndexXml, sitemapNames, sitemapPaths, urlsetXml } from '../../../../src/server/seo/sitemap';
import { GAME_TABS, PLAYER_TABS, TEAM_TABS } from '../../../../src/lib/site/routes';

const CONTENT = { articles: ['possessions'], guides: ['onoff'] };

describe.skipIf(!HAS_DB)('sitemaps', () => {
  test('every player, team and game, each view once', async () => {
    const [db] = await sql<{ players: number; teams: number; games: number }>(
      `SELECT (SELECT count(DISTINCT player_id) FROM player_games) AS players, (SELECT count(DISTINCT team_id) FROM team_games) AS teams, (SELECT count(*) FROM games) AS games`,
    );
    expect(await sitemapNames(CONTENT)).toEqual(['pages', 'teams', 'players-1', 'games-1']);
    expect(await sitemapPaths('teams', CONTENT)).toHaveLength(db!.teams * TEAM_TABS.length);
    expect(await sitemapPaths('players-1', CONTENT)).toHaveLength(db!.players * PLAYER_TABS.length);
    const games = (await sitemapPaths('games-1', CONTENT))!;
    expect(games).toHaveLength(db!.games * (GAME_TABS.length + 1));
    expect(new Set(games).size).toBe(games.length);
    expect(await sitemapPaths('pages', CONTENT)).toEqual(expect.arrayContaining(['/', '/articles/possessions', '/stats/guides/onoff']));
  });

  test('a family splits into files of at most the limit, in order, with nothing lost or repeated', async () => {
    const all = (await sitemapPaths('games-1', CONTENT))!;
    const max = 1000;
    const names = (await sitemapNames(CONTENT, max)).filter((n) => n.startsWith('games-'));
    expect(names).toHaveLength(Math.ceil(all.length / max));
    const parts = await Promise.all(names.map((n) => sitemapPaths(n, CONTENT, max)));
    for (const p of parts) expect(p!.length).toBeLessThanOrEqual(max);
    expect(parts.flat()).toEqual(all);
    expect(await sitemapPaths(`games-${names.length + 1}`, CONTENT, max)).toBeNull();
    expect(await sitemapPaths('games', CONTENT)).toBeNull();
    expect(await sitemapPaths('pages-1', CONTENT)).toBeNull();
    expect(await sitemapPaths('../etc', CONTENT)).toBeNull();
  });

  test('the XML: absolute, encoded URLs; an index of the child files', async () => {
    const xml = await urlsetXml('https://cv.example', ["/stats/player/profile/amar'e_stoudemire_2405", '/stats/player/profile/josé_x_1']);
    expect(xml).toContain('<urlset');
    expect(xml).toContain('https://cv.example/stats/player/profile/jos%C3%A9_x_1');
    const index = await sitemapIndexXml('https://cv.example', ['pages', 'games-1']);
    expect(index).toContain('<sitemapindex');
    expect(index).toContain('<loc>https://cv.example/sitemaps/games-1.xml</loc>');
  });
});
