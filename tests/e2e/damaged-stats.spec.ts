/**
 * A stats database damaged in place (a copy of the test database with a block overwritten at several offsets),
 * served by a server process of its own: either the start-up check refuses it, naming STATS_DB_PATH, or the
 * server starts and every stats answer that meets the damage is a 503 with a message (never a bare 500, never
 * a path), /readyz turns false, and the log names the file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { startServer } from './serverProcess';

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

for (const fraction of [0.0005, 0.05, 0.3, 0.6, 0.9, 0.9995]) {
  test(`damaged at ${(fraction * 100).toFixed(2)}% of the file: refused at start or 503s that say why`, async () => {
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
      const listening = new Promise<'listening'>((resolve) => {
        const timer = setInterval(() => {
          if (server.base) {
            clearInterval(timer);
            resolve('listening');
          }
        }, 100);
        void server.exited.then(() => clearInterval(timer));
      });
      const outcome = await Promise.race([server.exited, listening]);
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
