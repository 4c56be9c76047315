/**
 * The read step on real games (nba-data, read at run time): published order kept, duplicated event rows
 * dropped (nba-data README, "Duplicated event rows"), an EVENTNUM reused by a different row kept and reported.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { readGameRows } from '../../../../../src/server/ingest/read/read.ts';
import { dataDir, hasData, lastScore, loadGame, sql } from '../fixtures.ts';

const file2014 = path.join(dataDir, 'pbp', 'regular', '2014-15.parquet');

describe.skipIf(!hasData)('read step: duplicated rows', () => {
  it('drops the second copy of 0021400417 #369 (published twice on consecutive rows) and keeps one', async () => {
    const published = await sql(`SELECT count(*) AS n FROM read_parquet($f) WHERE GAME_ID = '0021400417' AND EVENTNUM = 369`, { f: file2014 });
    expect(Number(published[0]!.n)).toBe(2);
    const f = await loadGame('0021400417');
    expect(f.events.filter((e) => e.eventNum === 369)).toHaveLength(1);
    expect(f.rows.dropped.map((d) => d.eventNum)).toContain(369);
    expect(f.rows.dropped.find((d) => d.eventNum === 369)!.description).toContain('G. Hill');
    expect(f.rows.repeated).toEqual([]);
  });

  it('drops nothing in a game without duplicates: every published row of 0021200001 is an event', async () => {
    const published = await sql(`SELECT count(*) AS n FROM read_parquet($f) WHERE GAME_ID = '0021200001'`, {
      f: path.join(dataDir, 'pbp', 'regular', '2012-13.parquet'),
    });
    const f = await loadGame('0021200001');
    expect(f.rows.dropped).toEqual([]);
    expect(f.events).toHaveLength(Number(published[0]!.n));
  });

  // Final scores, away - home, as published: the last SCORE row of each game's raw play-by-play (2014-15 file,
  // read once by hand: MEM 91 at OKC 89 on 2014-11-07, CHI 95 at MIL 86 on 2014-11-05, NOP 84 at IND 96 on
  // 2014-12-23); they pin the lastScore helper too.
  it.each([
    ['0021400078', [91, 89]],
    ['0021400062', [95, 86]],
    ['0021400417', [84, 96]],
  ] as const)('gives %s the final score of its own play-by-play once copies are dropped', async (code, expected) => {
    const r = (await loadGame(code)).parse();
    const last = await lastScore(code);
    expect(last).toEqual(expected);
    expect([r.awayPts, r.homePts]).toEqual(last);
  });
});

describe.skipIf(!hasData)('read step: an EVENTNUM reused with different content', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-test-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps both rows and reports the EVENTNUM; an identical copy that is not consecutive is kept too', async () => {
    // 0021400417 as published, plus (a) a changed copy of #10 right after it and (b) an identical copy of #20 at the end
    const csv = path.join(dir, 'g.csv');
    const inst = await DuckDBInstance.create(':memory:');
    const c = await inst.connect();
    await c.run(
      `COPY (
         WITH g AS (SELECT * EXCLUDE (file_row_number), file_row_number AS rn FROM read_parquet($src, file_row_number = true) WHERE GAME_ID = '0021400417')
         SELECT * EXCLUDE (rn, k) FROM (
           SELECT *, 0 AS k FROM g
           UNION ALL SELECT * REPLACE (coalesce(HOMEDESCRIPTION, '') || ' (changed)' AS HOMEDESCRIPTION), 1 AS k FROM g WHERE EVENTNUM = 10
           UNION ALL SELECT * REPLACE (1e9 AS rn), 2 AS k FROM g WHERE EVENTNUM = 20)
         ORDER BY rn, k) TO '${csv}' (HEADER)`,
      { src: file2014 },
    );
    const rows = await readGameRows(c, { path: csv, format: 'csv' }, '0021400417');
    c.closeSync();
    inst.closeSync();
    expect(rows.repeated.sort((a, b) => a - b)).toEqual([10, 20]);
    expect(rows.events.filter((e) => e.eventNum === 10)).toHaveLength(2);
    expect(rows.events.filter((e) => e.eventNum === 20)).toHaveLength(2);
    expect(rows.dropped.map((d) => d.eventNum)).toContain(369);
  });
});
