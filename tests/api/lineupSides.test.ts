/**
 * "On court with (teammate)" and "against (opponent on court)": the lineup filters on_court_with and
 * on_court_against, judged from the shown team's side, against the same samples written directly in SQL over
 * the possession table and player_possession_stats. The spec's on_court keeps its meaning (either team).
 */
import { describe, expect, it } from 'vitest';
import { call, data, HAS_DB, sql } from './helpers';

const JOKIC = 203999;
const DEN = 1610612743;
const BASE = "p.season = 2022 AND p.season_type = 'regular' AND NOT p.is_garbage_time AND NOT p.is_heave";
const IN_O = (id: number) => `${id} IN (p.o1, p.o2, p.o3, p.o4, p.o5)`;
const IN_D = (id: number) => `${id} IN (p.d1, p.d2, p.d3, p.d4, p.d5)`;

/**
 * The players table's sample written in SQL: `offense` is the condition on a possession for its offense's
 * players, `defense` for its defense's players (each judged from the player's own team).
 */
async function reference(offense: string, defense: string) {
  const own = await sql<{ player_id: number; pts: number; fga: number }>(
    `SELECT s.player_id, SUM(s.pts)::INTEGER AS pts, SUM(s.fga_rim + s.fga_smid + s.fga_lmid + s.fga_c3 + s.fga_nc3)::INTEGER AS fga
       FROM player_possession_stats s JOIN possessions p ON p.possession_id = s.possession_id
      WHERE ${BASE} AND ((s.is_offense AND ${offense}) OR (NOT s.is_offense AND ${defense})) GROUP BY s.player_id`,
  );
  const poss = await sql<{ player_id: number; poss: number }>(
    `SELECT player_id, SUM(possessions)::INTEGER AS poss FROM (
       SELECT unnest([p.o1, p.o2, p.o3, p.o4, p.o5]) AS player_id, p.possessions FROM possessions p WHERE ${BASE} AND ${offense})
      GROUP BY player_id`,
  );
  const listed = await sql<{ player_id: number }>(
    `SELECT player_id FROM (
       SELECT unnest([p.o1, p.o2, p.o3, p.o4, p.o5]) AS player_id, p.seconds FROM possessions p WHERE ${BASE} AND ${offense}
       UNION ALL
       SELECT unnest([p.d1, p.d2, p.d3, p.d4, p.d5]) AS player_id, p.seconds FROM possessions p WHERE ${BASE} AND ${defense})
      GROUP BY player_id HAVING SUM(seconds) > 0`,
  );
  return {
    own: new Map(own.map((r) => [r.player_id, r])),
    poss: new Map(poss.map((r) => [r.player_id, r.poss])),
    listed: new Set(listed.map((r) => r.player_id)),
  };
}

async function compare(qs: string, offense: string, defense: string) {
  const rows = (await data(`page=Players&metric_set=OffensiveOverview&season=2022&${qs}`)).OffensiveOverview!;
  const ref = await reference(offense, defense);
  expect(ref.listed.size).toBeGreaterThan(9);
  expect(new Set(rows.map((r) => r.player_id))).toEqual(ref.listed);
  for (const r of rows) {
    const own = ref.own.get(r.player_id) ?? { pts: 0, fga: 0 };
    expect({ id: r.player_id, pts: r.pts, fga: r.fga, poss: r.poss }).toEqual({
      id: r.player_id,
      pts: own.pts,
      fga: own.fga,
      poss: ref.poss.get(r.player_id) ?? 0,
    });
  }
  return rows;
}

/** The teams a 2022-23 player played for (player_seasons). */
async function teamsOf(ids: number[]): Promise<Map<number, number[]>> {
  const rows = await sql<{ player_id: number; team_ids: number[] }>(
    `SELECT player_id, list_distinct(flatten(list(team_ids))) AS team_ids FROM player_seasons
      WHERE season = 2022 AND player_id IN (SELECT unnest($1::INTEGER[])) GROUP BY player_id`,
    [`[${ids.join(',')}]`],
  );
  return new Map(rows.map((r) => [r.player_id, r.team_ids.map(Number)]));
}

