/**
 * player_possession_index (src/server/statsSchema/derivedTables.ts) and the lineup filters answered from it
 * (src/server/stats/sql/lineupIndex.ts, used by src/server/stats/sql/sample.ts):
 * - the builder writes exactly 10 rows per possession, one per player on court, sorted by player;
 * - for a set of lineup filters the ids the index picks are exactly the possessions that pass the lineup
 *   condition tested on o1..o5/d1..d5 (the fallback path);
 * - through the API's own code (openSample, fullSample), the fast path and the forced fallback give the same
 *   possessions with the same perspective flags.
 * The builder runs on a temporary copy of the test database, so these checks run on any database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDataQuery, rawQueryFromSearchParams, type AppliedFilters } from '../../src/lib/params/apiParams';
import { withScope } from '../../src/server/db/statsDb';
import { playerPossessionIndexBuilder } from '../../src/server/statsSchema/derivedTables';
import { lineupCondition } from '../../src/server/stats/sql/filterSql';
import { lineupCandidateIds } from '../../src/server/stats/sql/lineupIndex';
import { useReferencePaths } from '../../src/server/stats/sql/plan';
import { fullSample, openSample, sampleSql } from '../../src/server/stats/sql/sample';
import { onCourtSumsBy, teamSumsBy } from '../../src/server/stats/sql/sums';
import { scopedPossessionTable } from '../../src/server/stats/sql/filterSql';
import { Params } from '../../src/server/stats/sql/sql';
import { DB_PATH, HAS_DB } from './helpers';
import { openStatsFileForWriting, type StatsFileWriter } from '../support/statsFileWriter';

// Miami 2012-13 and its opponents (player ids of the data): James 2544, Wade 2548, Bosh 2547, Chalmers 201596,
// Allen 951; Durant 201142 (opponent); Curry 201939 (2012-13 and 2022-23).
const QUERIES = [
  'season=2012&on_court=2544',
  'season=2012&on_court=2544&on_court=2548',
  'season=2012&on_court=2544&off_court=2548',
  'season=2012&on_court=2544&on_court=201142',
  'season=2012&pg=201596',
  'season=2012&pg=201596&c=2547&lineup_all_or_any=any',
  'season=2012&pg=201596&c=2547',
  'season=2012&season=2022&on_court=201939&period=4',
  'season=2012&on_court=2544&on_court=951&lineup_all_or_any=any',
  'season=2012&sf=2544&sf=201142&lineup_all_or_any=any&is_garbage_time=false',
];
const filtersOf = (qs: string): AppliedFilters => parseDataQuery(rawQueryFromSearchParams(new URLSearchParams(`page=League&${qs}`))).filters;

describe.skipIf(!HAS_DB)('player_possession_index', () => {
  let dir = '';
  let writer: StatsFileWriter | undefined;
  let conn: DuckDBConnection;
  const rows = async (text: string, params: (string | number | boolean | null)[] = []) =>
    (await conn.runAndReadAll(text, params)).getRowObjectsJS() as Record<string, unknown>[];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lineup-index-'));
    const copy = path.join(dir, 'stats.duckdb');
    fs.copyFileSync(DB_PATH, copy);
    writer = await openStatsFileForWriting(copy);
    conn = writer.connection;
    await playerPossessionIndexBuilder.build(conn);
  });
  afterAll(async () => {
    await writer?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('holds exactly 10 rows per possession: its five on offense in slots 1-5 and its five on defense', async () => {
    const [total] = await rows(`SELECT (SELECT COUNT(*) FROM player_possession_index) AS idx, (SELECT COUNT(*) FROM possessions) AS poss`);
    expect(Number(total!.poss)).toBeGreaterThan(100_000);
    expect(Number(total!.idx)).toBe(10 * Number(total!.poss));
    const bad = await rows(`
      SELECT possession_id FROM player_possession_index
       GROUP BY possession_id
      HAVING COUNT(*) <> 10 OR COUNT(DISTINCT (is_offense, slot)) <> 10 LIMIT 5`);
    expect(bad).toEqual([]);
    // Every row agrees with the possession's own column o<slot>/d<slot> and season.
    const [mismatch] = await rows(`
      SELECT COUNT(*) AS n FROM player_possession_index i JOIN possessions p USING (possession_id)
       WHERE i.player_id <> CASE WHEN i.is_offense THEN [p.o1, p.o2, p.o3, p.o4, p.o5][i.slot] ELSE [p.d1, p.d2, p.d3, p.d4, p.d5][i.slot] END
          OR i.season <> p.season`);
    expect(Number(mismatch!.n)).toBe(0);
    // Sorted by player, then possession: zone maps can prune to one player's rows.
    const [unsorted] = await rows(`
      SELECT COUNT(*) AS n FROM (
        SELECT player_id, possession_id, LAG(player_id) OVER w AS pp, LAG(possession_id) OVER w AS pq
          FROM (SELECT *, row_number() OVER () AS r FROM player_possession_index) WINDOW w AS (ORDER BY r))
       WHERE pp > player_id OR (pp = player_id AND pq >= possession_id)`);
    expect(Number(unsorted!.n)).toBe(0);
  });

  it.each(QUERIES)('picks exactly the possessions that pass the lineup condition: %s', async (qs) => {
    const f = filtersOf(qs);
    const b = new Params();
    const ids = lineupCandidateIds(f, b, f.seasons);
    expect(ids).not.toBeNull();
    const fast = await rows(`SELECT COUNT(*) AS n, SUM(hash(possession_id)) AS h FROM (SELECT DISTINCT possession_id FROM (${ids}))`, b.values);
    const b2 = new Params();
    const slow = await rows(
      `SELECT COUNT(*) AS n, SUM(hash(possession_id)) AS h FROM possessions p WHERE p.season IN ${b2.list(f.seasons)} AND (${lineupCondition(f, b2, 'p')})`,
      b2.values,
    );
    expect(Number(fast[0]!.n)).toBeGreaterThan(0);
    expect({ n: Number(fast[0]!.n), h: String(fast[0]!.h) }).toEqual({ n: Number(slow[0]!.n), h: String(slow[0]!.h) });
  });

  it('cannot narrow an off-court filter combined with any', () => {
    const f = filtersOf('season=2012&on_court=2544&off_court=2548&lineup_all_or_any=any');
    expect(lineupCandidateIds(f, new Params(), f.seasons)).toBeNull();
  });
});

/**
 * The API's sample, as sorted (possession_id, off_ok, def_ok) triples summarised: the materialised table, or,
 * when the API reads the possessions inline (a sample its lineup filters cannot narrow), the same SELECT.
 */
