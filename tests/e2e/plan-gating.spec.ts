/**
 * The paid plan enforced on the server and shown in the client, with the README's demo accounts: a member
 * without a plan and an expired subscriber are refused every gated filter on /api/data (403, JSON, "Stats plan"),
 * like anonymous visitors ("Sign in"); a subscriber and an admin are not. A sweep of request variants per role
 * (every gated filter, on every kind of page, alone, with public filters, repeated, mixed with unknown keys).
 * In the browser, a member sees the locks as "Stats plan" and a URL's gated filters are not applied (locked pills).
 */
import type { APIRequestContext } from '@playwright/test';
import { signedInContext } from './apiSignIn';
import { DEMO, seedDemoAccounts } from './accountsHelpers';
import { FILTERS } from '../../src/lib/filters/filterDefinitions';
import { expect, statsAppReady, test } from './fixtures';

test.beforeAll(() => seedDemoAccounts());

const PAGES = [
  'page=League',
  'page=Players',
  'page=Lineups',
  'page=PlayerProfile&entity=2544',
  'page=PlayerOnOff&entity=2544',
  'page=TeamTeam&entity=BOS&side=defense',
  'page=TeamGameLog&entity=MIA',
  'page=TeamLineups&entity=MIA',
];

/** One entry per way of applying a gated filter (the api keys of src/lib/filters/filterDefinitions.ts). */
const GATED = [
  'location=home',
  'location=away',
  'result=win',
  'result=loss',
  'days_rest_low=1',
  'days_rest_high=2',
  'days_rest_low=0&days_rest_high=1',
  'period=1',
  'period=4',
  'period=5',
  'period=1&period=2',
  'time_into_game_low=600',
  'time_into_game_high=1440',
  'score_diff_low=-5&score_diff_high=5',
  'score_diff_high=0',
  'opponent=BOS',
  'opponent=NJN',
  'opponent=LAL&opponent=GSW',
  'opp_days_rest_low=1',
  'opp_days_rest_high=0',
  'opp_point_diff_rank_high=10',
  'opp_point_diff_rank_low=20',
  'opp_off_rank_low=5',
  'opp_off_rank_high=5',
  'opp_def_rank_high=20',
  'opp_def_rank_low=25',
  'pg=2544',
  'sg=201939',
  'sf=2544',
  'pf=2544',
  'c=2544',
  'on_court=2544',
  'off_court=2544',
  'on_court_with=2544',
  'on_court_against=2544',
  'on_court_with=2544&on_court_against=201939',
  'on_court=2544&on_court=1628369&lineup_all_or_any=any',
  'leverage=high',
  'leverage=low&leverage=very_high',
  'clutch=true',
  'clutch=true&leverage=medium',
  'back_to_back=true',
  'back_to_back=true&location=away',
];

test('the sweep applies every gated filter of FILTERS', () => {
  const keysOf = (entry: string) => new Set(entry.split('&').map((kv) => kv.split('=')[0]!.replace(/_(low|high)$/, '')));
  const covered = new Set(GATED.flatMap((g) => [...keysOf(g)]));
  const gated = FILTERS.filter((f) => f.requiresAuth).map((f) => f.apiKey);
  expect(gated.length).toBeGreaterThan(10);
  expect(gated.filter((k) => !covered.has(k))).toEqual([]);
});

/** Public context around the gated filter: none, public filters, repeats and unknown keys. */
const WRAPS = [(g: string) => g, (g: string) => `season=2012&season_type=regular&is_garbage_time=false&${g}`, (g: string) => `${g}&${g}&format=json&foo=bar`];

const variants = PAGES.flatMap((p) => GATED.flatMap((g) => WRAPS.map((w) => `/api/data?${p}&${w(g)}`)));

async function sweep(api: APIRequestContext): Promise<{ url: string; status: number; error: string }[]> {
  const out: { url: string; status: number; error: string }[] = [];
  for (let i = 0; i < variants.length; i += 16) {
    const batch = variants.slice(i, i + 16);
    const answers = await Promise.all(batch.map((url) => api.get(url)));
    for (const [k, r] of answers.entries()) {
      const body = r.headers()['content-type']?.includes('json') ? ((await r.json()) as { error?: string }) : {};
      out.push({ url: batch[k]!, status: r.status(), error: body.error ?? '' });
    }
  }
  return out;
}

