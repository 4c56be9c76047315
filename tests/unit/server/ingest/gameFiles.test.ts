/**
 * Game files (docs/reference/game-files.md): the folder's listing, the archive's playbyplayv2 format read as the
 * parquet files are, and one test per rejection reason, each on the real recorded game (recorded-feed/) with
 * one thing made wrong. A rejected file is a value with its reason, never a throw.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import {
  gameFilesIn,
  readGameFile,
  readGameValue,
  type GameFileResult,
  type RejectReason,
  type SourceGame,
} from '../../../../src/server/ingest/sources/index.ts';
import { onFloorTwice } from '../../../../src/server/ingest/sources/checks.ts';
import { dataDir, hasData, loadGame } from './fixtures.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const recorded = (part: string) => fs.readFileSync(path.join(root, 'recorded-feed', part, 'live_0022000001.json'), 'utf8');

interface Action {
  actionNumber: number;
  actionType: string;
  subType?: string;
  personId: number;
  shotResult?: string;
  scoreAway: string;
  [k: string]: unknown;
}
interface Feed {
  playbyplay: { game: { gameId: string; actions: Action[] } };
  boxscore: { game: { gameId: string; gameStatus: number; homeTeam: { players: { personId: number; statistics: Record<string, number> }[] } } };
}

let dir: string;
let n = 0;
const fresh = (): Feed => ({ playbyplay: JSON.parse(recorded('pbp')), boxscore: JSON.parse(recorded('game_details')) });
const action = (f: Feed, number: number): Action => f.playbyplay.game.actions.find((a) => a.actionNumber === number)!;

/** Writes `text` as a game file named `name` in a folder of its own and reads it. */
async function readAs(text: string, name = '0022000001.json'): Promise<GameFileResult> {
  const sub = path.join(dir, String(n++));
  fs.mkdirSync(sub);
  fs.writeFileSync(path.join(sub, name), text);
  return readGameFile(path.join(sub, name));
}

async function rejection(text: string, name?: string): Promise<{ reason: RejectReason; message: string; gameCode: string | null; file: string | null }> {
  const r = await readAs(text, name);
  if (r.ok) throw new Error('the file was read, not rejected');
  return r.rejection;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'game-files-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a folder of game files', () => {
  it("lists only {gameId}.json, in game-id order: not the fetcher's .etags.json, a write under way or other files", async () => {
    const sub = path.join(dir, 'listing');
    fs.mkdirSync(sub);
    for (const name of ['0022300062.json', '0022300061.json', '.etags.json', '0022300063.json.tmp-12-ab12', 'notes.txt', '22300064.json']) {
      fs.writeFileSync(path.join(sub, name), '{}');
    }
    expect(await gameFilesIn(sub)).toEqual([path.join(sub, '0022300061.json'), path.join(sub, '0022300062.json')]);
  });

  it("the recorded game as fetch-games writes it is read, and one action published twice in a row is dropped as the archive's are", async () => {
    const f = fresh();
    const i = f.playbyplay.game.actions.findIndex((a) => a.actionNumber === 12);
    f.playbyplay.game.actions.splice(i, 0, structuredClone(f.playbyplay.game.actions[i]!));
    const r = await readAs(JSON.stringify(f));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.game.rows.dropped.map((d) => d.eventNum)).toEqual([12]);
    expect([r.result.homePts, r.result.awayPts]).toEqual([125, 99]);
  });
});

