/**
 * The site foundation in a real browser against the built server: every route answers with the right
 * status, title and main heading; marketing pages ship no script; stats shells carry the island container
 * and the tab bar; errors answer as spec section 8 says. The fixture fails any test that logs a console error.
 */
import { test, expect, statsAppReady } from './fixtures';
import { TEAMS } from '../../src/lib/league/franchises';

const MARKETING: { path: string; title: string; h1: RegExp }[] = [
  { path: '/', title: 'Basketball statistics, possession by possession | Courtvision', h1: /Twenty seasons of play-by-play/ },
  { path: '/about', title: 'About | Courtvision', h1: /About Courtvision/ },
  { path: '/advice', title: 'Advice | Courtvision', h1: /Advice for reading the stats/ },
  { path: '/articles', title: 'Articles | Courtvision', h1: /^Articles$/ },
  { path: '/articles/possessions', title: 'What a possession is, and why we count them | Courtvision', h1: /What a possession is/ },
  { path: '/articles/four-factors', title: 'The four factors, and how to read them | Courtvision', h1: /The four factors/ },
  { path: '/articles/garbage-time', title: 'Garbage time: what we filter out, and why | Courtvision', h1: /Garbage time/ },
  { path: '/articles/shot-zones', title: 'Shot zones: where the points come from | Courtvision', h1: /Shot zones/ },
  { path: '/error', title: 'Error | Courtvision', h1: /^Internal Server Error$/ },
  { path: '/subscription_expiration', title: 'Subscription expired | Courtvision', h1: /Stats plan has expired/ },
];

for (const route of MARKETING) {
  test(`marketing ${route.path}: 200, title, heading, no script`, async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(route.title);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.h1);
    // Structured data (application/ld+json) is data, not script.
    expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
    expect(scripts).toEqual([]);
  });
}

test('the header links to every area and the footer states the data coverage', async ({ page }) => {
  await page.goto('/about');
  const stats = page.getByRole('navigation', { name: 'Stats', exact: true });
  for (const label of ['League', 'Players', 'Teams', 'Lineups', 'RAPM', 'Games', 'Finder', 'Guides']) {
    await expect(stats.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', `/stats/${label.toLowerCase()}`);
  }
  const main = page.getByRole('navigation', { name: 'Main' });
  for (const label of ['Stats', 'Articles', 'About', 'Advice']) await expect(main.getByRole('link', { name: label, exact: true })).toBeVisible();
  await expect(main.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('coverage')).toContainText('2003-04 to 2022-23');
  await expect(page.getByTestId('coverage')).toContainText('Playoffs 2013-14 to 2022-23 only');
  await expect(page.getByTestId('coverage')).toContainText('No preseason');
});

test('fonts are self-hosted and in use', async ({ page }) => {
  const external: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('http://localhost') && !r.url().startsWith('http://127.0.0.1') && !r.url().startsWith('data:')) external.push(r.url());
  });
  await page.goto('/');
  await page.evaluate(() => document.fonts.ready);
  expect(await page.evaluate(() => document.fonts.check('16px Inter') && document.fonts.check('16px "IBM Plex Mono"'))).toBe(true);
  const loaded = await page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family.replace(/"/g, '')));
  expect(loaded).toContain('Inter');
  expect(loaded).toContain('IBM Plex Mono');
  expect(external).toEqual([]);
});

