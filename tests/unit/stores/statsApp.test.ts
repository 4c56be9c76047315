/**
 * The app's transitions (spec sections 2, 4, 8) against the real stats API over HTTP: the URL as the source of
 * truth, apply -> URL + request, metric switch without a request, side change, page change (salaries keep
 * everything), game details loaded once per game, player list failure -> /error.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../src/lib/site/apiClient';
import { metricSetOptions } from '../../../src/lib/tables/metricSets';
import type { FilterAccess } from '../../../src/stores/authState';
import { config } from '../../../src/server/config';
import { $filters, resetFiltersStore, setFilter } from '../../../src/stores/filterState';
import { $gameDetails } from '../../../src/stores/gameDetails';
import { $metricSet } from '../../../src/stores/metricSet';
import { $page, NO_PAGE } from '../../../src/stores/page';
import { $players } from '../../../src/stores/playerNames';
import { $side } from '../../../src/stores/side';
import {
  applyAndFetch,
  changeMinPossessions,
  changeSide,
  chooseMetricSet,
  dropLockedFilters,
  enterPage,
  removePill,
  restoreFromHistory,
  setAppEnv,
  sortTable,
  startStatsApp,
  stopStatsApp,
} from '../../../src/stores/statsApp';
import { $lockedFilters } from '../../../src/stores/lockedFilters';
import { $minPossessions } from '../../../src/stores/minSample';
import { $tableData, clearAnswerCache, clearTableData } from '../../../src/stores/tableData';
import { $tableSort } from '../../../src/stores/tableSort';
import { dataRequests, startTestApi, type TestApi } from './apiServer';

const hasDb = existsSync(config.statsDbPath);

/** An in-memory browser: the location's query, history entries, redirects, logged errors, auth status. */
function fakeBrowser(search = '', auth: FilterAccess = 'anonymous') {
  const b = {
    search,
    history: [] as { search: string; mode: 'push' | 'replace' }[],
    redirects: [] as string[],
    errors: [] as string[],
    auth,
    authWaiters: [] as ((s: FilterAccess) => void)[],
    resolveAuth(status: FilterAccess) {
      b.auth = status;
      for (const w of b.authWaiters.splice(0)) w(status);
    },
  };
  setAppEnv({
    readSearch: () => b.search,
    writeSearch: (s, mode) => {
      b.history.push({ search: s, mode });
      b.search = s;
    },
    redirect: (p) => b.redirects.push(p),
    logError: (m) => b.errors.push(m),
    filterAccess: () => b.auth,
    filterAccessKnown: () => (b.auth !== 'loading' ? Promise.resolve(b.auth) : new Promise((r) => b.authWaiters.push(r))),
  });
  return b;
}

