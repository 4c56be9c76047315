/**
 * API numbers against published facts and against sums computed independently in SQL from the base tables
 * (possessions, player_possession_stats, team_games) of the test database (2012-13 and 2022-23).
 *
 * Published facts (season totals, every possession counted: is_garbage_time=false keeps garbage time in):
 * - 2012-13: Stephen Curry made 272 three-pointers (then the single-season record; NBA.com, Basketball-Reference
 *   "2012-13 NBA Season Summary"); Kevin Durant scored 2,280 points and LeBron James 2,036 (Basketball-Reference
 *   player pages, 2012-13 totals); the Miami Heat went 66-16.
 * - 2022-23: Joel Embiid scored 2,183 points (scoring title, 33.1 per game in 66 games); Milwaukee went 58-24 and
 *   Denver 53-29 (final standings).
 */
import { describe, expect, it } from 'vitest';
import { byPlayer, data, HAS_DB, sql } from './helpers';

const CURRY = 201939;
const DURANT = 201142;
const LEBRON = 2544;
const EMBIID = 203954;
const WADE = 2548;
const MIA = 1610612748;

const ALL = 'is_garbage_time=false';

describe.skipIf(!HAS_DB)('published facts', () => {
  it('2012-13 players: Curry 272 threes, Durant 2,280 points, LeBron 2,036 points', async () => {
    const d = await data(`page=Players&season=2012&${ALL}`);
    const rows = d.OffensiveOverview!;
    expect(byPlayer(rows, CURRY).fg3m).toBe(272);
    expect(byPlayer(rows, DURANT).pts).toBe(2280);
    expect(byPlayer(rows, LEBRON).pts).toBe(2036);
  });

  it('2022-23: Embiid 2,183 points', async () => {
    const d = await data(`page=PlayerProfile&entity=${EMBIID}&season=2022&${ALL}`);
    expect(d.OffensiveOverview!.length).toBe(1);
    expect(d.OffensiveOverview![0].pts).toBe(2183);
  });

  it.each([
    ['MIA', 2012, 66, 16],
    ['MIL', 2022, 58, 24],
    ['DEN', 2022, 53, 29],
  ])('%s %i regular season record %i-%i (team game log)', async (team, season, wins, losses) => {
    const d = await data(`page=TeamGameLog&entity=${team}&season=${season}&${ALL}`);
    const results = d.OffensiveOverview!.map((r) => String(r.result));
    expect(results.filter((r) => r.startsWith('W')).length).toBe(wins);
    expect(results.filter((r) => r.startsWith('L')).length).toBe(losses);
  });

  it('a team game log reads MIN like a box score: 48:00 a regulation game, 53:00 with one overtime', async () => {
    const d = await data(`page=TeamGameLog&entity=MIA&season=2012&${ALL}`);
    const periods = new Map(
      (
        await sql<{ game_code: string; periods: number }>(
          `SELECT game_code, periods FROM games WHERE season = 2012 AND season_type = 'regular' AND ${MIA} IN (home_team_id, away_team_id)`,
        )
      ).map((g) => [g.game_code, Number(g.periods)]),
    );
    const rows = d.OffensiveOverview!;
    expect(rows).toHaveLength(82);
    const length = (r: Record<string, unknown>) => 2880 + 300 * (periods.get(String(r.game_id))! - 4);
    // The players' seconds / 5: the game's length, but for a few seconds where the play-by-play has fewer than five
    // on the floor (one game of 82 here, 12 s).
    for (const r of rows) {
      expect(r.sec, String(r.game_id)).toBeLessThanOrEqual(length(r));
      expect(r.sec, String(r.game_id)).toBeGreaterThan(length(r) - 30);
    }
    expect(rows.filter((r) => r.sec === length(r)).length).toBeGreaterThanOrEqual(80);
    expect(rows.some((r) => r.sec === 3180)).toBe(true); // an overtime game: 53:00
    // Garbage time filtered out (the default): the team played less than the whole game, never more.
    const trimmed = (await data('page=TeamGameLog&entity=MIA&season=2012')).OffensiveOverview!;
    for (const r of trimmed) expect(r.sec).toBeLessThanOrEqual(2880 + 300 * (periods.get(String(r.game_id))! - 4));
    expect(trimmed.some((r) => r.sec < 2880)).toBe(true);
  });

  it('team salaries keep name suffixes the salary file drops: Roger Mason Jr. (NOP), Marcus Morris Sr. (HOU) in 2012-13', async () => {
    const nop = (await data('page=TeamSalaries&entity=NOP&season=2012')).Salaries!.map((r) => String(r.name));
    expect(nop).toContain('Roger Mason Jr.');
    expect(nop).not.toContain('Roger Mason');
    const hou = (await data('page=TeamSalaries&entity=HOU&season=2012')).Salaries!.map((r) => String(r.name));
    expect(hou).toContain('Marcus Morris Sr.');
  });

  it('a result filter keeps exactly the wins (Miami 2012-13: 66 games)', async () => {
    const d = await data('page=TeamGameLog&entity=MIA&season=2012&result=win');
    expect(d.OffensiveOverview!.length).toBe(66);
  });
});

