/**
 * `npm run bench:checksum -- --db PATH [--runs 3] [--cold]`: how long the server's check of a stats file takes
 * (src/server/db/statsFileChecksum.ts: SHA-256 of the whole file, read in 1 MiB pieces). Each run prints its
 * seconds and MB/s, the CPU time it used (this process: the hash and the reads; on a machine shared with other
 * work the wall time grows with the load, the CPU time does not), and the longest the event loop was held meanwhile (a server checking a new file keeps
 * answering from the old one). With PATH.sha256 beside the file a run is the whole check
 * (verifyStatsFileChecksum); without one, the hash alone (hashFile), which is all of the check's work.
 * The first run may read from disk, the later ones from the page cache. With --cold, the file's pages are
 * dropped from the page cache before each run (coreutils' `dd iflag=nocache count=0`, this file only), as on a
 * node that just received the file or just booted.
 * Results: docs/benchmarks/checksum.md.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { checksumPath, hashFile, verifyStatsFileChecksum } from '../src/server/db/statsFileChecksum.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const db = arg('--db');
const runs = Number(arg('--runs') ?? 3);
const cold = process.argv.includes('--cold');
if (!db || !fs.existsSync(db) || !(runs >= 1 && runs <= 10)) {
  console.error('usage: npm run bench:checksum -- --db PATH [--runs 1..10] (PATH: an existing stats file)');
  process.exit(2);
}
const withChecksum = fs.existsSync(checksumPath(db));
const bytes = fs.statSync(db).size;
console.log(
  `${db}: ${(bytes / 1e6).toFixed(0)} MB, ${withChecksum ? 'whole check (its checksum is beside it)' : 'hash only (no checksum beside it)'}${cold ? ', read from disk (--cold)' : ''}`,
);
console.log(
  `${os.cpus().length} cores (${os.cpus()[0]?.model}), load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const seconds: number[] = [];
for (let run = 1; run <= runs; run++) {
  if (cold) execFileSync('dd', [`if=${db}`, 'iflag=nocache', 'count=0'], { stdio: 'ignore' });
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const started = performance.now();
  const cpu = process.cpuUsage();
  if (withChecksum) {
    const check = await verifyStatsFileChecksum(db);
    if (check.status !== 'verified') {
      console.error(`${db}: ${check.status}${check.status === 'damaged' ? `: ${check.reason}` : ''}`);
      process.exit(1);
    }
  } else {
    await hashFile(db);
  }
  const s = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  delay.disable();
  seconds.push(s);
  console.log(
    `run ${run}: ${s.toFixed(2)} s, ${(bytes / 1e6 / s).toFixed(0)} MB/s, CPU ${((used.user + used.system) / 1e6).toFixed(2)} s, event loop held at most ${(delay.max / 1e6).toFixed(1)} ms`,
  );
}
const sorted = [...seconds].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)]!;
console.log(`median ${median.toFixed(2)} s, ${(bytes / 1e6 / median).toFixed(0)} MB/s`);
