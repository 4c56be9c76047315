/**
 * The player list is fetched once per browser session (src/stores/playerNames.ts): the first stats page downloads it
 * and keeps it in sessionStorage with its ETag; the next page (a fresh store, the same storage) uses the kept copy
 * without a request; a kept copy older than KEPT_FRESH_MS is asked again with If-None-Match, and the server's 304
 * keeps it. And the endpoint itself: brotli for a browser, a 304 for its ETag. Against the real endpoint over HTTP.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../src/lib/site/apiClient';
import { config } from '../../../src/server/config';
import { $players, KEPT_FRESH_MS, KEPT_PLAYERS_KEY, loadPlayers } from '../../../src/stores/playerNames';
import { startTestApi, type TestApi } from './apiServer';

/** sessionStorage as a browser tab has it: strings by key. */
class TabStorage {
  private readonly items = new Map<string, string>();
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.items.set(k, String(v));
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
}

const playerRequests = (api: TestApi) => api.requests.filter((r) => r.url.pathname === '/api/players').length;
/** A new page of the same tab: the store starts empty, the storage stays. */
const newPage = () => $players.set({ status: 'idle', list: [], byId: new Map() });

describe.skipIf(!existsSync(config.statsDbPath))('the player list, once per session', () => {
  let api: TestApi;
  let storage: TabStorage;
  beforeAll(async () => {
    api = await startTestApi();
    configureApiClient({ baseUrl: api.baseUrl });
  });
  afterAll(async () => {
    delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
    await api.close();
  });
  beforeEach(() => {
    storage = new TabStorage();
    (globalThis as { sessionStorage?: unknown }).sessionStorage = storage;
    api.requests.length = 0;
    newPage();
  });

  it('the first page downloads it; the next pages use the kept copy without asking', async () => {
    await loadPlayers();
    expect(playerRequests(api)).toBe(1);
    const first = $players.get().list;
    expect($players.get().byId.get(2544)?.name).toBe('LeBron James');
    for (let page = 0; page < 3; page++) {
      newPage();
      await loadPlayers();
      expect($players.get().status).toBe('ready');
      expect($players.get().list).toEqual(first);
    }
    expect(playerRequests(api)).toBe(1);
  });

  it('a kept copy older than its freshness is asked again with its ETag and kept on the 304', async () => {
    await loadPlayers();
    const kept = JSON.parse(storage.getItem(KEPT_PLAYERS_KEY)!) as { etag: string; at: number };
    expect(kept.etag).toMatch(/^"|^W\//);
    storage.setItem(KEPT_PLAYERS_KEY, JSON.stringify({ ...JSON.parse(storage.getItem(KEPT_PLAYERS_KEY)!), at: Date.now() - KEPT_FRESH_MS - 1 }));
    newPage();
    await loadPlayers();
    expect($players.get().status).toBe('ready'); // at once, from the kept copy
    await expect.poll(() => (JSON.parse(storage.getItem(KEPT_PLAYERS_KEY)!) as { at: number }).at).toBeGreaterThan(Date.now() - 60_000);
    expect(playerRequests(api)).toBe(2);
    const direct = await fetch(`${api.baseUrl}/api/players`, { headers: { 'If-None-Match': kept.etag } });
    expect(direct.status).toBe(304);
  });

  it('the endpoint sends brotli to a browser and the same list as gzip to a client without it', async () => {
    const br = await fetch(`${api.baseUrl}/api/players`, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const list = (await br.json()) as { name: string; second_spectrum_id: number }[];
    expect(list.find((p) => p.second_spectrum_id === 2544)?.name).toBe('LeBron James');
    const gz = await fetch(`${api.baseUrl}/api/players`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.json()).toEqual(list);
    expect(gz.headers.get('etag')).toBe(br.headers.get('etag'));
  });
});
