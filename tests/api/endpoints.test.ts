import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/lib/tables/compactAnswer';
import { call, data, HAS_DB } from './helpers';
import { parseDataQuery, rawQueryFromSearchParams } from '../../src/lib/params/apiParams';
import { answer, answerCacheStats, clearAnswerCache } from '../../src/server/stats/answers/answers';
import { jsonOf } from '../../src/server/stats/base/encoding';

describe('stats API validation and gating (no data needed beyond the file)', () => {
  it('400 names the bad parameter', async () => {
    const r = await call('/api/data?page=Players&season=1990');
    expect(r.status).toBe(400);
    expect(r.body.param).toBe('season');
    expect(r.body.error).toMatch(/^season: /);
  });

  it('400 for a missing page', async () => {
    const r = await call('/api/data?season=2022');
    expect(r.status).toBe(400);
    expect(r.body.param).toBe('page');
  });

  it('403 for a gated filter without a session, with a clear message', async () => {
    const r = await call('/api/data?page=Players&period=4', null);
    expect(r.status).toBe(403);
    expect(r.body.error).toMatch(/Sign in.*Period/);
  });

  it('400 for malformed detail ids', async () => {
    expect((await call('/api/player_details?player_id=abc')).status).toBe(400);
    expect((await call('/api/player_details')).status).toBe(400);
    expect((await call('/api/game_details?game_id=12')).status).toBe(400);
  });
});

