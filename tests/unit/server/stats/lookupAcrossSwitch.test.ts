/**
 * A lookup kept across requests (the player list) follows the stats file served: small DuckDB files made with the
 * project's schema, served through the real pool (STATS_DB_PATH) and switched as SIGHUP does (reloadStatsDb). A
 * request that began on the old file and reads the list after the switch gets the old file's list for itself; the
 * list kept for everyone else is the new file's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { installStatsFile } from '../../../support/smallStatsFile';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lookup-switch-'));
const live = path.join(dir, 'stats.duckdb');
process.env.STATS_DB_PATH = live;

/** A stats file of the current schema with `games` games of 2022-23 and one player, called `name`, renamed over the live path. */
async function install(name: string, games: number): Promise<void> {
  const list = Array.from({ length: games }, (_, i) => ({ id: 22200001 + i, season: 2022, type: 'regular' as const, date: `2022-10-${19 + i}` }));
  await installStatsFile(live, list, async (c) => {
    await c.run(
      `INSERT INTO players (player_id, name, first_name, last_name, slug, first_season, last_season)
       VALUES (203999, $1, split_part($1, ' ', 1), split_part($1, ' ', 2), 'x', 2022, 2022)`,
      [name],
    );
    await c.run(
      `INSERT INTO player_seasons (player_id, season, season_type, team_id, team_ids, games, seconds, position, position_score)
       VALUES (203999, 2022, 'regular', 1610612743, [1610612743], 1, 2000, 'big', 5.0)`,
    );
  });
}

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a lookup kept across requests, across a switch of files', () => {
  it("a request still on the old file reads the old list for itself; the list kept is the new file's", async () => {
    await install('Old Name', 1);
    const { reloadStatsDb, statsDb, withScope } = await import('../../../../src/server/db/statsDb.ts');
    const { listPlayers } = await import('../../../../src/server/stats/entities/playerList.ts');
    expect((await listPlayers(statsDb)).map((p) => p.name)).toEqual(['Old Name']);
    const seen = await withScope(async (oldScope) => {
      // The file is replaced and the server switches while this request holds its scope on the old file.
      await install('New Name', 2);
      expect(await reloadStatsDb()).toMatchObject({ outcome: 'switched' });
      return (await listPlayers(oldScope)).map((p) => p.name);
    });
    expect(seen).toEqual(['Old Name']);
    expect((await listPlayers(statsDb)).map((p) => p.name)).toEqual(['New Name']);
  });
});