test.describe('the server refuses gated filters without an active Stats plan', () => {
  test.describe.configure({ timeout: 120_000 });

  for (const [role, who, message] of [
    ['anonymous', null, /^Sign in with an active Stats plan/],
    ['member without a plan', DEMO.member, /need an active Stats plan/],
    ['expired subscriber', DEMO.expired, /need an active Stats plan/],
  ] as const) {
    test(`${role}: every variant is 403 with a JSON message, none leaks data`, async ({ baseURL }) => {
      const api = await signedInContext(baseURL!, who);
      if (who) expect((await (await api.get('/api/auth/session')).json()).user.email).toBe(who.email);
      const answers = await sweep(api);
      // Refused with the plan message, or (a range key given twice) a 400 naming the parameter: never data.
      const refused = answers.filter((a) => a.status === 403 && message.test(a.error));
      const leaks = answers.filter((a) => !refused.includes(a) && !(a.status === 400 && /must be given once/.test(a.error)));
      expect(leaks, `${leaks.length} of ${answers.length} variants were not refused`).toEqual([]);
      expect(refused.length).toBeGreaterThan(answers.length * 0.8);
      // The public filters alone are still answered.
      const open = await api.get('/api/data?page=League&season=2012&is_garbage_time=false');
      expect(open.status()).toBe(200);
      await api.dispose();
    });
  }

  for (const [role, who] of [
    ['subscriber', DEMO.subscriber],
    ['admin with an expired plan', DEMO.admin],
  ] as const) {
    test(`${role}: gated filters are answered`, async ({ baseURL }) => {
      test.setTimeout(180_000);
      const api = await signedInContext(baseURL!, who);
      // A sample of the sweep (each one is a real query): one per gated filter, on varied pages.
      const sample = GATED.map((g, i) => `/api/data?${PAGES[i % PAGES.length]}&season=2012&${g}`);
      for (const url of sample) {
        const r = await api.get(url);
        expect(r.status(), url).toBe(200);
        expect(Object.keys(((await r.json()) as { data: object }).data).length, url).toBeGreaterThan(0);
      }
      await api.dispose();
    });
  }
});

test.describe('the client follows the same rule', () => {
  test.describe.configure({ timeout: 60_000 });

  test('a member without a plan sees "Stats plan" locks, and a URL\'s gated filters are not applied or sent: locked pills, kept in the URL', async ({
    page,
    signedInAs,
  }) => {
    await signedInAs('member');
    const sent: URL[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname === '/api/data') sent.push(u);
    });
    await page.goto('/stats/players?season=2012&location=home&period=4');
    await statsAppReady(page, 30_000);
    expect(sent.length).toBeGreaterThan(0);
    for (const u of sent) expect(u.searchParams.has('location') || u.searchParams.has('period'), u.search).toBe(false);
    await expect(page).toHaveURL(/\?season=2012&location=home&period=4$/);
    await expect(page.locator('.sa-pill[data-filter="Location"]')).toHaveAttribute('data-locked', 'true');
    await page.locator('[data-group="Game"]').click();
    // The popover's module loads late (src/islands/FilterBar.tsx); on a loaded machine that can take seconds.
    await expect(page.locator('.sa-popover')).toBeVisible({ timeout: 20_000 });
    const lock = page.locator('.sa-popover [data-filter="Location"] .sa-lock');
    await expect(lock).toHaveText('Stats plan');
    await expect(lock.getByRole('link')).toHaveAttribute('href', '/pricing');
    await expect(page.locator('.sa-popover')).not.toContainText('Needs the Stats plan');
    await expect(page.locator('.sa-popover [data-filter="Location"] button').first()).toBeDisabled();
    await expect(page.locator('[data-group="Game"] .sa-group-lock')).toHaveAttribute('aria-label', 'Needs the Stats plan');
  });

  test("an admin (expired plan) has no locks and keeps the URL's gated filters", async ({ page, signedInAs }) => {
    await signedInAs('admin');
    await page.goto('/stats/league?location=home');
    await expect(page.locator('.sa-pill[data-filter="Location"]')).toContainText('Home', { timeout: 30_000 });
    await page.locator('[data-group="Game"]').click();
    // The popover first (its module loads late), or no lock is found because nothing is drawn yet.
    await expect(page.locator('.sa-popover [data-filter="Location"]')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.sa-popover .sa-lock')).toHaveCount(0);
  });
});
