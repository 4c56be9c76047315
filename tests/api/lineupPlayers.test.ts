/**
 * The players table under lineup filters (read from the team-clustered copies team_possessions and
 * team_player_possession_stats, src/server/stats/sql/sample.ts) against the same sample written directly in SQL over
 * the possession table and player_possession_stats: every player with time on the floor in the sample, his own
 * box counts and his team's possessions with him on court.
 */
import { describe, expect, it } from 'vitest';
import { data, HAS_DB, sql } from './helpers';

const CLEAN = 'NOT p.is_garbage_time AND NOT p.is_heave';
const ON = (id: number | string) => `${id} IN (p.o1, p.o2, p.o3, p.o4, p.o5, p.d1, p.d2, p.d3, p.d4, p.d5)`;

/** Per player: own counts over the sample's possessions, and offensive possessions with him on court. */
async function reference(where: string) {
  const own = await sql<{ player_id: number; pts: number; fgm: number; fga: number; fg3m: number; fta: number }>(
    `SELECT s.player_id, SUM(s.pts)::INTEGER AS pts,
            SUM(s.fgm_rim + s.fgm_smid + s.fgm_lmid + s.fgm_c3 + s.fgm_nc3)::INTEGER AS fgm,
            SUM(s.fga_rim + s.fga_smid + s.fga_lmid + s.fga_c3 + s.fga_nc3)::INTEGER AS fga,
            SUM(s.fgm_c3 + s.fgm_nc3)::INTEGER AS fg3m, SUM(s.fta)::INTEGER AS fta
       FROM player_possession_stats s JOIN possessions p ON p.possession_id = s.possession_id
      WHERE ${where} GROUP BY s.player_id`,
  );
  const onCourt = await sql<{ player_id: number; poss: number }>(
    `SELECT player_id, SUM(possessions)::INTEGER AS poss FROM (
       SELECT unnest([p.o1, p.o2, p.o3, p.o4, p.o5]) AS player_id, p.possessions FROM possessions p WHERE ${where}) GROUP BY player_id`,
  );
  // The table lists the players with time on the floor in the sample (a possession can last 0 seconds).
  const listed = await sql<{ player_id: number }>(
    `SELECT player_id FROM (SELECT unnest([p.o1, p.o2, p.o3, p.o4, p.o5, p.d1, p.d2, p.d3, p.d4, p.d5]) AS player_id, p.seconds
                              FROM possessions p WHERE ${where})
      GROUP BY player_id HAVING SUM(seconds) > 0`,
  );
  return { own: new Map(own.map((r) => [r.player_id, r])), poss: new Map(onCourt.map((r) => [r.player_id, r.poss])), listed: listed.map((r) => r.player_id) };
}

async function compare(qs: string, where: string) {
  const rows = (await data(`page=Players&metric_set=OffensiveOverview&${qs}`)).OffensiveOverview!;
  const ref = await reference(where);
  const onFloor = new Set(ref.listed);
  expect(onFloor.size).toBeGreaterThan(9);
  expect(new Set(rows.map((r) => r.player_id))).toEqual(onFloor);
  for (const r of rows) {
    const own = ref.own.get(r.player_id) ?? { pts: 0, fgm: 0, fga: 0, fg3m: 0, fta: 0 };
    expect({ id: r.player_id, pts: r.pts, fgm: r.fgm, fga: r.fga, fg3m: r.fg3m, fta: r.fta, poss: r.poss }).toEqual({
      id: r.player_id,
      pts: own.pts,
      fgm: own.fgm,
      fga: own.fga,
      fg3m: own.fg3m,
      fta: own.fta,
      poss: ref.poss.get(r.player_id) ?? 0,
    });
  }
}

const REGULAR_2012 = "p.season = 2012 AND p.season_type = 'regular'";

describe.skipIf(!HAS_DB)('players table under lineup filters = the sample written in SQL', () => {
  it('James on the floor, 2012-13', () => compare('season=2012&on_court=2544', `${REGULAR_2012} AND ${CLEAN} AND ${ON(2544)}`));

  it('James on the floor in 4th quarters and overtimes', () =>
    compare('season=2012&on_court=2544&period=4&period=5&period=6&period=7', `${REGULAR_2012} AND ${CLEAN} AND ${ON(2544)} AND p.period >= 4`));

  it('James and Durant (opponents) both on the floor: each possession counted once', () =>
    compare('season=2012&on_court=2544&on_court=201142', `${REGULAR_2012} AND ${CLEAN} AND ${ON(2544)} AND ${ON(201142)}`));

  it('James or Durant on the floor (any): possessions of both teams, the games between them once', () =>
    compare(
      'season=2012&on_court=2544&pg=201142&sg=201142&sf=201142&pf=201142&c=201142&lineup_all_or_any=any',
      `${REGULAR_2012} AND ${CLEAN} AND (${ON(2544)} OR ${ON(201142)})`,
    ));

  it('Chalmers at point guard without Wade, garbage time kept', () =>
    compare(
      'season=2012&pg=201596&off_court=2548&is_garbage_time=false',
      `${REGULAR_2012} AND (p.o1 = 201596 OR p.d1 = 201596) AND ${ON(2548).replace(' IN ', ' NOT IN ')}`,
    ));

  it('a player traded within the season, in games between his two teams too', async () => {
    // A 2022-23 player of two teams that met while he was with one of them: his possessions of those games are
    // filed under both teams' seasons, and must count once.
    const [traded] = await sql<{ player_id: number }>(
      `SELECT ps.player_id FROM player_seasons ps
        WHERE ps.season = 2022 AND ps.season_type = 'regular' AND len(ps.team_ids) = 2
          AND EXISTS (SELECT 1 FROM possessions p WHERE p.season = 2022
                       AND p.off_team_id IN (ps.team_ids[1], ps.team_ids[2]) AND p.def_team_id IN (ps.team_ids[1], ps.team_ids[2])
                       AND ${ON('ps.player_id')})
        ORDER BY ps.seconds DESC LIMIT 1`,
    );
    expect(traded).toBeDefined();
    await compare(`season=2022&on_court=${traded!.player_id}`, `p.season = 2022 AND p.season_type = 'regular' AND ${CLEAN} AND ${ON(traded!.player_id)}`);
  });

  it('both seasons, 4th quarters, one player', () =>
    compare(
      'season=2012&season=2022&on_court=201939&period=4',
      `p.season IN (2012, 2022) AND p.season_type = 'regular' AND ${CLEAN} AND ${ON(201939)} AND p.period = 4`,
    ));
});
