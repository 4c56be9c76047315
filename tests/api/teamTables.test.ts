/**
 * The team-clustered copies the ingest derives (src/server/statsSchema/derivedTables.ts): team_possessions and
 * team_player_possession_stats, checked against the tables they copy, and the premise the lineup samples rest on
 * (src/server/stats/sql/sample.ts): a player on the floor plays for one of his player_seasons teams.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { appliedFilterNames, parseDataQuery, rawQueryFromSearchParams, type AppliedFilters } from '../../src/lib/params/apiParams';
import { FILTERS } from '../../src/lib/filters/filterDefinitions';
import { withScope } from '../../src/server/db/statsDb';
import { AGGREGATE_BUILDERS, POSSESSION_COUNTER_COLUMNS, TEAM_POSSESSION_COLUMNS } from '../../src/server/statsSchema/derivedTables';
import { rebuildInPlace } from '../../src/server/ingest/season/hooks';
import { openSample, sampleSql } from '../../src/server/stats/sql/sample';
import { Params } from '../../src/server/stats/sql/sql';
import { DB_PATH, HAS_DB, sql } from './helpers';
import { openStatsFileForWriting } from '../support/statsFileWriter';

const one = async (text: string) => (await sql<Record<string, number | string>>(text))[0]!;

describe.skipIf(!HAS_DB)('team_possessions', () => {
  it('files every possession twice: under its offense team-season and its defense team-season', async () => {
    const r = await one(`
      SELECT (SELECT COUNT(*) FROM possessions) AS poss,
             COUNT(*) AS copies,
             COUNT(*) FILTER (WHERE filed_offense AND team_season = season::BIGINT * 10000000000 + off_team_id) AS under_offense,
             COUNT(*) FILTER (WHERE NOT filed_offense AND team_season = season::BIGINT * 10000000000 + def_team_id) AS under_defense
        FROM team_possessions`);
    expect(Number(r.poss)).toBeGreaterThan(100_000);
    expect(Number(r.copies)).toBe(2 * Number(r.poss));
    expect(Number(r.under_offense)).toBe(Number(r.poss));
    expect(Number(r.under_defense)).toBe(Number(r.poss));
  });

  it('copies the possession columns unchanged', async () => {
    const cols = TEAM_POSSESSION_COLUMNS.join(', ');
    const [mismatch] = await sql<{ n: number }>(`
      SELECT COUNT(*)::INTEGER AS n FROM (
        (SELECT ${cols} FROM team_possessions WHERE filed_offense EXCEPT ALL SELECT ${cols} FROM possessions)
        UNION ALL
        (SELECT ${cols} FROM possessions EXCEPT ALL SELECT ${cols} FROM team_possessions WHERE NOT filed_offense))`);
    expect(mismatch!.n).toBe(0);
  });

  it('is sorted by team-season, period and possession, in row groups of at most 16,384 rows', async () => {
    const [unsorted] = await sql<{ n: number }>(`
      SELECT COUNT(*)::INTEGER AS n FROM (
        SELECT team_season, period, possession_id,
               lag(team_season) OVER w AS t0, lag(period) OVER w AS p0, lag(possession_id) OVER w AS i0
          FROM (SELECT *, rowid AS r FROM team_possessions) WINDOW w AS (ORDER BY r))
       WHERE t0 IS NOT NULL AND (team_season, period, possession_id) < (t0, p0, i0)`);
    expect(unsorted!.n).toBe(0);
    const [groups] = await sql<{ biggest: number; n: number }>(
      `SELECT MAX(count)::INTEGER AS biggest, COUNT(DISTINCT row_group_id)::INTEGER AS n FROM pragma_storage_info('team_possessions') WHERE column_id = 0`,
    );
    expect(groups!.biggest).toBeLessThanOrEqual(16_384);
    expect(groups!.n).toBeGreaterThan(1);
  });
});

describe.skipIf(!HAS_DB)('team_player_possession_stats', () => {
  it('files every player row of player_possession_stats under both team-seasons of its possession, with its period', async () => {
    const r = await one(`
      SELECT (SELECT COUNT(*) FROM player_possession_stats) AS rows,
             COUNT(*) AS copies,
             COUNT(*) FILTER (WHERE t.team_season = p.season::BIGINT * 10000000000 + p.off_team_id) AS under_offense,
             COUNT(*) FILTER (WHERE t.team_season = p.season::BIGINT * 10000000000 + p.def_team_id) AS under_defense,
             COUNT(*) FILTER (WHERE t.period <> p.period) AS wrong_period
        FROM team_player_possession_stats t JOIN possessions p USING (possession_id)`);
    expect(Number(r.rows)).toBeGreaterThan(100_000);
    expect(Number(r.copies)).toBe(2 * Number(r.rows));
    expect(Number(r.under_offense)).toBe(Number(r.rows));
    expect(Number(r.under_defense)).toBe(Number(r.rows));
    expect(Number(r.wrong_period)).toBe(0);
  });

  it('carries the counters unchanged', async () => {
    const written = `SELECT * EXCLUDE (${CONTEXT}) FROM player_possession_stats`;
    const [mismatch] = await sql<{ n: number }>(`
      SELECT COUNT(*)::INTEGER AS n FROM (
        (SELECT * EXCLUDE (team_season, period) FROM team_player_possession_stats t
          WHERE t.team_season = (SELECT p.season::BIGINT * 10000000000 + p.off_team_id FROM possessions p WHERE p.possession_id = t.possession_id)
         EXCEPT ALL ${written})
        UNION ALL
        (${written}
         EXCEPT ALL SELECT * EXCLUDE (team_season, period) FROM team_player_possession_stats t
          WHERE t.team_season = (SELECT p.season::BIGINT * 10000000000 + p.def_team_id FROM possessions p WHERE p.possession_id = t.possession_id)))`);
    expect(mismatch!.n).toBe(0);
  });
});

/** The context columns player_possession_stats carries after the ingest (aggregates.ts playerPossessionContextBuilder). */
const CONTEXT = 'season, season_type, is_filtered_out, period, start_time, leverage, score_diff';

