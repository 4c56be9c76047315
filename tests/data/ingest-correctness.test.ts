/**
 * Full-data correctness of the stats database at STATS_DB_PATH (the test runner builds data/test-stats.duckdb
 * with 2012-13 and 2022-23): the checks of `npm run verify:data` against the official box scores, the
 * lineup-changes files and the possession rules, with the correctness thresholds, and the play-by-play's own
 * oracles (final score, points per period, running counters; 2022-23 has duplicated rows).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { config } from '../../src/server/config.ts';
import { checkOracles, checkPlusMinus, ORACLE_GOALS, PLUS_MINUS_GOALS, plusMinusPasses, seasonPasses } from '../../src/server/ingest/verify/oracles.ts';
import { seasonLabel } from '../../src/server/ingest/read/read.ts';
import { THRESHOLDS, checkLineupChanges, checkLineups, checkPossessions, checkTeamBox } from '../../src/server/ingest/verify/verify.ts';

const dbPath = config.statsDbPath;
const present = fs.existsSync(dbPath);
if (!present) console.warn(`tests/data skipped: no stats database at ${dbPath} (build it with npm run ingest)`);

describe.skipIf(!present)(`stats database ${dbPath}`, () => {
  let instance: DuckDBInstance;
  let conn: DuckDBConnection;
  beforeAll(async () => {
    instance = await DuckDBInstance.create(dbPath, { access_mode: 'READ_ONLY' });
    conn = await instance.connect();
  });
  afterAll(() => {
    conn?.closeSync();
    instance?.closeSync();
  });

  it('was built completely: ingest_meta present, no game skipped', async () => {
    const meta = (await conn.runAndReadAll('SELECT * FROM ingest_meta')).getRowObjectsJS();
    expect(meta).toHaveLength(1);
    expect(Number(meta[0]!.games_skipped)).toBe(0);
    expect(Number(meta[0]!.games_parsed)).toBeGreaterThan(0);
  });

  it('matches the official team box score in at least 99.9 % of team-games for every stat and team minutes', async () => {
    const box = await checkTeamBox(conn, config.nbaDataDir);
    // the raw data has official box scores for the database's seasons: missing ones fail here, not pass unchecked
    expect(box, `team-box-scores in ${config.nbaDataDir}`).not.toBeNull();
    expect(box!.seasons.length).toBeGreaterThan(0);
    expect(box!.stats.length).toBeGreaterThan(0);
    for (const s of box!.stats) expect({ stat: s.stat, ok: s.shareExplained >= THRESHOLDS.teamBox }).toEqual({ stat: s.stat, ok: true });
  });

  it('has every player who acts in an event on our court in at least 99.99 % of cases', async () => {
    const l = await checkLineups(conn);
    expect(l.actorEvents).toBeGreaterThan(0);
    expect(l.actorShare).toBeGreaterThanOrEqual(THRESHOLDS.actorOnCourt);
  });

  it('has five players per team at every event and player seconds summing to 5 x game length', async () => {
    const l = await checkLineups(conn);
    expect(l.lineupFive).toBe(l.lineupEvents);
    expect(l.teamGamesSecondsOk).toBe(l.teamGames);
  });

  it('alternates possessions: within 1 per period, within 2 per game except overtime games explained by their periods', async () => {
    const p = await checkPossessions(conn);
    expect(p.unbalancedPeriods).toBe(0);
    expect(p.balanced + p.explainedByPeriods).toBe(p.games);
  });

  it('has a plausible number of possessions per team-game in every season', async () => {
    const p = await checkPossessions(conn);
    const [lo, hi] = THRESHOLDS.possessionsPerTeamGame;
    for (const s of p.perSeason) {
      expect(s.perTeamGame).toBeGreaterThanOrEqual(lo);
      expect(s.perTeamGame).toBeLessThanOrEqual(hi);
    }
  });

  it('agrees with the third-party lineup-changes files in at least 97.5 % of events, and acting players side with us', async () => {
    const seasons = (await conn.runAndReadAll('SELECT DISTINCT season FROM games')).getRowObjectsJS().map((r) => Number(r.season));
    const lc = await checkLineupChanges(config.nbaDataDir, seasons);
    if (!lc) return; // no lineup-changes season (2010-11..2014-15) in this database
    expect(lc.share).toBeGreaterThanOrEqual(THRESHOLDS.lineupChanges);
    expect(lc.actorSupportsOurs).toBeGreaterThan(lc.actorSupportsTheirs);
  });

  it("meets the play-by-play's own oracles in every season: final score, points per period, running counters", async () => {
    const r = await checkOracles(conn, config.nbaDataDir);
    // one row per season and season type of the database, each with all its games
    const held = (await conn.runAndReadAll('SELECT season, season_type, count(*) AS games FROM games GROUP BY ALL')).getRowObjectsJS();
    expect(r.rows.map((x) => `${x.season} ${x.seasonType} ${x.games}`).sort()).toEqual(
      held.map((x) => `${x.season} ${x.season_type} ${Number(x.games)}`).sort(),
    );
    // (a) every game's final score is the last SCORE of its play-by-play
    expect(r.scoreMisses.filter((m) => m.period === 0)).toEqual([]);
    for (const row of r.rows) {
      expect(row.finalOk).toBe(row.games);
      expect(row.periodOk / row.periodChecks).toBeGreaterThanOrEqual(ORACLE_GOALS.periodPoints);
      for (const k of ['pts', 'ast', 'reb'] as const) {
        expect(row[k].n, `${row.season} ${row.seasonType} ${k} counters`).toBeGreaterThan(0);
        // misses where the published counters themselves jump are data gaps, listed in ingest_report
        expect((row[k].ok + row[k].gaps) / row[k].n, `${row.season} ${row.seasonType} ${k}`).toBeGreaterThanOrEqual(ORACLE_GOALS.counters);
      }
      expect(Object.values(seasonPasses(row)).every(Boolean)).toBe(true);
    }
  });

  it('sums plus/minus to 5 x the margin in every team-game, and credits technical free throws to the ten at their foul', async () => {
    const rows = await checkPlusMinus(conn);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      const label = `${seasonLabel(r.season)} ${r.seasonType}`;
      expect(r.sumOk, label).toBe(r.teamGames);
      expect(r.technicalFts, label).toBeGreaterThan(0);
      // every technical free throw but those whose foul is missing from the data follows a technical at its dead ball
      expect(r.technicalFtsWithFoul / r.technicalFts, label).toBeGreaterThanOrEqual(0.995);
      expect(r.technicalShooterAtFoul / r.technicalFts, label).toBeGreaterThanOrEqual(PLUS_MINUS_GOALS.technicalShooterAtFoul);
      // the rule moves points in some player-games of every season (the ten changed between foul and shot)
      expect(r.changedByTechnicals, label).toBeGreaterThan(0);
      expect(Object.values(plusMinusPasses(r)).every(Boolean), label).toBe(true);
    }
  });

  it('dropped the duplicated event rows of 2022-23 in the read step and none in 2012-13', async () => {
    const rows = (await conn.runAndReadAll('SELECT season, season_type, duplicates_dropped FROM ingest_read_stats')).getRowObjectsJS();
    const dropped = (season: number) => rows.filter((x) => Number(x.season) === season).reduce((s, x) => s + Number(x.duplicates_dropped), 0);
    // Independent count: rows identical in every column to the row published just before them, straight from the
    // raw file (file order). The nba-data README ("Duplicated event rows") measured 0 in 2012-13 and 14 in 2022-23.
    const published = async (season: number, seasonType: string): Promise<number> => {
      const file = path.join(config.nbaDataDir, 'pbp', seasonType, `${seasonLabel(season)}.parquet`);
      const r = (
        await conn.runAndReadAll(
          `WITH t AS (SELECT file_row_number AS rn, struct_pack(*COLUMNS(* EXCLUDE (file_row_number))) AS c FROM read_parquet($f, file_row_number = true))
         SELECT count(*) AS n FROM (SELECT c, lag(c) OVER (ORDER BY rn) AS prev FROM t) WHERE c = prev`,
          { f: file },
        )
      ).getRowObjectsJS();
      return Number(r[0]!.n);
    };
    const checked = rows.filter((x) => [2012, 2022].includes(Number(x.season)));
    expect(checked.length, 'the database holds 2012-13 or 2022-23').toBeGreaterThan(0);
    for (const x of checked) {
      const expected = await published(Number(x.season), String(x.season_type));
      expect(Number(x.duplicates_dropped), `${x.season} ${x.season_type}`).toBe(expected);
    }
    if (checked.some((x) => Number(x.season) === 2012)) expect(dropped(2012)).toBe(0); // none in 2012-13
    if (checked.some((x) => Number(x.season) === 2022 && x.season_type === 'regular')) {
      expect(Number(rows.find((x) => Number(x.season) === 2022 && x.season_type === 'regular')!.duplicates_dropped)).toBe(14); // 14 in 2022-23
    }
    const listed = (await conn.runAndReadAll(`SELECT count(*) AS n FROM ingest_report WHERE kind = 'duplicate_row_dropped'`)).getRowObjectsJS();
    expect(Number(listed[0]!.n)).toBe(rows.reduce((s, x) => s + Number(x.duplicates_dropped), 0));
  }, 180_000);

  it('gives the published 2012-13 season totals of three players (basketball-reference.com)', async () => {
    const seasons = (await conn.runAndReadAll('SELECT DISTINCT season FROM games')).getRowObjectsJS().map((r) => Number(r.season));
    if (!seasons.includes(2012)) return;
    const rows = (
      await conn.runAndReadAll(`SELECT player_id, count(*) FILTER (WHERE seconds > 0) AS g,
        round(sum(seconds) / 60) AS min, sum(pts) AS pts, sum(fg3m) AS fg3m, sum(ast) AS ast, sum(oreb + dreb) AS reb
      FROM player_games WHERE season = 2012 AND season_type = 'regular' AND player_id IN (2544, 201939, 201142)
      GROUP BY player_id ORDER BY player_id`)
    )
      .getRowObjectsJS()
      .map((r) => Object.values(r).map(Number));
    expect(rows).toEqual([
      [2544, 76, 2877, 2036, 103, 551, 610], // LeBron James
      [201142, 81, 3119, 2280, 139, 374, 640], // Kevin Durant
      [201939, 78, 2983, 1786, 272, 539, 314], // Stephen Curry (272 threes, the record then)
    ]);
  });

  it('ranks opponents 1 to 30 and caps days rest at 5', async () => {
    const r = (
      await conn.runAndReadAll(`SELECT min(opp_point_diff_rank) AS lo, max(opp_point_diff_rank) AS hi,
        max(opp_off_rank) AS ohi, max(opp_def_rank) AS dhi, min(days_rest) AS rlo, max(days_rest) AS rhi,
        count(*) FILTER (WHERE days_rest = 0) AS b2b FROM team_games WHERE season = 2022`)
    ).getRowObjectsJS()[0]!;
    expect([Number(r.lo), Number(r.hi), Number(r.ohi), Number(r.dhi)]).toEqual([1, 30, 30, 30]);
    expect([Number(r.rlo), Number(r.rhi)]).toEqual([0, 5]);
    expect(Number(r.b2b)).toBeGreaterThan(0);
  });
});
