/**
 * One writer at a time for a stats database: the update holds `<db>.update.lock`, holding its process id: written
 * to a file of its own first and then hard-linked into place (link fails when the lock exists), so a lock is never
 * seen empty, and one without a process id (damaged) is stale like a dead update's. A second update waits (up to its
 * `waitMs`) or refuses. A lock whose process is dead (a killed update) is stale: an update finding it first takes
 * `<db>.update.lock.breaking` (hard-linked the same way, so one update at a time), reads the lock again and removes
 * it only if it still names the dead process, then races for the lock like everyone; the files the dead update left
 * beside the database are removed. A live lock is never moved, so no update can take a lock another update holds
 * (breaking by renaming the lock away let a third update link its own lock while the second put back the first's).
 * A breaker held by a dead process is removed once it is older than BREAKER_STALE_MS (it is held for microseconds).
 *
 * Example: update A (pid 4242) holds data/stats.duckdb.update.lock containing "4242"; update B started meanwhile
 * refuses with "data/stats.duckdb is being updated by process 4242"; after `kill -9 4242`, the next update takes
 * the lock over and removes data/stats.duckdb.update-4242.* (not the files of a process 42421).
 */
import fs from 'node:fs';
import path from 'node:path';

export const lockPath = (db: string): string => `${db}.update.lock`;

/** Held (a hard link of the taker's own file) by the one update removing a stale lock. */
const breakerPath = (db: string): string => `${lockPath(db)}.breaking`;

/** A breaker older than this whose process is dead was left by an update killed while it broke a stale lock. */
const BREAKER_STALE_MS = 10_000;

/** The lock as process `pid` writes it before linking it into place. */
const newLockPath = (db: string, pid: number): string => `${lockPath(db)}.new-${pid}`;

/** The files an update of `db` by process `pid` writes beside it (update.ts): its copy, WAL, staging and spill. */
export const updateFilesPrefix = (db: string, pid: number): string => `${db}.update-${pid}`;

/**
 * Whether `name` (a file name in the database's folder) is one of the update files of `prefix` (updateFilesPrefix):
 * the prefix followed by a dot, so process 42's files are not process 4242's.
 */
export const isUpdateFileOf = (name: string, prefix: string): boolean => name.startsWith(`${path.basename(prefix)}.`);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process id in the lock file; null when there is no file; 0 when it holds none (damaged). */
function holder(file: string): number | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : 0;
}

/** Removes what the dead update `pid` left beside `db`. */
function removeLeftovers(db: string, pid: number): void {
  const prefix = updateFilesPrefix(db, pid);
  for (const f of fs.readdirSync(path.dirname(db))) {
    if (isUpdateFileOf(f, prefix)) fs.rmSync(path.join(path.dirname(db), f), { recursive: true, force: true });
  }
}

/** This process's update files beside `db` and its lock, removed (the process is about to exit on a signal). */
export function releaseAfterSignal(db: string): void {
  removeLeftovers(db, process.pid);
  fs.rmSync(newLockPath(db, process.pid), { force: true });
  for (const held of [lockPath(db), breakerPath(db)]) if (holder(held) === process.pid) fs.rmSync(held, { force: true });
}

export class UpdateLockedError extends Error {}

/** Takes the lock of `db` (see the module comment); returns its release. */
export async function acquireLock(db: string, waitMs = 0): Promise<() => void> {
  const file = lockPath(db);
  const deadline = Date.now() + waitMs;
  const mine = newLockPath(db, process.pid);
  fs.writeFileSync(mine, `${process.pid}\n`);
  try {
    for (;;) {
      try {
        fs.linkSync(mine, file);
        return () => {
          if (holder(file) === process.pid) fs.rmSync(file, { force: true });
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const pid = holder(file);
      if (pid === null) continue; // released between the link and the read
      if (pid === 0 || !alive(pid)) {
        await breakStaleLock(db, mine, pid);
        continue;
      }
      if (Date.now() >= deadline) throw new UpdateLockedError(`${db} is being updated by process ${pid}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    fs.rmSync(mine, { force: true });
  }
}

/**
 * Removes the lock of `db` if it still names the dead (or damaged, 0) holder `pid`, under the breaker (module
 * comment); when another update holds the breaker, waits a moment instead.
 */
async function breakStaleLock(db: string, mine: string, pid: number): Promise<void> {
  const breaker = breakerPath(db);
  try {
    fs.linkSync(mine, breaker);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const by = holder(breaker);
    if (by !== null && (by === 0 || !alive(by)) && Date.now() - mtimeMs(breaker) > BREAKER_STALE_MS) fs.rmSync(breaker, { force: true });
    await new Promise((r) => setTimeout(r, 20));
    return;
  }
  try {
    // only a breaker removes a dead holder's lock, and the breaker is ours: what we read is what we remove
    if (holder(lockPath(db)) === pid) {
      fs.rmSync(lockPath(db), { force: true });
      if (pid > 0) removeLeftovers(db, pid);
    }
  } finally {
    fs.rmSync(breaker, { force: true });
  }
}

function mtimeMs(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return Date.now();
  }
}
