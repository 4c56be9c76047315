/**
 * The `schedule` table written from the recorded 2023-24 schedule (recorded-feed/schedule/live_nba_2023.json) into
 * a DuckDB file with the stats schema's own CREATE TABLE: every kept game with both teams known, its date the
 * league's gameDateEst, and a second write replaces the first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { SCHEMA_PATH } from '../../../../../src/server/db/schema.ts';
import { writeSchedule } from '../../../../../src/server/ingest/season/scheduleTable.ts';

const RECORDED = 'recorded-feed/schedule/live_nba_2023.json';

describe('writeSchedule', () => {
  let dir: string;
  let inst: DuckDBInstance;
  let c: DuckDBConnection;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schedule-table-'));
    inst = await DuckDBInstance.create(path.join(dir, 'stats.duckdb'));
    c = await inst.connect();
    const ddl = /CREATE TABLE schedule \([\s\S]*?\n\);/.exec(fs.readFileSync(SCHEMA_PATH, 'utf8'))![0];
    await c.run(ddl);
  });
  afterAll(() => {
    c.closeSync();
    inst.closeSync();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("writes the recorded schedule's games with the league's dates, and a second write replaces the first", async () => {
    const text = fs.readFileSync(RECORDED, 'utf8');
    // The file's own count: games of ids 002… or 004… whose two teams are named (team id not 0).
    const days = JSON.parse(text).leagueSchedule.gameDates as { games: { gameId: string; homeTeam: { teamId: number }; awayTeam: { teamId: number } }[] }[];
    const kept = days.flatMap((d) => d.games).filter((g) => /^00[24]/.test(g.gameId) && g.homeTeam.teamId !== 0 && g.awayTeam.teamId !== 0);
    expect(await writeSchedule(c, text)).toBe(kept.length);
    expect(await writeSchedule(c, text)).toBe(kept.length);
    const read = async (sql: string) => (await c.runAndReadAll(sql)).getRowObjectsJS();
    const [all] = await read(`SELECT count(*)::INTEGER AS n, strftime(min(date), '%Y-%m-%d') AS first, strftime(max(date), '%Y-%m-%d') AS last FROM schedule`);
    expect(all).toEqual({ n: kept.length, first: '2023-10-24', last: '2024-04-14' });
    const [opener] = await read(
      `SELECT game_code, season, season_type, strftime(date, '%Y-%m-%d') AS date, away_abbr, home_abbr, status FROM schedule WHERE game_id = 22300061`,
    );
    expect(opener).toEqual({
      game_code: '0022300061',
      season: 2023,
      season_type: 'regular',
      date: '2023-10-24',
      away_abbr: 'LAL',
      home_abbr: 'DEN',
      status: 1,
    });
    expect(await writeSchedule(c, null)).toBe(0);
    const [none] = await read('SELECT count(*)::INTEGER AS n FROM schedule');
    expect(none).toEqual({ n: 0 });
  });
});
