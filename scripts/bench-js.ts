/**
 * `npm run bench:js`: the gzipped JavaScript the stats pages run at first load (scripts/lib/firstLoadJs.ts), with
 * the list of chunks for each page. Builds the site into .local/bench-dist (skip with --no-build), serves it on
 * --port (or a free port) against --db / STATS_DB_PATH (default here: data/test-stats.duckdb; the sizes do not
 * depend on the data), fetches each page and reads its JS from the build. Prints MET or MISS for the goal
 * (<= 150 KB per page) and exits 1 on a miss.
 *
 * Options: --no-build, --port N, --db path, --page /stats/... (repeatable; default: the players table and a player
 * profile).
 */
import fs from 'node:fs';
import path from 'node:path';
import { BENCH_DIST, benchStatsDb, buildUnlessSkipped, freePort, loadAverage, option, runMain, serverEnv, startServer } from './lib/benchServer.ts';
import { FIRST_LOAD_JS_GOAL, firstLoadJs } from './lib/firstLoadJs.ts';

const args = process.argv.slice(2);
const pagesAsked = args.flatMap((a, i) => (args[i - 1] === '--page' ? [a] : []));
const PAGES = pagesAsked.length > 0 ? pagesAsked : ['/stats/players', '/stats/player/profile/stephen_curry_201939?season=2012'];

const kb = (n: number) => (n / 1024).toFixed(1).padStart(6);

async function main(): Promise<void> {
  const port = Number(option('port', String(await freePort())));
  const db = benchStatsDb('data/test-stats.duckdb');
  if (!fs.existsSync(db)) throw new Error(`no stats database at ${db}`);
  const env = serverEnv(port, { STATS_DB_PATH: db });
  buildUnlessSkipped(env);
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(env);
  const missed: string[] = [];
  try {
    await server.ready(`${base}/about`, 60_000);
    for (const page of PAGES) {
      const res = await fetch(`${base}${page}`);
      if (!res.ok) throw new Error(`${page}: HTTP ${res.status}`);
      const js = firstLoadJs(await res.text(), `${base}${page}`, path.join(BENCH_DIST, 'client'));
      const ok = js.gzip <= FIRST_LOAD_JS_GOAL;
      if (!ok) missed.push(page);
      console.log(`\n${page}: ${js.files.length} files, ${kb(js.raw)} KiB raw, ${kb(js.gzip)} KiB gzipped`);
      for (const f of js.files) console.log(`  ${kb(f.gzip)} KiB gz ${kb(f.raw)} KiB  ${f.path}`);
      console.log(`  ${ok ? 'MET ' : 'MISS'} first-load JS <= ${FIRST_LOAD_JS_GOAL / 1024} KB gzipped: ${(js.gzip / 1024).toFixed(1)} KB`);
    }
    console.log(`\nload average ${loadAverage().toFixed(2)} (the sizes do not depend on it)`);
  } finally {
    server.stop();
  }
  if (missed.length > 0) throw new Error(`first-load JS over ${FIRST_LOAD_JS_GOAL / 1024} KB on ${missed.join(', ')}`);
}

runMain(main);
