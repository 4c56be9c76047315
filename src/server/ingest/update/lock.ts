/**
 * One writer at a time for a stats database: the update holds `<db>.update.lock`, created exclusively (O_EXCL),
 * holding its process id. A second update waits (up to its `waitMs`) or refuses. A lock whose process is dead
 * (a killed update) is stale: it is renamed away, and only one of several updates finding it wins that rename, then
 * takes the lock by creating it afresh; the files the dead update left beside the database are removed.
 *
 * Example: update A (pid 4242) holds data/stats.duckdb.update.lock containing "4242"; update B started meanwhile
 * refuses with "data/stats.duckdb is being updated by process 4242"; after `kill -9 4242`, the next update takes
 * the lock over and removes data/stats.duckdb.update-4242*.
 */
import fs from 'node:fs';
import path from 'node:path';

export const lockPath = (db: string): string => `${db}.update.lock`;

/** The files an update of `db` by process `pid` writes beside it (update.ts): its copy, WAL, staging and spill. */
export const updateFilesPrefix = (db: string, pid: number): string => `${db}.update-${pid}`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holder(file: string): number | null {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Removes what the dead update `pid` left beside `db`. */
function removeLeftovers(db: string, pid: number): void {
  const prefix = path.basename(updateFilesPrefix(db, pid));
  for (const f of fs.readdirSync(path.dirname(db))) {
    if (f.startsWith(prefix)) fs.rmSync(path.join(path.dirname(db), f), { recursive: true, force: true });
  }
}

/** This process's update files beside `db` and its lock, removed (the process is about to exit on a signal). */
export function releaseAfterSignal(db: string): void {
  removeLeftovers(db, process.pid);
  if (holder(lockPath(db)) === process.pid) fs.rmSync(lockPath(db), { force: true });
}

export class UpdateLockedError extends Error {}

/** Takes the lock of `db` (see the module comment); returns its release. */
export async function acquireLock(db: string, waitMs = 0): Promise<() => void> {
  const file = lockPath(db);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      return () => {
        if (holder(file) === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const pid = holder(file);
    if (pid !== null && !alive(pid)) {
      // stale: whoever renames it first takes it over; the others find it gone and race on the create above
      const aside = `${file}.stale-${process.pid}`;
      try {
        fs.renameSync(file, aside);
        if (holder(aside) === pid) removeLeftovers(db, pid);
        // (another update took the stale lock over between our read and our rename: its live lock goes back)
        else fs.linkSync(aside, file);
        fs.rmSync(aside, { force: true });
      } catch {
        // another update renamed it first
      } finally {
        fs.rmSync(aside, { force: true });
      }
      continue;
    }
    if (Date.now() >= deadline) {
      throw new UpdateLockedError(`${db} is being updated by process ${pid ?? '(unknown: the lock is being written)'}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