describe.skipIf(!HAS_DB)('on court with a teammate / against an opponent', () => {
  it('with Jokic: only his teammates (the Nuggets), each on the Nuggets possessions he shared with Jokic', async () => {
    const rows = await compare(`on_court_with=${JOKIC}`, IN_O(JOKIC), IN_D(JOKIC));
    const teams = await teamsOf(rows.map((r) => r.player_id));
    for (const r of rows) expect(teams.get(r.player_id)).toContain(DEN);
    expect(rows.find((r) => r.player_id === JOKIC)).toBeDefined();
  });

  it('against Jokic: only opponents, on their possessions with Jokic defending', async () => {
    const rows = await compare(`on_court_against=${JOKIC}`, IN_D(JOKIC), IN_O(JOKIC));
    expect(rows.find((r) => r.player_id === JOKIC)).toBeUndefined();
    const teams = await teamsOf(rows.map((r) => r.player_id));
    // Nobody who played only for Denver that season; a player traded to or from Denver may face him.
    for (const r of rows) expect(teams.get(r.player_id)!.some((t) => t !== DEN)).toBe(true);
  });

  it("the spec's on_court is unchanged (either team) and splits into the two: with + against = on court", async () => {
    const either = (await data(`page=Players&metric_set=OffensiveOverview&season=2022&on_court=${JOKIC}`)).OffensiveOverview!;
    const withRows = (await data(`page=Players&metric_set=OffensiveOverview&season=2022&on_court_with=${JOKIC}`)).OffensiveOverview!;
    const against = (await data(`page=Players&metric_set=OffensiveOverview&season=2022&on_court_against=${JOKIC}`)).OffensiveOverview!;
    const poss = (rows: any[]) => rows.reduce((s, r) => s + Number(r.poss), 0);
    expect(poss(withRows) + poss(against)).toBe(poss(either));
    const [ref] = await sql<{ n: number }>(`SELECT SUM(possessions)::INTEGER * 5 AS n FROM possessions p WHERE ${BASE} AND (${IN_O(JOKIC)} OR ${IN_D(JOKIC)})`);
    expect(poss(either)).toBe(ref!.n);
  });

  it('team views: Denver with Jokic = its possessions with him; Denver against Jokic = nothing', async () => {
    const den = (await data(`page=TeamTeam&entity=DEN&season=2022&metric_set=Team_FourFactors&on_court_with=${JOKIC}`)).Team_FourFactors!;
    const [ref] = await sql<{ n: number }>(
      `SELECT SUM(possessions)::INTEGER AS n FROM possessions p WHERE ${BASE} AND p.off_team_id = ${DEN} AND ${IN_O(JOKIC)}`,
    );
    expect(den.reduce((s, r) => s + Number(r.poss ?? r.possessions ?? 0), 0)).toBe(ref!.n);
    const none = (await data(`page=TeamTeam&entity=DEN&season=2022&metric_set=Team_FourFactors&on_court_against=${JOKIC}`)).Team_FourFactors!;
    expect(none).toEqual([]);
    const opp = await data(`page=TeamTeam&entity=DEN&season=2022&side=defense&on_court_with=${JOKIC}`);
    const oppRows = Object.values(opp)[0]!;
    const [refD] = await sql<{ n: number }>(
      `SELECT SUM(possessions)::INTEGER AS n FROM possessions p WHERE ${BASE} AND p.def_team_id = ${DEN} AND ${IN_D(JOKIC)}`,
    );
    expect(oppRows.reduce((s, r) => s + Number(r.poss ?? r.possessions ?? 0), 0)).toBe(refD!.n);
  });

  it("lineups against Jokic are the other teams' fives, with Jokic are Denver fives with him", async () => {
    const against = (await data(`page=Lineups&season=2022&min_poss=10&metric_set=Team_FourFactors&on_court_against=${JOKIC}`)).Team_FourFactors!;
    expect(against.length).toBeGreaterThan(10);
    for (const r of against) expect(r.team).not.toBe('DEN');
    const withRows = (await data(`page=Lineups&season=2022&min_poss=10&metric_set=Team_FourFactors&on_court_with=${JOKIC}`)).Team_FourFactors!;
    expect(withRows.length).toBeGreaterThan(3);
    for (const r of withRows) {
      expect(r.team).toBe('DEN');
      expect(r.players.map((p: any) => p.player_id)).toContain(JOKIC);
    }
  });

  it('any: with Jokic or against Murray, each judged from its own side', async () => {
    const MURRAY = 1627750;
    await compare(
      `on_court_with=${JOKIC}&on_court_against=${MURRAY}&lineup_all_or_any=any`,
      `(${IN_O(JOKIC)} OR ${IN_D(MURRAY)})`,
      `(${IN_D(JOKIC)} OR ${IN_O(MURRAY)})`,
    );
  });

  it('gated like the other lineup filters; six teammates is a 400 naming the key', async () => {
    for (const key of ['on_court_with', 'on_court_against']) {
      const anon = await call(`/api/data?page=Players&season=2022&${key}=${JOKIC}`, null);
      expect(anon.status).toBe(403);
      expect(anon.body.error).toContain(key);
      const six = await call(`/api/data?page=Players&season=2022&${[1, 2, 3, 4, 5, 6].map((i) => `${key}=${JOKIC + i}`).join('&')}`);
      expect(six.status).toBe(400);
      expect(six.body.param).toBe(key);
    }
  });
});