describe.skipIf(!HAS_DB)('API rows = independent SQL over the base tables', () => {
  it('team offense 2012-13 (default: garbage time and heaves out): possessions, points, eFG%', async () => {
    const d = await data('page=TeamTeam&entity=MIA&season=2012');
    const row = d.Team_FourFactors![0];
    const [ref] = await sql<{ poss: number; pts: number; efg: number }>(
      `SELECT SUM(possessions) AS poss, SUM(pts) AS pts, 100 * (SUM(fgm) + 0.5 * SUM(fg3m)) / SUM(fga) AS efg
         FROM possessions WHERE off_team_id = $1 AND season = 2012 AND season_type = 'regular' AND NOT is_garbage_time AND NOT is_heave`,
      [MIA],
    );
    expect(row.poss).toBe(ref!.poss);
    expect(row.pts_per_poss).toBeCloseTo((100 * ref!.pts) / ref!.poss, 1);
    expect(row.efg_pct).toBeCloseTo(ref!.efg, 1);
  });

  it("player's own points and possessions on court, from player_possession_stats and the ten players", async () => {
    const d = await data('page=Players&season=2012');
    const row = byPlayer(d.OffensiveOverview!, LEBRON);
    const [own] = await sql<{ pts: number }>(
      `SELECT SUM(s.pts) AS pts FROM player_possession_stats s JOIN possessions p USING (possession_id)
        WHERE s.player_id = $1 AND p.season = 2012 AND p.season_type = 'regular' AND NOT p.is_filtered_out`,
      [LEBRON],
    );
    const [on] = await sql<{ poss: number }>(
      `SELECT SUM(possessions) AS poss FROM possessions
        WHERE $1 IN (o1, o2, o3, o4, o5) AND season = 2012 AND season_type = 'regular' AND NOT is_filtered_out`,
      [LEBRON],
    );
    expect(row.pts).toBe(own!.pts);
    expect(row.poss).toBe(on!.poss);
  });

  it('players view with a lineup filter: own counters only from the possessions that pass it', async () => {
    const rows = (await data(`page=Players&season=2012&on_court=${LEBRON}`)).OffensiveOverview!;
    const ownPoints = async (playerId: number) =>
      (
        await sql<{ pts: number }>(
          `SELECT SUM(s.pts)::INTEGER AS pts FROM player_possession_stats s JOIN possessions p USING (possession_id)
            WHERE s.player_id = $1 AND $2 IN (p.o1, p.o2, p.o3, p.o4, p.o5, p.d1, p.d2, p.d3, p.d4, p.d5)
              AND p.season = 2012 AND p.season_type = 'regular' AND NOT p.is_filtered_out`,
          [playerId, LEBRON],
        )
      )[0]!.pts;
    // The ten players are those at the possession's first action: a player who checks in later in a possession
    // (between free throws) scores in a possession he is not "on" for, so even his own total is filtered.
    expect(byPlayer(rows, LEBRON).pts).toBe(await ownPoints(LEBRON));
    expect(byPlayer(rows, WADE).pts).toBe(await ownPoints(WADE));
    const all = byPlayer((await data('page=Players&season=2012')).OffensiveOverview!, LEBRON);
    expect(byPlayer(rows, LEBRON).poss).toBe(all.poss);
  });

  it('the possession path equals the per-game fast path (all periods selected = no period filter)', async () => {
    const fast = await data('page=Players&season=2012');
    const slow = await data('page=Players&season=2012&period=1&period=2&period=3&period=4&period=5&period=6&period=7');
    for (const id of [LEBRON, CURRY, DURANT, WADE]) {
      const a = byPlayer(fast.OffensiveOverview!, id);
      const b = byPlayer(slow.OffensiveOverview!, id);
      for (const k of ['poss', 'sec', 'usage', 'psa', 'ast_pct', 'tov_play_pct', 'pts']) expect(b[k], `${id} ${k}`).toBeCloseTo(a[k], 2);
      const c = byPlayer(fast.DefenseAndRebounding!, id);
      const e = byPlayer(slow.DefenseAndRebounding!, id);
      for (const k of ['blk_pct', 'stl_pct', 'orb_pct', 'drb_pct']) expect(e[k], `${id} ${k}`).toBeCloseTo(c[k], 2);
    }
    const t1 = await data('page=TeamTeam&entity=MIA&season=2012');
    const t2 = await data('page=TeamTeam&entity=MIA&season=2012&period=1&period=2&period=3&period=4&period=5&period=6&period=7');
    expect(t2.Team_FourFactors).toEqual(t1.Team_FourFactors);
  });

  it('a period filter matches SQL on the possession table (4th quarter, Miami offense)', async () => {
    const d = await data('page=TeamTeam&entity=MIA&season=2012&period=4');
    const [ref] = await sql<{ poss: number; pts: number }>(
      `SELECT SUM(possessions) AS poss, SUM(pts) AS pts FROM possessions
        WHERE off_team_id = $1 AND season = 2012 AND season_type = 'regular' AND period = 4 AND NOT is_filtered_out`,
      [MIA],
    );
    expect(d.Team_FourFactors![0].poss).toBe(ref!.poss);
    expect(d.Team_FourFactors![0].pts_per_poss).toBeCloseTo((100 * ref!.pts) / ref!.poss, 1);
  });

  it('location and opponent filters match SQL joined with team_games', async () => {
    const d = await data('page=TeamTeam&entity=MIA&season=2012&location=home&opponent=BOS');
    const [ref] = await sql<{ poss: number }>(
      `SELECT SUM(p.possessions) AS poss FROM possessions p JOIN team_games tg ON tg.game_id = p.game_id AND tg.team_id = p.off_team_id
        WHERE p.off_team_id = $1 AND p.season = 2012 AND p.season_type = 'regular' AND tg.is_home AND tg.opp_team_id = 1610612738
          AND NOT p.is_filtered_out`,
      [MIA],
    );
    expect(ref!.poss).toBeGreaterThan(0);
    expect(d.Team_FourFactors![0].poss).toBe(ref!.poss);
  });

  it('league summary counts every game of the season', async () => {
    const d = await data('page=League&season=2012');
    const [ref] = await sql<{ games: number }>("SELECT COUNT(*) AS games FROM games WHERE season = 2012 AND season_type = 'regular'");
    expect(d.Summary![0].games).toBe(ref!.games);
    expect(d.Summary![0].pace).toBeGreaterThan(85);
    expect(d.Summary![0].pace).toBeLessThan(100);
  });
});

