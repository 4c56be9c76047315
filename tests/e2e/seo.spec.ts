/**
 * What crawlers and readers without JavaScript get, against the built server and the test database
 * (2012-13 and 2022-23): pages fetched with a plain HTTP GET (no browser, no script) carry their numbers, a
 * title and description built from the data, a canonical link and JSON-LD; the sitemaps list every player, team
 * and game of the database (counted with our own SQL); in Chromium, the island takes over the server-rendered
 * table without fetching the same view again. Facts of real games are the published ones (2023 Finals, game 5).
 */
import type { APIRequestContext } from '@playwright/test';
import { sql } from '../api/helpers';
import { expect, statsAppReady, test } from './fixtures';

test.describe.configure({ timeout: 90_000 });

interface Head {
  status: number;
  html: string;
  title: string;
  description: string | null;
  canonical: string | null;
  og: Record<string, string>;
  jsonLd: { '@type': string; [k: string]: unknown }[];
}

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** GET a page as a crawler does (no JavaScript) and read its head. */
async function crawl(request: APIRequestContext, path: string): Promise<Head> {
  const res = await request.get(path, { maxRedirects: 0 });
  const html = await res.text();
  const og: Record<string, string> = {};
  for (const m of html.matchAll(/<meta property="og:([a-z_]+)" content="([^"]*)"/g)) og[m[1]!] = decode(m[2]!);
  const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
  return {
    status: res.status(),
    html,
    title: decode(attr(html, /<title>([^<]*)<\/title>/) ?? ''),
    description: attr(html, /<meta name="description" content="([^"]*)"/),
    canonical: attr(html, /<link rel="canonical" href="([^"]*)"/),
    og,
    jsonLd: ld.flatMap((d: { '@graph'?: unknown[] }) => (d['@graph'] ?? [d]) as Head['jsonLd']),
  };
}

const attr = (html: string, re: RegExp) => {
  const v = re.exec(html)?.[1];
  return v === undefined ? null : decode(v);
};
const item = (h: Head, type: string) => h.jsonLd.find((i) => i['@type'] === type) as Record<string, any> | undefined;

