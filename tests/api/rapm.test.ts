/**
 * RAPM on the test database (2012-13 and 2022-23), built by the ingest's post-ingest step
 * (src/server/models/rapm.ts), and the leaderboard and player answers (src/server/stats/views/rapm.ts) through
 * the site's endpoint (/api/rapm) and the developer API's handler list:
 * - the stints the fit reads hold every possession and point outside garbage time, per team and game (against
 *   team_game_totals, the ingest's own per-game sums);
 * - the stored possessions of each player are his on-court possessions (player_game_totals);
 * - fitting again gives the stored numbers (reproducible: fixed seed, nothing else random);
 * - the leaderboard's minimum possessions and position filter keep exactly the players they should
 *   (counted from player_game_totals and player_seasons), percentiles and ranks are over the qualified players;
 * - a bad parameter is a 400 naming it; CSV has the rows shown.
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitRapm, loadStints, STINTS_SQL } from '../../src/server/models/rapm';
import { ENDPOINTS } from '../../src/server/api/v1/endpoints';
import { PlayerRapmAnswer, RapmAnswer } from '../../src/server/api/v1/schemas';
import { call, DB_PATH, HAS_DB, rawFile, rawSql, sql } from './helpers';

let connection: DuckDBConnection;
beforeAll(async () => {
  if (!HAS_DB) return;
  connection = await (await DuckDBInstance.create(DB_PATH, { access_mode: 'READ_ONLY' })).connect();
});
afterAll(() => connection?.closeSync());

/** Qualified players of a season: on-court possessions (offense + defense, outside garbage time) at least min. */
async function onCourtPossessions(season: number): Promise<Map<number, { off: number; def: number }>> {
  const rows = await sql<{ player_id: number; off: number; def: number }>(
    `SELECT player_id, SUM(off_poss)::INTEGER AS off, SUM(def_poss)::INTEGER AS def
       FROM player_game_totals WHERE season = $1 AND NOT is_filtered_out GROUP BY player_id`,
    [season],
  );
  return new Map(rows.map((r) => [r.player_id, { off: r.off, def: r.def }]));
}

