/**
 * 2-, 3- and 4-man units on the lineup pages: a unit's row = the possessions with those players on the
 * floor together for their team, checked against units enumerated directly from the possession table's fives
 * (every k-subset of o1..o5 / d1..d5, no lineups table), and the five-man table unchanged.
 */
import { describe, expect, it } from 'vitest';
import { call, data, HAS_DB, rawFile, rawSql, sql } from './helpers';

const JOKIC = 203999;
const MURRAY = 1627750;
const DEN = 1610612743;
const BASE = "p.season = 2022 AND p.season_type = 'regular' AND NOT p.is_garbage_time AND NOT p.is_heave";

/** Possessions and points per k-man unit of the offense (or of the defense: its opponents' possessions), from the possessions. */
async function unitsInSql(k: number, side: 'o' | 'd', where: string, min: number): Promise<Map<string, { poss: number; pts: number; team: number }>> {
  const cols = [1, 2, 3, 4, 5].map((i) => `p.${side}${i}`).join(', ');
  const team = side === 'o' ? 'p.off_team_id' : 'p.def_team_id';
  // The k-subsets of the five as bit masks (bit i-1 set: slot i in), each read off the five and sorted by id.
  const masks = Array.from({ length: 32 }, (_, m) => m).filter((m) => m.toString(2).split('1').length - 1 === k);
  const combos = `list_transform([${masks.join(', ')}], m -> list_sort(list_filter(five, (x, i) -> (m >> (i - 1)) & 1 = 1)))`;
  const rows = await sql<{ unit: string; team: number; poss: number; pts: number }>(
    `SELECT array_to_string(unit, '-') AS unit, team, SUM(possessions)::INTEGER AS poss, SUM(pts)::INTEGER AS pts FROM (
       SELECT unnest(${combos}) AS unit, team, possessions, pts FROM (
         SELECT [${cols}] AS five, ${team} AS team, p.possessions, p.pts FROM possessions p WHERE ${BASE} AND ${where}))
      GROUP BY ALL HAVING SUM(possessions) >= ${min}`,
  );
  return new Map(rows.map((r) => [`${r.team}|${r.unit}`, r]));
}

const teamIds: Record<string, number> = {};
async function teamIdOf(abbr: string): Promise<number> {
  if (!teamIds[abbr]) {
    const [r] = await sql<{ id: number }>(
      `SELECT DISTINCT team_id AS id FROM team_games tg JOIN games g USING (game_id) WHERE g.season = 2022 AND (CASE WHEN tg.is_home THEN g.home_abbr ELSE g.away_abbr END) = $1`,
      [abbr],
    );
    teamIds[abbr] = r!.id;
  }
  return teamIds[abbr]!;
}

async function expectSame(rows: any[], ref: Map<string, { poss: number; pts: number }>, ptsOf: (r: any) => number) {
  expect(rows.length).toBe(ref.size);
  for (const r of rows) {
    const key = `${await teamIdOf(r.team)}|${r.unit}`;
    const want = ref.get(key);
    expect(want, key).toBeDefined();
    expect(r.poss).toBe(want!.poss);
    expect(Math.round(ptsOf(r))).toBe(want!.pts);
    expect(r.players.map((p: any) => p.player_id).join('-')).toBe(r.unit);
  }
}