/** The text of the server-rendered table's cells, row by row (tags stripped). */
function firstViewRows(html: string): string[][] {
  const table = /<div class="first-view"[\s\S]*?<tbody[^>]*>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
  return [...table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((r) =>
    [...r[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => decode(c[1]!.replace(/<[^>]+>/g, '').trim())),
  );
}

test('a player page without JavaScript: seasons and teams, his rows, canonical, Person', async ({ request, baseURL }) => {
  const h = await crawl(request, '/stats/player/profile/lebron_james_2544');
  expect(h.status).toBe(200);
  // The test database holds 2012-13 (Miami) and 2022-23 (LA Lakers).
  expect(h.title).toBe('LeBron James: stats by season 2012-13 to 2022-23, Miami, LA Lakers | Courtvision');
  expect(h.description).toContain('Miami Heat, Los Angeles Lakers');
  expect(h.canonical).toBe(`${baseURL}/stats/player/profile/lebron_james_2544`);
  expect(h.og.url).toBe(h.canonical);
  expect(h.og.title).toBe(h.title);
  expect(h.html).toContain('<meta name="twitter:card" content="summary"');
  const p = item(h, 'Person')!;
  expect(p.name).toBe('LeBron James');
  expect(p.height.value).toBe(81); // 6 ft 9 in, as the league lists him
  expect(p.memberOf.name).toBe('Los Angeles Lakers');
  const crumbs = item(h, 'BreadcrumbList')!.itemListElement.map((c: { name: string }) => c.name);
  expect(crumbs).toEqual(['Home', 'Stats', 'Players', 'LeBron James Profile']);
  // The default view (2022-23 regular season) rendered on the server: his row with his team.
  const rows = firstViewRows(h.html);
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.flat()).toContain('LAL');
  expect(h.html).toContain('data-testid="player-career"');
  // A filtered view points to the base page; other views have their own title.
  const filtered = await crawl(request, '/stats/player/profile/lebron_james_2544?season=2012&metricSet=foul-drawing&side=defense');
  expect(filtered.canonical).toBe(h.canonical);
  const onoff = await crawl(request, '/stats/player/onoff/lebron_james_2544');
  expect(onoff.title).toBe('LeBron James On/Off stats, 2012-13 to 2022-23 | Courtvision');
  expect(onoff.description).not.toBe(h.description);
});

test('a game page without JavaScript: final score, box score, SportsEvent', async ({ request, baseURL }) => {
  const path = '/stats/game/players/MIA_DEN_2023-06-12_0042200405';
  const h = await crawl(request, path);
  expect(h.status).toBe(200);
  // 2023 Finals, game 5: Denver won 94-89 at home.
  expect(h.title).toBe('Heat at Nuggets, Jun 12, 2023, 89-94: player box score and on-court stats | Courtvision');
  expect(h.description).toContain('the Denver Nuggets won 94-89');
  expect(h.html).toMatch(/Final: Heat <span class="num"[^>]*>89<\/span>, Nuggets <span class="num"[^>]*>94<\/span>/);
  expect(h.canonical).toBe(`${baseURL}${path}`);
  const e = item(h, 'SportsEvent')!;
  expect(e.startDate).toBe('2023-06-12');
  expect(e.homeTeam.name).toBe('Denver Nuggets');
  expect(e.awayTeam.name).toBe('Miami Heat');
  expect(e.location.name).toBe('Denver');
  expect(e.description).toBe('Final score: Miami Heat 89, Denver Nuggets 94.');
  // The box score: one row per player who played, as many as the database has.
  const [{ n } = { n: -1 }] = await sql<{ n: number }>(
    `SELECT count(*) AS n FROM player_games pg JOIN games g USING (game_id) WHERE g.game_code = '0042200405'`,
  );
  const rows = firstViewRows(h.html);
  expect(rows).toHaveLength(n);
  const names = rows.map((r) => r[0]);
  expect(names).toContain('Nikola Jokic');
  expect(names).toContain('Jimmy Butler');
  const team = await crawl(request, '/stats/game/team/MIA_DEN_2023-06-12_0042200405');
  expect(team.title).toBe('Heat at Nuggets, Jun 12, 2023, 89-94: box score and four factors | Courtvision');
  expect(
    firstViewRows(team.html)
      .map((r) => r[0])
      .sort(),
  ).toEqual(['Denver Nuggets', 'Miami Heat']);
});

test('a team page without JavaScript: the season table, record, SportsTeam', async ({ request, baseURL }) => {
  const h = await crawl(request, '/stats/team/team/MIL');
  expect(h.status).toBe(200);
  // Milwaukee went 58-24 in 2022-23.
  expect(h.description).toContain('2022-23: 58-24 in the regular season');
  expect(h.html).toMatch(/2022-23 regular season: <span class="num"[^>]*>58-24<\/span>/);
  expect(h.canonical).toBe(`${baseURL}/stats/team/team/MIL`);
  expect(item(h, 'SportsTeam')!.name).toBe('Milwaukee Bucks');
  // the default view (2022-23 regular season) is one row: the Bucks' season
  const mil = firstViewRows(h.html);
  expect(mil).toHaveLength(1);
  expect(mil[0]!.slice(0, 3)).toEqual(['2022-23', 'Regular season', 'MIL']);
  const players = await crawl(request, '/stats/team/players/MIL?season=2012');
  expect(players.canonical).toBe(`${baseURL}/stats/team/players/MIL`);
  // A filtered view is client-side: no server table for it.
  expect(players.html).not.toContain('class="first-view"');
  expect((await crawl(request, '/stats/team/players/MIL')).html).toContain('Giannis Antetokounmpo');
});

test('marketing pages and the game finder: canonical without default or empty parameters', async ({ request, baseURL }) => {
  const home = await crawl(request, '/');
  expect(home.canonical).toBe(`${baseURL}/`);
  // the home page's trail is itself alone
  expect(item(home, 'BreadcrumbList')!.itemListElement).toEqual([{ '@type': 'ListItem', position: 1, name: 'Home', item: `${baseURL}/` }]);
  const article = await crawl(request, '/articles/possessions?utm_source=x');
  expect(article.canonical).toBe(`${baseURL}/articles/possessions`);
  expect(article.og.type).toBe('article');
  expect((await crawl(request, '/stats/games?season=2022&type=&team=bos')).canonical).toBe(`${baseURL}/stats/games?team=BOS`);
  expect((await crawl(request, '/stats/games?season=2012&type=playoffs')).canonical).toBe(`${baseURL}/stats/games?season=2012&type=playoffs`);
  // Pages that are not for search engines say so.
  const signin = await crawl(request, '/signin');
  expect(signin.canonical).toBeNull();
  expect(signin.html).toContain('<meta name="robots" content="noindex"');
});

test('robots.txt names the sitemap index; the sitemaps list every player, team and game of the database', async ({ request, baseURL }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).toContain('Disallow: /api/');
  const index = await (await request.get('/sitemap.xml')).text();
  const children = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(children[0]).toBe(`${baseURL}/sitemaps/pages.xml`);
  const urls: string[] = [];
  for (const child of children) {
    const res = await request.get(child);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('xml');
    const locs = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.length).toBeLessThanOrEqual(50_000);
    urls.push(...locs);
  }
  expect(new Set(urls).size).toBe(urls.length);
  const paths = urls.map((u) => decodeURI(new URL(u).pathname));
  for (const p of ['/', '/about', '/advice', '/articles', '/articles/four-factors', '/stats/players', '/stats/guides/onoff']) expect(paths).toContain(p);
  const distinct = (re: RegExp) => new Set(paths.map((p) => re.exec(p)?.[1]).filter((x) => x !== undefined)).size;
  const [db] = await sql<{ players: number; teams: number; games: number }>(
    `SELECT (SELECT count(DISTINCT player_id) FROM player_games) AS players,
            (SELECT count(DISTINCT team_id) FROM team_games) AS teams,
            (SELECT count(*) FROM games) AS games`,
  );
  expect(distinct(/^\/stats\/player\/profile\/.*_(\d+)$/)).toBe(db!.players);
  expect(distinct(/^\/stats\/team\/players\/([A-Z]{3})$/)).toBe(db!.teams);
  expect(distinct(/^\/stats\/game\/team\/.*_(\d{10})$/)).toBe(db!.games);
  expect(distinct(/^\/stats\/game\/players\/.*_(\d{10})$/)).toBe(db!.games);
  expect(distinct(/^\/stats\/game\/playbyplay\/.*_(\d{10})$/)).toBe(db!.games);
  // Entity URLs are the pages' own (no redirect), including names with dots and apostrophes.
  const sample = [
    ...paths.filter((p) => p.startsWith('/stats/player/') && /['.]/.test(p)).slice(0, 3),
    paths.find((p) => p.startsWith('/stats/game/team/'))!,
    paths.find((p) => p.startsWith('/stats/gamepreview/'))!,
    paths.find((p) => p.startsWith('/stats/team/salaries/'))!,
  ];
  for (const p of sample) expect((await request.get(encodeURI(p), { maxRedirects: 0 })).status(), p).toBe(200);
  expect((await request.get('/sitemaps/games-99.xml')).status()).toBe(404);
  expect((await request.get('/sitemaps/nope.xml')).status()).toBe(404);
});

test('the island takes over the server-rendered table without fetching the same view again', async ({ page }) => {
  const data: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/data') data.push(r.url());
  });
  const response = await page.goto('/stats/team/players/BOS');
  const serverRows = firstViewRows((await response!.text()) ?? '');
  expect(serverRows.length).toBeGreaterThan(5);
  await statsAppReady(page, 20_000);
  await expect(page.getByTestId('first-view')).toBeHidden();
  // Same rows, same numbers.
  const islandRows = await page
    .locator('.sa-tbody .sa-row')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('[role="cell"], [role="rowheader"]')].map((c) => (c.textContent ?? '').trim())));
  expect(islandRows).toEqual(serverRows);
  await page.waitForTimeout(500);
  expect(data).toEqual([]);
  // Another metric set is fetched (the page carried only the default one) and shown.
  await page.getByLabel('Metric set').selectOption({ index: 1 });
  await expect.poll(() => data.length).toBe(1);
  await expect(page.locator('.sa-tbody .sa-row').first()).toBeVisible();
});

test('without JavaScript the stats page shows its table', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/stats/players');
  const table = page.getByTestId('first-view').getByRole('table');
  await expect(table).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Jayson Tatum' })).toBeVisible();
  await context.close();
});
