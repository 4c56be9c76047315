/**
 * A stats database damaged in place (a copy of the test database), served by a server process of its own.
 * With its checksum beside it (src/server/db/statsFileChecksum.ts, as the ingest writes it), one byte changed
 * anywhere is refused at start: exit 1, one line naming STATS_DB_PATH; the intact copy starts and /readyz says
 * its checksum was verified. Without a checksum (served outside production: a block overwritten at several
 * offsets), either the start-up check refuses it, or the server starts and every stats answer that meets the
 * damage is a 503 with a message (never a bare 500, never a path), /readyz turns false, and the log names the file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { installStatsFile, writeStatsFileChecksum } from '../../src/server/db/statsFileChecksum';
import { expect, test } from './fixtures';
import { startServer, type ServerProcess } from './serverProcess';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const SOURCE = path.resolve(process.env.STATS_DB_PATH ?? 'data/test-stats.duckdb');
const QUERIES = [
  '/api/data?page=League&season=2012',
  '/api/data?page=Players&season=2012',
  '/api/data?page=Players&season=2022',
  '/api/data?page=TeamTeam&entity=MIA&season=2012',
  '/api/data?page=TeamPlayers&entity=BOS&season=2022',
  '/api/data?page=Lineups&season=2012',
  '/api/data?page=Lineups&season=2022',
  '/api/data?page=PlayerProfile&entity=2544&season=2012',
  '/api/data?page=TeamTeam&entity=MIA&season=2012&period=4',
  '/api/shots?page=PlayerProfile&entity=2544&season=2012',
];

/** Either the server's exit code (it refused to start) or 'listening'. */
function startOrExit(server: ServerProcess): Promise<number | null | 'listening'> {
  const listening = new Promise<'listening'>((resolve) => {
    const timer = setInterval(() => {
      if (server.base) {
        clearInterval(timer);
        resolve('listening');
      }
    }, 100);
    void server.exited.then(() => clearInterval(timer));
  });
  return Promise.race([server.exited, listening]);
}