describe.skipIf(!HAS_DB)('percentiles (METRICS.md Presentation)', () => {
  it('rate columns carry a 0-100 percentile within the position group of qualified players', async () => {
    const rows = (await data('page=Players&season=2012')).OffensiveOverview!;
    const qualified = rows.filter((r) => r.qualified && r.position === 'forward' && r.usage !== null);
    const top = qualified.reduce((a, b) => (b.usage > a.usage ? b : a));
    const bottom = qualified.reduce((a, b) => (b.usage < a.usage ? b : a));
    expect(top.usage_pct).toBeGreaterThan(99);
    expect(bottom.usage_pct).toBeLessThan(1);
    for (const r of rows) if (r.usage_pct !== null) expect(r.usage_pct).toBeGreaterThanOrEqual(0);
  });

  it('team players get the same percentile as in the league table (single-team player)', async () => {
    const league = byPlayer((await data('page=Players&season=2012')).ShootingOverall!, LEBRON);
    const team = byPlayer((await data('page=TeamPlayers&entity=MIA&season=2012')).ShootingOverall!, LEBRON);
    expect(team.efg_pct).toBe(league.efg_pct);
    expect(team.efg_pct_pct).toBe(league.efg_pct_pct);
  });
});

describe.skipIf(!HAS_DB)('on/off and lineups add up', () => {
  it('on + off = team total for every player of a team who played for no other that season (possessions and points)', async () => {
    const onoff = await data('page=TeamOnOff&entity=MIA&season=2012');
    const team = await data('page=TeamTeam&entity=MIA&season=2012');
    const total = team.Team_FourFactors![0];
    // Players also on the floor for another team in 2012-13: their off is Miami's games while they were there
    // (tests/api/tradedOnOff.test.ts), less than its season.
    const moved = new Set(
      (
        await sql<{ id: number }>(
          `SELECT player_id AS id FROM (SELECT unnest([o1, o2, o3, o4, o5]) AS player_id, off_team_id FROM possessions
        WHERE season = 2012 AND season_type = 'regular') GROUP BY player_id HAVING count(DISTINCT off_team_id) > 1`,
        )
      ).map((r) => r.id),
    );
    const rows = onoff.Team_FourFactors!.filter((r) => !moved.has(r.player_id));
    expect(rows.length).toBeGreaterThan(10);
    for (const r of onoff.Team_FourFactors!.filter((x) => moved.has(x.player_id))) expect(r.poss_on + r.poss_off).toBeLessThan(total.poss);
    for (const r of rows) {
      expect(r.poss_on + r.poss_off).toBe(total.poss);
      const pts = (r.pts_per_poss_on * r.poss_on + (r.poss_off ? r.pts_per_poss_off * r.poss_off : 0)) / 100;
      // rates travel with two decimals: allow one point of rounding over a season
      expect(Math.abs(pts - (total.pts_per_poss * total.poss) / 100)).toBeLessThan(1);
    }
  });

  it('on_court / off_court lineup filters equal the on/off split (player on/off page)', async () => {
    const onoff = (await data(`page=PlayerOnOff&entity=${WADE}&season=2012`)).Team_FourFactors![0];
    const on = (await data(`page=TeamTeam&entity=MIA&season=2012&on_court=${WADE}`)).Team_FourFactors![0];
    const off = (await data(`page=TeamTeam&entity=MIA&season=2012&off_court=${WADE}`)).Team_FourFactors![0];
    expect(on.poss).toBe(onoff.poss_on);
    expect(off.poss).toBe(onoff.poss_off);
    expect(on.pts_per_poss).toBeCloseTo(onoff.pts_per_poss_on, 1);
    expect(off.pts_per_poss).toBeCloseTo(onoff.pts_per_poss_off, 1);
    expect(on.efg_pct).toBeCloseTo(onoff.efg_pct_on, 1);
  });

  it('defense side: opponents with the player on court', async () => {
    const onoff = (await data(`page=PlayerOnOff&entity=${WADE}&season=2012&side=defense`)).Opponent_FourFactors![0];
    const [ref] = await sql<{ poss: number }>(
      `SELECT SUM(possessions) AS poss FROM possessions
        WHERE $1 IN (d1, d2, d3, d4, d5) AND season = 2012 AND season_type = 'regular' AND NOT is_filtered_out`,
      [WADE],
    );
    expect(onoff.poss_on).toBe(ref!.poss);
  });

  it("a team's lineups partition its possessions (no threshold)", async () => {
    const lineups = (await data('page=TeamLineups&entity=MIA&season=2012&min_poss=0')).Team_FourFactors!;
    const team = (await data('page=TeamTeam&entity=MIA&season=2012')).Team_FourFactors![0];
    expect(lineups.reduce((a, r) => a + r.poss, 0)).toBe(team.poss);
    for (const l of lineups.slice(0, 5)) expect(l.players.length).toBe(5);
  });

  it('player positions split his possessions by slot and add up to his total', async () => {
    const pos = (await data(`page=PlayerPositions&entity=${LEBRON}&season=2012`)).Team_FourFactors!;
    const total = byPlayer((await data('page=Players&season=2012')).OffensiveOverview!, LEBRON);
    expect(pos.reduce((a, r) => a + r.poss, 0)).toBe(total.poss);
    // One vocabulary: the slots are named by the position groups of the tables (src/lib/league/positionGroups.ts).
    expect(pos.every((r) => ['point', 'combo', 'wing', 'forward', 'big'][r.slot - 1] === r.position)).toBe(true);
  });
});