describe.skipIf(!HAS_DB)('2-, 3- and 4-man lineup units', () => {
  it('Jokic and Murray: the Nuggets possessions with both on the floor', async () => {
    const rows = (await data('page=TeamLineups&entity=DEN&season=2022&unit=2&metric_set=Team_FourFactors')).Team_FourFactors!;
    const pair = rows.find((r) => r.unit === [MURRAY, JOKIC].sort((a, b) => a - b).join('-'));
    const [ref] = await sql<{ n: number; pts: number }>(
      `SELECT SUM(possessions)::INTEGER AS n, SUM(pts)::INTEGER AS pts FROM possessions p
        WHERE ${BASE} AND p.off_team_id = ${DEN} AND ${JOKIC} IN (p.o1, p.o2, p.o3, p.o4, p.o5) AND ${MURRAY} IN (p.o1, p.o2, p.o3, p.o4, p.o5)`,
    );
    expect(pair).toBeDefined();
    expect(pair!.poss).toBe(ref!.n);
    expect(Math.round((pair!.pts_per_poss * pair!.poss) / 100)).toBe(ref!.pts);
    expect(pair!.team).toBe('DEN');
  });

  for (const k of [2, 3, 4]) {
    it(`league-wide ${k}-man units (offense) = the units enumerated from the possessions' fives`, async () => {
      const rows = (await data(`page=Lineups&season=2022&unit=${k}&min_poss=300&metric_set=Team_FourFactors`)).Team_FourFactors!;
      await expectSame(rows, await unitsInSql(k, 'o', 'TRUE', 300), (r) => (r.pts_per_poss * r.poss) / 100);
    });
  }

  it("Denver's 3-man units on defense: the opponents' possessions against them", async () => {
    const rows = (await data('page=TeamLineups&entity=DEN&season=2022&side=defense&unit=3&min_poss=100&metric_set=Opponent_FourFactors')).Opponent_FourFactors!;
    await expectSame(rows, await unitsInSql(3, 'd', `p.def_team_id = ${DEN}`, 100), (r) => (r.pts_per_poss * r.poss) / 100);
  });

  it("a player's 4-man units all include him", async () => {
    const rows = (await data(`page=PlayerLineups&entity=${JOKIC}&season=2022&unit=4&min_poss=25&metric_set=Team_FourFactors`)).Team_FourFactors!;
    const ref = await unitsInSql(4, 'o', `${JOKIC} IN (p.o1, p.o2, p.o3, p.o4, p.o5)`, 25);
    for (const [key] of ref) if (!key.split('|')[1]!.split('-').includes(String(JOKIC))) ref.delete(key);
    await expectSame(rows, ref, (r) => (r.pts_per_poss * r.poss) / 100);
  });

  it('unit=5 is the five-man table as before; a size other than 2-5 is a 400 naming unit', async () => {
    const five = await data('page=TeamLineups&entity=DEN&season=2022&unit=5&metric_set=Team_FourFactors');
    const plain = await data('page=TeamLineups&entity=DEN&season=2022&metric_set=Team_FourFactors');
    expect(five).toEqual(plain);
    expect(plain.Team_FourFactors![0]!.lineup_id).toBeTypeOf('number');
    for (const bad of ['1', '6', 'two']) {
      const r = await call(`/api/data?page=Lineups&season=2022&unit=${bad}`);
      expect(r.status).toBe(400);
      expect(r.body.param).toBe('unit');
    }
  });
});

