/**
 * Step times of an ingest run: wall seconds, CPU seconds (user + system of the whole process, DuckDB's threads
 * included) and resident memory after each step. On a shared machine the wall time of a step depends on the
 * other load; its CPU time does not, so both are logged and kept in the summary (cli.ts prints them as a table).
 */

export interface StepTime {
  name: string;
  /** wall seconds */
  seconds: number;
  /** user + system CPU seconds of the process (every thread) */
  cpuSeconds: number;
  /** resident set size at the end of the step, MiB */
  rssMiB: number;
  /** the process's peak resident set size so far (at the end of the step), MiB: the step that raises it set it */
  peakMiB: number;
}

export class StepTimes {
  readonly steps: StepTime[] = [];

  constructor(private readonly log: (message: string) => void = () => {}) {}

  /** Runs `f` as the step `name`: logged as one line and kept in `steps`. */
  async time<T>(name: string, f: () => Promise<T> | T): Promise<T> {
    const wall = Date.now();
    const cpu = process.cpuUsage();
    const result = await f();
    const used = process.cpuUsage(cpu);
    const step: StepTime = {
      name,
      seconds: (Date.now() - wall) / 1000,
      cpuSeconds: (used.user + used.system) / 1e6,
      rssMiB: process.memoryUsage().rss / 2 ** 20,
      peakMiB: process.resourceUsage().maxRSS / 1024,
    };
    this.steps.push(step);
    this.log(`${name}: ${step.seconds.toFixed(1)} s, CPU ${step.cpuSeconds.toFixed(1)} s (rss ${step.rssMiB.toFixed(0)} MB, peak ${step.peakMiB.toFixed(0)} MB)`);
    return result;
  }
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