describe('a game file is rejected with its reason, not thrown', () => {
  it('unreadable: a file cut in the middle (a write or a download stopped), an empty file, a missing file', async () => {
    const whole = `{"playbyplay":${recorded('pbp')},"boxscore":${recorded('game_details')}}`;
    const cut = await rejection(whole.slice(0, Math.floor(whole.length / 2)));
    expect(cut.reason).toBe('unreadable');
    expect(cut.gameCode).toBe('0022000001');
    expect(cut.file).toMatch(/0022000001\.json$/);
    expect((await rejection('')).reason).toBe('unreadable');
    const missing = await readGameFile(path.join(dir, 'nowhere', '0022000001.json'));
    expect(missing.ok ? null : missing.rejection.reason).toBe('unreadable');
  });

  it("score: a made free throw turned into a miss while the feed's score still counts it (Curry #10): 125-98 against the stated 125-99", async () => {
    const f = fresh();
    action(f, 10).shotResult = 'Missed';
    const r = await rejection(JSON.stringify(f));
    expect(r.reason).toBe('score');
    expect(r.message).toContain('GSW 98');
    expect(r.message).toContain('125-99');
  });

  it("score: the play-by-play's last stated score says 100 for the visitors where its events make 99", async () => {
    const f = fresh();
    f.playbyplay.game.actions.at(-1)!.scoreAway = '100';
    const r = await rejection(JSON.stringify(f));
    expect(r.reason).toBe('score');
    expect(r.message).toContain('125-100');
  });

  it('on_floor_twice: the second substitution at Q1 4:28 brings in Shamet, whom the first has just brought in', async () => {
    const f = fresh();
    const shamet = action(f, 101).personId;
    action(f, 102).personId = shamet;
    const r = await rejection(JSON.stringify(f));
    expect(r.reason).toBe('on_floor_twice');
    expect(r.message).toContain(String(shamet));
  });

  it('on_floor_twice is no rejection when the substitutions of one dead ball are published out of order (0021700482 OT 0:00: #739 "SUB: Harris FOR Allen" before #734 "SUB: Allen FOR Harris")', async () => {
    if (!hasData) return;
    const f = await loadGame('0021700482');
    const order = f.events.filter((e) => [734, 739].includes(e.eventNum)).map((e) => e.eventNum);
    expect(order).toEqual([739, 734]);
    expect(onFloorTwice({ rows: f.rows } as SourceGame)).toBeNull();
  });

  it("on_floor_twice: a player acting for both teams: Irving's shot #12 credited to GSW, Irving in both box scores", async () => {
    const f = fresh();
    action(f, 12).teamId = 1610612744;
    const r = await rejection(JSON.stringify(f));
    expect(r.reason).toBe('on_floor_twice');
    expect(r.message).toContain('#12');
    const g = fresh();
    const irving = g.boxscore.game.homeTeam.players.find((p) => p.personId === 202681)!;
    (g.boxscore.game as unknown as { awayTeam: { players: unknown[] } }).awayTeam.players.push(structuredClone(irving));
    const both = await rejection(JSON.stringify(g));
    expect(both.reason).toBe('on_floor_twice');
    expect(both.message).toContain("both teams' box scores");
  });

  it('game_id: a file named for another game, parts of two games, a preseason game', async () => {
    const named = await rejection(JSON.stringify(fresh()), '0022000002.json');
    expect(named.reason).toBe('game_id');
    expect(named.message).toContain('0022000002');
    const f = fresh();
    f.boxscore.game.gameId = '0022000002';
    expect((await rejection(JSON.stringify(f))).reason).toBe('game_id');
    const g = fresh();
    g.playbyplay.game.gameId = '0012000001';
    g.boxscore.game.gameId = '0012000001';
    const pre = await rejection(JSON.stringify(g), '0012000001.json');
    expect(pre.reason).toBe('game_id');
    expect(pre.message).toContain('not a regular-season or playoff game');
  });

  it("box_score: Irving's assists in the box score one above the play-by-play's", async () => {
    const f = fresh();
    const irving = f.boxscore.game.homeTeam.players.find((p) => p.personId === 202681)!;
    irving.statistics.assists! += 1;
    const r = await rejection(JSON.stringify(f));
    expect(r.reason).toBe('box_score');
    expect(r.message).toMatch(/K\. Irving ast \d+ in the play-by-play, \d+ in the box score/);
  });

  it('not_final: a game in progress (gameStatus 2), a play-by-play without its end', async () => {
    const f = fresh();
    f.boxscore.game.gameStatus = 2;
    expect((await rejection(JSON.stringify(f))).reason).toBe('not_final');
    const g = fresh();
    g.playbyplay.game.actions.pop();
    expect((await rejection(JSON.stringify(g))).reason).toBe('not_final');
  });

  it('format: a clock in another form, a period no game has, a clock longer than its period, a file of neither format, a JSON array', async () => {
    const f = fresh();
    action(f, 12).clock = '11:22';
    const clock = await rejection(JSON.stringify(f));
    expect(clock.reason).toBe('format');
    expect(clock.message).toContain('clock');
    // the engine plays every period up to the last: a period of 10^12 would never end
    const g = fresh();
    action(g, 12).period = 1e12;
    const period = await rejection(JSON.stringify(g));
    expect(period.reason).toBe('format');
    expect(period.message).toContain('period');
    const h = fresh();
    action(h, 12).clock = 'PT13M00.00S';
    expect((await rejection(JSON.stringify(h))).message).toContain('longer than period 1');
    expect((await rejection('{"game":{}}')).reason).toBe('format');
    expect((await rejection('[]')).reason).toBe('format');
  });
});

describe('shot coordinates off the court', () => {
  it("Irving's 22-footer #12 at y = 10^12: read, without a location, its zone from the distance the feed wrote (21.97 ft: long mid-range)", async () => {
    const f = fresh();
    action(f, 12).yLegacy = 1e12;
    const r = await readAs(JSON.stringify(f));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.game.notes).toEqual(['#12: shot coordinates (-2, 1000000000000) off the court: no location']);
    const shot = r.result.shots.find((s) => s.eventNum === 12)!;
    expect([shot.zoneSource, shot.zone, shot.distance, shot.locX]).toEqual(['description', 'long_mid', 21, null]);
  });
});

