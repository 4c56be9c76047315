/**
 * Player bio and career on the test database (2012-13, 2022-23) against published facts and the raw nba-data
 * files: LeBron James 2012-13 76 games, 2,036 points, age 28, salary $17,545,000, first pick of 2003 (the league's
 * own figures in player-bios.parquet and salaries.csv); 2022-23 55 games, 1,590 points (published season totals).
 * The last test reads the same figures from the raw files themselves, so the literals are not our own output.
 */
import { describe, expect, it } from 'vitest';
import { playerBio, playerCareer, playerRecord } from '../../src/server/stats/answers/reads';
import { seasonLabel } from '../../src/lib/filters/filterDefinitions';
import { call, HAS_DB, rawFile, rawSql, sql } from './helpers';

/** Who asks, for the query queue's per-client count. */
const ASKER = { client: 'test' };

const LEBRON = 2544;

describe.skipIf(!HAS_DB)('player career and bio', () => {
  it('has every season he played and totals that add up', async () => {
    const c = await playerCareer(ASKER, LEBRON);
    const seasons = c.rows.map((r) => `${r.season} ${r.season_type}`);
    // Every season (and season type) of the database in which he was on the floor, newest first: the test
    // database's two seasons, or all twenty of the full one.
    const played = await sql<{ season: number; season_type: string }>(
      `SELECT DISTINCT season, season_type FROM possessions
        WHERE ${LEBRON} IN (o1, o2, o3, o4, o5, d1, d2, d3, d4, d5) ORDER BY season DESC, season_type`,
    );
    expect(played.length).toBeGreaterThan(1);
    expect(seasons).toEqual(played.map((p) => `${seasonLabel(p.season)} ${p.season_type}`));
    const r2012 = c.rows.find((r) => r.season === '2012-13')!;
    expect(r2012).toMatchObject({ games: 76, pts: 2036, team: 'MIA', position: 'forward' });
    expect(c.rows.find((r) => r.season === '2022-23' && r.season_type === 'regular')).toMatchObject({ games: 55, pts: 1590, team: 'LAL' });
    const regular = c.totals.find((t) => t.season_type === 'regular')!;
    const rows = c.rows.filter((r) => r.season_type === 'regular');
    expect(regular.games).toBe(rows.reduce((n, r) => n + r.games, 0));
    expect(regular.pts).toBe(rows.reduce((n, r) => n + r.pts, 0));
    expect(regular.sec).toBe(rows.reduce((n, r) => n + r.sec, 0));
    // Percentiles in 0-100 for his qualified seasons, none on totals.
    for (const v of Object.values(r2012.percentiles)) expect(v === null || (v >= 0 && v <= 100)).toBe(true);
    expect(Object.values(r2012.percentiles).some((v) => v !== null)).toBe(true);
    expect(Object.values(regular.percentiles).every((v) => v === null)).toBe(true);
  });

  it('the bio of a season: age, draft, salary, teams', async () => {
    const lebron = (await playerRecord(ASKER, LEBRON))!;
    const b = await playerBio(ASKER, lebron, [2012]);
    expect(b).toMatchObject({
      season: '2012-13',
      age: 28,
      draft: { year: 2003, round: 1, pick: 1 },
      salary: 17_545_000,
      first_league_season: '2003-04',
      season_in_league: 10,
    });
    expect(b.teams.map((t) => t.abbr)).toEqual(['MIA']);
    const later = await playerBio(ASKER, lebron, [2022]);
    expect(later).toMatchObject({ season: '2022-23', age: 38, salary: null, salary_note: 'No salary data after 2019-20' });
    // An unknown id has no record, hence no bio.
    expect(await playerRecord(ASKER, 999_999_999)).toBeNull();
  });

  it('the figures above are the raw files\' own: player-bios, salaries.csv and the "(n PTS)" counters', async () => {
    const [bio] = await rawSql<Record<string, unknown>>(
      `SELECT GP, PTS, AGE, DRAFT_YEAR, DRAFT_ROUND, DRAFT_NUMBER, TEAM_ABBREVIATION FROM read_parquet($1) WHERE PLAYER_ID = $2 AND SEASON = '2012-13'`,
      [rawFile('player-bios.parquet'), LEBRON],
    );
    expect(bio).toEqual({ GP: 76, PTS: 2036, AGE: 28, DRAFT_YEAR: '2003', DRAFT_ROUND: '1', DRAFT_NUMBER: '1', TEAM_ABBREVIATION: 'MIA' });
    const [salary] = await rawSql<{ SALARY: number }>(`SELECT SALARY FROM read_csv($1) WHERE PLAYER_NAME = 'LeBron James' AND SEASON = '2012-13'`, [
      rawFile('salaries.csv'),
    ]);
    expect(salary!.SALARY).toBe(17_545_000);
    // His points of a game are the last "(n PTS)" counter of his made shots and free throws; summed over games.
    const fromCounters = async (season: string) =>
      (
        await rawSql<{ games: number; pts: number }>(
          `SELECT count(*)::INTEGER AS games, sum(p)::INTEGER AS pts FROM (
           SELECT GAME_ID, max(TRY_CAST(regexp_extract(concat_ws(' ', HOMEDESCRIPTION, VISITORDESCRIPTION), '\\((\\d+) PTS\\)', 1) AS INTEGER)) AS p
             FROM read_parquet($1) WHERE PLAYER1_ID = $2 AND EVENTMSGTYPE IN (1, 3) GROUP BY GAME_ID)`,
          [rawFile('pbp', 'regular', `${season}.parquet`), LEBRON],
        )
      )[0];
    expect(await fromCounters('2012-13')).toEqual({ games: 76, pts: 2036 });
    expect(await fromCounters('2022-23')).toEqual({ games: 55, pts: 1590 });
  });

  it('GET /api/player_career answers the same rows; 404 and 400 for bad ids', async () => {
    const { status, body } = await call('/api/player_career?player_id=2544', null);
    expect(status).toBe(200);
    const r2012 = body.rows.find((r: { season: string; season_type: string }) => r.season === '2012-13' && r.season_type === 'regular');
    expect(r2012).toMatchObject({ games: 76, pts: 2036, team: 'MIA' });
    expect((await call('/api/player_career?player_id=999999999', null)).status).toBe(404);
    expect((await call('/api/player_career?player_id=abc', null)).status).toBe(400);
  });
});
