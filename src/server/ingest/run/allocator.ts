/**
 * How DuckDB's allocator (jemalloc) is set up, per phase of the ingest (each phase runs in a child process of its
 * own, runPhase.ts; jemalloc reads DUCKDB_JE_MALLOC_CONF when DuckDB first allocates, so it is set in the
 * environment the child starts with). An operator's own DUCKDB_JE_MALLOC_CONF is kept, for both phases.
 *
 * jemalloc keeps the pages it freed for reuse, resident, in several arenas (8 on two cores): a full build in one
 * process peaked at 1.57-1.73 GB (the ingest's memory goal: 1.5 GB). Measured, one full build per setting (the phase's
 * process alone; the parent adds 80-99 MB; a time or peak given as a range is of several builds):
 *
 * | setting | database phase | hooks phase |
 * |---|---|---|
 * | DuckDB's default | 115-131 s, 1,353-1,446 MB | 104 s, 1,607 MB |
 * | `dirty_decay_ms:0,muzzy_decay_ms:0` (freed pages back at once) | 140 s, 1,339 MB (with `thp:always`) | 149-156 s, 1,304-1,326 MB |
 * | `dirty_decay_ms:200` (hooks), `:1000` (both) | 129 s, 1,404 MB | 110-114 s, 1,514-1,562 MB |
 * | DuckDB's flush thresholds at 4 MB, background threads | 130 s, 1,424 MB | 109 s, 1,562 MB |
 * | `narenas:1` (one arena) | 127-129 s, 1,359-1,403 MB | 101-103 s, 1,374-1,388 MB |
 * | `narenas:1`, freed pages back at once | 142 s, 1,338 MB | |
 * | `narenas:1,dirty_decay_ms:1000` | 120 s to the end of the games (1,390 MB) | 104 s, 1,349 MB |
 *
 * Giving pages back at once holds the memory but faults them in again (35 M minor page faults in a build, 86 s of
 * system time): each step a third slower. One arena holds most of it at DuckDB's speed: the pages one thread frees
 * are the next allocation's, where each of eight arenas kept its own. The games phase still peaks 40-60 MB higher
 * unless its pages go back at once, and it is the build's peak: the database phase gives them back at once (about
 * 15 s), the hooks keep theirs for a second. Two full builds: 247 and 256 s, at most 1,448 and 1,438 MB.
 */
import type { PhaseName } from './phaseProtocol.ts';

/** The allocator setting of each phase when the operator set none (see the table above). */
const PHASE_SETTING: Record<PhaseName, string> = {
  database: 'narenas:1,dirty_decay_ms:0,muzzy_decay_ms:0',
  hooks: 'narenas:1,dirty_decay_ms:1000,muzzy_decay_ms:0',
  // the update's season read again: the games phase of one season, as the database phase
  season: 'narenas:1,dirty_decay_ms:0,muzzy_decay_ms:0',
};

/** The environment a phase's process starts with: this one's, with the phase's allocator setting. */
export function phaseEnvironment(phase: PhaseName, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const own = { ...env };
  if (own.DUCKDB_JE_MALLOC_CONF === undefined) {
    own.DUCKDB_JE_MALLOC_CONF = PHASE_SETTING[phase];
  }
  return own;
}
