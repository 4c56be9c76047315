/**
 * Child processes running TypeScript modules (the ingest's phases, ingest/run/runPhase.ts): `startChild(entry, ...)`
 * forks `entry` through childBoot.mjs with an IPC channel. A child process, unlike a worker thread, gives all its
 * memory back to the system when it exits, and has an environment of its own (read by native code at start).
 */
import { fork, type ChildProcess } from 'node:child_process';

export interface ChildOptions {
  /** Node's own flags for the child (e.g. --max-old-space-size); the parent's are not passed on */
  execArgv: string[];
  env: NodeJS.ProcessEnv;
  /** stops the child with SIGKILL when aborted */
  signal?: AbortSignal;
}

export function startChild(entry: URL, options: ChildOptions): ChildProcess {
  return fork(new URL('./childBoot.mjs', import.meta.url), [entry.href], {
    execArgv: options.execArgv,
    env: options.env,
    signal: options.signal,
    killSignal: 'SIGKILL',
    // the child writes to the parent's terminal (the games phase's progress bar); no input
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}
