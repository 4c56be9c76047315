/**
 * The developer API on a server of its own with small quotas, as an analyst uses it: a Stats plan
 * member makes a key on the account page (shown once), reads /docs/api, pulls tables with paid filters from a
 * script, sees the quota in the headers, hits 429, revokes the key. Every endpoint's answer is validated against
 * the OpenAPI document the server publishes (ajv, JSON Schema 2020-12); bad input is a 4xx with a JSON message.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import Ajv2020 from 'ajv/dist/2020.js';
import { expect, test } from './fixtures';
import { usersCli } from './accountsHelpers';
import { oneQuotaWindowFor } from './quotaMinute';
import { startServer, waitListening, type ServerProcess } from './serverProcess';

test.describe.configure({ mode: 'serial', timeout: 150_000 });

const ANALYST = { email: 'api-analyst@example.com', password: 'analyst-password-2023', name: 'Ana Lyst' };
const PER_MINUTE = 40;
const ANON_PER_MINUTE = 4;
const HEAVY = 3;
let server: ServerProcess;
let key = '';
/** The name the key in use was given on the account page. */
let keyName = 'nightly lineup pull';

test.beforeAll(async () => {
  try {
    usersCli('remove', ANALYST.email);
  } catch {
    // not there yet
  }
  usersCli('add', ANALYST.email, '--name', ANALYST.name, '--password', ANALYST.password);
  usersCli('grant', ANALYST.email, '--days', '30');
  server = startServer({ API_KEY_PER_MINUTE: String(PER_MINUTE), API_ANON_PER_MINUTE: String(ANON_PER_MINUTE), API_HEAVY_COST: String(HEAVY) });
  await waitListening(server);
});
test.afterAll(() => server?.stop());

const v1 = (path: string, headers: Record<string, string> = {}) => fetch(`${server.base}/api/v1${path}`, { headers });
const withKey = (path: string, extra: Record<string, string> = {}) => v1(path, { Authorization: `Bearer ${key}`, ...extra });

/**
 * The analyst signs in and makes a key named `name` on the account page: it is shown once, in the key format, and
 * becomes the key in use. Returns the page's API-keys section.
 */
async function makeKey(page: Page, name: string): Promise<Locator> {
  await page.goto(`${server.base}/signin?callbackUrl=${encodeURIComponent('/profile')}`);
  await page.getByLabel('Email').fill(ANALYST.email);
  await page.getByLabel('Password').fill(ANALYST.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile/);
  const section = page.getByTestId('api-keys');
  await section.getByLabel('Name of a new key').fill(name);
  await section.getByRole('button', { name: 'Make a key' }).click();
  await expect(section.getByRole('status')).toContainText('shown only this once');
  key = await page.getByTestId('new-key').inputValue();
  expect(key).toMatch(/^cv_live_[A-Za-z0-9_-]{43}$/);
  return section;
}

test('a plan member makes a key on the account page; it is shown once and works', async ({ page }) => {
  const section = await makeKey(page, keyName);
  await expect(section.locator('tr[data-key-id]')).toHaveCount(1);
  await expect(section.locator('tr[data-key-id] code')).toHaveText(`${key.slice(0, 12)}…`);
  // Shown once: the account page, visited again, shows the prefix only.
  await page.goto(`${server.base}/profile`);
  await expect(page.getByTestId('new-key')).toHaveCount(0);
  expect(await page.content()).not.toContain(key);

  // The key carries the plan: a paid filter (4th quarter) works with it, not without it.
  const gated = '/table?page=Players&season=2022-23&period=4&metric_set=OffensiveOverview';
  const r = await withKey(gated);
  expect(r.status).toBe(200);
  const body = (await r.json()) as { rows: { player_id: number; poss: number }[]; columns: { key: string }[] };
  expect(body.rows.length).toBeGreaterThan(100);
  expect(body.columns.map((c) => c.key)).toContain('usage');
  const anonymous = await v1(gated);
  expect(anonymous.status).toBe(403);
  expect(((await anonymous.json()) as { error: string; param: string }).param).toBe('period');

  // The same numbers as the site's own endpoint for the same free query.
  const free = 'page=Players&season=2012-13&metric_set=OffensiveOverview';
  const site = (await (await fetch(`${server.base}/api/data?${free}`)).json()) as { data: Record<string, { player_id: number; pts: number; poss: number }[]> };
  const api = (await (await withKey(`/table?${free}`)).json()) as { rows: { player_id: number; pts: number; poss: number }[] };
  // v1 also keeps the old keys of a split column (tov_pct, once a player's TOV per play) with the new key's value
  expect(api.rows.map((r) => r as Record<string, unknown>).every((r) => r.tov_pct === r.tov_play_pct && r.tov_pct_pct === r.tov_play_pct_pct)).toBe(true);
  const withoutAliases = api.rows.map((r) => {
    const { tov_pct: _old, tov_pct_pct: _oldPct, ...rest } = r as Record<string, unknown>;
    return rest;
  });
  expect(withoutAliases).toEqual(site.data.OffensiveOverview);

  // The account page counts the requests and says when the key was last used.
  await page.goto(`${server.base}/profile`);
  await expect(section.locator('[data-field="requests"]')).toHaveText('2');
  await expect(section.locator('[data-field="last-used"]')).not.toHaveText('never');
});