describe.skipIf(!HAS_DB)("the compact form the site's table asks for (form=compact): rows packed, a lineup's players by id, named once", () => {
  // The league's list of players, where the site's names come from (src/server/ingest/season/postprocess.ts players), and
  // the play-by-play for a player it does not list (it ends before some of 2022-23's rookies).
  const PLAYERS = rawFile('commonallplayers.csv');
  const PBP = rawFile('pbp', 'regular', '2022-23.parquet');
  const DEN_FIVES = '/api/data?page=TeamLineups&entity=DEN&side=offense&season=2022&metric_set=Team_FourFactors';

  /** Each player's name from the raw files. */
  async function rawNames(ids: number[]): Promise<Map<number, string>> {
    const rows = await rawSql<{ id: number; name: string }>(
      `WITH listed AS (SELECT PERSON_ID::BIGINT AS id, DISPLAY_FIRST_LAST AS name FROM read_csv($1) WHERE PERSON_ID IN (${ids.join(', ')})),
            pbp AS (SELECT PLAYER1_ID::BIGINT AS id, mode(PLAYER1_NAME) AS name FROM read_parquet($2) WHERE PLAYER1_ID IN (${ids.join(', ')}) GROUP BY 1)
       SELECT pbp.id, coalesce(listed.name, pbp.name) AS name FROM pbp LEFT JOIN listed USING (id)`,
      [PLAYERS, PBP],
    );
    expect(rows).toHaveLength(ids.length);
    return new Map(rows.map((r) => [Number(r.id), r.name]));
  }

  /** A packed set's rows, read here: its fields once, then each row's values in that order. */
  function unpacked(packed: { fields: string[]; values: unknown[][] }): any[] {
    expect(Array.isArray(packed.fields) && Array.isArray(packed.values)).toBe(true);
    return packed.values.map((v) => Object.fromEntries(packed.fields.map((f, i) => [f, v[i]])));
  }

  it("Denver's 2022-23 fives: each row's ids are a five on the floor for its possessions; each player named once, as the raw files name him", async () => {
    const r = await call(`${DEN_FIVES}&form=compact`);
    expect(r.status).toBe(200);
    const rows = unpacked(r.body.data.Team_FourFactors);
    const names = r.body.playerNames as Record<string, string>;
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      expect(row.players).toHaveLength(5);
      for (const id of row.players) expect(typeof id).toBe('number');
      expect(row).not.toHaveProperty('lineup');
    }
    // Each row's ids, as a set, are the offense's five on the floor for exactly its possessions.
    const fives = await sql<{ five: string; poss: number }>(
      `SELECT array_to_string(list_sort([p.o1, p.o2, p.o3, p.o4, p.o5]), '-') AS five, SUM(p.possessions)::INTEGER AS poss
         FROM possessions p WHERE ${BASE} AND p.off_team_id = $1 GROUP BY 1`,
      [DEN],
    );
    const possOf = new Map(fives.map((f) => [f.five, f.poss]));
    for (const row of rows) expect(row.poss).toBe(possOf.get([...row.players].sort((a: number, b: number) => a - b).join('-')));
    // Every player of the rows is named once, and no one else.
    const ids = [...new Set(rows.flatMap((row) => row.players as number[]))].sort((a, b) => a - b);
    expect(
      Object.keys(names)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(ids);
    const raw = await rawNames(ids);
    for (const id of ids) expect(names[id], String(id)).toBe(raw.get(id));
    expect(names[JOKIC]).toBe('Nikola Jokic');
  });

  it('without form=compact (a page open since before it, scripts) the same rows come as objects with their players named and their names joined', async () => {
    const compact = unpacked((await call(`${DEN_FIVES}&form=compact`)).body.data.Team_FourFactors);
    const r = await call(DEN_FIVES);
    expect(r.status).toBe(200);
    expect(r.body).not.toHaveProperty('playerNames');
    const named = r.body.data.Team_FourFactors as any[];
    expect(named).toHaveLength(compact.length);
    const raw = await rawNames([...new Set(compact.flatMap((row) => row.players as number[]))]);
    named.forEach((row, i) => {
      const { players, ...rest } = compact[i];
      expect(row).toEqual({
        ...rest,
        players: players.map((id: number) => ({ player_id: id, name: raw.get(id) })),
        lineup: players.map((id: number) => raw.get(id)).join(' - '),
      });
    });
    // 2-man units too, and a form other than compact or rows is a 400 naming the key.
    const units = await call('/api/data?page=TeamLineups&entity=DEN&side=offense&season=2022&metric_set=Team_FourFactors&unit=2');
    for (const row of units.body.data.Team_FourFactors) expect(row.players.map((p: any) => p.player_id).join('-')).toBe(row.unit);
    const bad = await call(`${DEN_FIVES}&form=everything`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('form');
  });

  it('a players table: the rows form is the compact one unpacked (read here), field for field, at well over its bytes', async () => {
    const qs = '/api/data?page=Players&season=2022&metric_set=ShootingAccuracy';
    const compact = await call(`${qs}&form=compact`);
    const rows = await call(qs);
    expect(rows.body.data.ShootingAccuracy.length).toBeGreaterThan(400);
    expect(unpacked(compact.body.data.ShootingAccuracy)).toEqual(rows.body.data.ShootingAccuracy);
    expect(Object.keys(unpacked(compact.body.data.ShootingAccuracy)[0])).toEqual(Object.keys(rows.body.data.ShootingAccuracy[0]));
    expect(JSON.stringify(compact.body).length).toBeLessThan(JSON.stringify(rows.body).length * 0.6);
  });
});
