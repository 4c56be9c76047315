/**
 * The plan's fast paths give the numbers of its reference paths ("every number stays equal to
 * today's"). Random legal queries, drawn with a seed from the filter model and the test database's rosters
 * (scripts/lib/randomQueries.ts, the generator of `npm run bench:random`), are each computed twice through the
 * server's own dispatch: once as the server does, once with the reference paths forced
 * (src/server/stats/sql/plan.ts), which read the possessions for every query. Every set's rows must be equal.
 * A second draw keeps to the filters the fast paths answer (period, score differential, garbage time, season
 * type) on the pages that use them, so each fast path is taken many times, and the test counts that it was.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { drawQuery, generator, loadRosters, type DrawOptions, type Rosters } from '../../scripts/lib/randomQueries';
import { parseDataQuery, rawQueryFromSearchParams, type DataQuery } from '../../src/lib/params/apiParams';
import { withScope, type StatsScope } from '../../src/server/db/statsDb';
import { computeData } from '../../src/server/stats/answers/dispatch';
import { useReferencePaths } from '../../src/server/stats/sql/plan';
import { offCourtTerms } from '../../src/server/stats/sql/offCourt';
import { lineupSumsAnswer, stateAnswers } from '../../src/server/stats/sql/presummed';
import { contextAnswers } from '../../src/server/stats/sql/playerSums';
import { needsPossessions } from '../../src/server/stats/sql/filterSql';
import type { LeaguePlayers } from '../../src/server/stats/views/playerViews';
import { DB_PATH, HAS_DB } from './helpers';

/** A handle outside any scope: the fast paths' checks read only its (absent) plan switches. */
const NO_SCOPE = { query: async () => [], generation: 0 };

const leaguePlayers: LeaguePlayers = (db, q) => computeData(db, q, leaguePlayers);

async function compute(q: DataQuery, reference: boolean) {
  return withScope(async (db: StatsScope) => {
    if (reference) useReferencePaths(db);
    return computeData(db, q, leaguePlayers);
  });
}

const asJson = (x: unknown): unknown => JSON.parse(JSON.stringify(x));
const queryOf = (url: string) => parseDataQuery(rawQueryFromSearchParams(new URL(url, 'http://localhost').searchParams));

describe.skipIf(!HAS_DB)('fast and reference paths give the same numbers', () => {
  let rosters: Rosters;
  beforeAll(async () => {
    const instance = await DuckDBInstance.create(DB_PATH, { access_mode: 'READ_ONLY' });
    const c = await instance.connect();
    rosters = await loadRosters(c);
    c.closeSync();
    instance.closeSync();
  });

  const compareDraws = async (seed: number, n: number, only: DrawOptions = {}, takesFastPath = (q: DataQuery) => stateAnswers(NO_SCOPE, q.filters, [])) => {
    const rng = generator(seed);
    let fast = 0;
    for (let i = 0; i < n; i++) {
      const { url } = drawQuery(rng, rosters, only);
      const q = queryOf(url);
      if (takesFastPath(q)) fast++;
      const [served, reference] = [await compute(q, false), await compute(q, true)];
      // As the client reads them (JSON: no -0, which a rounded sum of doubles can give either way).
      expect(asJson(served), url).toEqual(asJson(reference));
    }
    return fast;
  };

  it('on random legal queries of every page kind', { timeout: 600_000 }, async () => {
    await compareDraws(25, 40);
  });

  it('on queries the pre-summed tables answer (period, score differential), on the pages that read them', { timeout: 600_000 }, async () => {
    const stateFilters = new Set(['Period', 'ScoreDifferential', 'FilterOutGarbageTime', 'SeasonType']);
    const fast = await compareDraws(26, 40, {
      pages: ['Players', 'TeamPlayers', 'PlayerProfile', 'PlayerOnOff', 'TeamOnOff', 'League', 'TeamTeam', 'PlayerPositions'],
      filters: (def) => stateFilters.has(def.name),
    });
    expect(fast).toBeGreaterThan(20);
  });

  it('on lineup tables with season filters only (the pre-summed lineup rows)', { timeout: 600_000 }, async () => {
    const sampleFilters = new Set(['FilterOutGarbageTime', 'SeasonType']);
    const fast = await compareDraws(
      27,
      24,
      {
        pages: ['Lineups', 'TeamLineups', 'PlayerLineups'],
        filters: (def) => sampleFilters.has(def.name),
      },
      (q) => lineupSumsAnswer(NO_SCOPE, q.filters, ['lineup_id']),
    );
    expect(fast).toBeGreaterThan(12);
  });

  it("on players tables with time, leverage, clutch and game-level filters (a player's rows read by their own context)", { timeout: 600_000 }, async () => {
    const contextFilters = new Set([
      'TimeIntoGame',
      'Leverage',
      'Clutch',
      'Period',
      'ScoreDifferential',
      'Location',
      'Result',
      'OpponentPointDiffRank',
      'FilterOutGarbageTime',
    ]);
    const fast = await compareDraws(
      29,
      40,
      {
        pages: ['Players', 'TeamPlayers', 'PlayerOnOff', 'TeamOnOff'],
        filters: (def) => contextFilters.has(def.name),
      },
      (q) => needsPossessions(q.filters) && !stateAnswers(NO_SCOPE, q.filters, []) && contextAnswers(NO_SCOPE, q.filters),
    );
    expect(fast).toBeGreaterThan(15);
    // and the league table takes it: its player rows are read alone (with his team's team_games row), never
    // joined to the possessions
    const statements: string[] = [];
    await withScope((db: StatsScope) => {
      const watched: StatsScope = {
        data: db.data,
        generation: db.generation,
        query: (sql, params) => {
          statements.push(sql);
          return db.query(sql, params);
        },
      };
      return computeData(watched, queryOf('/api/data?page=Players&season=2022&leverage=high&location=home'), leaguePlayers);
    });
    const playerRows = statements.filter((sql) => /player_possession_stats s\b/.test(sql));
    expect(playerRows.length).toBeGreaterThan(0);
    for (const sql of playerRows) expect(sql).not.toMatch(/player_possession_stats s JOIN (?!team_games)/);
  });

  it('on queries with an off-court filter (answered by subtraction), on every page kind', { timeout: 600_000 }, async () => {
    // Off court with the filters the fast paths answer, and with a game-level and a possession filter they do not.
    const withOffCourt = new Set(['OffCourt', 'Period', 'Location', 'TimeIntoGame']);
    const pages = [
      'Players',
      'TeamPlayers',
      'PlayerProfile',
      'PlayerPositions',
      'PlayerOnOff',
      'TeamOnOff',
      'League',
      'TeamTeam',
      'Lineups',
      'TeamLineups',
      'PlayerLineups',
      'TeamGameLog',
    ] as const;
    const fast = await compareDraws(28, 60, { pages, filters: (def) => withOffCourt.has(def.name) }, (q) => offCourtTerms(NO_SCOPE, q.filters) !== null);
    expect(fast).toBeGreaterThan(7);
  });
});
