import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireLock, lockPath, releaseAfterSignal, UpdateLockedError } from '../../../../src/server/ingest/update/lock.ts';

// The update's lock on the real file system: a live holder refuses, a damaged lock is taken over, and one
// process's files are never another's whose process id begins with the same digits.
describe('update lock', () => {
  let dir: string;
  let db: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'update-lock-'));
    db = path.join(dir, 'stats.duckdb');
    fs.writeFileSync(db, 'a database');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('holds its process id from the moment it exists, refuses a second taker, and is released', async () => {
    const release = await acquireLock(db);
    expect(fs.readFileSync(lockPath(db), 'utf8')).toBe(`${process.pid}\n`);
    await expect(acquireLock(db)).rejects.toThrow(new UpdateLockedError(`${db} is being updated by process ${process.pid}`));
    release();
    expect(fs.readdirSync(dir)).toEqual(['stats.duckdb']);
  });

  it('takes over a lock that holds no process id (a writer killed before writing it) instead of refusing forever', async () => {
    fs.writeFileSync(lockPath(db), '');
    const release = await acquireLock(db);
    expect(fs.readFileSync(lockPath(db), 'utf8')).toBe(`${process.pid}\n`);
    release();
    expect(fs.existsSync(lockPath(db))).toBe(false);
  });

  it('a stopped update removes its own files, not those of a process whose id begins with its own', () => {
    const own = `${db}.update-${process.pid}.duckdb`;
    const other = `${db}.update-${process.pid}7.duckdb`;
    fs.writeFileSync(own, 'half a copy');
    fs.writeFileSync(other, 'another update working');
    fs.writeFileSync(lockPath(db), `${process.pid}7\n`);
    fs.writeFileSync(`${lockPath(db)}.new-${process.pid}`, `${process.pid}\n`); // stopped while it waited for the lock
    releaseAfterSignal(db);
    expect(fs.readdirSync(dir).sort()).toEqual(['stats.duckdb', `stats.duckdb.update-${process.pid}7.duckdb`, 'stats.duckdb.update.lock']);
    expect(fs.existsSync(own)).toBe(false);
    expect(fs.readFileSync(other, 'utf8')).toBe('another update working');
    expect(fs.readFileSync(lockPath(db), 'utf8')).toBe(`${process.pid}7\n`);
  });

  it('never has two holders when killed updates leave stale locks and several updates race to take them over', async () => {
    // 3 rounds of 8 processes started at once; half exit holding the lock (killed), so each takeover is a race
    const contender = path.resolve('tests/support/lockContender.ts');
    for (let round = 0; round < 3; round++) {
      const log = path.join(dir, `log-${round}`);
      const go = path.join(dir, `go-${round}`);
      const children = Array.from({ length: 8 }, (_, k) =>
        spawn(process.execPath, ['--import', 'tsx', contender, db, log, go, k % 2 ? 'release' : 'die'], { stdio: ['ignore', 'ignore', 'inherit'] }),
      );
      await new Promise((r) => setTimeout(r, 1500));
      fs.writeFileSync(go, '');
      const codes = await Promise.all(children.map((c) => new Promise<number | null>((r) => c.on('exit', r))));
      expect(codes).toEqual(Array(8).fill(0));
      const events = fs
        .readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((l) => l.split(' '))
        .map(([kind, pid, ns]) => ({ kind, pid, ns: BigInt(ns!) }));
      events.sort((a, b) => (a.ns < b.ns ? -1 : a.ns > b.ns ? 1 : 0));
      // held one at a time: start and end of the same process, pair after pair
      expect(events).toHaveLength(16);
      for (let i = 0; i < 16; i += 2) expect([events[i]!.kind, events[i + 1]!.kind, events[i + 1]!.pid]).toEqual(['start', 'end', events[i]!.pid]);
      fs.rmSync(lockPath(db), { force: true });
    }
  }, 120_000);
});
