/**
 * The ingest run end to end on a small real data folder built at test time in a temp directory: two games of
 * 2012-13 exported from nba-data as gzipped CSV (the CSV path of the reader) next to the real games file.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { runIngest } from '../../../../src/server/ingest/ingest.ts';
import { parseArgs } from '../../../../src/server/ingest/cli.ts';
import { dataDir, hasData, officialBox } from './fixtures.ts';

const GAMES = ['0021200001', '0021200333'];

async function query(db: string, sql: string): Promise<Record<string, unknown>[]> {
  const inst = await DuckDBInstance.create(db, { access_mode: 'READ_ONLY' });
  const c = await inst.connect();
  const rows = (await c.runAndReadAll(sql)).getRowObjectsJS();
  c.closeSync();
  inst.closeSync();
  return rows as Record<string, unknown>[];
}

describe.skipIf(!hasData)('runIngest on a CSV data folder', () => {
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-test-'));
    fs.mkdirSync(path.join(dir, 'pbp', 'regular'), { recursive: true });
    fs.symlinkSync(path.join(dataDir, 'games.parquet'), path.join(dir, 'games.parquet'));
    const inst = await DuckDBInstance.create(':memory:');
    const c = await inst.connect();
    await c.run(
      `COPY (SELECT * EXCLUDE (file_row_number) FROM read_parquet($src, file_row_number = true)
              WHERE GAME_ID IN ('${GAMES.join("','")}') ORDER BY file_row_number)
         TO '${path.join(dir, 'pbp', 'regular', '2012-13.csv.gz')}' (HEADER, COMPRESSION gzip)`,
      { src: path.join(dataDir, 'pbp', 'regular', '2012-13.parquet') },
    );
    c.closeSync();
    inst.closeSync();
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const ingest = (out: string, testFailingHook?: string) =>
    runIngest({ dataDir: dir, out, seasons: [2012], seasonTypes: ['regular'], progress: false, log: () => {}, testFailingHook });

  /** One ingest of the folder, read by several tests; a test that writes over a database works on a copy of it. */
  let built: { out: string; summary: Awaited<ReturnType<typeof runIngest>> };
  beforeAll(async () => {
    const out = path.join(dir, 'a.duckdb');
    built = { out, summary: await ingest(out) };
  }, 120_000);
  /** A copy of the built database and its checksum file under another name: the "previous database" of a run. */
  const previous = (name: string): string => {
    const out = path.join(dir, name);
    fs.copyFileSync(built.out, out);
    fs.copyFileSync(`${built.out}.sha256`, `${out}.sha256`);
    return out;
  };

  it('reads gzipped CSV play-by-play and matches the official box scores', async () => {
    const s = built.summary;
    expect([s.gamesParsed, s.gamesSkipped]).toEqual([2, 0]);
    for (const code of GAMES) {
      const official = await officialBox(code);
      const rows = await query(built.out, `SELECT team_id, pts, fgm, fga, fg3a, fta, oreb, dreb, tov FROM team_games WHERE game_id = ${Number(code)}`);
      expect(rows).toHaveLength(2);
      for (const r of rows) {
        const o = official.get(Number(r.team_id))!;
        expect([r.pts, r.fgm, r.fga, r.fg3a, r.fta, r.oreb, r.dreb, r.tov].map(Number)).toEqual([o.pts, o.fgm, o.fga, o.fg3a, o.fta, o.oreb, o.dreb, o.tov]);
      }
    }
  });

  it('writes the checksum of the file beside it, as sha256sum computes it', () => {
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('a.'))).toEqual(['a.duckdb', 'a.duckdb.sha256']);
    const check = spawnSync('sha256sum', ['--check', 'a.duckdb.sha256'], { cwd: dir, encoding: 'utf8' });
    expect(check.stdout).toBe('a.duckdb: OK\n');
  });

  it('gives identical numbers when run twice', async () => {
    const sql = `SELECT count(*) AS n, sum(hash(possession_id, off_team_id, o1, o2, o3, o4, o5, d1, pts, plays, tr_plays, is_garbage_time, start_type)) AS h FROM possessions`;
    await ingest(path.join(dir, 'c.duckdb'));
    const [b] = await query(built.out, sql);
    const [c] = await query(path.join(dir, 'c.duckdb'), sql);
    expect(Number(b!.n)).toBeGreaterThan(300);
    expect(String(c!.h)).toBe(String(b!.h));
  });

  it("leaves the previous database intact and no temporary file when a hook fails (in the hooks phase's process)", async () => {
    const out = previous('keep.duckdb');
    const before = fs.readFileSync(out);
    const checksum = fs.readFileSync(`${out}.sha256`, 'utf8');
    await expect(ingest(out, 'hook failed on purpose')).rejects.toThrow('hook failed on purpose');
    expect(fs.readFileSync(out).equals(before)).toBe(true);
    expect(fs.readFileSync(`${out}.sha256`, 'utf8')).toBe(checksum);
    expect(fs.readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('reports the memory of every process of the run: each step and the peak count the parent too', () => {
    const s = built.summary;
    expect(s.phases.map((p) => p.phase)).toEqual(['database', 'hooks']);
    expect(s.steps.map((t) => t.name)).toContain('games parsed and written');
    expect(s.steps.map((t) => t.name)).toContain('model rapm');
    for (const p of s.phases) {
      expect(p.peakMiB).toBeGreaterThan(50); // a process with DuckDB loaded
      expect(p.cpuSeconds).toBeGreaterThan(0);
    }
    expect(s.parentPeakMiB).toBeGreaterThan(20);
    expect(s.peakMiB).toBeCloseTo(Math.max(...s.phases.map((p) => p.peakMiB)) + s.parentPeakMiB, 6);
    // a step's peak is its phase's so far plus the parent's so far: at least its RSS then, at most the run's peak
    for (const t of s.steps) {
      expect(t.peakMiB).toBeGreaterThanOrEqual(t.rssMiB - 1e-6);
      expect(t.peakMiB).toBeLessThanOrEqual(s.peakMiB + 1e-6);
    }
  });

  it.skipIf(!fs.existsSync('/proc'))("SIGTERM stops the running phase's process, removes the temporary files and keeps the database", async () => {
    const out = previous('signalled.duckdb');
    const before = fs.readFileSync(out);
    const cli = path.resolve('src/server/ingest/cli.ts');
    const parent = spawn(process.execPath, ['--import', 'tsx', cli, '--data', dir, '--out', out, '--seasons', '2012-13', '--season-type', 'regular'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const ended = new Promise<number | null>((resolve) => parent.on('exit', (code) => resolve(code)));
    const tmp = `${out}.tmp-${parent.pid}`;
    // wait until a phase's process has the temporary database open
    let phases: number[] = [];
    for (let i = 0; i < 1500 && phases.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      if (!fs.existsSync(tmp)) continue;
      phases = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(parent.pid)], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => line.includes('childBoot.mjs'))
        .map((line) => Number.parseInt(line, 10));
    }
    expect(phases).toHaveLength(1);
    parent.kill('SIGTERM');
    expect(await ended).toBe(130);
    for (const pid of phases) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
    expect(fs.readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
    expect(fs.readFileSync(out).equals(before)).toBe(true);
  });

  it("fails with the parse worker's error, and keeps the previous database, when a play-by-play file is unreadable", async () => {
    const out = previous('kept.duckdb');
    const before = fs.readFileSync(out);
    const broken = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-broken-'));
    try {
      fs.mkdirSync(path.join(broken, 'pbp', 'regular'), { recursive: true });
      fs.symlinkSync(path.join(dataDir, 'games.parquet'), path.join(broken, 'games.parquet'));
      fs.writeFileSync(path.join(broken, 'pbp', 'regular', '2012-13.csv.gz'), 'this is not gzip');
      const run = runIngest({ dataDir: broken, out, seasons: [2012], seasonTypes: ['regular'], progress: false, log: () => {} });
      await expect(run).rejects.toThrow(/gzip|2012-13\.csv\.gz/i);
    } finally {
      fs.rmSync(broken, { recursive: true, force: true });
    }
    expect(fs.readFileSync(out).equals(before)).toBe(true);
    expect(fs.readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });
});

describe('ingest command line', () => {
  it('reads --seasons, --season-type and --out', () => {
    const o = parseArgs(['--seasons', '2022-23,2012-13', '--season-type', 'all', '--out', 'data/x.duckdb']);
    expect(o.seasons).toEqual([2012, 2022]);
    expect(o.seasonTypes).toEqual(['regular', 'playoffs']);
    expect(o.out).toBe(path.resolve('data/x.duckdb'));
  });
  it('rejects a malformed season with a clear message', () => {
    expect(() => parseArgs(['--seasons', '2012-14'])).toThrow('invalid season "2012-14"');
    expect(() => parseArgs(['--seasons', '1999-00'])).toThrow('outside 2003-04..2022-23');
  });
  it('rejects an unknown season type and unknown options', () => {
    expect(() => parseArgs(['--season-type', 'preseason'])).toThrow('invalid --season-type');
    expect(() => parseArgs(['--bogus'])).toThrow('unknown option');
  });
});
