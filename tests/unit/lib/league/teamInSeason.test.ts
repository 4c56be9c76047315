/**
 * A team as it was in a season (teamInSeason, src/lib/league/franchises.ts), checked against the archive's own
 * abbreviations: games.parquet names both teams of every game of 2003-04..2022-23 as of that season, and the
 * official team box scores (2003-04..2012-13) carry the full name the team played under.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { config } from '../../../../src/server/config';
import { TEAMS, teamByAbbr, teamInSeason } from '../../../../src/lib/league/franchises';

const dataDir = config.nbaDataDir;
const hasData = fs.existsSync(path.join(dataDir, 'games.parquet'));
const startYear = (season: string) => Number(season.slice(0, 4));

async function rows(sql: string): Promise<Record<string, unknown>[]> {
  const c = await (await DuckDBInstance.create(':memory:', { threads: '1' })).connect();
  return (await c.runAndReadAll(sql)).getRowObjectsJS();
}

describe.skipIf(!hasData)('teamInSeason against the archive', () => {
  it('gives every team of every season the abbreviation its games carry (games.parquet, 2003-04..2022-23)', async () => {
    const seen = await rows(`
      SELECT team_id, season, string_agg(DISTINCT abbr) AS abbrs FROM (
        SELECT HOME_TEAM_ID AS team_id, SEASON AS season, HOME_TEAM_ABBREVIATION AS abbr FROM '${path.join(dataDir, 'games.parquet')}'
        UNION ALL
        SELECT AWAY_TEAM_ID, SEASON, AWAY_TEAM_ABBREVIATION FROM '${path.join(dataDir, 'games.parquet')}')
      GROUP BY ALL ORDER BY season, team_id`);
    const seasons = new Set(seen.map((r) => String(r.season)));
    expect(seasons.size).toBe(20);
    expect(seen.length).toBeGreaterThan(590); // 29 teams in 2003-04, 30 from 2004-05
    const wrong: string[] = [];
    for (const r of seen) {
      const season = startYear(String(r.season));
      const abbr = String(r.abbrs);
      const then = teamInSeason(Number(r.team_id), season);
      if (then?.abbr !== abbr) wrong.push(`${r.team_id} ${r.season}: data ${abbr}, ours ${then?.abbr}`);
      // Looked up by that season's abbreviation, the same franchise, as it was then.
      if (teamInSeason(abbr, season)?.teamId !== Number(r.team_id)) wrong.push(`${abbr} ${r.season} names another franchise`);
    }
    expect(wrong).toEqual([]);
  });

  it('gives every team of 2003-04..2012-13 the full name of its official box scores', async () => {
    const seen = await rows(
      `SELECT TEAM_ID AS team_id, SEASON AS season, string_agg(DISTINCT TEAM_NAME) AS names FROM '${path.join(dataDir, 'team-box-scores.parquet')}' GROUP BY ALL`,
    );
    expect(seen.length).toBeGreaterThan(290);
    const wrong = seen
      .filter((r) => teamInSeason(Number(r.team_id), startYear(String(r.season)))?.name !== String(r.names))
      .map((r) => `${r.team_id} ${r.season}: data ${r.names}, ours ${teamInSeason(Number(r.team_id), startYear(String(r.season)))?.name}`);
    expect(wrong).toEqual([]);
  });
});

describe('teamInSeason', () => {
  it('names the renamed franchises after the box scores end (2013-14 on)', () => {
    expect(teamInSeason('CHA', 2013)?.name).toBe('Charlotte Bobcats');
    expect(teamInSeason('CHA', 2014)?.name).toBe('Charlotte Hornets');
    expect(teamInSeason('NOP', 2012)?.name).toBe('New Orleans Hornets');
    expect(teamInSeason('NOP', 2013)?.name).toBe('New Orleans Pelicans');
    expect(teamInSeason('NOK', 2022)?.abbr).toBe('NOP');
    expect(teamInSeason('BKN', 2012)?.name).toBe('Brooklyn Nets');
    expect(teamInSeason('SEA', 2008)?.name).toBe('Oklahoma City Thunder');
  });

  it('keeps the franchise as it is today for team pages and URLs', () => {
    const hornets = teamInSeason('NOP', 2012)!;
    expect(hornets.abbr).toBe('NOH');
    expect(hornets.franchise.abbr).toBe('NOP');
    expect(hornets.teamId).toBe(teamByAbbr('NOP')!.teamId);
    expect(teamInSeason('nop', 2012)?.abbr).toBe('NOH');
    expect(teamInSeason('XYZ', 2012)).toBeUndefined();
  });

  it('has a roundel for every abbreviation a team played under', () => {
    const abbrs = new Set(TEAMS.flatMap((t) => [t.abbr, ...(t.formerNames ?? []).map((n) => n.abbr)]));
    const missing = [...abbrs].filter((a) => !fs.existsSync(path.resolve('public/img/teams', `${a.toLowerCase()}.png`)));
    expect(missing).toEqual([]);
    // Every former abbreviation is also one the franchise answers to (teamByAbbr, routes' redirects).
    for (const t of TEAMS) for (const n of t.formerNames ?? []) expect(n.abbr === t.abbr || t.historicalAbbrs.includes(n.abbr)).toBe(true);
  });
});