test.describe('with its checksum', () => {
  let dir = '';
  let copy = '';
  test.beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-checksum-'));
    copy = path.join(dir, 'stats.duckdb');
    fs.copyFileSync(SOURCE, copy);
    await writeStatsFileChecksum(copy); // the file as its writer left it
  });
  test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** XOR one byte of the copy at `offset` with 0x01 (twice restores it). */
  const flipByte = (offset: number) => {
    const fd = fs.openSync(copy, 'r+');
    const byte = Buffer.alloc(1);
    fs.readSync(fd, byte, 0, 1, offset);
    byte[0] = byte[0]! ^ 0x01;
    fs.writeSync(fd, byte, 0, 1, offset);
    fs.closeSync(fd);
  };

  // Deep in the file, where the start-up read of every table's first rows does not reach (such damage used to
  // start and answer), and near both ends.
  for (const fraction of [0.0005, 0.37, 0.61, 0.83, 0.9995]) {
    test(`one byte changed at ${(fraction * 100).toFixed(2)}% of the file: refused at start, one line`, async () => {
      const offset = Math.floor(fs.statSync(copy).size * fraction);
      flipByte(offset);
      const server = startServer({ STATS_DB_PATH: copy });
      try {
        expect(await startOrExit(server), server.output()).toBe(1);
        const lines = server
          .output()
          .split('\n')
          .filter((line) => line.startsWith('Courtvision cannot start'));
        expect(lines).toEqual([
          expect.stringMatching(
            new RegExp(`^Courtvision cannot start: STATS_DB_PATH="${copy}" is damaged: its SHA-256 is [0-9a-f]{16}…, its checksum file says [0-9a-f]{16}…\\.`),
          ),
        ]);
      } finally {
        server.stop();
        flipByte(offset);
      }
    });
  }

  test('the file checked at start is the one served: a damaged one renamed over the path before the first request waits for SIGHUP, which refuses it', async () => {
    const live = path.join(dir, 'live.duckdb');
    fs.copyFileSync(copy, live);
    fs.copyFileSync(`${copy}.sha256`, `${live}.sha256`);
    const server = startServer({ STATS_DB_PATH: live });
    try {
      expect(await startOrExit(server), server.output()).toBe('listening');
      // a new file with its checksum, renamed over the path as a writer does, then damaged in one byte
      fs.copyFileSync(copy, `${live}.tmp-new`);
      await installStatsFile(`${live}.tmp-new`, live);
      const fd = fs.openSync(live, 'r+');
      const byte = Buffer.alloc(1);
      const offset = Math.floor(fs.fstatSync(fd).size * 0.61);
      fs.readSync(fd, byte, 0, 1, offset);
      byte[0] = byte[0]! ^ 0x01;
      fs.writeSync(fd, byte, 0, 1, offset);
      fs.closeSync(fd);
      expect((await fetch(`${server.base}/api/data?page=League&season=2012`)).status).toBe(200);
      expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
      process.kill(server.pid, 'SIGHUP');
      await expect.poll(() => server.output(), { timeout: 30_000 }).toMatch(/stats database update refused/);
      expect(server.output()).toMatch(new RegExp(`"reason":"STATS_DB_PATH=\\\\"${live}\\\\" is damaged: its SHA-256 is`));
      expect((await fetch(`${server.base}/api/data?page=Players&season=2022`)).status).toBe(200);
      expect(await (await fetch(`${server.base}/readyz`)).json()).toMatchObject({ ready: true, stats: { file: 1, checksum: 'verified' } });
    } finally {
      server.stop();
    }
  });

  test('the intact file starts, its checksum verified', async () => {
    const server = startServer({ STATS_DB_PATH: copy });
    try {
      expect(await startOrExit(server), server.output()).toBe('listening');
      expect(server.output()).toMatch(/Stats: .*checksum verified in \d+\.\d s/);
      const ready = await fetch(`${server.base}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ ready: true, stats: { ok: true, checksum: 'verified' } });
      expect((await fetch(`${server.base}/api/data?page=League&season=2012`)).status).toBe(200);
    } finally {
      server.stop();
    }
  });
});

for (const fraction of [0.0005, 0.05, 0.3, 0.6, 0.9, 0.9995]) {
  test(`no checksum, damaged at ${(fraction * 100).toFixed(2)}% of the file: refused at start or 503s that say why`, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-damaged-'));
    const copy = path.join(dir, 'stats.duckdb');
    fs.copyFileSync(SOURCE, copy);
    const fd = fs.openSync(copy, 'r+');
    fs.writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, Math.floor(fs.statSync(copy).size * fraction));
    fs.closeSync(fd);
    // The subscriber's gates do not matter here: anonymous queries with free filters only (and one 403).
    const server = startServer({ STATS_DB_PATH: copy });
    try {
      // Either it exits (refused) or it says where it listens.
      const outcome = await startOrExit(server);
      if (outcome !== 'listening') {
        expect(outcome).toBe(1);
        console.log(`damaged at ${fraction}: refused at start`);
        expect(server.output()).toContain(`Courtvision cannot start: STATS_DB_PATH="${copy}" is not a stats database this build can read`);
        return;
      }
      const statuses: number[] = [];
      for (const q of QUERIES) {
        const r = await fetch(server.base + q);
        const body = await r.text();
        statuses.push(r.status);
        expect([200, 403, 503], `${q}: ${r.status} ${body.slice(0, 200)}`).toContain(r.status);
        expect(body).not.toContain(dir);
        if (r.status === 503) expect(JSON.parse(body).error).toMatch(/stats database is damaged/);
      }
      const ready = await fetch(`${server.base}/readyz`);
      if (statuses.includes(503)) {
        expect(ready.status).toBe(503);
        expect(await ready.json()).toMatchObject({ ready: false, stats: { ok: false } });
        expect(server.output()).toContain(`STATS_DB_PATH="${copy}" is damaged`);
      }
      test.info().annotations.push({ type: 'answers', description: statuses.join(' ') });
      console.log(`damaged at ${fraction}: served, answers ${statuses.join(' ')}`);
    } finally {
      server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
}
