/**
 * The season catalogue follows the stats file served: small DuckDB files made with the project's schema, served
 * through the real pool (STATS_DB_PATH) and switched as SIGHUP does (reloadStatsDb). After the switch to a file
 * holding the first game of a new season, the stats API's answers say the new "data through" date, the new season
 * is accepted and becomes the default, and it is the season under way.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installStatsFile, type SmallGame } from '../../../support/smallStatsFile';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'season-switch-'));
const live = path.join(dir, 'stats.duckdb');
process.env.STATS_DB_PATH = live;

/** A stats file of the current schema holding `games`, renamed over the live path. */
const install = (games: SmallGame[]) => installStatsFile(live, games);

/** An answer of the stats API's one response layer, and the season it defaults to. */
async function answer(): Promise<{ through: string | null; defaultSeason: number }> {
  const { handle, json } = await import('../../../../src/server/stats/request/http.ts');
  const { parseDataQuery } = await import('../../../../src/lib/params/apiParams.ts');
  let defaultSeason = 0;
  const r = await handle(async () => {
    defaultSeason = parseDataQuery({ page: ['League'] }).filters.seasons[0]!;
    return json({});
  });
  return { through: r.headers.get('Data-Through'), defaultSeason };
}

beforeAll(async () => {
  await install([
    { id: 22201230, season: 2022, type: 'regular', date: '2023-04-09' },
    { id: 42200405, season: 2022, type: 'playoffs', date: '2023-06-12' },
  ]);
});
afterAll(async () => {
  const { closeStatsDb } = await import('../../../../src/server/db/statsDb.ts');
  await closeStatsDb();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the season catalogue across a switch of stats file', () => {
  it('a new season joins with its first game: Data-Through, the default and the accepted seasons follow the file', async () => {
    const { parseDataQuery } = await import('../../../../src/lib/params/apiParams.ts');
    const { seasonInProgress } = await import('../../../../src/lib/league/seasons.ts');
    expect(await answer()).toEqual({ through: '2023-06-12', defaultSeason: 2022 });
    expect(() => parseDataQuery({ page: ['League'], season: ['2023'] })).toThrow(expect.objectContaining({ param: 'season' }));
    expect(seasonInProgress()).toBeNull();

    const { reloadStatsDb } = await import('../../../../src/server/db/statsDb.ts');
    await install([
      { id: 22201230, season: 2022, type: 'regular', date: '2023-04-09' },
      { id: 42200405, season: 2022, type: 'playoffs', date: '2023-06-12' },
      { id: 22300061, season: 2023, type: 'regular', date: '2023-10-24' },
    ]);
    expect(await reloadStatsDb()).toMatchObject({ outcome: 'switched' });
    expect(await answer()).toEqual({ through: '2023-10-24', defaultSeason: 2023 });
    expect(parseDataQuery({ page: ['League'], season: ['2023-24'] }).filters.seasons).toEqual([2023]);
    expect(seasonInProgress()).toMatchObject({ season: 2023 });
  });
});
