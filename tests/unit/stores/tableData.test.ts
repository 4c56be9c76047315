/**
 * Data loading rules (spec section 4) and the HTTP client's retry rule (spec section 7), against the real stats
 * API (src/pages/api over STATS_DB_PATH) served over HTTP.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiRequestError, configureApiClient, getJson } from '../../../src/lib/site/apiClient';
import { $tableData, clearAnswerCache, clearTableData, fetchTableData, type TableDataState } from '../../../src/stores/tableData';
import { config } from '../../../src/server/config';
import { dataRequests, startTestApi, type TestApi } from './apiServer';

const hasDb = existsSync(config.statsDbPath);
if (!hasDb) console.warn(`tableData tests skipped: no stats database at ${config.statsDbPath} (npm test builds it)`);

describe.skipIf(!hasDb)('$tableData against the real API', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    configureApiClient({ baseUrl: api.baseUrl });
  });
  afterAll(() => api.close());
  beforeEach(() => {
    clearTableData();
    clearAnswerCache();
    api.requests.length = 0;
    api.override.clear();
    api.delay.clear();
    api.session = null;
  });

  const league = new URLSearchParams('page=League&side=offense&season=2012&season=2022&season_type=regular&is_garbage_time=true');

  it('loading is true while fetching and false on success, with the rows of every set', async () => {
    const seen: TableDataState[] = [];
    const stop = $tableData.listen((s) => seen.push(s));
    await fetchTableData(league);
    stop();
    expect(seen[0]!.loading).toBe(true);
    const done = $tableData.get();
    expect(done.loading).toBe(false);
    expect(done.error).toBe(false);
    expect(Object.keys(done.data).sort()).toEqual(['FourFactors', 'PlayContext', 'Shooting', 'Summary']);
    expect(done.data.Summary!.map((r) => r.season)).toEqual(expect.arrayContaining(['2012-13', '2022-23']));
    // 2012-13 regular season: 1,229 games in the league's schedule (one was cancelled: BOS at IND, 2013-04-16).
    const s2012 = done.data.Summary!.find((r) => r.season === '2012-13')!;
    expect(s2012.games).toBe(1229);
  });

  it('sets the error flag on failure with the server message, and a new fetch clears it at once', async () => {
    await fetchTableData(new URLSearchParams('page=Players&season=1990'));
    let s = $tableData.get();
    expect(s.error).toBe(true);
    expect(s.loading).toBe(false);
    expect(s.errorStatus).toBe(400);
    expect(s.errorMessage).toMatch(/season/);
    expect(s.errorParam).toBe('season'); // the parameter the 400 names, as the page reads it
    expect(s.data).toEqual({});
    const pending = fetchTableData(league);
    s = $tableData.get();
    expect(s.error).toBe(false);
    expect(s.errorParam).toBe(null);
    expect(s.loading).toBe(true);
    await pending;
    expect($tableData.get().error).toBe(false);
  });

  it('a gated filter answers 403 anonymously and without a plan, and the data with an active Stats plan', async () => {
    const gated = new URLSearchParams('page=League&season=2022&location=home');
    await fetchTableData(gated);
    expect($tableData.get()).toMatchObject({ error: true, errorStatus: 403 });
    api.session = { user: { name: 'Ann', email: 'ann@example.com' }, isAdmin: false, subscriptions: [] };
    await fetchTableData(gated);
    expect($tableData.get()).toMatchObject({ error: true, errorStatus: 403 });
    api.session.subscriptions.push({ plan: { name: 'Stats' }, expiresAt: Math.floor(Date.now() / 1000) + 3600 });
    await fetchTableData(gated);
    expect($tableData.get().error).toBe(false);
    expect($tableData.get().data.Summary!.length).toBeGreaterThan(0);
  });

  it('a newer fetch wins: the older answer is dropped even when it arrives last', async () => {
    api.delay.set('/api/data', 300);
    const older = fetchTableData(new URLSearchParams('page=League&season=2012'));
    api.delay.clear();
    const newer = fetchTableData(new URLSearchParams('page=League&season=2022'));
    await Promise.all([older, newer]);
    const s = $tableData.get();
    expect(s.loading).toBe(false);
    expect(s.data.Summary!.map((r) => r.season)).toEqual(['2022-23']);
  });

  it('an empty preseason answer carries the server note', async () => {
    await fetchTableData(new URLSearchParams('page=Players&season_type=preseason'));
    const s = $tableData.get();
    expect(s.error).toBe(false);
    expect(s.data).toEqual({});
    expect(s.note).toMatch(/preseason/i);
  });

  it('an answer already fetched is shown again without a request (client-side cache)', async () => {
    await fetchTableData(league);
    const first = $tableData.get().data;
    await fetchTableData(new URLSearchParams('page=League&season=2012'));
    const requests = dataRequests(api).length;
    await fetchTableData(league);
    expect(dataRequests(api)).toHaveLength(requests);
    expect($tableData.get()).toMatchObject({ loading: false, error: false, query: league.toString() });
    expect($tableData.get().data).toEqual(first);
  });

  it('clearing empties the data', async () => {
    await fetchTableData(league);
    clearTableData();
    expect($tableData.get()).toMatchObject({ data: {}, loading: false, error: false, query: null });
  });

  it('retries a safe request once on 503, then gives up', async () => {
    api.override.set('/api/data', 503);
    await fetchTableData(league);
    expect(dataRequests(api)).toHaveLength(2);
    expect($tableData.get()).toMatchObject({ error: true, errorStatus: 503 });
  });

  it.each([408, 409, 425, 429, 500, 502, 504])('retries once on %i', async (status) => {
    api.override.set('/api/players', status);
    await expect(getJson('/api/players')).rejects.toBeInstanceOf(ApiRequestError);
    expect(api.requests.filter((r) => r.url.pathname === '/api/players')).toHaveLength(2);
  });

  it('does not retry on 400, 403 or 404', async () => {
    await fetchTableData(new URLSearchParams('page=Nope'));
    await expect(getJson('/api/player_details', new URLSearchParams('player_id=999999999'))).rejects.toMatchObject({ status: 404 });
    expect(api.requests).toHaveLength(2);
  });
});
