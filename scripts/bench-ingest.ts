/**
 * `npm run bench:ingest -- [--seasons 2012-13] [--season-type regular|playoffs|all]`: runs the real ingest
 * from this process into a temporary file and prints games/s, total time, peak memory and database size, then
 * extrapolates to all of nba-data (20 regular seasons + 10 playoffs, 24,835 games). The ingest's phases run in
 * child processes (src/server/ingest/run/runPhase.ts): memory and CPU are this process's and theirs together.
 * Goal: everything in under 5 minutes and 2 GB RAM on 2 cores, database under 1.5 GB.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from '../src/server/ingest/cli.ts';
import { runIngest } from '../src/server/ingest/ingest.ts';
import { phaseTable, stepTable } from '../src/server/ingest/run/steps.ts';

const ALL_GAMES = 24_835;
const argv = process.argv.slice(2);
const opts = parseArgs(argv.some((a) => a.startsWith('--seasons')) ? argv : ['--seasons', '2012-13', '--season-type', 'regular', ...argv]);
const out = path.join(os.tmpdir(), `bench-ingest-${process.pid}.duckdb`);
/** Resident memory of this process and all its descendants, bytes (Linux's /proc; elsewhere this process's alone). */
function treeRss(pid = process.pid): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
    const children = fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((tid) => fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
    return kb * 1024 + children.reduce((sum, child) => sum + treeRss(child), 0);
  } catch {
    return pid === process.pid ? process.memoryUsage().rss : 0; // no /proc, or the process has just ended
  }
}
let sampledPeak = 0;
const sampler = setInterval(() => {
  sampledPeak = Math.max(sampledPeak, treeRss());
}, 100);
const cpuStart = process.cpuUsage();
const summary = await runIngest({ ...opts, out, progress: false, log: () => {} });
const cpu = process.cpuUsage(cpuStart);
const cpuSeconds = (cpu.user + cpu.system) / 1e6 + summary.phases.reduce((sum, p) => sum + p.cpuSeconds, 0);
clearInterval(sampler);
// The summary's peak bounds the run's (each phase's own max RSS + this process's); the samples can miss a spike.
const maxRss = Math.max(sampledPeak, summary.peakMiB * 2 ** 20);
const size = fs.statSync(out).size;
fs.rmSync(out, { force: true });
const gps = summary.gamesParsed / summary.seconds;
const mb = (b: number): string => `${(b / 1024 / 1024).toFixed(0)} MB`;
console.log(`seasons ${opts.seasons.join(',')} ${opts.seasonTypes.join('+')}: ${summary.gamesParsed} games, ${summary.possessions} possessions`);
console.log(`total time     ${summary.seconds.toFixed(1)} s`);
console.log(`rate           ${gps.toFixed(1)} games/s`);
console.log(
  `CPU time       ${cpuSeconds.toFixed(1)} s (user + system, all threads of all the ingest's processes; ${(cpuSeconds / summary.seconds).toFixed(2)} cores busy on average)`,
);
console.log(
  `peak memory    ${mb(maxRss)} (this process and the phases' processes: ${mb(summary.peakMiB * 2 ** 20)} by their max RSS, ${mb(sampledPeak)} sampled every 100 ms)`,
);
console.log(`database size  ${mb(size)}`);
console.log(stepTable(summary.steps));
console.log(phaseTable(summary));
const estSeconds = ALL_GAMES / gps;
// On a shared machine the wall time depends on the other load; the CPU time does not: with the 2 cores to
// itself the run takes about max(cpu / 2, cpu of the single JavaScript thread) -- reported as a range.
const estCpuSeconds = (cpuSeconds / summary.gamesParsed) * ALL_GAMES;
console.log(
  `extrapolated CPU for all games: ${(estCpuSeconds / 60).toFixed(1)} min of CPU (wall on 2 idle cores between ${(estCpuSeconds / 120).toFixed(1)} and ${(estCpuSeconds / 60).toFixed(1)} min)`,
);
const estSize = (size / summary.gamesParsed) * ALL_GAMES;
console.log(
  `extrapolated to all ${ALL_GAMES} games: ${(estSeconds / 60).toFixed(1)} min (goal < 5 min: ${estSeconds < 300 ? 'met' : `missed by ${((estSeconds - 300) / 60).toFixed(1)} min`}), ` +
    `database ${mb(estSize)} (goal < 1.5 GB: ${estSize < 1.5 * 1024 ** 3 ? 'met' : 'missed'}); memory stays per game (streamed), goal < 2 GB: ${maxRss < 2 * 1024 ** 3 ? 'met' : 'missed'}`,
);
