/**
 * The cache policy (src/server/http/cachePolicy.ts) walked over every kind of route, anonymous and signed in, on
 * the built server: what a shared cache may keep (the anonymous copy) and what it must not (anything personal).
 */
import { DEMO, seedDemoAccounts } from './accountsHelpers';
import { signInWithCredentials } from '../../scripts/lib/signIn';
import { expect, test } from './fixtures';

const PUBLIC_PAGE = 'public, max-age=0, s-maxage=300, stale-while-revalidate=3600';
const PUBLIC_API = 'public, max-age=60, s-maxage=600, stale-while-revalidate=3600';
const PRIVATE = 'private, no-store';

const PUBLIC_ROUTES: [string, string][] = [
  ['/', PUBLIC_PAGE], // prerendered
  ['/about', PUBLIC_PAGE],
  ['/stats/guides', PUBLIC_PAGE],
  ['/stats/players', PUBLIC_PAGE], // server-rendered
  ['/stats/team/team/BOS', PUBLIC_PAGE],
  ['/pricing', PUBLIC_PAGE],
  ['/api/data?page=League&season=2012', PUBLIC_API],
  ['/api/search?q=lebron', PUBLIC_API],
];
const ALWAYS_PRIVATE = ['/api/auth/session', '/signin', '/signup', '/forgot', '/profile', '/api/account/export'];

test('anonymous: the public copy for public routes; private or not kept for the rest; assets immutable', async ({ request, page }) => {
  for (const [path, expected] of PUBLIC_ROUTES) {
    const r = await request.get(path, { maxRedirects: 0 });
    expect(r.status(), path).toBe(200);
    expect(r.headers()['cache-control'], path).toBe(expected);
    expect(r.headers()['set-cookie'], path).toBeUndefined();
  }
  for (const path of ALWAYS_PRIVATE) {
    const r = await request.get(path, { maxRedirects: 0 });
    expect(r.headers()['cache-control'], path).toMatch(/private|no-store/);
  }
  // A gated query refused (403) is not kept.
  expect((await request.get('/api/data?page=League&season=2012&period=4')).headers()['cache-control']).toBe('no-store');
  // Hashed build assets are immutable.
  await page.goto('/stats/players');
  const asset = await page.locator('link[rel="stylesheet"][href^="/_astro/"]').first().getAttribute('href');
  expect((await request.get(asset!)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  // The anonymous API answer revalidates with its ETag.
  const first = await request.get('/api/data?page=League&season=2012');
  const again = await request.get('/api/data?page=League&season=2012', { headers: { 'If-None-Match': first.headers().etag! } });
  expect(again.status()).toBe(304);
  expect(again.headers()['cache-control']).toBe(PUBLIC_API);
});

test('signed in: every page and answer of the same URLs is private, never the public copy', async ({ playwright, baseURL }) => {
  seedDemoAccounts();
  const cookie = await signInWithCredentials((p, init) => fetch(baseURL + p, init), DEMO.subscriber.email, DEMO.subscriber.password, { Origin: baseURL! });
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: cookie } });
  for (const [path] of PUBLIC_ROUTES) {
    const r = await request.get(path, { maxRedirects: 0 });
    expect(r.status(), path).toBe(200);
    expect(r.headers()['cache-control'], path).toBe(PRIVATE);
  }
  for (const path of [...ALWAYS_PRIVATE, '/api/data?page=League&season=2012&period=4']) {
    const r = await request.get(path, { maxRedirects: 0 });
    expect(r.headers()['cache-control'], path).toMatch(/private|no-store/);
  }
  // The signed-in page shows the user: it must be the private copy.
  expect(await (await request.get('/about')).text()).toContain(DEMO.subscriber.name);
  await request.dispose();
});
