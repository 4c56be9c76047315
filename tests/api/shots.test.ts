/**
 * GET /api/shots on the test database (2012-13, 2022-23): a chart's attempts are the table's attempts for the
 * same filters, against the box scores (team_games / player_games, written by the ingest from the box-score
 * counters, not from the shots table) and against independent SQL over the shots table; zones add up; the
 * same gating and errors as /api/data; seasons without shot locations say so.
 */
import { describe, expect, it } from 'vitest';
import type { Session } from '../../src/lib/accounts/sessionShape';
import { call, data, HAS_DB, rawFile, rawSql, sql } from './helpers';

/** A subscriber with an active Stats plan (the gated filters need one). */
const SUBSCRIBER: Session = {
  user: { name: 'Sub', email: 'sub@example.com' },
  isAdmin: false,
  subscriptions: [{ plan: { name: 'Stats' }, expiresAt: Math.floor(Date.now() / 1000) + 86_400 }],
};

const CURRY = 201939;
const LEBRON = 2544;
const MIA = 1610612748;

async function shots(qs: string, session: Session | null = SUBSCRIBER) {
  const r = await call(`/api/shots?${qs}`, session);
  if (r.status !== 200) throw new Error(`GET /api/shots?${qs} -> ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

const sumZones = (zones: { fga: number; fgm: number }[]) => ({
  fga: zones.reduce((n, z) => n + z.fga, 0),
  fgm: zones.reduce((n, z) => n + z.fgm, 0),
});

describe.skipIf(!HAS_DB)('GET /api/shots', () => {
  it("a player's season: attempts = the box score's FGA (garbage time included) and the table's FGA; zones add up", async () => {
    const s = await shots(`page=PlayerProfile&entity=${CURRY}&season=2012&is_garbage_time=false`);
    const [box] = await sql<{ fga: number; fgm: number }>(
      `SELECT SUM(fga)::INTEGER AS fga, SUM(fgm)::INTEGER AS fgm FROM player_games WHERE player_id = $1 AND season = 2012 AND season_type = 'regular'`,
      [CURRY],
    );
    expect(s.fga).toBe(box!.fga);
    expect(s.fgm).toBe(box!.fgm);
    expect(s.zones.map((z: { zone: string }) => z.zone)).toEqual(['rim', 'short_mid', 'long_mid', 'corner3', 'noncorner3']);
    expect(sumZones(s.zones)).toEqual({ fga: s.fga, fgm: s.fgm });
    const table = await data(`page=PlayerProfile&entity=${CURRY}&season=2012&is_garbage_time=false`);
    expect(table.OffensiveOverview![0].fga).toBe(s.fga);
    // Curry 2012-13: 626 of 1,388 (the league's published season totals; also the count of his type-1/2 events
    // in the raw play-by-play, checked below).
    expect([s.fgm, s.fga]).toEqual([626, 1388]);
    expect(s.pool).toBe('point guards');
    expect(s.locations).not.toBe('none');
    expect(s.binning).toBe('hex');
    const binned = s.bins.reduce((n: number, b: { fga: number }) => n + b.fga, 0);
    expect(binned).toBe(s.located_fga);
    expect(s.located_fga).toBeGreaterThan(0.98 * s.fga);
  });

  it("each corner's own threes: the two corners of the chart are the shot file's corner threes by side", async () => {
    const s = await shots(`page=PlayerProfile&entity=${CURRY}&season=2022&is_garbage_time=false`);
    // The league's shot file, read raw: its corner threes by the side of the court (LOC_X < 0 is drawn on the
    // chart's left; in 2022-23's file that is its 'Right Corner 3').
    const raw = await rawSql<{ left: boolean; fga: number; fgm: number }>(
      `SELECT LOC_X < 0 AS left, count(*)::INTEGER AS fga, count(*) FILTER (WHERE SHOT_MADE)::INTEGER AS fgm
         FROM read_parquet($1) WHERE PLAYER_ID = $2 AND BASIC_ZONE IN ('Left Corner 3', 'Right Corner 3') GROUP BY 1`,
      [rawFile('shots', 'regular', '2022-23.parquet'), CURRY],
    );
    const side = (left: boolean) => raw.find((r) => r.left === left)!;
    expect(s.corners).toEqual({ left: { fga: side(true).fga, fgm: side(true).fgm }, right: { fga: side(false).fga, fgm: side(false).fgm } });
    // Two different figures (the chart once printed the zone's for both), which add up to the zone's.
    expect(s.corners.left).not.toEqual(s.corners.right);
    const zone = s.zones.find((z: { zone: string }) => z.zone === 'corner3');
    expect(s.corners.left.fga + s.corners.right.fga).toBe(zone.fga);
  });

  it("the published totals above are the raw play-by-play's own field-goal events", async () => {
    const count = async (file: string, player: number) =>
      (
        await rawSql<{ fgm: number; fga: number }>(
          `SELECT count(*) FILTER (WHERE EVENTMSGTYPE = 1)::INTEGER AS fgm, count(*)::INTEGER AS fga
           FROM (SELECT DISTINCT GAME_ID, EVENTNUM, EVENTMSGTYPE FROM read_parquet($1) WHERE EVENTMSGTYPE IN (1, 2) AND PLAYER1_ID = $2)`,
          [file, player],
        )
      )[0];
    expect(await count(rawFile('pbp', 'regular', '2012-13.parquet'), CURRY)).toEqual({ fgm: 626, fga: 1388 });
    expect(await count(rawFile('pbp', 'playoffs', '2022-23.parquet'), 203999)).toEqual({ fgm: 227, fga: 414 });
  });

  it('the table and the chart agree under possession, game and lineup filters (signed-in subscriber)', async () => {
    for (const f of ['period=4&location=home', 'score_diff_low=-5&score_diff_high=5', 'on_court=2548', 'opponent=BOS&result=win']) {
      const qs = `page=PlayerProfile&entity=${LEBRON}&season=2012&${f}`;
      const s = await shots(qs);
      const table = await data(qs, SUBSCRIBER);
      // a non-empty sample each time, or 0 = 0 would prove nothing
      expect(s.fga, f).toBeGreaterThan(0);
      expect(s.fga, f).toBe(table.OffensiveOverview![0]?.fga ?? 0);
      expect(sumZones(s.zones).fga, f).toBe(s.fga);
    }
  });

  it("a team's attempts (offense) and its opponents' (defense) = the box scores", async () => {
    const off = await shots('page=TeamTeam&entity=MIA&side=offense&season=2012&is_garbage_time=false');
    const def = await shots('page=TeamTeam&entity=MIA&side=defense&season=2012&is_garbage_time=false');
    const [box] = await sql<{ fga: number; opp: number }>(
      `SELECT SUM(t.fga)::INTEGER AS fga, SUM(o.fga)::INTEGER AS opp FROM team_games t
         JOIN team_games o ON o.game_id = t.game_id AND o.team_id = t.opp_team_id
        WHERE t.team_id = $1 AND t.season = 2012 AND t.season_type = 'regular'`,
      [MIA],
    );
    expect(off.fga).toBe(box!.fga);
    expect(def.fga).toBe(box!.opp);
    expect(sumZones(def.zones).fga).toBe(def.fga);
    expect(off.pool).toBe('the 30 teams');
  });

  it("a game: both teams' attempts = each team's box score", async () => {
    const s = await shots('page=GameTeam&entity=0022200001&is_garbage_time=false');
    const box = await sql<{ abbr: string; fga: number }>(
      `SELECT abbr, fga::INTEGER AS fga FROM team_games WHERE game_id = (SELECT game_id FROM games WHERE game_code = '0022200001') ORDER BY abbr`,
    );
    expect(s.by_team.map((t: { team: string; fga: number }) => [t.team, t.fga]).sort()).toEqual(box.map((b) => [b.abbr, b.fga]));
    expect(s.fga).toBe(box[0]!.fga + box[1]!.fga);
    // PHI at BOS: the away team's chart first, as the game's header reads.
    expect(s.by_team.map((t: { team: string }) => t.team)).toEqual(['PHI', 'BOS']);
    // The raw play-by-play: one made (type 1) or missed (type 2) field-goal event per attempt, by the shooter's team.
    const pbp = await rawSql<{ abbr: string; fga: number }>(
      `SELECT PLAYER1_TEAM_ABBREVIATION AS abbr, count(DISTINCT EVENTNUM)::INTEGER AS fga FROM read_parquet($1)
        WHERE GAME_ID = '0022200001' AND EVENTMSGTYPE IN (1, 2) GROUP BY 1 ORDER BY 1`,
      [rawFile('pbp', 'regular', '2022-23.parquet')],
    );
    expect(s.by_team.map((t: { team: string; fga: number }) => [t.team, t.fga]).sort()).toEqual(pbp.map((b) => [b.abbr, b.fga]));
    // A game is a small sample: the shots themselves, each with a location on the half court.
    for (const t of s.by_team) {
      expect(t.binning).toBe('points');
      expect(t.bins.length).toBe(t.located_fga);
      for (const b of t.bins) {
        expect(Math.abs(b.x)).toBeLessThanOrEqual(25);
        expect(b.y).toBeGreaterThanOrEqual(-1);
        expect(b.y).toBeLessThanOrEqual(47);
      }
    }
  });

  it('the league reference is the whole league for the same filters', async () => {
    const s = await shots(`page=PlayerProfile&entity=${CURRY}&season=2022&period=1`);
    const rows = await sql<{ zone: string; fga: number; fgm: number }>(
      `SELECT s.zone, COUNT(*)::INTEGER AS fga, COUNT(*) FILTER (WHERE s.made)::INTEGER AS fgm FROM shots s
         JOIN possessions p ON p.possession_id = s.possession_id
        WHERE s.season = 2022 AND s.season_type = 'regular' AND NOT p.is_filtered_out AND p.period = 1 GROUP BY 1`,
    );
    const total = rows.reduce((n, r) => n + r.fga, 0);
    for (const z of s.zones) {
      const r = rows.find((x) => x.zone === z.zone)!;
      expect(z.league_fg_pct).toBeCloseTo((100 * r.fgm) / r.fga, 1);
      expect(z.league_fga_share).toBeCloseTo((100 * r.fga) / total, 1);
    }
  });

  it('corner threes are drawn in the corners and rim attempts at the basket', async () => {
    for (const season of [2012, 2022]) {
      const s = await shots(`page=TeamTeam&entity=MIA&season=${season}`);
      const corner = s.bins.filter((b: { zone: string }) => b.zone === 'corner3');
      const rim = s.bins.filter((b: { zone: string }) => b.zone === 'rim');
      // a team's season has bins of both zones (else the checks below would check nothing)
      expect(corner.length, `${season} corner3 bins`).toBeGreaterThan(0);
      expect(rim.length, `${season} rim bins`).toBeGreaterThan(0);
      for (const b of corner) expect(Math.abs(b.x), JSON.stringify(b)).toBeGreaterThan(20);
      for (const b of rim) expect(Math.hypot(b.x, b.y - 5.25), JSON.stringify(b)).toBeLessThan(5.5);
    }
  });

  it('a season without shot locations says so (2022-23 playoffs) and still has its zones', async () => {
    const s = await shots(`page=PlayerProfile&entity=203999&season=2022&season_type=playoffs&is_garbage_time=false`);
    // Jokic, 2023 playoffs: 227 of 414 (the league's published totals; the raw play-by-play's type-1/2 events agree)
    expect([s.fgm, s.fga]).toEqual([227, 414]);
    expect(s.locations).toBe('none');
    expect(s.seasons_without_locations).toEqual(['2022-23 playoffs']);
    expect(s.bins).toEqual([]);
    expect(sumZones(s.zones).fga).toBe(s.fga);
  });

  it('same errors and gating as /api/data', async () => {
    const gated = await call('/api/shots?page=PlayerProfile&entity=2544&season=2012&period=4', null);
    const dataGated = await call('/api/data?page=PlayerProfile&entity=2544&season=2012&period=4', null);
    expect(gated.status).toBe(403);
    expect(gated.body).toEqual(dataGated.body);
    const bad = await call('/api/shots?page=PlayerProfile&entity=2544&season=1850');
    expect(bad.status).toBe(400);
    expect(bad.body.param).toBe('season');
    expect((await call('/api/shots?page=Nope')).status).toBe(400);
    expect((await call('/api/shots?page=PlayerProfile&entity=999999999')).status).toBe(404);
    expect((await call('/api/shots?page=GameTeam&entity=0029999999')).status).toBe(404);
    const pre = await shots('page=League&season_type=preseason', null);
    expect(pre.fga).toBe(0);
    expect(pre.note).toMatch(/preseason/);
  });

  it('is cached with an ETag like /api/data (304 on revalidation)', async () => {
    const { GET } = await import('../../src/pages/api/shots');
    const url = new URL('http://localhost/api/shots?page=TeamTeam&entity=BOS&season=2012');
    const first = await GET({ url, locals: { session: null }, request: new Request(url) } as never);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await GET({ url, locals: { session: null }, request: new Request(url, { headers: { 'If-None-Match': etag } }) } as never);
    expect(again.status).toBe(304);
  });
});
