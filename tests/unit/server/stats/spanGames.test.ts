/**
 * The games of a traded player's spans (src/server/statsSchema/derivedTables.ts spanGamesSql), on DuckDB in memory with a season written
 * here: his games for each team decide his stints, and each stint covers its team's games from its first to its
 * last game, so a player who left a team and came back is not measured against its games while he was away.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { spanGamesSql } from '../../../../src/server/statsSchema/derivedTables';

const A = 1;
const B = 2;
const C = 3;
/** Days 1..12 of the season: every team plays every day, game id = team * 100 + day. */
const DAYS = Array.from({ length: 12 }, (_, i) => i + 1);
const day = (d: number) => `DATE '2022-11-${String(d).padStart(2, '0')}'`;

let conn: DuckDBConnection;

beforeAll(async () => {
  conn = await (await DuckDBInstance.create(':memory:')).connect();
  await conn.run('CREATE TABLE team_games (team_id INTEGER, game_id INTEGER, season SMALLINT, season_type VARCHAR, date DATE)');
  await conn.run('CREATE TABLE player_games (player_id INTEGER, team_id INTEGER, game_id INTEGER, season SMALLINT, season_type VARCHAR, date DATE)');
  for (const t of [A, B, C]) for (const d of DAYS) await conn.run(`INSERT INTO team_games VALUES (${t}, ${t * 100 + d}, 2022, 'regular', ${day(d)})`);
  const played = (player: number, team: number, days: number[], type = 'regular') =>
    Promise.all(days.map((d) => conn.run(`INSERT INTO player_games VALUES (${player}, ${team}, ${team * 100 + d}, 2022, '${type}', ${day(d)})`)));
  // Player 10: A on days 1-3, B on days 5-7, back with A on days 9-11 (waived, signed, waived, re-signed).
  await played(10, A, [1, 2, 3]);
  await played(10, B, [5, 6, 7]);
  await played(10, A, [9, 10, 11]);
  // Player 20: traded once, A on days 2-4, C on days 8-12.
  await played(20, A, [2, 3, 4]);
  await played(20, C, [8, 10, 12]);
  // Player 50: C on days 1 and 5, A on day 5 too (a game dated on another day than it was played: the replayed
  // end of ATL-MIA of 2007-12-19) and on days 6-8.
  await played(50, C, [1, 5]);
  await played(50, A, [5, 6, 7, 8]);
  // Player 30: one team all season: no spans (his team's whole season is his).
  await played(30, B, [1, 6, 12]);
  // Player 40: two teams, but in two season types (one team each): no spans either.
  await played(40, A, [3, 4]);
  await played(40, B, [5, 6], 'playoffs');
});

afterAll(() => conn?.closeSync());

async function spans(where = 'TRUE'): Promise<Map<string, number[]>> {
  const reader = await conn.runAndReadAll(`SELECT player_id, team_id, list(game_id ORDER BY game_id) AS games FROM (${spanGamesSql(where)}) GROUP BY ALL`);
  return new Map(reader.getRowObjectsJS().map((r) => [`${r.player_id}|${r.team_id}`, (r.games as number[]).map(Number)]));
}

const games = (team: number, days: number[]) => days.map((d) => team * 100 + d);

describe('spanGamesSql: the games of each stint of a player of several teams', () => {
  it('a player who left a team and came back: its games while he was with another team are in no span of it', async () => {
    const s = await spans();
    expect(s.get(`10|${A}`)).toEqual(games(A, [1, 2, 3, 9, 10, 11]));
    expect(s.get(`10|${B}`)).toEqual(games(B, [5, 6, 7]));
  });

  it('a player traded once: each team from his first to his last game for it, the games he missed inside included', async () => {
    const s = await spans();
    expect(s.get(`20|${A}`)).toEqual(games(A, [2, 3, 4]));
    expect(s.get(`20|${C}`)).toEqual(games(C, [8, 9, 10, 11, 12]));
  });

  it("a game for another team on the same date splits no stint, whichever game's id comes first", async () => {
    const s = await spans();
    expect(s.get(`50|${C}`)).toEqual(games(C, [1, 2, 3, 4, 5]));
    expect(s.get(`50|${A}`)).toEqual(games(A, [5, 6, 7, 8]));
  });

  it('a player of one team in a season and season type has no span', async () => {
    const s = await spans();
    expect([...s.keys()].filter((k) => k.startsWith('30|') || k.startsWith('40|'))).toEqual([]);
    expect(s.size).toBe(6);
  });

  it('the caller narrows player_games (one player)', async () => {
    const s = await spans('player_id = 10');
    expect([...s.keys()].sort()).toEqual([`10|${A}`, `10|${B}`]);
  });
});
