/**
 * The on/off pages' league pool (src/server/stats/views/onoff.ts leagueOnOffEntries) is kept by its sample, side
 * and grouping: a pool kept for the same filters serves a page whose counters it sums all of and whose minimum
 * is at least its own. A team's on/off page asked after the players table's on/off set of the same filters
 * (every player's entries, minimum 0, the same counters) sums no league pool of its own, and its numbers are
 * those of the reference paths (which compute every pool afresh: src/server/stats/sql/plan.ts).
 */
import { describe, expect, it } from 'vitest';
import { parseDataQuery, rawQueryFromSearchParams } from '../../src/lib/params/apiParams';
import { withScope, type StatsScope } from '../../src/server/db/statsDb';
import { computeData } from '../../src/server/stats/answers/dispatch';
import { useReferencePaths } from '../../src/server/stats/sql/plan';
import type { LeaguePlayers } from '../../src/server/stats/views/playerViews';
import { HAS_DB } from './helpers';

const leaguePlayers: LeaguePlayers = (db, q) => computeData(db, q, leaguePlayers);
const queryOf = (qs: string) => parseDataQuery(rawQueryFromSearchParams(new URLSearchParams(qs)));
const asJson = (x: unknown): unknown => JSON.parse(JSON.stringify(x));

/** The answer of qs and every statement its computation ran (served as the server serves it, or on the reference paths). */
async function computed(qs: string, reference = false) {
  const statements: string[] = [];
  const data = await withScope(async (db: StatsScope) => {
    if (reference) useReferencePaths(db);
    const counting: StatsScope = {
      data: db.data,
      generation: db.generation,
      query: (sql, params) => {
        statements.push(sql);
        return db.query(sql, params);
      },
    };
    return computeData(counting, queryOf(qs), leaguePlayers);
  });
  return { data: asJson(data), statements };
}

/** The league pool's statement: every player's entries with the minimum possessions on court (onOffEntries' HAVING). */
const poolStatements = (statements: string[]) => statements.filter((s) => /HAVING SUM\(o\.possessions\) >=/.test(s));

describe.skipIf(!HAS_DB)('on/off league pools kept across pages', () => {
  // Filters no other test of this file asks for, on the possession path (period) and the state tables (score).
  const filters = 'season=2022&period=4&score_diff_low=-10&score_diff_high=10';

  it("a team's on/off page ranks in the pool the players table summed, with the reference paths' numbers", async () => {
    const alone = await computed(`page=TeamOnOff&entity=BOS&side=offense&metric_set=Team_FourFactors&season=2012&period=4`);
    // A pool nobody kept: the page sums its own.
    expect(poolStatements(alone.statements)).toHaveLength(1);

    await computed(`page=Players&metric_set=OnOff_FourFactors&${filters}`);
    const team = await computed(`page=TeamOnOff&entity=BOS&side=offense&metric_set=Team_FourFactors&${filters}`);
    expect(poolStatements(team.statements)).toHaveLength(0);
    const reference = await computed(`page=TeamOnOff&entity=BOS&side=offense&metric_set=Team_FourFactors&${filters}`, true);
    expect(team.data).toEqual(reference.data);
    const qualified = (x: unknown) => (x as { data: Record<string, { qualified: boolean }[]> }).data.Team_FourFactors!.filter((r) => r.qualified).length;
    expect(qualified(team.data)).toBeGreaterThan(2);

    // A page with a higher minimum is served by the same pool too, its entries below that minimum left out.
    const strict = `page=TeamOnOff&entity=BOS&side=offense&metric_set=Team_FourFactors&${filters}&min_poss=700`;
    const stricter = await computed(strict);
    expect(poolStatements(stricter.statements)).toHaveLength(0);
    expect(stricter.data).toEqual((await computed(strict, true)).data);
    expect(qualified(stricter.data)).toBeGreaterThan(0); // (the default minimum is 500)
    expect(qualified(stricter.data)).toBeLessThan(qualified(team.data));
  });
});