describe.skipIf(!HAS_DB)("player_possession_stats: each row carries its possession's context", () => {
  it("the possession's season, type, garbage flag, period, time and leverage, and the score from the player's team", async () => {
    const r = await one(`
      SELECT COUNT(*) AS rows,
             COUNT(*) FILTER (WHERE (s.season, s.season_type, s.is_filtered_out, s.period, s.start_time, s.leverage)
                                    IS DISTINCT FROM (p.season, p.season_type, p.is_filtered_out, p.period, p.start_time, p.leverage)) AS other_context,
             COUNT(*) FILTER (WHERE s.score_diff IS DISTINCT FROM CASE WHEN s.team_id = p.off_team_id THEN p.score_diff ELSE -p.score_diff END) AS other_score,
             COUNT(*) FILTER (WHERE s.is_offense <> (s.team_id = p.off_team_id)) AS other_side,
             COUNT(*) FILTER (WHERE s.score_diff <> 0) AS scored_apart,
             COUNT(DISTINCT s.leverage) AS leverages
        FROM player_possession_stats s JOIN possessions p USING (possession_id)`);
    expect(Number(r.rows)).toBeGreaterThan(100_000);
    expect(Number(r.other_context)).toBe(0);
    expect(Number(r.other_score)).toBe(0);
    expect(Number(r.other_side)).toBe(0);
    // not a column of zeros or of one leverage level
    expect(Number(r.scored_apart)).toBeGreaterThan(Number(r.rows) / 2);
    expect(Number(r.leverages)).toBe(4);
  });

  it('the rows the ingest wrote, each once, still in possession order', async () => {
    const r = await one(`
      SELECT COUNT(*) AS rows, COUNT(DISTINCT (possession_id, player_id)) AS keys,
             COUNT(*) FILTER (WHERE possession_id < before) AS out_of_order
        FROM (SELECT possession_id, player_id, lag(possession_id) OVER (ORDER BY rowid) AS before FROM player_possession_stats)`);
    expect(Number(r.keys)).toBe(Number(r.rows));
    expect(Number(r.out_of_order)).toBe(0);
  });
});

describe.skipIf(!HAS_DB)('the premise of team-season samples', () => {
  it('every player on the floor plays for a team of his player_seasons row that season', async () => {
    const [missing] = await sql<{ n: number; seen: number }>(`
      WITH onc AS (
        SELECT DISTINCT i.player_id, i.season, CASE WHEN i.is_offense THEN p.off_team_id ELSE p.def_team_id END AS team_id
          FROM player_possession_index i JOIN possessions p USING (possession_id))
      SELECT (SELECT COUNT(*) FROM onc)::INTEGER AS seen,
             COUNT(*)::INTEGER AS n
        FROM onc ANTI JOIN (SELECT player_id, season, unnest(team_ids) AS team_id FROM player_seasons) ps USING (player_id, season, team_id)`);
    expect(missing!.seen).toBeGreaterThan(500);
    expect(missing!.n).toBe(0);
  });
});

