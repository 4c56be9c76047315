/**
 * What the benchmarks that run against the built server share: their command-line options, a free port, the
 * build into .local/bench-dist, and starting / stopping `npm run serve` (in its own process group).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './freePort.ts';

export { freePort };

const args = process.argv.slice(2);

/** The value after `--name` on the command line, else the fallback. */
export function option(name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
}

/** True when `--name` is on the command line. */
export function flag(name: string): boolean {
  return args.includes(`--${name}`);
}

/**
 * What a browser sends for compression (Chromium: "gzip, deflate, br, zstd"; the server makes no zstd). Node 20's
 * fetch asks a plain-HTTP server for gzip and deflate only, and the server keeps answers as brotli (gzip is made
 * from it for such clients): a bench timing the site as its visitors get it asks as a browser does.
 */
export const BROWSER_ACCEPT_ENCODING = { 'Accept-Encoding': 'gzip, deflate, br' } as const;

/** The 1-minute load average, to print beside every figure (other work on the machine inflates them). */
export const loadAverage = (): number => os.loadavg()[0]!;

/** Where the benchmarks build the site (not dist/, which others may be serving): BENCH_DIST_DIR, else .local/bench-dist. */
export const BENCH_DIST = path.resolve(process.env.BENCH_DIST_DIR || '.local/bench-dist');

/** The stats database a benchmark runs against: --db, else STATS_DB_PATH, else `fallback` (data/stats.duckdb). */
export const benchStatsDb = (fallback = 'data/stats.duckdb'): string => path.resolve(option('db', process.env.STATS_DB_PATH ?? fallback));

/** The environment of the built server on `port` (HOST 127.0.0.1, DIST_DIR the bench build), plus `extra`. */
export function serverEnv(port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, DIST_DIR: BENCH_DIST, PORT: String(port), HOST: '127.0.0.1', ASTRO_TELEMETRY_DISABLED: '1', ...extra };
}

/** Runs a command to its end (output shown), throwing when it fails. */
export function run(cmd: string, cmdArgs: string[], env: NodeJS.ProcessEnv): void {
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', env });
  if (r.status !== 0) throw new Error(`${cmd} ${cmdArgs.join(' ')} failed (${r.status})`);
}

/** Builds the site into BENCH_DIST unless --no-build was given. */
export function buildUnlessSkipped(env: NodeJS.ProcessEnv): void {
  if (!flag('no-build')) {
    run('npx', ['astro', 'build', '--outDir', BENCH_DIST], env);
    run('node', ['scripts/build-server.mjs'], { ...env, DIST_DIR: BENCH_DIST });
  }
}

/** The processes of process group `pgid` (the server's: npm, its shell, node), each with its /proc/<pid>/stat fields after the name. */
function groupStats(pgid: number): { pid: string; fields: string[] }[] {
  const out: { pid: string; fields: string[] }[] = [];
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields[2] = pgrp, fields[11] = utime, fields[12] = stime (clock ticks), fields[21] = rss (pages)
      if (Number(fields[2]) === pgid) out.push({ pid, fields });
    } catch {
      /* the process ended meanwhile */
    }
  }
  return out;
}

/** Clock ticks per second of /proc's times (`getconf CLK_TCK`; 100 on Linux). */
const TICKS_PER_SECOND = 100;
const PAGE_BYTES = 4096;

/**
 * CPU time (ms, user + system, every thread) used so far by the processes of group `pgid`, the server's (its
 * DuckDB threads included): what requests cost the server whatever else the machine runs. Sample it before and
 * after the measured work and subtract.
 */
export function groupCpuMs(pgid: number): number {
  let ticks = 0;
  for (const { fields } of groupStats(pgid)) ticks += Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** Resident memory (MB) of the processes of group `pgid` now, summed. */
export function groupRssMb(pgid: number): number {
  let pages = 0;
  for (const { fields } of groupStats(pgid)) pages += Number(fields[21]);
  return (pages * PAGE_BYTES) / 2 ** 20;
}

/**
 * The largest resident memory (MB) group `pgid` reached while it ran: sampled every `everyMs` until `stop()`,
 * which returns the maximum (a peak between two samples can be missed; every 250 ms is fine-grained enough for a
 * heap that grows over seconds).
 */
export function sampleMaxRss(pgid: number, everyMs = 250): { stop(): number } {
  let max = groupRssMb(pgid);
  const timer = setInterval(() => (max = Math.max(max, groupRssMb(pgid))), everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(max, groupRssMb(pgid));
    },
  };
}

export interface BenchServer {
  readonly process: ChildProcess;
  /** True once the server process has exited. */
  exited(): boolean;
  /** Resolves once `url` answers 2xx; throws if the server exits first or `ms` pass. */
  ready(url: string, ms: number): Promise<void>;
  /** Stops the server's whole process group (safe to call twice). */
  stop(): void;
}

/**
 * Starts `npm run serve` in a process group of its own with `env`; its stderr goes to ours (each line through
 * `stderrLine` when given, which may drop it). The server is stopped when this process exits.
 */
export function startServer(env: NodeJS.ProcessEnv, stderrLine?: (line: string) => void): BenchServer {
  const server = spawn('npm', ['run', 'serve'], { env, stdio: ['ignore', 'ignore', stderrLine ? 'pipe' : 'inherit'], detached: true });
  if (stderrLine)
    server.stderr!.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) stderrLine(line);
    });
  let exited = false;
  server.on('exit', (code) => {
    exited = true;
    if (code) console.error(`the server exited with ${code}`);
  });
  const stop = () => {
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
  process.on('exit', stop);
  return {
    process: server,
    exited: () => exited,
    stop,
    async ready(url: string, ms: number) {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        if (exited) throw new Error('the server stopped before answering');
        try {
          if ((await fetch(url)).ok) return;
        } catch {
          /* not up yet */
        }
        await new Promise((r) => setTimeout(r, 500));
      }
      throw new Error(`server did not answer ${url} within ${ms} ms`);
    },
  };
}

/** Runs a benchmark's main: exit code 0 when it ends, 1 with the error printed when it throws. */
export function runMain(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
