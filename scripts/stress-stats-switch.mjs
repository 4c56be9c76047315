/**
 * Stress test of the stats file switch without a restart: the built server (node scripts/serve.mjs, no npm in
 * between, so its exit code and signal are ours to see) serves a copy of the test database; clients ask in a
 * loop while a new file is renamed over the path and SIGHUP sent, SWITCHES times. Prints every failed request,
 * and the server's exit (code, signal) if it ends early, with its last output.
 *
 *   node_modules/.bin/node scripts/stress-stats-switch.mjs [switches=30] [clients=8]
 * (the project's node: it strips the types of the TypeScript module this script imports)
 * Environment: STATS_DB_PATH (the source file; data/test-stats.duckdb), ACCOUNTS_DB_PATH (an existing accounts
 * file; data/test-accounts.sqlite), NODE_BIN (node v24; node_modules/node/bin/node), NODE_FLAGS (extra flags).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { attachForHooks } from '../src/server/ingest/season/attachStatsFile.ts';

const SWITCHES = Number(process.argv[2] ?? 30);
const CLIENTS = Number(process.argv[3] ?? 8);
const SOURCE = path.resolve(process.env.STATS_DB_PATH ?? 'data/test-stats.duckdb');
const NODE = process.env.NODE_BIN ?? path.resolve('node_modules/node/bin/node');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-stress-'));
const live = path.join(dir, 'stats.duckdb');
fs.copyFileSync(SOURCE, live);

let output = '';
const flags = (process.env.NODE_FLAGS ?? '').split(' ').filter(Boolean);
const child = spawn('sh', ['-c', `ulimit -c unlimited; exec "$0" "$@"`, NODE, ...flags, 'scripts/serve.mjs'], {
  env: { ...process.env, HOST: '127.0.0.1', PORT: '0', STATS_DB_PATH: live, STATS_DB_CONNECTIONS: process.env.STATS_DB_CONNECTIONS ?? '3' },
  cwd: process.cwd(),
  stdio: ['ignore', 'pipe', 'pipe'],
});
let exited = null;
child.on('exit', (code, signal) => {
  exited = { code, signal };
  console.log(`SERVER EXIT code=${code} signal=${signal} (pid ${child.pid})`);
});
child.stdout.on('data', (c) => (output += c));
child.stderr.on('data', (c) => (output += c));
let base = '';
for (let i = 0; i < 300 && !base; i++) {
  const m = /listening on http:\/\/[^:]+:(\d+)/.exec(output);
  if (m) base = `http://127.0.0.1:${m[1]}`;
  else await new Promise((r) => setTimeout(r, 100));
}
if (!base) throw new Error(`no server:\n${output}`);
console.log(`server pid ${child.pid} at ${base}; ${SWITCHES} switches, ${CLIENTS} clients; dir ${dir}`);

const urls = [
  '/api/data?page=Players&season=2012',
  '/api/data?page=League&season=2022',
  '/api/data?page=Lineups&season=2012',
  '/api/data?page=TeamTeam&entity=MIA&season=2012',
  '/api/data?page=TeamPlayers&entity=BOS&season=2022',
  '/api/data?page=PlayerProfile&entity=2544&season=2012',
  '/api/shots?page=PlayerProfile&entity=2544&season=2012',
  '/api/players',
  '/api/search?q=durant',
  '/stats/players?season=2012',
  '/stats/player/profile/lebron_james_2544',
  '/readyz',
];
let running = true;
const statuses = new Map();
const failures = [];
const workers = Array.from({ length: CLIENTS }, async (_, k) => {
  for (let i = k; running && !exited; i++) {
    const url = urls[i % urls.length];
    const r = await fetch(base + url).catch((e) => ({ status: 0, text: async () => String(e.cause ?? e) }));
    const body = await r.text();
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    if (r.status !== 200) failures.push(`${url}: ${r.status} ${body.slice(0, 160)}`);
  }
});

const served = async () => (await (await fetch(`${base}/readyz`)).json()).stats.file;
async function installNewFile(k) {
  const next = `${live}.tmp-stress`;
  fs.copyFileSync(SOURCE, next);
  // Attached as the update attaches its copy: opened plainly, its checkpoint would rewrite the derived tables.
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  await attachForHooks(connection, next);
  await connection.run(`UPDATE ingest_meta SET built_at = TIMESTAMP '2030-01-01 00:00:00' + INTERVAL ${k} MINUTE`);
  await connection.run('CHECKPOINT');
  connection.closeSync();
  instance.closeSync();
  fs.rmSync(`${next}.wal`, { force: true });
  fs.renameSync(next, live);
}

let done = 0;
const t0 = Date.now();
try {
  for (let k = 1; k <= SWITCHES && !exited; k++) {
    await new Promise((r) => setTimeout(r, 300 + Math.random() * 1200));
    const before = await served();
    await installNewFile(k);
    process.kill(child.pid, 'SIGHUP');
    const deadline = Date.now() + 30_000;
    while (!exited && Date.now() < deadline && (await served().catch(() => before)) === before) await new Promise((r) => setTimeout(r, 50));
    if (exited) break;
    if ((await served()) !== before + 1) throw new Error(`switch ${k} did not happen`);
    done = k;
    process.stdout.write(`${k} `);
  }
} catch (error) {
  console.log(`\nERROR ${error}`);
} finally {
  running = false;
  await Promise.all(workers);
  console.log(
    `\nswitches done: ${done}/${SWITCHES} in ${((Date.now() - t0) / 1000).toFixed(0)} s; answers ${JSON.stringify([...statuses])}; failures ${failures.length}`,
  );
  for (const f of failures.slice(0, 10)) console.log(`  ${f}`);
  if (exited) console.log(`--- server output (last 3000 chars) ---\n${output.slice(-3000)}`);
  else child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  fs.rmSync(dir, { recursive: true, force: true });
  process.exitCode = exited || failures.length ? 1 : 0;
}