describe.skipIf(!HAS_DB)('RAPM on the test database', () => {
  it("reads stints whose possessions and points equal each team-game's totals outside garbage time", async () => {
    const stints = (
      await connection.runAndReadAll(
        `SELECT game_id, off_team_id, SUM(possessions)::INTEGER AS poss, SUM(pts)::INTEGER AS pts, COUNT(*)::INTEGER AS stints
         FROM (${STINTS_SQL}) GROUP BY ALL ORDER BY game_id, off_team_id`,
        { from: 2012, to: 2022 },
      )
    ).getRowObjectsJS();
    const totals = await sql<{ game_id: number; off_team_id: number; poss: number; pts: number }>(
      `SELECT game_id, off_team_id, possessions::INTEGER AS poss, pts::INTEGER AS pts FROM team_game_totals
        WHERE NOT is_filtered_out ORDER BY game_id, off_team_id`,
    );
    expect(stints.length).toBe(totals.length);
    expect(stints.map((s) => [s.game_id, s.off_team_id, s.poss, s.pts])).toEqual(totals.map((t) => [t.game_id, t.off_team_id, t.poss, t.pts]));
    // Stints are groups of possessions: far fewer than possessions, more than one per team-game.
    const count = stints.reduce((n, s) => n + Number(s.stints), 0);
    expect(count).toBeGreaterThan(20 * totals.length);
  });

  it('stores one fit per season (no three-season window: the seasons are not consecutive) with every player of it', async () => {
    const fits = await sql<{ season_from: number; season_to: number; penalty: number; players: number }>(
      'SELECT season_from, season_to, penalty, players FROM rapm_fits ORDER BY season_to',
    );
    expect(fits.map((f) => [f.season_from, f.season_to])).toEqual([
      [2012, 2012],
      [2022, 2022],
    ]);
    for (const f of fits) {
      const players = await onCourtPossessions(f.season_to);
      const inFit = [...players.values()].filter((p) => p.off + p.def > 0).length;
      expect(f.players).toBe(inFit);
    }
  });

  it("stores each player's possessions of the fit: his on-court possessions outside garbage time", async () => {
    for (const season of [2012, 2022]) {
      const mine = await onCourtPossessions(season);
      const rows = await sql<{ player_id: number; off_poss: number; def_poss: number; possessions: number; off: number; def: number; total: number }>(
        'SELECT player_id, off_poss, def_poss, possessions, off, def, total FROM rapm WHERE season_from = $1 AND season_to = $1',
        [season],
      );
      for (const r of rows) {
        expect([r.off_poss, r.def_poss], `player ${r.player_id}`).toEqual([mine.get(r.player_id)?.off, mine.get(r.player_id)?.def]);
        expect(r.possessions).toBe(r.off_poss + r.def_poss);
        expect(r.total).toBeCloseTo(r.off + r.def, 3);
      }
    }
  });

  it('fits 2012-13 again to the stored numbers (reproducible), values on the scale of points per 100', async () => {
    const fit = fitRapm(await loadStints(connection, 2012, 2012));
    const stored = await sql<{ player_id: number; off: number; def: number }>(
      'SELECT player_id, off, def FROM rapm WHERE season_from = 2012 AND season_to = 2012 ORDER BY player_id',
    );
    const [meta] = await sql<{ penalty: number; intercept: number; home: number }>('SELECT penalty, intercept, home FROM rapm_fits WHERE season_to = 2012');
    expect(fit.lambda).toBe(meta!.penalty);
    expect(fit.intercept).toBe(meta!.intercept);
    expect(fit.home).toBe(meta!.home);
    expect(fit.players.map((p) => [p.playerId, Math.round(p.off * 1e4) / 1e4, Math.round(p.def * 1e4) / 1e4])).toEqual(
      stored.map((s) => [s.player_id, s.off, s.def]),
    );
    // Home court and the spread of players: a few points per 100, as published RAPM.
    expect(fit.home).toBeGreaterThan(0.5);
    expect(fit.home).toBeLessThan(6);
    const totals = fit.players.map((p) => p.off + p.def);
    expect(Math.max(...totals)).toBeLessThan(12);
    expect(Math.min(...totals)).toBeGreaterThan(-12);
    // Cross-validation beats the intercept alone.
    expect(Math.min(...fit.cvRmse)).toBeLessThan(fit.cvNullRmse);
  });

  it('keeps the players at or above the minimum possessions, ranks and percentiles among them', async () => {
    const mine = await onCourtPossessions(2022);
    for (const min of [0, 2000, 6000]) {
      const { status, body } = await call(`/api/rapm?season=2022&min_poss=${min}`);
      expect(status).toBe(200);
      const expected = [...mine]
        .filter(([, p]) => p.off + p.def >= min && p.off + p.def > 0)
        .map(([id]) => id)
        .sort((a, b) => a - b);
      expect(body.rows.map((r: { player_id: number }) => r.player_id).sort((a: number, b: number) => a - b)).toEqual(expected);
      expect(body.qualified).toBe(expected.length);
      // Sorted by total, best first; ranks 1..n; the best total has percentile 100, the worst 0.
      const totals = body.rows.map((r: { total: number }) => r.total);
      expect(totals).toEqual([...totals].sort((a, b) => b - a));
      expect(body.rows[0].rank).toBe(1);
      expect(body.rows[0].total_pct).toBe(100);
      expect(body.rows.at(-1).total_pct).toBe(0);
    }
  });

  it('filters by position (his estimated position that season) without changing ranks or percentiles', async () => {
    const all = (await call('/api/rapm?season=2022')).body;
    const { status, body } = await call('/api/rapm?season=2022&position=big&sort=def');
    expect(status).toBe(200);
    const bigs = await sql<{ player_id: number }>(`SELECT player_id FROM player_seasons WHERE season = 2022 AND season_type = 'regular' AND position = 'big'`);
    const bigIds = new Set(bigs.map((b) => b.player_id));
    expect(body.rows.length).toBeGreaterThan(10);
    expect(body.rows.length).toBe(all.rows.filter((r: { player_id: number }) => bigIds.has(r.player_id)).length);
    for (const r of body.rows) {
      expect(bigIds.has(r.player_id), r.name).toBe(true);
      const same = all.rows.find((a: { player_id: number }) => a.player_id === r.player_id);
      expect([r.rank, r.total_pct, r.def_pct]).toEqual([same.rank, same.total_pct, same.def_pct]);
    }
    const defs = body.rows.map((r: { def: number }) => r.def);
    expect(defs).toEqual([...defs].sort((a, b) => b - a));
    expect(body.qualified).toBe(all.qualified);
  });

  it('answers a bad parameter or a fit the database lacks with a 400 naming it', async () => {
    for (const [qs, param] of [
      ['season=1999', 'season'],
      ['season=2013', 'season'],
      ['season=2022&span=3', 'season'],
      ['span=2', 'span'],
      ['min_poss=-5', 'min_poss'],
      ['min_poss=abc', 'min_poss'],
      ['position=center', 'position'],
      ['sort=height', 'sort'],
      ['order=up', 'order'],
      ['format=xml', 'format'],
    ]) {
      const r = await call(`/api/rapm?${qs}`);
      expect(r.status, qs).toBe(400);
      expect(r.body.param, qs).toBe(param);
      expect(r.body.error, qs).toMatch(new RegExp(`^${param}: `));
    }
  });

  it('names every team of a traded player, in order, as the players table does (Kevin Durant 2022-23: BKN, then PHX)', async () => {
    // His teams from the raw play-by-play: the team of each of his events, ordered by the first game it appears in.
    const raw = await rawSql<{ team: string }>(
      `SELECT PLAYER1_TEAM_ABBREVIATION AS team FROM read_parquet($1) WHERE PLAYER1_ID = 201142 AND PERSON1TYPE IN (4, 5)
        GROUP BY 1 ORDER BY min(GAME_ID)`,
      [rawFile('pbp', 'regular', '2022-23.parquet')],
    );
    expect(raw.map((r) => r.team)).toEqual(['BKN', 'PHX']);
    const board = (await call('/api/rapm?season=2022&min_poss=100')).body;
    const kd = board.rows.find((r: { player_id: number }) => r.player_id === 201142);
    expect(kd.teams).toEqual(raw.map((r) => r.team));
    // A player of one team has that one.
    const one = board.rows.find((r: { teams: string[] }) => r.teams.length === 1);
    expect(one.teams).toEqual([one.team]);
  });

  it('downloads the rows shown as CSV', async () => {
    const mod = await import('../../src/pages/api/rapm.ts');
    const url = new URL('http://localhost/api/rapm?season=2012&position=point&format=csv');
    const res = await mod.GET({ url, request: new Request(url), locals: { session: null } } as never);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('rapm_2012_min-2000_point.csv');
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const json = (await call('/api/rapm?season=2012&position=point')).body;
    expect(lines[0]).toBe('Rank,Player,Player ID,Team,Position,Off RAPM,Def RAPM,RAPM,Off pct,Def pct,RAPM pct,Off poss,Def poss,Possessions');
    expect(lines.length - 1).toBe(json.rows.length);
    expect(lines[1]!.split(',')[2]).toBe(String(json.rows[0].player_id));
  });

  it("answers the developer API: the leaderboard and a player's fits, as their schemas say", async () => {
    const run = async (path: string, url: string, params: Record<string, string> = {}) => {
      const endpoint = ENDPOINTS.find((e) => e.path === path)!;
      const u = new URL(url, 'http://localhost');
      return endpoint.prepare({ url: u, request: new Request(u), params, session: null, asker: { client: 'test' }, guideOf: () => null }).run();
    };
    const board = RapmAnswer.parse(await run('/api/v1/rapm', '/api/v1/rapm?season=2012&min_poss=3000'));
    expect(board.fit.label).toBe('2012-13');
    expect(board.rows.every((r) => r.possessions >= 3000)).toBe(true);
    // LeBron James, 2012-13: among the leaders, his block on his page.
    const lebron = PlayerRapmAnswer.parse(await run('/api/v1/players/{player_id}/rapm', '/api/v1/players/2544/rapm', { player_id: '2544' }));
    expect(lebron.fits.map((f) => f.label)).toEqual(['2022-23', '2012-13']);
    const fit2012 = lebron.fits.find((f) => f.season_to === 2012)!;
    expect(fit2012.qualified).toBe(true);
    expect(fit2012.total_pct).toBeGreaterThanOrEqual(90);
    const onBoard = (await call('/api/rapm?season=2012')).body.rows.find((r: { player_id: number }) => r.player_id === 2544);
    expect([fit2012.total, fit2012.rank, fit2012.total_pct]).toEqual([onBoard.total, onBoard.rank, onBoard.total_pct]);
    await expect(run('/api/v1/players/{player_id}/rapm', '/api/v1/players/1/rapm', { player_id: '1' })).rejects.toMatchObject({ status: 404 });
  });
});