describe.skipIf(!HAS_DB)('the build refuses a database that breaks the premise', () => {
  it('stops when a player on the floor plays for a team missing from his player_seasons row', async () => {
    await onCopy(async (copy) => {
      const writer = await openStatsFileForWriting(copy);
      const { connection } = writer;
      try {
        const builder = AGGREGATE_BUILDERS.find((b) => b.name === 'team_possessions')!;
        await builder.build(connection); // the database as built: the premise holds
        // James's 2012-13 row names Boston instead of Miami.
        await connection.run('UPDATE player_seasons SET team_ids = [1610612738] WHERE player_id = 2544 AND season = 2012');
        await expect(builder.build(connection)).rejects.toThrow(
          /players on the floor for a team missing from their player_seasons row \(e\.g\. player 2544 in 2012\)/,
        );
      } finally {
        await writer.close();
      }
    });
  });
});

describe.skipIf(!HAS_DB)('every filter can be judged on team_possessions', () => {
  it('a lineup sample with every filter applied reads team_possessions and equals the same sample from possessions', async () => {
    // Miami's rotation of 2012-13 (by seconds) fills every slot filter, so the sample is Miami's possessions that
    // pass everything else; every filter of FILTERS is off its default (LineupAllOrAny at 'all': with 'any' and an
    // off-court player the index cannot narrow the sample).
    const rotation = await sql<{ player_id: number }>(
      `SELECT player_id FROM player_seasons WHERE season = 2012 AND season_type = 'regular' AND team_id = 1610612748 ORDER BY seconds DESC LIMIT 12`,
    );
    const ids = rotation.map((r) => r.player_id);
    // An opponent on the floor: the player of those opponents with the most seconds against Miami in its home
    // wins of the date range (the sample's games).
    const [against] = await sql<{ AGAINST: number }>(
      `SELECT p.d1 AS AGAINST FROM possessions p JOIN games g USING (game_id)
        WHERE p.season = 2012 AND p.off_team_id = 1610612748 AND g.home_team_id = 1610612748 AND g.home_pts > g.away_pts
          AND p.date BETWEEN DATE '2012-11-01' AND DATE '2013-06-30'
          AND p.def_team_id IN (1610612738, 1610612752, 1610612741, 1610612754, 1610612737, 1610612751)
        GROUP BY p.d1 ORDER BY sum(p.seconds) DESC LIMIT 1`,
    );
    const AGAINST = against!.AGAINST;
    const slots = ['pg', 'sg', 'sf', 'pf', 'c'].map((k) => ids.map((id) => `&${k}=${id}`).join('')).join('');
    const qs =
      'page=Players&season=2012&season_type=regular&season_type=playoffs&start_date=2012-11-01&end_date=2013-06-30&location=home&result=win' +
      '&days_rest_low=0&days_rest_high=3&is_garbage_time=false&period=1&period=4&period=7&time_into_game_low=60&time_into_game_high=3000' +
      '&score_diff_low=-20&score_diff_high=20&leverage=low&leverage=medium&leverage=high&opponent=BOS&opponent=NYK&opponent=CHI&opponent=IND&opponent=ATL&opponent=BKN' +
      '&opp_days_rest_low=1&opp_point_diff_rank_high=25&opp_off_rank_low=2&opp_def_rank_high=29' +
      `&on_court=2544${slots}&off_court=${ids[ids.length - 1]}&on_court_with=${ids[0]}&on_court_against=${AGAINST}`;
    const f = parseDataQuery(rawQueryFromSearchParams(new URLSearchParams(qs))).filters;
    // Clutch, or the second night of a back-to-back, with all of these leaves no possession: each is judged in a case of its own.
    expect(appliedFilterNames(f)).toEqual(FILTERS.map((d) => d.name).filter((n) => n !== 'LineupAllOrAny' && n !== 'Clutch' && n !== 'BackToBack'));
    await sameFromBothTables(f);
  });

  it('the second night of a back-to-back with a lineup filter reads team_possessions and equals the same sample from possessions', async () => {
    const qs = 'page=Players&season=2012&season_type=regular&season_type=playoffs&back_to_back=true&on_court=2544';
    const f = parseDataQuery(rawQueryFromSearchParams(new URLSearchParams(qs))).filters;
    expect(appliedFilterNames(f)).toEqual(['Season', 'SeasonType', 'BackToBack', 'OnCourt']);
    await sameFromBothTables(f);
  });

  it('the clutch preset with a leverage level and lineup filters reads team_possessions and equals the same sample from possessions', async () => {
    const qs = 'page=Players&season=2012&season_type=regular&season_type=playoffs&clutch=true&leverage=high&leverage=very_high&on_court=2544';
    const f = parseDataQuery(rawQueryFromSearchParams(new URLSearchParams(qs))).filters;
    expect(appliedFilterNames(f)).toEqual(['Season', 'SeasonType', 'Leverage', 'Clutch', 'OnCourt']);
    await sameFromBothTables(f);
  });
});