describe.skipIf(!hasDb)('stats app transitions against the real API', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    configureApiClient({ baseUrl: api.baseUrl });
  });
  afterAll(() => api.close());
  beforeEach(() => {
    stopStatsApp();
    clearTableData();
    clearAnswerCache();
    resetFiltersStore();
    $page.set(NO_PAGE);
    $side.set('offense');
    api.requests.length = 0;
    api.override.clear();
    api.session = null;
  });

  const players = { kind: 'Players' as const, entity: null, view: null };

  it('starts from the URL: public filters and metric set restored, gated ones locked (kept in the URL, not applied, not sent) for anonymous users', async () => {
    const b = fakeBrowser('?season=2012-13&location=home&metricSet=shooting-overall&foo=bar');
    await startStatsApp(players);
    expect($filters.get().applied.Season).toEqual([2012]);
    expect($filters.get().applied.Location).toEqual([]);
    expect($metricSet.get()?.value).toBe('ShootingOverall');
    // The URL says what is shown, and keeps the shared link's gated filter (a locked pill); unknown keys gone.
    expect($lockedFilters.get()).toEqual([{ name: 'Location', value: ['home'] }]);
    expect(b.search).toBe('?season=2012&location=home&metricSet=shooting-overall');
    const [req] = dataRequests(api);
    expect(req!.url.searchParams.getAll('season')).toEqual(['2012']);
    expect(req!.url.searchParams.has('location')).toBe(false);
    expect(req!.url.searchParams.has('side')).toBe(false); // Players has no side
    const rows = $tableData.get().data.ShootingOverall!;
    expect(rows.length).toBeGreaterThan(300);
    expect(rows.every((r) => typeof r.name === 'string')).toBe(true);
    // The player list loaded at start, sorted by name and indexed by id.
    await expect.poll(() => $players.get().status).toBe('ready');
    const list = $players.get().list;
    expect(list.length).toBeGreaterThan(500);
    expect(list.every((p, i) => i === 0 || list[i - 1]!.name.localeCompare(p.name) <= 0)).toBe(true);
    expect($players.get().byId.get(2544)?.name).toBe('LeBron James');
  });

  it('waits for the session before restoring gated filters, then keeps them for a user with the Stats plan', async () => {
    const b = fakeBrowser('?location=home&daysRest=2_0', 'loading');
    api.session = {
      user: { name: 'Ann', email: 'ann@example.com' },
      isAdmin: false,
      subscriptions: [{ plan: { name: 'Stats' }, expiresAt: Date.now() / 1000 + 86_400 }],
    };
    const started = startStatsApp(players);
    await new Promise((r) => setTimeout(r, 50));
    expect(dataRequests(api)).toHaveLength(0);
    expect($tableData.get().loading).toBe(true);
    b.resolveAuth('plan');
    await started;
    expect($filters.get().applied.Location).toEqual(['home']);
    expect($filters.get().applied.DaysRest).toEqual([0, 2]);
    expect(b.search).toBe('?location=home&daysRest=0_2');
    const req = dataRequests(api)[0]!.url.searchParams;
    expect([req.get('location'), req.get('days_rest_low'), req.get('days_rest_high')]).toEqual(['home', '0', '2']);
    expect($tableData.get().error).toBe(false);
  });

  it('a signed-in member without an active plan applies no gated filter of the URL and sends none: they stay in the URL, locked', async () => {
    const b = fakeBrowser('?season=2012&location=home&period=4', 'loading');
    api.session = { user: { name: 'Max', email: 'max@example.com' }, isAdmin: false, subscriptions: [{ plan: { name: 'Stats' }, expiresAt: 1 }] };
    const started = startStatsApp(players);
    b.resolveAuth('no-plan');
    await started;
    expect($filters.get().applied.Season).toEqual([2012]);
    expect($filters.get().applied.Location).toEqual([]);
    expect($filters.get().applied.Period).toEqual([]);
    expect($lockedFilters.get().map((l) => l.name)).toEqual(['Location', 'Period']);
    expect(b.search).toBe('?season=2012&location=home&period=4');
    const req = dataRequests(api)[0]!.url.searchParams;
    expect(req.has('location') || req.has('period')).toBe(false);
    expect($tableData.get().error).toBe(false);
    // Their way out: dropped from the URL (a history entry), no request (they were never sent).
    const before = dataRequests(api).length;
    dropLockedFilters();
    expect($lockedFilters.get()).toEqual([]);
    expect(b.history.at(-1)).toEqual({ search: '?season=2012', mode: 'push' });
    expect(dataRequests(api)).toHaveLength(before);
  });

  it('switching metric set fetches only that set (URL updated in place); switching back uses the kept answer', async () => {
    const b = fakeBrowser('');
    await startStatsApp(players);
    expect(Object.keys($tableData.get().data)).toEqual(['OffensiveOverview']);
    expect(dataRequests(api).at(-1)!.url.searchParams.get('metric_set')).toBe('OffensiveOverview');
    const before = dataRequests(api).length;
    await chooseMetricSet('FoulDrawing');
    expect($metricSet.get()?.value).toBe('FoulDrawing');
    expect(dataRequests(api)).toHaveLength(before + 1);
    expect(dataRequests(api).at(-1)!.url.searchParams.get('metric_set')).toBe('FoulDrawing');
    expect(b.history.at(-1)).toEqual({ search: '?metricSet=foul-drawing', mode: 'replace' });
    expect(Object.keys($tableData.get().data)).toEqual(['FoulDrawing']);
    expect($tableData.get().data.FoulDrawing!.length).toBeGreaterThan(300);
    await chooseMetricSet('OffensiveOverview');
    expect(dataRequests(api)).toHaveLength(before + 1);
    expect($tableData.get().data.OffensiveOverview!.length).toBeGreaterThan(300);
  });

  it('sort and minimum sample live in the URL: restored at start, sorting replaces, a new minimum pushes and fetches', async () => {
    const b = fakeBrowser('?season=2012&sort=tov_play_pct&dir=asc&minPoss=2000');
    await startStatsApp(players);
    expect($tableSort.get()).toEqual({ column: 'tov_play_pct', direction: 'asc' });
    expect($minPossessions.get()).toBe(2000);
    expect(b.search).toBe('?season=2012&sort=tov_play_pct&dir=asc&minPoss=2000');
    expect(dataRequests(api).at(-1)!.url.searchParams.get('min_poss')).toBe('2000');
    const requests = dataRequests(api).length;
    sortTable('usage', 'desc');
    expect(b.history.at(-1)).toEqual({ search: '?season=2012&sort=usage&dir=desc&minPoss=2000', mode: 'replace' });
    expect(dataRequests(api)).toHaveLength(requests);
    await changeMinPossessions(null);
    expect(b.history.at(-1)).toEqual({ search: '?season=2012&sort=usage&dir=desc', mode: 'push' });
    expect(dataRequests(api).at(-1)!.url.searchParams.has('min_poss')).toBe(false);
    // Back: the earlier entry's sort and minimum come back.
    b.search = '?season=2012&sort=tov_play_pct&dir=asc&minPoss=2000';
    await restoreFromHistory();
    expect($tableSort.get()).toEqual({ column: 'tov_play_pct', direction: 'asc' });
    expect($minPossessions.get()).toBe(2000);
  });

  it("an old link's sort by a renamed key sorts by the column's key now (TOV% per play: tov_pct -> tov_play_pct)", async () => {
    const b = fakeBrowser('?season=2012&sort=tov_pct&dir=asc');
    await startStatsApp(players);
    expect($tableSort.get()).toEqual({ column: 'tov_play_pct', direction: 'asc' });
    expect(b.search).toBe('?season=2012&sort=tov_play_pct&dir=asc');
  });

  it('a sort by a column the new metric set lacks is dropped from the state and the URL; a name sort stays', async () => {
    const b = fakeBrowser('?sort=tov_play_pct&dir=asc');
    await startStatsApp(players);
    expect($tableSort.get()).toEqual({ column: 'tov_play_pct', direction: 'asc' });
    await chooseMetricSet('FoulDrawing');
    expect($tableSort.get().column).toBeNull();
    expect(b.history.at(-1)).toEqual({ search: '?metricSet=foul-drawing', mode: 'replace' });
    // A column the new set has too is kept (FT% is in Foul Drawing and Shooting: Overall).
    sortTable('ft_pct', 'desc');
    await chooseMetricSet('ShootingOverall');
    expect($tableSort.get()).toEqual({ column: 'ft_pct', direction: 'desc' });
    expect(b.search).toBe('?metricSet=shooting-overall&sort=ft_pct&dir=desc');
    // An identity column (the name) is in every set.
    sortTable('name', 'asc');
    await chooseMetricSet('DefenseAndRebounding');
    expect(b.search).toBe('?metricSet=defense-and-rebounding&sort=name&dir=asc');
    // A link that pairs a set with a sort it lacks opens unsorted, and the URL says so.
    const c = fakeBrowser('?metricSet=foul-drawing&sort=tov_pct&dir=asc');
    await enterPage(players);
    expect($tableSort.get().column).toBeNull();
    expect(c.search).toBe('?metricSet=foul-drawing');
  });

  it("the profile's career-table mode (outside the app) stays in the URL through the app's writes, on that page only", async () => {
    const profile = { kind: 'PlayerProfile' as const, entity: '2544', view: 'profile' };
    const b = fakeBrowser('?season=2012&career=per_36');
    await startStatsApp(profile);
    expect(b.search).toBe('?season=2012&career=per_36');
    setFilter('Season', [2022], { authenticated: false });
    await applyAndFetch();
    expect(b.history.at(-1)).toEqual({ search: '?career=per_36', mode: 'push' });
    // An unknown mode is not kept; on another page the key means nothing.
    b.search = '?career=per_48';
    await enterPage(profile);
    expect(b.search).toBe('');
    b.search = '?career=totals';
    await enterPage(players);
    expect(b.search).toBe('');
  });

  it('apply increments the counter, pushes the URL and fetches the new sample', async () => {
    const b = fakeBrowser('');
    await startStatsApp(players);
    const rows2022 = $tableData.get().data.OffensiveOverview!.length;
    const count = $filters.get().appliedCount;
    setFilter('Season', [2012], { authenticated: false });
    expect($filters.get().unapplied).toBe(true);
    await applyAndFetch();
    expect($filters.get().appliedCount).toBe(count + 1);
    expect($filters.get().unapplied).toBe(false);
    expect(b.history.at(-1)).toEqual({ search: '?season=2012', mode: 'push' });
    expect(dataRequests(api).at(-1)!.url.searchParams.getAll('season')).toEqual(['2012']);
    const rows = $tableData.get().data.OffensiveOverview!;
    expect(rows.length).not.toBe(rows2022);
    // Players of 2012-13 only: someone who retired before 2022-23 is in it.
    expect(rows.some((r) => r.name === 'Kevin Garnett')).toBe(true);
  });

  it('removing a pill resets the filter, pushes the URL and fetches', async () => {
    const b = fakeBrowser('?season=2012&isGarbageTime=false');
    await startStatsApp(players);
    await removePill('FilterOutGarbageTime');
    expect($filters.get().applied.FilterOutGarbageTime).toBe(true);
    expect(b.history.at(-1)).toEqual({ search: '?season=2012', mode: 'push' });
    expect(dataRequests(api).at(-1)!.url.searchParams.get('is_garbage_time')).toBe('true');
  });

  it('changing side on a page with a side resets the metric set and fetches that side', async () => {
    const b = fakeBrowser('?metricSet=team-shooting-accuracy');
    await startStatsApp({ kind: 'TeamTeam', entity: 'BOS', view: 'team' });
    expect($metricSet.get()?.value).toBe('Team_ShootingAccuracy');
    expect(dataRequests(api)[0]!.url.searchParams.get('side')).toBe('offense');
    await changeSide('defense');
    expect($metricSet.get()?.value).toBe(metricSetOptions('TeamTeam', 'defense')[0]!.value);
    expect(b.search).toBe('?side=defense');
    expect(dataRequests(api).at(-1)!.url.searchParams.get('side')).toBe('defense');
    expect(Object.keys($tableData.get().data)).toEqual([metricSetOptions('TeamTeam', 'defense')[0]!.value]);
  });

  it('a change of stats page rebuilds filters and metric sets and clears the data; salaries keep them', async () => {
    const b = fakeBrowser('?season=2012&metricSet=foul-drawing');
    await startStatsApp({ kind: 'TeamPlayers', entity: 'BOS', view: 'players' });
    expect($metricSet.get()?.value).toBe('FoulDrawing');
    const teamPlayersData = $tableData.get().data;
    // Salaries: filters, metric choice and data are not reset while its own data loads.
    const entering = enterPage({ kind: 'TeamSalaries', entity: 'BOS', view: 'salaries' });
    expect($tableData.get().data).toBe(teamPlayersData);
    expect($filters.get().applied.Season).toEqual([2012]);
    await entering;
    expect($tableData.get().data.Salaries!.some((r) => r.name === 'Paul Pierce')).toBe(true);
    // Another page: rebuilt from its URL, data cleared at once.
    b.search = '?season=2022';
    const next = enterPage({ kind: 'TeamTeam', entity: 'BOS', view: 'team' });
    expect($tableData.get().data).toEqual({});
    await next;
    expect($filters.get().applied.Season).toEqual([2022]);
    expect($metricSet.get()?.value).toBe(metricSetOptions('TeamTeam', 'offense')[0]!.value);
  });

  it('game views load game details for a new game id, once', async () => {
    fakeBrowser('');
    const game = { kind: 'GameTeam' as const, entity: '0022201216', view: 'team' };
    await startStatsApp(game);
    await vi.waitFor(() => expect($gameDetails.get().details).toBeTruthy(), { timeout: 5_000, interval: 10 });
    const details = $gameDetails.get().details!;
    // Official box score: Atlanta 114 at Boston 120, April 9, 2023.
    expect([details.away.team, details.away.pts, details.home.team, details.home.pts, details.date]).toEqual(['ATL', 114, 'BOS', 120, '2023-04-09']);
    await enterPage({ ...game, kind: 'GamePlayers', view: 'players' });
    await vi.waitFor(() => expect(Object.keys($tableData.get().data)).toContain('OffensiveOverview'), { timeout: 5_000, interval: 10 });
    await new Promise((r) => setTimeout(r, 50)); // time for a second request, if one were made
    expect(api.requests.filter((r) => r.url.pathname === '/api/game_details')).toHaveLength(1);
  });

  it('back and forward rebuild the view from the URL', async () => {
    const b = fakeBrowser('?season=2012');
    await startStatsApp(players);
    b.search = '?season=2022&isGarbageTime=false';
    await restoreFromHistory();
    expect($filters.get().applied).toMatchObject({ Season: [2022], FilterOutGarbageTime: false });
    expect(dataRequests(api).at(-1)!.url.searchParams.get('is_garbage_time')).toBe('false');
  });
});

describe.skipIf(!hasDb)('player list failure (spec section 8)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    configureApiClient({ baseUrl: api.baseUrl });
  });
  afterAll(() => api.close());

  it('logs the error and sends the user to /error', async () => {
    stopStatsApp();
    $players.set({ status: 'idle', list: [], byId: new Map() });
    api.override.set('/api/players', 500);
    const b = fakeBrowser('');
    await startStatsApp({ kind: 'League', entity: null, view: null });
    await vi.waitFor(() => expect(b.redirects).toEqual(['/error']), { timeout: 5_000, interval: 20 });
    await new Promise((r) => setTimeout(r, 200)); // once, not again
    expect(b.redirects).toEqual(['/error']);
    expect(b.errors).toEqual(['Could not load the player list']);
    stopStatsApp();
  });
});
