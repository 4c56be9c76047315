/**
 * A lineups answer lists at most STATS_MAX_LINEUP_ROWS rows, counted once per metric set it holds: past it the query
 * is a 400 naming min_poss, refused before any row is built (every five of twenty seasons with one possession or more is 226,666 rows, which cost the
 * server 10-23 s and 3.3 GB to end in an answer too large to send). The limit is set low here (1,000) so that the
 * test database's 2022-23 fives cross it; the counts come from SQL over the possessions table, not from the server.
 */
import { beforeAll, describe, expect, it } from 'vitest';

process.env.STATS_MAX_LINEUP_ROWS = '1000';
const { call, HAS_DB, sql } = await import('./helpers');

const LIMIT = 1000;
const BASE = "p.season = 2022 AND p.season_type = 'regular' AND NOT p.is_garbage_time AND NOT p.is_heave";

/** Fives (lineup and team) of the 2022-23 regular season with at least `min` possessions on offense. */
async function fivesWith(min: number): Promise<number> {
  const [r] = await sql<{ n: number }>(
    `SELECT count(*)::INTEGER AS n FROM (
       SELECT p.off_lineup_id, p.off_team_id FROM possessions p WHERE ${BASE} GROUP BY ALL HAVING sum(p.possessions) >= $1)`,
    [min],
  );
  return r!.n;
}

describe.skipIf(!HAS_DB)('the most lineup rows one answer lists', () => {
  let over: number;
  let under: number;
  beforeAll(async () => {
    // the smallest minimum the limit refuses, and the smallest it allows
    over = 1;
    while ((await fivesWith(over + 1)) > LIMIT) over++;
    under = over + 1;
    expect(await fivesWith(over)).toBeGreaterThan(LIMIT);
  });

  const url = (min: number, extra = '') => `/api/data?page=Lineups&season=2022&side=offense&min_poss=${min}&metric_set=Team_FourFactors${extra}`;

  it('more fives than the limit above the minimum: a 400 that names min_poss and says what to change', async () => {
    const r = await call(url(over));
    expect(r.status).toBe(400);
    expect(r.body.param).toBe('min_poss');
    expect(r.body.error).toMatch(/more than 1,000 lineups .*raise min_poss/);
  });

  it('at the limit or under it: every five above the minimum is listed', async () => {
    const expected = await fivesWith(under);
    expect(expected).toBeLessThanOrEqual(LIMIT);
    const r = await call(url(under));
    expect(r.status).toBe(200);
    expect(r.body.data.Team_FourFactors).toHaveLength(expected);
  });

  it('every metric set (no metric_set) shares the limit: the same fives that one set lists are refused in all five', async () => {
    // a minimum with more than 1,000 / 5 fives and at most 1,000
    let min = under;
    while ((await fivesWith(min)) > LIMIT / 5) min++;
    const some = min - 1;
    expect(await fivesWith(some)).toBeGreaterThan(LIMIT / 5);
    const all = `/api/data?page=Lineups&season=2022&side=offense&min_poss=${some}`;
    const r = await call(all);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/more than 200 lineups .*\(in 5 metric sets\).*ask for one metric set \(metric_set\)/);
    expect((await call(url(some))).status).toBe(200);
    const fewer = await call(`/api/data?page=Lineups&season=2022&side=offense&min_poss=${min}`);
    expect(fewer.status).toBe(200);
    expect(Object.keys(fewer.body.data)).toHaveLength(5);
    for (const rows of Object.values(fewer.body.data)) expect(rows).toHaveLength(await fivesWith(min));
  });

  it('2-man units count against the same limit', async () => {
    const r = await call(url(1, '&unit=2'));
    expect(r.status).toBe(400);
    expect(r.body.param).toBe('min_poss');
  });
});
