/**
 * Runs one phase of the ingest (phaseProtocol.ts) in a child process of its own (phaseChild.ts, started through
 * startChild) and settles with what it sent: its result, or its error with the same message. A process that ends
 * without either (killed by a signal, out of memory) is an error naming the phase and how it ended.
 */
import { startChild } from '../../worker/startChild.ts';
import { phaseEnvironment } from './allocator.ts';
import type { PhaseJob, PhaseMessage, PhaseResult, PhaseUsage } from './phaseProtocol.ts';
import type { StepTime } from './steps.ts';

/**
 * Node's flags for a phase's process, as the npm script's: a heap of 768 MB for one phase's JavaScript (the
 * games phase's appending thread, RAPM's fits), and gc() for the database phase to drop the games' state.
 */
const PHASE_NODE_FLAGS = ['--expose-gc', '--max-old-space-size=768'];

export interface PhaseOptions {
  /** a log line of the phase */
  log: (message: string) => void;
  /** a step time of the phase, measured in its process */
  onStep: (step: StepTime) => void;
  /** stops the phase's process (SIGKILL); the phase then fails */
  signal?: AbortSignal;
}

export interface PhaseRun<R> {
  result: R;
  usage: PhaseUsage;
}

export function runPhase<J extends PhaseJob>(job: J, options: PhaseOptions): Promise<PhaseRun<PhaseResult<J>>> {
  return new Promise((resolve, reject) => {
    const child = startChild(new URL('./phaseChild.ts', import.meta.url), {
      execArgv: PHASE_NODE_FLAGS,
      env: phaseEnvironment(job.phase),
      signal: options.signal,
    });
    let done: PhaseRun<PhaseResult<J>> | null = null;
    let failure: Error | null = null;
    child.on('message', (m: PhaseMessage) => {
      switch (m.kind) {
        case 'log':
          options.log(m.message);
          break;
        case 'step':
          options.onStep(m.step);
          break;
        case 'done':
          done = { result: m.result as PhaseResult<J>, usage: m.usage };
          break;
        case 'error':
          failure = new Error(m.message);
          if (m.stack) failure.stack = m.stack;
          break;
      }
    });
    // Not started at all (an abort of a started process is reported by 'close' below, once it has ended).
    child.on('error', (err) => {
      if (child.pid === undefined) reject(err);
    });
    // 'close' comes after the process ended and its IPC channel closed: every message it sent has arrived.
    child.on('close', (code, signal) => {
      if (failure) reject(failure);
      else if (options.signal?.aborted) reject(new Error(`the ${job.phase} phase was stopped`));
      else if (done && code === 0) resolve(done);
      else reject(new Error(`the ${job.phase} phase's process ended (${signal ? `signal ${signal}` : `exit code ${code}`}) before it finished`));
    });
    // (a process that died before taking its job is reported by 'close')
    child.send(job, () => {});
  });
}
