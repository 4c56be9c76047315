/**
 * `npm run bench:js`: the gzipped JavaScript the stats pages run at first load (scripts/firstLoadJs.ts), with
 * the list of chunks for each page. Builds the site into .local/js-bench-dist (skip with --no-build), serves it
 * on PORT (or a free port) against STATS_DB_PATH (default data/test-stats.duckdb), fetches each page and reads
 * its JS from the build. Prints MET or MISS for the goal (<= 150 KB per page); exits 1 on a miss.
 *
 * Options: --no-build, --port N, --page /stats/... (repeatable; default: the players table and a player profile).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { FIRST_LOAD_JS_GOAL, firstLoadJs } from './firstLoadJs.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const pagesAsked = args.flatMap((a, i) => (args[i - 1] === '--page' ? [a] : []));
const PAGES = pagesAsked.length > 0 ? pagesAsked : ['/stats/players', '/stats/player/profile/stephen_curry_201939?season=2012'];
const DIST = path.resolve('.local/js-bench-dist');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitFor(url: string, ms: number, gone: () => boolean): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (gone()) throw new Error('the server stopped before answering (is the port free?)');
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}

const kb = (n: number) => (n / 1024).toFixed(1).padStart(6);

async function main(): Promise<void> {
  const port = Number(option('--port', process.env.PORT ?? String(await freePort())));
  const env = {
    ...process.env,
    ASTRO_TELEMETRY_DISABLED: '1',
    DIST_DIR: DIST,
    PORT: String(port),
    HOST: '127.0.0.1',
    STATS_DB_PATH: process.env.STATS_DB_PATH ?? 'data/test-stats.duckdb',
  };
  if (!existsSync(env.STATS_DB_PATH)) throw new Error(`no stats database at ${env.STATS_DB_PATH}`);
  if (!args.includes('--no-build') || !existsSync(DIST)) {
    console.log(`building into ${DIST} ...`);
    const built = spawnSync('npx', ['astro', 'build', '--outDir', DIST], { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (built.status !== 0) throw new Error('build failed');
  }
  const base = `http://127.0.0.1:${port}`;
  const server = spawn('npm', ['run', '--silent', 'serve'], { env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  let exited = false;
  server.on('exit', () => (exited = true));
  const stop = () => {
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.on('exit', stop);
  let missed = false;
  try {
    await waitFor(`${base}/about`, 60_000, () => exited);
    for (const page of PAGES) {
      const res = await fetch(`${base}${page}`);
      if (!res.ok) throw new Error(`${page}: HTTP ${res.status}`);
      const js = firstLoadJs(await res.text(), `${base}${page}`, path.join(DIST, 'client'));
      const ok = js.gzip <= FIRST_LOAD_JS_GOAL;
      missed ||= !ok;
      console.log(`\n${page}: ${js.files.length} files, ${kb(js.raw)} KiB raw, ${kb(js.gzip)} KiB gzipped`);
      for (const f of js.files) console.log(`  ${kb(f.gzip)} KiB gz ${kb(f.raw)} KiB  ${f.path}`);
      console.log(`  ${ok ? 'MET ' : 'MISS'} first-load JS <= ${FIRST_LOAD_JS_GOAL / 1024} KB gzipped: ${(js.gzip / 1024).toFixed(1)} KB`);
    }
    console.log(`\nload average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')} (sizes do not depend on it)`);
  } finally {
    stop();
  }
  process.exitCode = missed ? 1 : 0;
}

await main();
