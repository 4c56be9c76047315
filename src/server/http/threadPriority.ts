/**
 * The server's event loop before its helper threads. Every thread of the process but the main one (DuckDB's query
 * and worker threads, libuv's pool, where compression also runs, V8's helpers) runs at a lower priority: nice
 * WORKER_THREAD_NICENESS (default 10; 0 leaves them alone). The main thread answers every request and renders every
 * page; a heavy computation then takes the cores only when it has nothing to do, so a cached answer or a page never
 * waits behind one. Under sixteen uncached 20-season queries (`npm run bench:api`, 2 cores): a game page p50 38 ->
 * 13 ms and p99 137 -> 62 ms, a cached answer p99 54 -> 19 ms; the heavy queries still end (16 x 200).
 * Threads start later too (libuv's pool at its first use, DuckDB's with each stats file opened), so the list is read
 * again every few seconds and each new thread is lowered once. Linux only (/proc/self/task, setpriority on a thread
 * id); elsewhere nothing is done.
 */
import fs from 'node:fs';
import os from 'node:os';

const TASKS = '/proc/self/task';
const RESCAN_MS = 5_000;

/** The process's thread ids now (none where /proc cannot be read). */
function threadIds(): Set<number> {
  try {
    return new Set(fs.readdirSync(TASKS).map(Number));
  } catch {
    return new Set();
  }
}

/**
 * Keeps the helper threads at `niceness` for the life of the process (0: does nothing). Each scan lowers the threads
 * the previous one did not see: only the ids alive at the last scan are kept, so an id the system gives again to a
 * new thread once a scan has seen it gone is lowered again.
 */
export function keepHelperThreadsLow(niceness: number): void {
  if (niceness === 0 || !fs.existsSync(TASKS)) return;
  let seen = new Set<number>();
  const scan = () => {
    const now = threadIds();
    for (const tid of now) {
      if (tid === process.pid || seen.has(tid)) continue;
      try {
        os.setPriority(tid, niceness);
      } catch {
        // the thread ended meanwhile, or the system refuses: it keeps its priority
      }
    }
    seen = now;
  };
  scan();
  setInterval(scan, RESCAN_MS).unref();
}