describe.skipIf(!HAS_DB)('stats API on the test database', () => {
  it('200 for the same gated filter with a session', async () => {
    const r = await call('/api/data?page=League&season=2012&period=4');
    expect(r.status).toBe(200);
    expect(r.body.data.Summary.length).toBe(1);
  });

  it('404 JSON for unknown ids', async () => {
    for (const path of [
      '/api/data?page=PlayerProfile&entity=999999999',
      '/api/data?page=GameTeam&entity=0029900001',
      '/api/player_details?player_id=999999999',
      '/api/game_details?game_id=0029900001',
    ]) {
      const r = await call(path);
      expect(r.status, path).toBe(404);
      expect(r.body.error).toMatch(/No (player|game)/);
    }
  });

  it('preseason gives empty data with a note, never an error', async () => {
    const r = await call('/api/data?page=Players&season_type=preseason');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({});
    expect(r.body.note).toMatch(/preseason/);
  });

  it('sends brotli or gzip to clients that accept them, the same JSON otherwise', async () => {
    const { GET } = await import('../../src/pages/api/data');
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const url = new URL('http://localhost/api/data?page=League&season=2012');
    const ctx = (headers: Record<string, string>) => ({ url, locals: { session: null }, request: new Request(url, { headers }) }) as never;
    const zipped = await GET(ctx({ 'Accept-Encoding': 'gzip, deflate' }));
    const brotli = await GET(ctx({ 'Accept-Encoding': 'gzip, deflate, br' }));
    const plain = await GET(ctx({}));
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const a = JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8'));
    const b = JSON.parse(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString('utf8'));
    const c = await plain.json();
    expect(a).toEqual(c);
    expect(b).toEqual(c);
    expect(c.data.Summary[0].season).toBe('2012-13');
  });

  it('answers 304 to a client that already holds the answer (ETag)', async () => {
    const { GET } = await import('../../src/pages/api/data');
    const url = new URL('http://localhost/api/data?page=League&season=2012');
    const first = await GET({ url, locals: { session: null }, request: new Request(url) } as never);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    // Who may keep it is the middleware's cache policy (tests/e2e/cache-policy.spec.ts); caches key on the encoding only.
    expect(first.headers.get('vary')).toBe('Accept-Encoding');
    const again = await GET({ url, locals: { session: null }, request: new Request(url, { headers: { 'If-None-Match': etag } }) } as never);
    expect(again.status).toBe(304);
    const other = new URL('http://localhost/api/data?page=League&season=2022');
    const different = await GET({ url: other, locals: { session: null }, request: new Request(other, { headers: { 'If-None-Match': etag } }) } as never);
    expect(different.status).toBe(200);
  });

  it('metric_set answers that set only, with the same rows as the full answer; an unknown set is a 400', async () => {
    for (const [qs, set] of [
      ['page=Players&season=2012', 'FoulDrawing'],
      ['page=Players&season=2012', 'OnOff_FourFactors'],
      ['page=TeamPlayers&entity=MIA&season=2012', 'ShootingAccuracy'],
      ['page=TeamTeam&entity=BOS&side=defense', 'Opponent_FourFactors'],
    ] as const) {
      const all = await data(qs);
      const one = await data(`${qs}&metric_set=${set}`);
      expect(Object.keys(one)).toEqual([set]);
      expect(one[set]!.length).toBeGreaterThan(0);
      expect(one[set]).toEqual(all[set]);
    }
    const bad = await call('/api/data?page=TeamTeam&entity=BOS&side=offense&metric_set=Opponent_FourFactors');
    expect(bad.status).toBe(400);
    expect(bad.body.param).toBe('metric_set');
  });

  it('team salaries after 2019-20 are empty with a note', async () => {
    const r = await call('/api/data?page=TeamSalaries&entity=MIA&season=2022');
    expect(r.status).toBe(200);
    expect(r.body.data.Salaries).toEqual([]);
    expect(r.body.note).toMatch(/2019-20/);
  });

  it('a sample with no games (the off-season) gives empty lists, not an error', async () => {
    const r = await call('/api/data?page=Players&season=2022&start_date=2023-07-01&end_date=2023-08-31');
    expect(r.status).toBe(200);
    expect(r.body.data.OffensiveOverview).toEqual([]);
    expect(r.body.data.OnOff_FourFactors).toEqual([]);
  });

  it('GET /api/players: every player, sorted by name, { name, second_spectrum_id } (and played, for the pickers)', async () => {
    const r = await call('/api/players');
    expect(r.status).toBe(200);
    const list = r.body as { name: string; second_spectrum_id: number }[];
    expect(list.length).toBeGreaterThan(400);
    // The spec's two fields, and the seasons and teams the lineup pickers order by.
    expect(Object.keys(list[0]!).sort()).toEqual(['name', 'played', 'second_spectrum_id']);
    const names = list.map((p) => p.name);
    // the way a person reads names (spec section 3): not byte order, where "AJ" comes before "Aaron"
    expect(names.indexOf('Aaron Brooks')).toBeGreaterThanOrEqual(0);
    expect(names.indexOf('Aaron Brooks')).toBeLessThan(names.indexOf('AJ Price'));
    for (let i = 1; i < names.length; i++) {
      expect(names[i - 1]!.localeCompare(names[i]!, 'en', { sensitivity: 'base' }), `${names[i - 1]} / ${names[i]}`).toBeLessThanOrEqual(0);
    }
    expect(list.find((p) => p.second_spectrum_id === 2544)?.name).toBe('LeBron James');
  });

  it('GET /api/player_details: bio, seasons and teams', async () => {
    const r = await call('/api/player_details?player_id=201939');
    expect(r.status).toBe(200);
    expect(r.body.name).toBe('Stephen Curry');
    expect(r.body.seasons.some((s: any) => s.season === '2012-13' && s.team === 'GSW')).toBe(true);
  });

  it('GET /api/game_details: teams, score by period, starters and a box score that adds up', async () => {
    // 2012-10-30, Boston at Miami (0021200002): Miami won 120-107 on the 2012-13 opening night.
    const r = await call('/api/game_details?game_id=0021200002');
    expect(r.status).toBe(200);
    const g = r.body;
    expect(g.date).toBe('2012-10-30');
    expect(g.home.team).toBe('MIA');
    expect(g.away.team).toBe('BOS');
    expect(g.home.pts).toBe(120);
    expect(g.away.pts).toBe(107);
    for (const side of [g.home, g.away]) {
      expect(side.pts_by_period.reduce((a: number, b: number) => a + b, 0)).toBe(side.pts);
      expect(side.starters.length).toBe(5);
      const sum = (k: string) => side.players.reduce((a: number, p: any) => a + p[k], 0);
      for (const k of ['pts', 'fgm', 'fga', 'fg3m', 'fg3a', 'ftm', 'fta', 'ast', 'stl', 'blk']) expect(sum(k), k).toBe(side.totals[k]);
      expect(sum('sec')).toBe(side.totals.sec / 1); // player seconds add up to five players x game length
      expect(side.totals.possessions).toBeGreaterThan(80);
      for (const p of side.players)
        for (const k of ['sec', 'fgm', 'fga', 'fg3m', 'fg3a', 'ftm', 'fta', 'oreb', 'dreb', 'ast', 'stl', 'blk', 'tov', 'pf', 'pts', 'plus_minus'])
          expect(typeof p[k]).toBe('number');
    }
  });

  it("a team's players are ranked among the league's players of the same filters, which are then cached for the players table", async () => {
    clearAnswerCache();
    const filters = 'metric_set=ShootingAccuracy&season=2022&score_diff_low=-9&score_diff_high=9';
    const team = await call(`/api/data?page=TeamPlayers&entity=BOS&${filters}`);
    expect(team.status).toBe(200);
    // The league's answer was computed inside the team page's and is encoded and cached just after it (answers.ts
    // leaguePlayers): the players table of the same filters computes nothing.
    const computed = answerCacheStats().computations;
    const cached = await answer(parseDataQuery(rawQueryFromSearchParams(new URLSearchParams(`page=Players&${filters}`))), { client: 'test' });
    expect(answerCacheStats().computations).toBe(computed);
    // kept in the compact form (src/lib/tables/compactAnswer.ts), read as the tables read it
    const league = rowsOf(JSON.parse(await jsonOf(cached))).data.ShootingAccuracy as any[];
    // Each ranked team player's rim accuracy percentile, recomputed from the league's qualified players of his
    // position group: the share below, ties counted half (METRICS.md "Presentation").
    const ranked = (team.body.data.ShootingAccuracy as any[]).filter((r) => r.rim_acc_pct !== null);
    expect(ranked.length).toBeGreaterThan(5);
    for (const r of ranked) {
      const pool = league.filter((l) => l.qualified && l.position === r.position && typeof l.rim_acc === 'number').map((l) => l.rim_acc as number);
      const below = pool.filter((v) => v < r.rim_acc).length;
      const equal = pool.filter((v) => v === r.rim_acc).length;
      expect(r.rim_acc_pct, r.name).toBe(Math.round((1000 * (below + equal / 2)) / pool.length) / 10);
    }
  });
});

describe.skipIf(!HAS_DB)('the side of an answer', () => {
  // The Offense/Defense toggle shows only where the side changes a number (src/stores/side.ts $hasSide).
  it('League and a team game log answer the same for both sides, a team page does not', async () => {
    const body = async (query: string, side: string) => {
      const r = await call(`/api/data?${query}&season=2022&side=${side}`, null);
      expect(r.status, `${query} ${side}`).toBe(200);
      return JSON.stringify(r.body);
    };
    for (const query of ['page=League', 'page=TeamGameLog&entity=DEN']) expect(await body(query, 'offense'), query).toBe(await body(query, 'defense'));
    expect(await body('page=TeamTeam&entity=DEN', 'offense')).not.toBe(await body('page=TeamTeam&entity=DEN', 'defense'));
  });
});
