/**
 * The minimum sample and on/off percentiles, through the real endpoint on the test database (2012-13 and 2022-23), numbers checked
 * with independent SQL on the possession table:
 * - the minimum sample: which players are below it (the qualifier hides them under a rate sort);
 * - a lineup table the minimum leaves empty says how many lineups are below it (`belowMin`);
 * - on/off tables: no possession "Diff", percentiles of the rates with him on and of on minus off, ranked in the
 *   same pool as the players table (his position group, players with the minimum possessions).
 */
import { describe, expect, it } from 'vitest';
import { call, data, HAS_DB, sql } from './helpers';

const BOS = 1610612738;

/** Players on court in 2022-23 regular season (garbage time out) and their team offensive possessions on court. */
async function offPossByPlayer(): Promise<Map<number, number>> {
  const rows = await sql<{ player_id: number; off_poss: number }>(`
    WITH slots AS (
      SELECT unnest([o1, o2, o3, o4, o5]) AS player_id, possessions AS off_poss, 0 AS def_poss FROM possessions
       WHERE season = 2022 AND season_type = 'regular' AND NOT is_filtered_out
      UNION ALL
      SELECT unnest([d1, d2, d3, d4, d5]), 0, possessions FROM possessions
       WHERE season = 2022 AND season_type = 'regular' AND NOT is_filtered_out)
    SELECT player_id, sum(off_poss)::INTEGER AS off_poss FROM slots GROUP BY player_id`);
  return new Map(rows.map((r) => [r.player_id, r.off_poss]));
}

describe.skipIf(!HAS_DB)('the minimum sample (qualifier)', () => {
  it('players below 500 team offensive possessions on court are the rows marked unqualified', async () => {
    const rows = (await data('page=Players&season=2022&metric_set=OffensiveOverview')).OffensiveOverview!;
    const poss = await offPossByPlayer();
    const below = [...poss].filter(([, n]) => n < 500).map(([id]) => id);
    const unqualified = rows.filter((r) => r.qualified === false).map((r) => r.player_id as number);
    // Independent count: every player the SQL puts under the minimum, and only those, is marked.
    expect(unqualified.length).toBeGreaterThan(50);
    expect(new Set(unqualified)).toEqual(new Set(below.filter((id) => rows.some((r) => r.player_id === id))));
    expect(rows.filter((r) => r.qualified === true).every((r) => (poss.get(r.player_id) ?? 0) >= 500)).toBe(true);
  });

  it('a lineup table the minimum leaves empty counts the lineups below it', async () => {
    const r = await call('/api/data?page=TeamLineups&entity=BOS&season=2022&min_poss=5000&metric_set=Team_FourFactors');
    expect(r.status).toBe(200);
    expect(r.body.data.Team_FourFactors).toEqual([]);
    const n = (
      await sql<{ n: number }>(
        `SELECT count(DISTINCT off_lineup_id)::INTEGER AS n FROM possessions
        WHERE season = 2022 AND season_type = 'regular' AND NOT is_filtered_out AND off_team_id = $1 AND possessions > 0`,
        [BOS],
      )
    )[0]!.n;
    expect(n).toBeGreaterThan(100);
    expect(r.body.belowMin).toEqual({ rows: n, min: 5000 });
    // At the default minimum nothing is empty, and no count is sent.
    const open = await call('/api/data?page=TeamLineups&entity=BOS&season=2022&metric_set=Team_FourFactors');
    expect(open.body.data.Team_FourFactors.length).toBeGreaterThan(0);
    expect(open.body.belowMin).toBeUndefined();
  });
});

describe.skipIf(!HAS_DB)('on/off tables', () => {
  it('Team on/off: no possession diff; rates carry percentiles on On and Diff, null under the minimum', async () => {
    const rows = (await data('page=TeamOnOff&entity=BOS&season=2022&side=offense&metric_set=Team_FourFactors')).Team_FourFactors!;
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) {
      expect(r).not.toHaveProperty('poss_diff');
      expect(r).toHaveProperty('poss_on');
      expect(r).toHaveProperty('pts_per_poss_diff');
      if (r.qualified) {
        expect(r.pts_per_poss_on_pct).toBeGreaterThanOrEqual(0);
        expect(r.pts_per_poss_on_pct).toBeLessThanOrEqual(100);
        expect(typeof r.tov_pct_diff_pct).toBe('number');
      } else {
        expect(r.pts_per_poss_on_pct).toBeNull();
      }
      expect(r).not.toHaveProperty('pts_per_poss_off_pct');
    }
    // Qualified = at least 500 team offensive possessions with him on (independent SQL).
    const poss = await offPossByPlayer();
    const bosPoss = (
      await sql<{ n: number }>(
        `SELECT count(*)::INTEGER AS n FROM possessions WHERE season = 2022 AND season_type = 'regular' AND NOT is_filtered_out AND off_team_id = $1`,
        [BOS],
      )
    )[0]!.n;
    expect(bosPoss).toBeGreaterThan(6000);
    for (const r of rows) expect(r.qualified, String(r.player_id)).toBe(Number(r.poss_on) >= 500);
    expect(rows.filter((r) => r.qualified).length).toBeGreaterThan(5);
    expect(rows.every((r) => (poss.get(r.player_id) ?? 0) >= Number(r.poss_on))).toBe(true);
  });

  it("the pool is the players table's: a Celtic's percentile is his rank among the league's qualified players of his position group", async () => {
    const team = (await data('page=TeamOnOff&entity=BOS&season=2022&side=offense&metric_set=Team_FourFactors')).Team_FourFactors!;
    const league = (await data('page=Players&season=2022&metric_set=OnOff_FourFactors')).OnOff_FourFactors!;
    const tatum = team.find((r) => r.name === 'Jayson Tatum')!;
    expect(tatum.qualified).toBe(true);
    const pool = league.filter((r) => r.qualified && r.position === tatum.position).map((r) => r.pts_per_poss_diff as number);
    expect(pool.length).toBeGreaterThan(20);
    const v = tatum.pts_per_poss_diff as number;
    const share = (100 * (pool.filter((x) => x < v).length + pool.filter((x) => x === v).length / 2)) / pool.length;
    expect(tatum.pts_per_poss_diff_pct).toBeCloseTo(share, 0);
    // The players table's own on/off rows carry the same percentile for him.
    expect(league.find((r) => r.player_id === tatum.player_id)!.pts_per_poss_diff_pct).toBeCloseTo(share, 0);
  });

  it("Player on/off: one row a season, percentiles among that season's players", async () => {
    const rows = (await data('page=PlayerOnOff&entity=1628369&season=2022&season=2012&side=offense&metric_set=Team_FourFactors')).Team_FourFactors!;
    expect(rows.map((r) => r.season)).toEqual(['2022-23']);
    expect(rows[0]).not.toHaveProperty('poss_diff');
    expect(rows[0]!.pts_per_poss_on_pct).toBeGreaterThan(50);
  });
});