describe.skipIf(!HAS_DB)('every page kind answers with every metric set', () => {
  const pages: [string, string][] = [
    ['League', ''],
    ['Players', ''],
    ['Lineups', ''],
    ['PlayerProfile', `&entity=${LEBRON}`],
    ['PlayerPositions', `&entity=${LEBRON}`],
    ['PlayerOnOff', `&entity=${LEBRON}`],
    ['PlayerGameLog', `&entity=${LEBRON}`],
    ['PlayerLineups', `&entity=${LEBRON}`],
    ['TeamPlayers', '&entity=MIA'],
    ['TeamOnOff', '&entity=MIA'],
    ['TeamTeam', '&entity=MIA'],
    ['TeamGameLog', '&entity=MIA'],
    ['TeamLineups', '&entity=MIA'],
    ['TeamSalaries', '&entity=MIA'],
    ['GamePlayers', '&entity=0021200001'],
    ['GameTeam', '&entity=0021200001'],
    ['GamePreview', '&entity=0021200500'],
  ];
  it.each(pages)('%s', async (page, entity) => {
    const { metricSetOptions } = await import('../../src/lib/tables/metricSets');
    for (const side of ['offense', 'defense'] as const) {
      const d = await data(`page=${page}${entity}&season=2012&side=${side}`);
      const sets = metricSetOptions(page as never, side).map((o) => o.value);
      expect(Object.keys(d).sort()).toEqual([...sets].sort());
      for (const s of sets) expect(d[s]!.length, `${page} ${side} ${s}`).toBeGreaterThan(0);
    }
  });
});
