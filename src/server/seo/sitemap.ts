/**
 * Sitemaps: /sitemap.xml is a sitemap index; its children are /sitemaps/{name}.xml: "pages" (marketing
 * pages, articles, the stats areas, guides), "teams" (every view of the 30 teams), "players-{n}" (every view of
 * every player) and "games-{n}" (both views and the preview of every game), at most MAX_SITEMAP_URLS URLs a file.
 * XML written by the `sitemap` package; entity lists read once from the stats database (it never changes while
 * the server runs).
 */
import { Readable } from 'node:stream';
import { SitemapIndexStream, SitemapStream, streamToPromise } from 'sitemap';
import { GAME_TABS, PLAYER_TABS, TEAM_TABS, pathForGame, pathForPlayer, pathForPreview, pathForTeam } from '../../lib/site/routes';
import { STATS_NAV } from '../../lib/site/site';
import { TEAMS } from '../../lib/league/franchises';
import { onStatsDbChange } from '../db/statsDb';
import { listPlayers, queuedRead, SITE } from '../stats/answers/reads';

/** The protocol's limit: 50,000 URLs per sitemap file. */
export const MAX_SITEMAP_URLS = 50_000;

/** The marketing pages and the stats areas (articles and guides are added by id). */
export const STATIC_PATHS: readonly string[] = ['/', '/about', '/advice', '/articles', '/stats', ...STATS_NAV.map((n) => n.href)];

export interface ContentIds {
  articles: readonly string[];
  guides: readonly string[];
}

export function pagePaths(content: ContentIds): string[] {
  return [...STATIC_PATHS, ...content.articles.map((id) => `/articles/${id}`), ...content.guides.map((id) => `/stats/guides/${id}`)];
}

export function teamPaths(): string[] {
  return TEAMS.flatMap((t) => TEAM_TABS.map((tab) => pathForTeam(tab.view, t.abbr)));
}

export async function playerPaths(): Promise<string[]> {
  const players = await listPlayers(SITE);
  return players.flatMap((p) => PLAYER_TABS.map((tab) => pathForPlayer(tab.view, p.name, p.second_spectrum_id)));
}

let games: Promise<string[]> | null = null;
onStatsDbChange(() => {
  games = null;
});
export function gamePaths(): Promise<string[]> {
  games ??= queuedRead('cheap', SITE, (db) =>
    db.query<{ game_code: string; date: string; away_abbr: string; home_abbr: string }>(
      `SELECT game_code, strftime(date, '%Y-%m-%d') AS date, away_abbr, home_abbr FROM games ORDER BY date, game_code`,
    ),
  ).then(
    (rows) =>
      rows.flatMap((g) => [
        ...GAME_TABS.map((tab) => pathForGame(tab.view, g.away_abbr, g.home_abbr, g.date, g.game_code)),
        pathForPreview(g.away_abbr, g.home_abbr, g.date, g.game_code),
      ]),
    (err: unknown) => {
      games = null;
      throw err;
    },
  );
  return games;
}

type Family = 'pages' | 'teams' | 'players' | 'games';

async function familyPaths(family: Family, content: ContentIds): Promise<string[]> {
  switch (family) {
    case 'pages':
      return pagePaths(content);
    case 'teams':
      return teamPaths();
    case 'players':
      return playerPaths();
    case 'games':
      return gamePaths();
  }
}

/** Files of a family: "pages" and "teams" are one file each, players and games numbered from 1. */
function fileNames(family: Family, urls: number, max: number): string[] {
  if (family === 'pages' || family === 'teams') return [family];
  return Array.from({ length: Math.max(1, Math.ceil(urls / max)) }, (_, i) => `${family}-${i + 1}`);
}

/** The names of the child sitemaps. */
export async function sitemapNames(content: ContentIds, max = MAX_SITEMAP_URLS): Promise<string[]> {
  const out: string[] = [];
  for (const family of ['pages', 'teams', 'players', 'games'] as const) {
    out.push(...fileNames(family, (await familyPaths(family, content)).length, max));
  }
  return out;
}

/** The paths of one child sitemap, or null when there is no such sitemap. */
export async function sitemapPaths(name: string, content: ContentIds, max = MAX_SITEMAP_URLS): Promise<string[] | null> {
  const m = /^(pages|teams|players|games)(?:-([1-9]\d{0,3}))?$/.exec(name);
  if (!m) return null;
  const family = m[1] as Family;
  const numbered = family === 'players' || family === 'games';
  if (numbered !== (m[2] !== undefined)) return null;
  const paths = await familyPaths(family, content);
  if (!numbered) return paths;
  const page = Number(m[2]);
  const chunk = paths.slice((page - 1) * max, page * max);
  return chunk.length > 0 || page === 1 ? chunk : null;
}

/** <urlset> of absolute URLs (paths are encoded here). */
export async function urlsetXml(origin: string, paths: readonly string[]): Promise<string> {
  const stream = new SitemapStream({ hostname: origin });
  const xml = streamToPromise(stream);
  Readable.from(paths.map((p) => ({ url: encodeURI(p) }))).pipe(stream);
  return (await xml).toString('utf8');
}

/** <sitemapindex> naming /sitemaps/{name}.xml for each name. */
export async function sitemapIndexXml(origin: string, names: readonly string[]): Promise<string> {
  const stream = new SitemapIndexStream();
  const xml = streamToPromise(stream);
  Readable.from(names.map((n) => ({ url: `${origin}/sitemaps/${n}.xml` }))).pipe(stream);
  return (await xml).toString('utf8');
}