test('answers carry the quota, the data version and an ETag; past the quota a 429 with Retry-After', async () => {
  // The key's and the anonymous counts below must stay in one quota minute (about 2 s of work in a full run;
  // 15 s leaves room for a loaded machine, and the wait for a fresh minute, when there is one, averages 7.5 s where
  // 40 s made it 20 s, a worker idle meanwhile). The counts need not start at zero: the remaining quota is read from
  // the first answer, and the anonymous count here is at most the one request of the test before.
  await oneQuotaWindowFor(15_000);
  const first = await withKey('/metric_sets?page=Players');
  expect(first.status).toBe(200);
  expect(first.headers.get('ratelimit-policy')).toBe(`"minute";q=${PER_MINUTE};w=60, "day";q=20000;w=86400`);
  const limit = /"minute";r=(\d+);t=(\d+)/.exec(first.headers.get('ratelimit') ?? '');
  expect(limit, first.headers.get('ratelimit') ?? '').not.toBeNull();
  let remaining = Number(limit![1]);
  expect(first.headers.get('data-version')).toMatch(/^built=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ; seasons=2012-13\.\.2022-23; through=2023-06-12$/); // the 2023 Finals game 5
  expect(first.headers.get('cache-control')).toBe('private, no-store');
  // 304 with the ETag, and it still counts as a request.
  const etag = first.headers.get('etag')!;
  const again = await withKey('/metric_sets?page=Players', { 'If-None-Match': etag });
  expect(again.status).toBe(304);
  expect(Number(/r=(\d+)/.exec(again.headers.get('ratelimit')!)![1])).toBe(remaining - 1);
  remaining -= 1;
  // A heavy query (every season of the league's lineups) counts HEAVY.
  const heavy = await withKey('/table?page=Lineups&season=2012-13&season=2022-23&season_type=regular&season_type=playoffs&min_poss=500');
  expect(heavy.status).toBe(200);
  const afterHeavy = Number(/r=(\d+)/.exec(heavy.headers.get('ratelimit')!)![1]);
  expect([remaining - HEAVY, remaining - 1]).toContain(afterHeavy);
  remaining = afterHeavy;
  // Spend the rest of the minute.
  let last: Response | null = null;
  for (let i = 0; i <= remaining + 1; i++) {
    last = await withKey('/search?q=curry');
    if (last.status === 429) break;
  }
  expect(last!.status).toBe(429);
  expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(last!.headers.get('ratelimit')).toMatch(/^"minute";r=0;t=\d+$/);
  expect(((await last!.json()) as { error: string }).error).toContain(`${PER_MINUTE} requests per minute`);
  // Anonymous clients have their own, smaller quota.
  const statuses: number[] = [];
  for (let i = 0; i < ANON_PER_MINUTE + 1; i++) statuses.push((await v1('/search?q=james')).status);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
  expect(statuses.slice(0, ANON_PER_MINUTE - 1).every((s) => s === 200)).toBe(true);
});

