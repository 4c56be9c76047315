/**
 * 2-, 3- and 4-man units on the lineup pages (issue 26): a unit's row = the possessions with those players on the
 * floor together for their team, checked against units enumerated directly from the possession table's fives
 * (every k-subset of o1..o5 / d1..d5, no lineups table), and the five-man table unchanged.
 */
import { describe, expect, it } from 'vitest';
import { call, data, HAS_DB, sql } from './helpers';

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
    const [r] = await sql<{ id: number }>(`SELECT DISTINCT team_id AS id FROM team_games tg JOIN games g USING (game_id) WHERE g.season = 2022 AND (CASE WHEN tg.is_home THEN g.home_abbr ELSE g.away_abbr END) = $1`, [abbr]);
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