/** The lineup sample of `f` read by team-season from team_possessions equals the same sample from possessions. */
async function sameFromBothTables(f: AppliedFilters): Promise<void> {
  const summary = (lineupIndex: boolean) =>
    withScope(async (db) => {
      const drop = openSample(db, f, { lineupIndex });
      try {
        const b = new Params();
        const sample = await sampleSql(db, f, b, POSSESSION_COUNTER_COLUMNS);
        const [row] = await db.query<{ n: number; h: string }>(
          `SELECT COUNT(*)::INTEGER AS n, SUM(hash(possession_id, off_ok, def_ok, pts, o1, d5))::VARCHAR AS h FROM (${sample.sql})`,
          b.values,
        );
        return { byTeam: sample.teamSeasons !== null, n: row!.n, h: row!.h };
      } finally {
        await drop();
      }
    });
  const byTeam = await summary(true);
  const fromPossessions = await summary(false);
  expect(byTeam.byTeam).toBe(true);
  expect(fromPossessions.byTeam).toBe(false);
  expect(byTeam.n).toBeGreaterThan(50);
  expect({ n: byTeam.n, h: byTeam.h }).toEqual({ n: fromPossessions.n, h: fromPossessions.h });
}

/** Runs `fn` on a copy of the test database in a temporary folder (removed after), with the folder. */
async function onCopy(fn: (copy: string, dir: string) => Promise<void>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stats-copy-'));
  const copy = path.join(dir, 'stats.duckdb');
  fs.copyFileSync(DB_PATH, copy);
  try {
    await fn(copy, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe.skipIf(!HAS_DB)('rebuilding derived tables in an existing database (scripts/build-aggregates.ts)', () => {
  const builder = (name: string) => {
    const b = AGGREGATE_BUILDERS.find((x) => x.name === name)!;
    return { name, build: (connection: Parameters<typeof b.build>[0]) => b.build(connection) };
  };

  // - A build of 2003-04..2007-08 ran out of DuckDB's 640 MB at state_player_sums when the state tables were one
  //   aggregation over every season; on the test database the same happens under 320 MB. A season at a time, each
  //   aggregation holds one season.
  // - With each step in an explicit transaction, DuckDB 1.5 stored the tables built a season at a time but the same
  //   session read them back empty: state_player_sums, built from state_on_court_sums, lost its on-court rows.
  it("rebuilds state_on_court_sums, then state_player_sums from it, in one run within 320 MB: both equal the ingest's, row for row", async () => {
    await onCopy(async (copy, dir) => {
      await rebuildInPlace(copy, [builder('state_on_court_sums'), builder('state_player_sums')], { memoryLimit: '320MB', log: () => {} });
      // the rebuilt file and its checksum (coreutils' sha256sum agrees with it)
      expect(fs.readdirSync(dir)).toEqual(['stats.duckdb', 'stats.duckdb.sha256']);
      expect(spawnSync('sha256sum', ['--check', 'stats.duckdb.sha256'], { cwd: dir, encoding: 'utf8' }).stdout).toBe('stats.duckdb: OK\n');
      const instance = await DuckDBInstance.create(':memory:');
      const connection = await instance.connect();
      try {
        await connection.run(`ATTACH '${copy}' AS db (READ_ONLY)`);
        await connection.run(`ATTACH '${DB_PATH}' AS built (READ_ONLY)`);
        for (const name of ['state_on_court_sums', 'state_player_sums']) {
          const [diff] = (
            await connection.runAndReadAll(`
            SELECT (SELECT COUNT(*) FROM db.${name})::INTEGER AS n,
                   (SELECT COUNT(*) FROM (FROM db.${name} EXCEPT ALL FROM built.${name}))::INTEGER AS extra,
                   (SELECT COUNT(*) FROM (FROM built.${name} EXCEPT ALL FROM db.${name}))::INTEGER AS missing`)
          ).getRowObjectsJS();
          expect(Number(diff!.n), name).toBeGreaterThan(100_000);
          expect([Number(diff!.extra), Number(diff!.missing)], name).toEqual([0, 0]);
        }
      } finally {
        connection.closeSync();
        instance.closeSync();
      }
    });
  });

  it('leaves the file as it was, and no copy, when a step fails', async () => {
    await onCopy(async (copy, dir) => {
      const before = fs.readFileSync(copy);
      const failing = {
        name: 'failing',
        build: async () => {
          throw new Error('failed on purpose');
        },
      };
      await expect(rebuildInPlace(copy, [builder('state_team_sums'), failing], { log: () => {} })).rejects.toThrow('failed on purpose');
      expect(fs.readFileSync(copy).equals(before)).toBe(true);
      expect(fs.readdirSync(dir)).toEqual(['stats.duckdb']);
    });
  });
});