test('a hash link lands on its target, a new page opens at the top', async ({ page }) => {
  await page.goto('/articles/possessions#free-throw-trips');
  const heading = page.locator('#free-throw-trips');
  await expect(heading).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await page.getByRole('link', { name: '← All articles' }).click();
  await expect(page).toHaveURL(/\/articles$/);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

/** Each stats page kind: its title, heading, island and tab; and for those with a table, the first metric set it opens with. */
const STATS: { path: string; title: string; h1: RegExp; kind: string; entity: string; current?: string; href?: string; set?: string }[] = [
  { path: '/stats/league', set: 'Summary', title: 'League | Courtvision', h1: /^League$/, kind: 'League', entity: '' },
  { path: '/stats/players', title: 'Players | Courtvision', h1: /^Players$/, kind: 'Players', entity: '' },
  { path: '/stats/lineups', set: 'Team_FourFactors', title: 'Lineups | Courtvision', h1: /^Lineups$/, kind: 'Lineups', entity: '' },
  { path: '/stats/games', title: 'Games | Courtvision', h1: /^Games$/, kind: 'NonStats', entity: '' },
  {
    path: '/stats/team/players/BOS',
    set: 'OffensiveOverview',
    title: 'Boston Celtics Players | Courtvision',
    h1: /^Boston Celtics$/,
    kind: 'TeamPlayers',
    entity: 'BOS',
    current: 'Players',
  },
  {
    path: '/stats/team/onoff/LAL',
    set: 'Team_FourFactors',
    title: 'Los Angeles Lakers On/Off | Courtvision',
    h1: /^Los Angeles Lakers$/,
    kind: 'TeamOnOff',
    entity: 'LAL',
    current: 'On/Off',
  },
  { path: '/stats/team/team/DEN', title: 'Denver Nuggets Team | Courtvision', h1: /^Denver Nuggets$/, kind: 'TeamTeam', entity: 'DEN', current: 'Team' },
  { path: '/stats/team/gamelog/MIA', title: 'Miami Heat Game log | Courtvision', h1: /^Miami Heat$/, kind: 'TeamGameLog', entity: 'MIA', current: 'Game log' },
  {
    path: '/stats/team/lineups/GSW',
    set: 'Team_FourFactors',
    title: 'Golden State Warriors Lineups | Courtvision',
    h1: /^Golden State Warriors$/,
    kind: 'TeamLineups',
    entity: 'GSW',
    current: 'Lineups',
  },
  // Salaries open on 2019-20, the latest season with salary data, and say so in the URL.
  {
    path: '/stats/team/salaries/SAS',
    set: 'Salaries',
    title: 'San Antonio Spurs Salaries | Courtvision',
    h1: /^San Antonio Spurs$/,
    kind: 'TeamSalaries',
    entity: 'SAS',
    current: 'Salaries',
    href: '/stats/team/salaries/SAS?season=2012',
  }, // the latest held season with salaries (test database: 2012-13)
  {
    path: '/stats/player/profile/lebron_james_2544',
    title: 'LeBron James: stats by season 2012-13 to 2022-23, Miami, LA Lakers | Courtvision',
    h1: /^LeBron James$/,
    kind: 'PlayerProfile',
    entity: '2544',
    current: 'Profile',
  },
  {
    path: '/stats/player/positions/lebron_james_2544',
    set: 'Player_OffensiveOverview',
    title: 'LeBron James Positions, 2012-13 to 2022-23 | Courtvision',
    h1: /^LeBron James$/,
    kind: 'PlayerPositions',
    entity: '2544',
    current: 'Positions',
  },
  {
    path: '/stats/player/onoff/nikola_jokic_203999',
    set: 'Team_FourFactors',
    title: 'Nikola Jokic On/Off stats, 2022-23 | Courtvision',
    h1: /^Nikola Jokic$/,
    kind: 'PlayerOnOff',
    entity: '203999',
    current: 'On/Off stats',
  },
  {
    path: '/stats/player/gamelog/stephen_curry_201939',
    set: 'BoxScore',
    title: 'Stephen Curry Game log, 2012-13 to 2022-23 | Courtvision',
    h1: /^Stephen Curry$/,
    kind: 'PlayerGameLog',
    entity: '201939',
    current: 'Game log',
  },
  // A player whose last season is before the latest opens on it, and says so in the URL.
  {
    path: '/stats/player/lineups/tim_duncan_1495',
    set: 'Team_FourFactors',
    title: 'Tim Duncan Lineups, 2012-13 | Courtvision',
    h1: /^Tim Duncan$/,
    kind: 'PlayerLineups',
    entity: '1495',
    current: 'Lineups',
    href: '/stats/player/lineups/tim_duncan_1495?season=2012',
  },
  {
    path: '/stats/game/team/MIA_DEN_2023-06-12_0042200405',
    title: 'Heat at Nuggets, Jun 12, 2023, 89-94: box score and four factors | Courtvision',
    h1: /^MIA at DEN$/,
    kind: 'GameTeam',
    entity: '0042200405',
    current: 'Team stats',
  },
  {
    path: '/stats/game/players/MIA_DEN_2023-06-12_0042200405',
    set: 'OffensiveOverview',
    title: 'Heat at Nuggets, Jun 12, 2023, 89-94: player box score and on-court stats | Courtvision',
    h1: /^MIA at DEN$/,
    kind: 'GamePlayers',
    entity: '0042200405',
    current: 'Player stats',
  },
  // Abbreviations as of the game's season (NOH became NOP in 2013); a game of the test database's seasons.
  {
    path: '/stats/gamepreview/SAS_NOH_2012-10-31_0021200008',
    title: 'Preview: SAS at NOH, 2012-10-31 | Courtvision',
    h1: /^SAS at NOH$/,
    kind: 'GamePreview',
    entity: '0021200008',
  },
];

for (const route of STATS) {
  test(`stats ${route.path}: 200, title, heading, #stats-app, tabs`, async ({ page }) => {
    // A stats page computes its first table on demand: room for a busy machine.
    test.setTimeout(60_000);
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(route.title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.h1);
    const app = page.locator('#stats-app');
    await expect(app).toHaveAttribute('data-page-kind', route.kind);
    await expect(app).toHaveAttribute('data-entity', route.entity);
    if (route.current) {
      const current = page.locator('nav.tabs a[aria-current="page"]');
      await expect(current).toHaveCount(1);
      await expect(current).toHaveText(route.current);
      // (a link the app completes, such as the salaries tab's opening season, waits for the app)
      await expect(current).toHaveAttribute('href', route.href ?? route.path, { timeout: 30_000 });
    }
    if (route.set) {
      // The table opens on the kind's first metric set, with rows and no error.
      await expect(page.locator('.sa-table')).toHaveAttribute('data-metric-set', route.set, { timeout: 30_000 });
      expect(await page.locator('.sa-tbody .sa-row').count()).toBeGreaterThan(0);
      await expect(page.locator('.sa-status-error')).toHaveCount(0);
    }
    // Let the stats island finish its requests, so a failed call shows up as a console error.
    await page.waitForLoadState('networkidle');
  });
}

test('team pages show the six tabs in order (then With/Without) with the logo; player pages the five; game pages the three', async ({ page }) => {
  await page.goto('/stats/team/team/BOS');
  await expect(page.locator('nav.tabs a')).toHaveText(['Players', 'On/Off', 'Team', 'Game log', 'Lineups', 'Salaries', 'With/Without']);
  const logo = page.getByRole('img', { name: 'Boston Celtics logo' });
  await expect(logo).toHaveAttribute('src', '/img/teams/bos.png');
  expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.locator('nav.tabs a', { hasText: 'Game log' }).click();
  await expect(page).toHaveURL(/\/stats\/team\/gamelog\/BOS$/);
  await page.goto('/stats/player/profile/lebron_james_2544');
  await expect(page.locator('nav.tabs a')).toHaveText(['Profile', 'Positions', 'On/Off stats', 'Game log', 'Lineups']);
  await page.goto('/stats/game/players/MIA_DEN_2023-06-12_0042200405');
  await expect(page.locator('nav.tabs a')).toHaveText(['Team stats', 'Player stats', 'Play-by-play']);
  await expect(page.locator('nav.tabs a[aria-current="page"]')).toHaveText('Player stats');
});

test('tabs keep the query string so filters survive a change of view', async ({ page }) => {
  // Seasons the test database holds: a season the file does not hold resets the filter once the app has started.
  await page.goto('/stats/team/players/BOS?season=2012&season=2022');
  const lineups = page.locator('nav.tabs a', { hasText: 'Lineups' });
  await expect(lineups).toHaveAttribute('href', '/stats/team/lineups/BOS?season=2012&season=2022'); // the server's
  await statsAppReady(page);
  await expect(lineups).toHaveAttribute('href', '/stats/team/lineups/BOS?season=2012&season=2022'); // and the app's
});

test('stats home links to every area', async ({ page }) => {
  const response = await page.goto('/stats');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Stats | Courtvision');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stats');
  for (const area of ['league', 'players', 'teams', 'lineups', 'games', 'guides']) {
    await expect(page.locator(`main a.card[href="/stats/${area}"]`)).toHaveCount(1);
  }
});

test('the teams page is a table of all 30 teams, each linking to its team page', async ({ page }) => {
  const response = await page.goto('/stats/teams');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Teams | Courtvision');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Teams');
  const links = page.getByRole('table', { name: 'Teams' }).locator('tbody a');
  await expect(links).toHaveCount(30);
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(new Set(hrefs)).toEqual(new Set(TEAMS.map((t) => `/stats/team/team/${t.abbr}`)));
});