async function sample(f: AppliedFilters, lineupIndex: boolean) {
  return withScope(async (db) => {
    const drop = openSample(db, f, { lineupIndex });
    try {
      await fullSample(db, f, ['pts']);
      const table = scopedPossessionTable(db, f);
      const b = new Params();
      const source = table ?? `(${(await sampleSql(db, f, b, ['pts'])).sql})`;
      const [r] = await db.query(`SELECT COUNT(*) AS n, SUM(hash(possession_id, off_ok, def_ok, pts, o1, d5)) AS h FROM ${source}`, b.values);
      return { n: Number(r!.n), h: String(r!.h), materialised: table !== undefined };
    } finally {
      await drop();
    }
  });
}

/**
 * Team sums and on-court sums of a view's aggregates, with the sample materialised (forced, on the reference
 * paths) or as served: read inline, or an off-court filter by subtraction (sql/offCourt.ts).
 */
async function aggregates(f: AppliedFilters, lineupIndex: boolean) {
  return withScope(async (db) => {
    if (!lineupIndex) useReferencePaths(db);
    const drop = openSample(db, f, { lineupIndex });
    try {
      const teams = await teamSumsBy(db, f, { persp: 'offense', groupBy: ['team_id'], possessions: true });
      const onCourt = await onCourtSumsBy(db, f, { persp: 'defense', groupBy: ['player_id'], teamId: 1610612748 });
      const byKey = (rows: Record<string, unknown>[], key: string) => [...rows].sort((x, y) => Number(x[key]) - Number(y[key]));
      return { teams: byKey(teams, 'team_id'), onCourt: byKey(onCourt, 'player_id'), materialised: scopedPossessionTable(db, f) !== undefined };
    } finally {
      await drop();
    }
  });
}

describe.skipIf(!HAS_DB)('lineup filters: fast path (player index) and fallback give the same sample', () => {
  it.each([
    ...QUERIES,
    'season=2012&on_court=2544&off_court=2548&lineup_all_or_any=any',
    'season=2012&on_court=2544&location=away&score_diff_low=-5&score_diff_high=5',
  ])('%s', async (qs) => {
    const f = filtersOf(qs);
    const fast = await sample(f, true);
    const slow = await sample(f, false);
    expect(fast.n).toBeGreaterThan(0);
    expect({ ...fast, materialised: true }).toEqual(slow);
  });
});

describe.skipIf(!HAS_DB)('a sample the lineup filters cannot narrow is read inline or by subtraction, with the same numbers', () => {
  it.each([
    'season=2012&off_court=2548',
    'season=2012&season=2022&off_court=2548&off_court=201939&period=4',
    'season=2012&on_court=2544&off_court=2548&lineup_all_or_any=any&score_diff_low=-5&score_diff_high=5',
    'season=2012&period=4&location=home',
  ])('%s', async (qs) => {
    const f = filtersOf(qs);
    const inline = await aggregates(f, true);
    const copied = await aggregates(f, false);
    expect(inline.materialised).toBe(false);
    expect(copied.materialised).toBe(true);
    expect(inline.teams.length).toBeGreaterThan(0);
    expect(inline.onCourt.length).toBeGreaterThan(0);
    expect(inline.teams).toEqual(copied.teams);
    expect(inline.onCourt).toEqual(copied.onCourt);
  });
});