describe('bad values anywhere never throw', () => {
  it('200 copies of the recorded game, each with one field of one action or player set to a wrong value, each read or rejected', () => {
    // a seeded generator (mulberry32), so a failure can be replayed
    let seed = 20201222;
    const random = (): number => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const wrong = [null, -1, 0, 'x', '', {}, [], 1e12, 'PT99M99.99S', true, '0022000002'];
    const base = fresh();
    const outcomes = new Map<string, number>();
    for (let i = 0; i < 200; i++) {
      const f = structuredClone(base);
      const target: Record<string, unknown> =
        random() < 0.8 ? pick(f.playbyplay.game.actions) : (pick(f.boxscore.game.homeTeam.players) as unknown as Record<string, unknown>);
      const key = pick(Object.keys(target));
      target[key] = structuredClone(pick(wrong));
      const r = readGameValue(f);
      const outcome = r.ok ? 'read' : r.rejection.reason;
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      if (!r.ok) expect(r.rejection.message.length).toBeGreaterThan(0);
    }
    expect([...outcomes.values()].reduce((a, b) => a + b, 0)).toBe(200);
    expect(outcomes.get('format')).toBeGreaterThan(0);
  });

  it('values that are no game file at all', () => {
    for (const v of [
      null,
      0,
      'text',
      [],
      {},
      { playbyplay: null, boxscore: null },
      { playbyplay: {}, boxscore: {} },
      { resultSets: 'x' },
      { playbyplay: { resultSets: [] } },
    ]) {
      const r = readGameValue(v);
      expect(r.ok, JSON.stringify(v)).toBe(false);
    }
  });
});

describe.skipIf(!hasData)('the archive format: a playbyplayv2 response', () => {
  let response: { resource: string; resultSets: { name: string; headers: string[]; rowSet: unknown[][] }[] };

  beforeAll(async () => {
    // the archive's rows of the game, every column, in the published order, as the response carries them
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    const reader = await conn.runAndReadAll(
      `SELECT * EXCLUDE (file_row_number) FROM read_parquet($f, file_row_number = true) WHERE GAME_ID = '0022000001' ORDER BY file_row_number`,
      { f: path.join(dataDir, 'pbp', 'regular', '2020-21.parquet') },
    );
    response = { resource: 'playbyplay', resultSets: [{ name: 'PlayByPlay', headers: reader.columnNames(), rowSet: reader.getRowsJson() as unknown[][] }] };
    conn.closeSync();
    instance.closeSync();
  });

  it('gives the events read.ts reads from the parquet file, and the same game once its date is known', async () => {
    const archive = await loadGame('0022000001');
    const r = await readGameFile(await writeAt('0022000001.json', JSON.stringify(response)), { knownDates: new Map([['0022000001', '2020-12-22']]) });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.game.format).toBe('archive');
    expect(r.game.info).toEqual(archive.game);
    expect(r.game.rows.events).toEqual(archive.events);
    expect(r.game.statedScore).toEqual({ home: 125, away: 99 });
    const parsed = archive.parse();
    expect([r.result.homePts, r.result.awayPts, r.result.possessions.length]).toEqual([parsed.homePts, parsed.awayPts, parsed.possessions.length]);
  });

  it('no_date without a date; read with the date the file carries ({gameDate, playbyplay})', async () => {
    const none = await readGameFile(await writeAt('0022000001.json', JSON.stringify(response)));
    expect(none.ok ? null : none.rejection.reason).toBe('no_date');
    const wrapped = await readGameFile(await writeAt('0022000001.json', JSON.stringify({ gameDate: '2020-12-22', playbyplay: response })));
    expect(wrapped.ok && wrapped.game.info.date).toBe('2020-12-22');
  });

  it("score: a SCORE column that ends elsewhere than the events' points", async () => {
    const copy = structuredClone(response);
    const set = copy.resultSets[0]!;
    const score = set.headers.indexOf('SCORE');
    const last = set.rowSet.findLast((row) => row[score] !== null)!;
    last[score] = '99 - 126';
    const r = await readGameFile(await writeAt('0022000001.json', JSON.stringify(copy)), { knownDates: () => '2020-12-22' });
    expect(r.ok ? null : r.rejection.reason).toBe('score');
  });

  it('format: a response without its PlayByPlay set or a needed column', async () => {
    const copy = structuredClone(response);
    const set = copy.resultSets[0]!;
    const i = set.headers.indexOf('PCTIMESTRING');
    set.headers.splice(i, 1);
    for (const row of set.rowSet) row.splice(i, 1);
    const r = await readGameFile(await writeAt('0022000001.json', JSON.stringify(copy)), { knownDates: () => '2020-12-22' });
    expect(r.ok ? null : r.rejection.message).toContain('PCTIMESTRING');
    const none = await readGameFile(await writeAt('0022000001.json', JSON.stringify({ resultSets: [] })));
    expect(none.ok ? null : none.rejection.reason).toBe('format');
  });
});

async function writeAt(name: string, text: string): Promise<string> {
  const sub = path.join(dir, String(n++));
  fs.mkdirSync(sub);
  fs.writeFileSync(path.join(sub, name), text);
  return path.join(sub, name);
}