test('every endpoint answers as the published OpenAPI document says', async ({ page }) => {
  // The test before spent this minute's quota of the first key: a second key of the same member (quotas are per
  // key) has its whole quota now, so that the checks below are not refused, without waiting for the next minute.
  // The tests after this one use the second key (the last one revokes it).
  keyName = 'contract check';
  await makeKey(page, keyName);
  const doc = (await (await fetch(`${server.base}/api/v1/openapi.json`)).json()) as {
    openapi: string;
    paths: Record<string, { get: { responses: Record<string, { content?: Record<string, { schema: object }> }> } }>;
    components: { schemas: Record<string, object> };
  };
  expect(doc.openapi).toBe('3.1.0');
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ $id: 'doc', components: doc.components });
  const validator = (schema: object) => ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')) as object);
  const examples: Record<string, string> = {
    '/api/v1/table': '?page=TeamLineups&entity=DEN&season=2022-23&metric_set=Team_FourFactors',
    '/api/v1/metric_sets': '?page=PlayerOnOff&side=defense',
    '/api/v1/players/{player_id}': '',
    '/api/v1/players/{player_id}/career': '',
    '/api/v1/players/{player_id}/rapm': '',
    '/api/v1/rapm': '?season=2022&position=big&sort=def&min_poss=1500',
    '/api/v1/games/{game_id}': '',
    '/api/v1/games/{game_id}/possessions': '',
    '/api/v1/search': '?q=jokic',
    '/api/v1/shots': '?page=PlayerProfile&entity=203999&season=2022-23',
    '/api/v1/teams': '?season=2022-23&season_type=playoffs',
    '/api/v1/teams/{abbr}/with_without': '?season=2022-23&n=4&four_factors=true',
    '/api/v1/compare': '?player=203999:2022-23&player=2544:2012-13_2022-23&metric_set=shooting-overall',
    '/api/v1/similar': '?player=203999&season=2022-23&min_minutes=1000',
    '/api/v1/finder': '?mode=player_games&cond=pts:ge:40&cond=ast:ge:10&season=2022',
  };
  expect(Object.keys(doc.paths).sort()).toEqual(Object.keys(examples).sort());
  for (const [path, query] of Object.entries(examples)) {
    const url = path.replace('{player_id}', '203999').replace('{game_id}', '0042200405').replace('{abbr}', 'DEN') + query;
    const r = await fetch(`${server.base}${url}`, { headers: { Authorization: `Bearer ${key}` } });
    expect(r.status, url).toBe(200);
    const check = validator(doc.paths[path]!.get.responses['200']!.content!['application/json']!.schema);
    const body: unknown = await r.json();
    expect(check(body) ? [] : check.errors, url).toEqual([]);
  }
  // Every metric set names its guide on the site, and the guide is there.
  const sets = (await (await fetch(`${server.base}/api/v1/metric_sets?page=Players`, { headers: { Authorization: `Bearer ${key}` } })).json()) as {
    sets: { value: string; guide: string | null }[];
  };
  expect(sets.sets.filter((d) => d.guide === null).map((d) => d.value)).toEqual([]);
  for (const guide of new Set(sets.sets.map((d) => d.guide!))) expect((await fetch(`${server.base}${guide}`)).status, guide).toBe(200);
  // Errors too.
  const errorCheck = validator(doc.paths['/api/v1/table']!.get.responses['400']!.content!['application/json']!.schema);
  for (const [url, status] of [
    ['/api/v1/table?page=Nope', 400],
    ['/api/v1/players/999999999', 404],
    ['/api/v1/games/12', 400],
  ] as const) {
    const r = await fetch(`${server.base}${url}`, { headers: { Authorization: `Bearer ${key}` } });
    expect(r.status, url).toBe(status);
    const body: unknown = await r.json();
    expect(errorCheck(body) ? [] : errorCheck.errors, url).toEqual([]);
  }
});

test('the possessions of a game add up to its final score, with ten different players on the floor', async () => {
  const game = (await (await withKey('/games/0042200405')).json()) as { away: { team: string; pts: number }; home: { team: string; pts: number } };
  const { possessions } = (await (await withKey('/games/0042200405/possessions')).json()) as {
    possessions: { offense: string; pts: number; offense_players: number[]; defense_players: number[] }[];
  };
  const points = (team: string) => possessions.filter((p) => p.offense === team).reduce((s, p) => s + p.pts, 0);
  // The box score's final (the play-by-play's running SCORE) equals the possessions' points, for both teams.
  expect(points(game.away.team)).toBe(game.away.pts);
  expect(points(game.home.team)).toBe(game.home.pts);
  for (const p of possessions) expect(new Set([...p.offense_players, ...p.defense_players]).size).toBe(10);
});