test('guides: an index and one page per metric set', async ({ page }) => {
  const response = await page.goto('/stats/guides');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Guides | Courtvision');
  const cards = page.locator('main a.card');
  expect(await cards.count()).toBeGreaterThanOrEqual(15);
  await page
    .getByRole('link', { name: /Four Factors/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/stats\/guides\/league-four-factors$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Four Factors');
  await expect(page.locator('main table')).toContainText('(FGM + 0.5 × 3PM) ÷ FGA');
});

test('historical and lower-case team abbreviations redirect to the current one', async ({ page }) => {
  const response = await page.goto('/stats/team/players/njn');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/stats\/team\/players\/BKN$/);
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/stats\/team\/players\/njn$/);
  await page.goto('/stats/team/onoff/SEA');
  await expect(page).toHaveURL(/\/stats\/team\/onoff\/OKC$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oklahoma City Thunder');
});

test("a game path with the wrong teams or date redirects to the game's own", async ({ page }) => {
  const redirect = await page.request.get('/stats/game/players/DEN_MIA_2023-06-13_0042200405?season=2021', { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  expect(redirect.headers().location).toMatch(/^(http:\/\/[^/]+)?\/stats\/game\/players\/MIA_DEN_2023-06-12_0042200405\?season=2021$/);
  await page.goto('/stats/game/players/DEN_MIA_2023-06-13_0042200405');
  await expect(page).toHaveURL(/\/stats\/game\/players\/MIA_DEN_2023-06-12_0042200405$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('MIA at DEN');
  await page.waitForLoadState('networkidle');
});

const NOT_FOUND = [
  '/no-such-page',
  '/stats/nothing/here',
  '/stats/team/players/XYZ',
  '/stats/team/profile/BOS',
  '/stats/player/salaries/lebron_james_2544',
  '/stats/player/profile/lebron_james',
  '/stats/player/profile/lebron_james_abc',
  '/stats/player/profile/no_one_999999999', // well formed, but no such player
  '/stats/game/team/MIA_DEN_2023-06-12',
  '/stats/game/team/MIA_DEN_2023-02-30_0042200405',
  '/stats/game/box/MIA_DEN_2023-06-12_0042200405',
  '/stats/game/team/MIA_DEN_2023-06-12_0042200499', // well formed, but no such game
  '/stats/gamepreview/MIA_DEN_2023-06-12_0042200499',
  '/stats/gamepreview/MIA_XXX_2023-06-12_0042200405',
  '/stats/guides/no-such-guide',
  '/articles/no-such-article',
];

for (const path of NOT_FOUND) {
  test(`404 for ${path}: "Page not found" and "Page Not Found: {path}"`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Page not found | Courtvision');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByTestId('error-message')).toHaveText(`Page Not Found: ${path}`);
  });
}
