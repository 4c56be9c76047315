/**
 * One writer at a time for a stats database: the update holds `<db>.update.lock`, holding its process id: written
 * to a file of its own first and then hard-linked into place (link fails when the lock exists), so a lock is never
 * seen empty, and one without a process id (damaged) is stale like a dead update's. A second update waits (up to its `waitMs`) or refuses. A lock whose process is dead
 * (a killed update) is stale: it is renamed away, and only one of several updates finding it wins that rename, then
 * takes the lock by creating it afresh; the files the dead update left beside the database are removed.
 *
 * Example: update A (pid 4242) holds data/stats.duckdb.update.lock containing "4242"; update B started meanwhile
 * refuses with "data/stats.duckdb is being updated by process 4242"; after `kill -9 4242`, the next update takes
 * the lock over and removes data/stats.duckdb.update-4242.* (not the files of a process 42421).
 */
import fs from 'node:fs';
import path from 'node:path';

export const lockPath = (db: string): string => `${db}.update.lock`;

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
  for (const mine of [newLockPath(db, process.pid), `${lockPath(db)}.stale-${process.pid}`]) fs.rmSync(mine, { force: true });
  if (holder(lockPath(db)) === process.pid) fs.rmSync(lockPath(db), { force: true });
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
        // stale: whoever renames it first takes it over; the others find it gone and race on the link above
        const aside = `${file}.stale-${process.pid}`;
        try {
          fs.renameSync(file, aside);
          if (holder(aside) === pid) {
            if (pid > 0) removeLeftovers(db, pid);
          } else {
            // (another update took the stale lock over between our read and our rename: its live lock goes back)
            fs.linkSync(aside, file);
          }
        } catch {
          // another update renamed it first
        } finally {
          fs.rmSync(aside, { force: true });
        }
        continue;
      }
      if (Date.now() >= deadline) throw new UpdateLockedError(`${db} is being updated by process ${pid}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    fs.rmSync(mine, { force: true });
  }
}