test('bad keys, bad methods, huge and odd parameters: a 4xx with a JSON message, never a 500', async () => {
  const cases: [string, RequestInit, number][] = [
    ['/api/v1/table?page=Players', { headers: { Authorization: 'Bearer nope' } }, 401],
    ['/api/v1/table?page=Players', { headers: { Authorization: `Bearer cv_live_${'A'.repeat(43)}` } }, 401],
    ['/api/v1/table?page=Players', { headers: { Authorization: 'Basic dXNlcjpwYXNz' } }, 401],
    ['/api/v1/table?page=Players', { headers: { Authorization: `Bearer ${'x'.repeat(8000)}` } }, 401],
    [`/api/v1/table?page=${'P'.repeat(5000)}`, { headers: { Authorization: `Bearer ${key}` } }, 400],
    ['/api/v1/table?page=Players&season=1850', { headers: { Authorization: `Bearer ${key}` } }, 400],
    // A key the page does not take is named in a 400 (object-prototype names included: nothing is looked up by them).
    ['/api/v1/table?page=Players&toString=1&__proto__=x', { headers: { Authorization: `Bearer ${key}` } }, 400],
    [`/api/v1/search?q=${'a'.repeat(5000)}`, { headers: { Authorization: `Bearer ${key}` } }, 400],
    ['/api/v1/players/12ab', { headers: { Authorization: `Bearer ${key}` } }, 400],
    ['/api/v1/players/%E0%A4%A', { headers: { Authorization: `Bearer ${key}` } }, 400],
    ['/api/v1/nothing-here', {}, 404],
    ['/api/v1/table?page=Players', { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: '{}' }, 405],
    ['/api/v1/table?page=Players', { method: 'DELETE', headers: { Authorization: `Bearer ${key}` } }, 405],
  ];
  for (const [url, init, status] of cases) {
    const r = await fetch(`${server.base}${url}`, init);
    expect(r.status, url.slice(0, 80)).toBe(status);
    if (status !== 200) expect(((await r.json()) as { error: string }).error.length, url.slice(0, 80)).toBeGreaterThan(10);
  }
});

test('/docs/api lists every endpoint with its parameters, fields and examples; desktop and phone', async ({ page }) => {
  for (const size of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(`${server.base}/docs/api`);
    await expect(page.locator('[data-endpoint]')).toHaveCount(15);
    await expect(page.locator('[data-endpoint="/api/v1/finder"]')).toHaveCount(1);
    await expect(page.locator('[data-endpoint="/api/v1/teams/{abbr}/with_without"] .params')).toContainText('four_factors');
    await expect(page.locator('[data-endpoint="/api/v1/rapm"] .params')).toContainText('min_poss');
    await expect(page.locator('[data-endpoint="/api/v1/compare"]')).toHaveCount(1);
    await expect(page.getByTestId('quota-table')).toContainText(String(PER_MINUTE));
    await expect(page.locator('[data-endpoint="/api/v1/table"] .params')).toContainText('opp_off_rank_low');
    await expect(page.locator('[data-endpoint="/api/v1/games/{game_id}/possessions"] .fields')).toContainText('PossessionRow[]');
    await expect(page.locator('[data-type="PossessionRow"] .fields')).toContainText('offense_players');
    for (const lang of ['curl', 'Python', 'R'])
      await expect(page.locator('[data-endpoint="/api/v1/search"] .lang', { hasText: new RegExp(`^${lang}$`) })).toHaveCount(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.goto(`${server.base}/docs/api/changelog`);
  await expect(page.locator('[data-change]')).not.toHaveCount(0);
});

test("a revoked key, or a key whose owner's plan ended, stops working at once", async ({ page }) => {
  expect((await withKey('/metric_sets?page=League')).status).not.toBe(401);
  usersCli('revoke', ANALYST.email);
  const lapsed = await withKey('/metric_sets?page=League');
  expect(lapsed.status).toBe(403);
  expect(((await lapsed.json()) as { error: string }).error).toContain('not active');
  usersCli('grant', ANALYST.email, '--days', '30');
  expect((await withKey('/metric_sets?page=League')).status).toBe(200);
  await page.goto(`${server.base}/signin?callbackUrl=${encodeURIComponent('/profile')}`);
  await page.getByLabel('Email').fill(ANALYST.email);
  await page.getByLabel('Password').fill(ANALYST.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: `Revoke ${keyName}` }).click();
  await expect(page.getByTestId('api-keys').getByRole('status')).toContainText('revoked');
  await expect(page.locator('tr[data-revoked="true"]')).toHaveCount(1);
  const revoked = await withKey('/metric_sets?page=League');
  expect(revoked.status).toBe(401);
  expect(revoked.headers.get('www-authenticate')).toContain('Bearer');
});
