/**
 * A phase of the ingest in a child process (runPhase.ts starts it through startChild): it takes its job from the
 * first IPC message, runs it (phases.ts), sends log lines and step times as it goes and then its result or its
 * error (phaseProtocol.ts), and exits. Its memory is measured here, by itself: the parent cannot read it.
 */
import type { PhaseJob, PhaseMessage, PhaseUsage } from './phaseProtocol.ts';
import { buildDatabase, buildDerivedTables } from './phases.ts';
import { StepTimes } from './steps.ts';
import { stageSeason } from '../update/stageSeason.ts';

if (!process.send) throw new Error('phaseChild.ts runs as a child process with an IPC channel (runPhase.ts starts it)');

const post = (message: PhaseMessage): void => {
  process.send!(message);
};

/** The last message: sent, then the process exits (it holds nothing the parent needs once the message is out). */
const finish = (message: PhaseMessage, exitCode: number): void => {
  process.send!(message, () => process.exit(exitCode));
};

// Ctrl-C (or a SIGTERM to the whole process group) reaches the parent too, which stops this process (SIGKILL) and
// removes the files: the parent decides, so that the run ends as interrupted (exit 130), not as a dead phase.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
// Without the parent no one would remove the temporary files or wait for the result: stop.
process.on('disconnect', () => process.exit(1));

process.once('message', (job: PhaseJob) => {
  const log = (message: string): void => post({ kind: 'log', message });
  const steps = new StepTimes((step) => post({ kind: 'step', step }));
  const work = job.phase === 'database' ? buildDatabase(job, steps, log) : job.phase === 'season' ? stageSeason(job, log) : buildDerivedTables(job, steps, log);
  work.then(
    (result) => {
      // From the process's start, not the job's: starting node, tsx and DuckDB's library are the phase's too.
      const used = process.cpuUsage();
      const usage: PhaseUsage = {
        seconds: process.uptime(),
        cpuSeconds: (used.user + used.system) / 1e6,
        peakMiB: process.resourceUsage().maxRSS / 1024,
      };
      finish({ kind: 'done', result, usage }, 0);
    },
    (err: unknown) => {
      const error = err instanceof Error ? err : new Error(String(err));
      finish({ kind: 'error', message: error.message, stack: error.stack }, 1);
    },
  );
});
