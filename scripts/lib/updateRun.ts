/**
 * One run of `npm run update` as the benchmarks and the season replay time it: a process of its own (the update's
 * CLI under tsx, with the npm script's Node options), its wall seconds measured here, its CPU seconds summed from
 * its step lines on stderr ("season derived tables: 9.6 s, CPU 9.4 s"), its JSON line parsed from stdout.
 * Asynchronous, so a caller can keep serving or browsing while the update runs.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';

/** The update's one JSON line (src/server/ingest/update/cli.ts). */
export interface UpdateLine {
  added: number;
  replaced: number;
  skipped: { game: string; reason: string }[];
  seconds: number;
  peak_mb: number;
  error?: string;
}

export interface UpdateRun {
  wall: number;
  /** CPU seconds of the update's steps (user + system, every thread), summed from its step lines */
  cpu: number;
  /** the 1-minute load average when it ended */
  load: number;
  exitCode: number | null;
  line: UpdateLine;
  /** its step lines, for a log */
  steps: string[];
}

/** Runs `update --db db --data dataDir ...extra`; throws when it exits 1 (nothing changed because of an error). */
export async function runUpdate(db: string, dataDir: string, extra: string[]): Promise<UpdateRun> {
  const started = Date.now();
  const child = spawn('npx', ['tsx', 'src/server/ingest/update/cli.ts', '--db', db, '--data', dataDir, ...extra], {
    env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=768 --expose-gc' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exitCode = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const wall = (Date.now() - started) / 1000;
  const last = stdout.trim().split('\n').at(-1) ?? '';
  let line: UpdateLine;
  try {
    line = JSON.parse(last) as UpdateLine;
  } catch {
    throw new Error(`update ${extra.join(' ')} printed no JSON line (exit ${exitCode}):\n${stderr.slice(-4000)}`);
  }
  if (line.error || (exitCode !== 0 && exitCode !== 2)) {
    throw new Error(`update ${extra.join(' ')} failed: ${line.error ?? `exit ${exitCode}`}\n${stderr.slice(-4000)}`);
  }
  const stepLines = stderr.split('\n').filter((l) => /^[^ ].*: \d+\.\d s, CPU/.test(l));
  const cpu = stepLines.reduce((sum, l) => sum + Number(/CPU (\d+\.\d) s/.exec(l)![1]), 0);
  const steps = stderr.split('\n').filter((l) => /: \d+\.\d s, CPU|deleted in/.test(l));
  return { wall, cpu, load: os.loadavg()[0]!, exitCode, line, steps };
}
