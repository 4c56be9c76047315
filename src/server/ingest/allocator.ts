/**
 * How DuckDB's allocator (jemalloc) gives freed memory back, per phase of the ingest (each phase runs in a child
 * process of its own, runPhase.ts; jemalloc reads DUCKDB_JE_MALLOC_CONF when DuckDB first allocates, so it is set
 * in the environment the child starts with).
 *
 * jemalloc keeps the pages it freed for reuse, resident. In one process that kept about 600 MB of the games phase
 * under the hooks' own 640 MB (a full build's peak 1.57-1.73 GB); giving pages back at once
 * (`dirty_decay_ms:0,muzzy_decay_ms:0`) held it at 1.35 GB but made every step about a third slower (the games
 * phase 111 -> 124-148 s). Now the hooks start in a new process, so what the games phase kept is gone with its
 * process: the database phase keeps DuckDB's default (fast), the hooks give pages back at once (their peak is
 * their own). An operator's own DUCKDB_JE_MALLOC_CONF is kept, for both phases.
 */
import type { PhaseName } from './phaseProtocol.ts';

/** jemalloc gives freed pages back to the system at once. */
const FREE_AT_ONCE = 'dirty_decay_ms:0,muzzy_decay_ms:0';

/** The allocator setting of each phase when the operator set none (undefined: DuckDB's default). */
const PHASE_SETTING: Record<PhaseName, string | undefined> = { database: undefined, hooks: FREE_AT_ONCE };

/** The environment a phase's process starts with: this one's, with the phase's allocator setting. */
export function phaseEnvironment(phase: PhaseName, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const own = { ...env };
  if (own.DUCKDB_JE_MALLOC_CONF === undefined) {
    const setting = PHASE_SETTING[phase];
    if (setting !== undefined) own.DUCKDB_JE_MALLOC_CONF = setting;
  }
  return own;
}
