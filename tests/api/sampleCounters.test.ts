/**
 * A request's lineup sample carries only the counters its page's aggregates sum (src/server/stats/sql/sample.ts,
 * views/shared.ts sampleCountersOf): on the test database, an aggregate that needs only those reads the narrow
 * table, one that needs more reads the possessions inline, and both give the numbers of SQL written here over the
 * possession table. The on/off and lineup pages give the same rows with the narrow sample as with every counter,
 * and none of their aggregates falls back to reading the possessions inline.
 */
import { describe, expect, it } from 'vitest';
import { parseDataQuery, rawQueryFromSearchParams, type AppliedFilters } from '../../src/lib/params/apiParams';
import { withScope, type StatsScope } from '../../src/server/db/statsDb';
import { computeData } from '../../src/server/stats/answers/dispatch';
import { fullSample, openSample } from '../../src/server/stats/sql/sample';
import { teamSumsBy } from '../../src/server/stats/sql/sums';
import { sampleCountersOf } from '../../src/server/stats/views/shared';
import type { LeaguePlayers } from '../../src/server/stats/views/playerViews';
import { sampleInlineReads } from '../../src/server/metrics';
import { HAS_DB, sql } from './helpers';

const JOKIC = 203999;
const DEN = 1610612743;
const queryOf = (url: string) => parseDataQuery(rawQueryFromSearchParams(new URL(url, 'http://localhost').searchParams));
const leaguePlayers: LeaguePlayers = (db, q) => computeData(db, q, leaguePlayers);
/** The server's count of aggregates that read the possessions inline because the sample lacked a counter. */
const inlineReads = async () => (await sampleInlineReads.get()).values[0]?.value ?? 0;

describe.skipIf(!HAS_DB)('the lineup sample carries the counters its page sums', () => {
  const filters: AppliedFilters = queryOf(`/api/data?page=TeamTeam&entity=DEN&season=2022&on_court=${JOKIC}`).filters;

  it('a sum within the declared counters reads the narrow table, one beyond them reads the possessions, both right', async () => {
    const [truth] = await sql<{ possessions: number; pts: number; ast: number }>(
      `SELECT SUM(possessions)::INTEGER AS possessions, SUM(pts)::INTEGER AS pts, SUM(ast)::INTEGER AS ast FROM possessions p
        WHERE p.season = 2022 AND p.season_type = 'regular' AND NOT p.is_filtered_out AND p.off_team_id = ${DEN}
          AND ${JOKIC} IN (p.o1, p.o2, p.o3, p.o4, p.o5)`,
    );
    await withScope(async (db: StatsScope) => {
      const drop = openSample(db, filters, { counters: ['possessions', 'pts'] });
      try {
        const misses = await inlineReads();
        expect(await fullSample(db, filters, ['possessions', 'pts'])).toBe(true);
        expect(await fullSample(db, filters, ['possessions', 'ast'])).toBe(false);
        expect(await inlineReads()).toBe(misses + 1);
        const [narrow] = await teamSumsBy(db, filters, { persp: 'offense', groupBy: ['team_id'], teamId: DEN, counters: ['possessions', 'pts'] });
        const [wide] = await teamSumsBy(db, filters, { persp: 'offense', groupBy: ['team_id'], teamId: DEN });
        expect([narrow!.possessions, narrow!.pts]).toEqual([truth!.possessions, truth!.pts]);
        expect([wide!.possessions, wide!.pts, wide!.ast]).toEqual([truth!.possessions, truth!.pts, truth!.ast]);
        // the narrow table has no column the page does not sum
        const tables = await db.query<{ n: number }>(
          "SELECT count(*)::INTEGER AS n FROM duckdb_columns() WHERE table_name LIKE 'scoped_possessions_%' AND column_name = 'ast'",
        );
        expect(tables[0]!.n).toBe(0);
      } finally {
        await drop();
      }
    });
  });

  it('on/off and lineup pages: the same rows with the narrow sample as with every counter', async () => {
    const urls = [
      `/api/data?page=TeamOnOff&entity=DEN&side=offense&metric_set=Team_ShootingAccuracy&season=2022&on_court=${JOKIC}`,
      `/api/data?page=PlayerOnOff&entity=${JOKIC}&side=defense&metric_set=Opponent_FourFactors&season=2022&sg=1627750`,
      `/api/data?page=Lineups&side=offense&metric_set=Team_FourFactors&season=2022&on_court=${JOKIC}&min_poss=20`,
      `/api/data?page=Lineups&side=defense&metric_set=Opponent_FourFactors&season=2022&off_court=${JOKIC}&min_poss=20`,
      `/api/data?page=PlayerLineups&entity=${JOKIC}&side=offense&metric_set=Team_FourFactors&season=2022&unit=2&on_court_with=1627750`,
      `/api/data?page=TeamLineups&entity=DEN&side=defense&metric_set=Opponent_ContextStatsTransition&season=2022&off_court=${JOKIC}&on_court_with=1627750`,
    ];
    for (const url of urls) {
      const q = queryOf(url);
      expect(sampleCountersOf(q), url).not.toBeNull();
      // narrow: every aggregate of the page finds its counters in the sample (none reads the possessions inline)
      const before = await inlineReads();
      const narrow = await withScope((db: StatsScope) => computeData(db, q, leaguePlayers));
      expect(await inlineReads(), url).toBe(before);
      // every counter: the same query with the sample opened wide first (a nested computation shares it)
      const wide = await withScope(async (db: StatsScope) => {
        const drop = openSample(db, q.filters);
        try {
          return await computeData(db, q, leaguePlayers);
        } finally {
          await drop();
        }
      });
      expect(JSON.parse(JSON.stringify(narrow)), url).toEqual(JSON.parse(JSON.stringify(wide)));
      expect(Object.values(narrow.data)[0]!.length, url).toBeGreaterThan(0);
    }
  });
});
