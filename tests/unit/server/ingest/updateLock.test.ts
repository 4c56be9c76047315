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

  it("a stopped update removes its own files, not those of a process whose id begins with its own", () => {
    const own = `${db}.update-${process.pid}.duckdb`;
    const other = `${db}.update-${process.pid}7.duckdb`;
    fs.writeFileSync(own, 'half a copy');
    fs.writeFileSync(other, 'another update working');
    fs.writeFileSync(lockPath(db), `${process.pid}7\n`);
    fs.writeFileSync(`${lockPath(db)}.new-${process.pid}`, `${process.pid}\n`); // stopped while it waited for the lock
    releaseAfterSignal(db);
    expect(fs.readdirSync(dir).sort()).toEqual(['stats.duckdb', 'stats.duckdb.update-' + process.pid + '7.duckdb', 'stats.duckdb.update.lock']);
    expect(fs.existsSync(own)).toBe(false);
    expect(fs.readFileSync(other, 'utf8')).toBe('another update working');
    expect(fs.readFileSync(lockPath(db), 'utf8')).toBe(`${process.pid}7\n`);
  });
});
