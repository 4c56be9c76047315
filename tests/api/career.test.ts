/**
 * Player bio and career on the test database (2012-13, 2022-23) against published facts and the raw nba-data
 * files: LeBron James 2012-13 76 games, 2,036 points, age 28, salary $17,545,000, first pick of 2003.
 */
import { describe, expect, it } from 'vitest';
import { playerCareer } from '../../src/server/stats/career';
import { playerBio } from '../../src/server/stats/playerBio';
import { playerRecord } from '../../src/server/stats/players';
import { HAS_DB } from './helpers';

const LEBRON = 2544;

describe.skipIf(!HAS_DB)('player career and bio', () => {
  it('has every season he played and totals that add up', async () => {
    const c = await playerCareer(LEBRON);
    const seasons = c.rows.map((r) => `${r.season} ${r.season_type}`);
    expect(seasons).toEqual(['2022-23 playoffs', '2022-23 regular', '2012-13 regular']);
    const r2012 = c.rows.find((r) => r.season === '2012-13')!;
    expect(r2012).toMatchObject({ games: 76, pts: 2036, team: 'MIA', position: 'forward' });
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
    const lebron = (await playerRecord(LEBRON))!;
    const b = await playerBio(lebron, [2012]);
    expect(b).toMatchObject({ season: '2012-13', age: 28, draft: { year: 2003, round: 1, pick: 1 }, salary: 17_545_000, first_league_season: '2003-04', season_in_league: 10 });
    expect(b.teams.map((t) => t.abbr)).toEqual(['MIA']);
    const later = await playerBio(lebron, [2022]);
    expect(later).toMatchObject({ season: '2022-23', age: 38, salary: null, salary_note: 'No salary data after 2019-20' });
    // An unknown id has no record, hence no bio.
    expect(await playerRecord(999_999_999)).toBeNull();
  });
});
