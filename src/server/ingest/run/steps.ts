/**
 * Step times of an ingest run: wall seconds, CPU seconds (user + system of the process that ran the step, DuckDB's
 * threads included) and resident memory after each step. On a shared machine the wall time of a step depends on
 * the other load; its CPU time does not, so both are logged and kept in the summary (cli.ts prints them as a table).
 *
 * The ingest runs each phase in a child process (runPhase.ts) beside the parent that started it, so one process's
 * memory is not the run's: a step measured in a phase's process is reported with the parent's memory added
 * (withParentMemory). The phases run one after the other, never together, so the phase's peak plus the parent's
 * peak bounds what the ingest's processes held at once.
 */

const MiB = 2 ** 20;

export interface StepTime {
  name: string;
  /** wall seconds */
  seconds: number;
  /** user + system CPU seconds of the process that ran the step (every thread) */
  cpuSeconds: number;
  /**
   * resident set size at the end of the step, MiB: of the process that ran it; in the ingest's summary and log,
   * the phase's process and the parent together (withParentMemory)
   */
  rssMiB: number;
  /**
   * peak resident set size so far (at the end of the step), MiB, the step that raises it set it: the process's own;
   * in the ingest's summary and log, the phase's process's peak so far (a phase starts afresh in a new process)
   * plus the parent's peak so far
   */
  peakMiB: number;
}

/** The memory a step was measured with, in the process it ran in. */
function ownMemory(): Pick<StepTime, 'rssMiB' | 'peakMiB'> {
  return { rssMiB: process.memoryUsage().rss / MiB, peakMiB: process.resourceUsage().maxRSS / 1024 };
}

/** A step measured in a phase's child process as the whole run's: this (the parent) process's memory added. */
export function withParentMemory(step: StepTime): StepTime {
  const parent = ownMemory();
  return { ...step, rssMiB: step.rssMiB + parent.rssMiB, peakMiB: step.peakMiB + parent.peakMiB };
}

/** Times steps of one process; each finished step is handed to `onStep` (e.g. logStep(log)) and kept in `steps`. */
export class StepTimes {
  readonly steps: StepTime[] = [];

  constructor(private readonly onStep: (step: StepTime) => void = () => {}) {}

  /** Runs `f` as the step `name`. */
  async time<T>(name: string, f: () => Promise<T> | T): Promise<T> {
    const wall = Date.now();
    const cpu = process.cpuUsage();
    const result = await f();
    const used = process.cpuUsage(cpu);
    const step: StepTime = { name, seconds: (Date.now() - wall) / 1000, cpuSeconds: (used.user + used.system) / 1e6, ...ownMemory() };
    this.steps.push(step);
    this.onStep(step);
    return result;
  }
}

/** A step as one log line. */
export function stepLine(step: StepTime): string {
  return `${step.name}: ${step.seconds.toFixed(1)} s, CPU ${step.cpuSeconds.toFixed(1)} s (rss ${step.rssMiB.toFixed(0)} MB, peak ${step.peakMiB.toFixed(0)} MB)`;
}

/** Logs each step as one line (StepTimes' onStep). */
export function logStep(log: (message: string) => void): (step: StepTime) => void {
  return (step) => log(stepLine(step));
}

/** The steps as a plain-text table (cli.ts's summary). */
export function stepTable(steps: readonly StepTime[]): string {
  const width = Math.max(4, ...steps.map((s) => s.name.length));
  const lines = [`${'step'.padEnd(width)}  ${'wall s'.padStart(7)}  ${'CPU s'.padStart(7)}  ${'rss MB'.padStart(7)}  ${'peak MB'.padStart(7)}`];
  for (const s of steps) {
    lines.push(
      `${s.name.padEnd(width)}  ${s.seconds.toFixed(1).padStart(7)}  ${s.cpuSeconds.toFixed(1).padStart(7)}  ${s.rssMiB.toFixed(0).padStart(7)}  ${s.peakMiB.toFixed(0).padStart(7)}`,
    );
  }
  return lines.join('\n');
}

/** What each phase's process used, and the orchestrating process's peak (ingest.ts IngestSummary). */
export interface ProcessUsage {
  phases: readonly { phase: string; seconds: number; cpuSeconds: number; peakMiB: number }[];
  parentPeakMiB: number;
  peakMiB: number;
}

/** Each process of the run as a plain-text table, and the run's peak (cli.ts's summary). */
export function phaseTable(run: ProcessUsage): string {
  const row = (name: string, wall: string, cpu: string, peak: number): string =>
    `${name.padEnd(16)}  ${wall.padStart(7)}  ${cpu.padStart(7)}  ${peak.toFixed(0).padStart(7)}`;
  return [
    `${'process'.padEnd(16)}  ${'wall s'.padStart(7)}  ${'CPU s'.padStart(7)}  ${'peak MB'.padStart(7)}`,
    ...run.phases.map((p) => row(`${p.phase} phase`, p.seconds.toFixed(1), p.cpuSeconds.toFixed(1), p.peakMiB)),
    row('parent', '', '', run.parentPeakMiB),
    `peak of the run, at most: ${run.peakMiB.toFixed(0)} MB (the largest phase's + the parent's; the phases run one after the other)`,
  ].join('\n');
}
