/**
 * `npm start`: from a fresh clone (after `npm ci`) to the site on http://localhost:4321 with the defaults.
 *  1. builds the stats database (STATS_DB_PATH, default data/stats.duckdb) with `npm run ingest` when it is
 *     missing or of another schema version (the first run takes a while: every season is parsed);
 *  2. seeds the demo accounts with `npm run users -- seed-demo` (idempotent) when that script exists;
 *  3. builds the site (`npm run build`);
 *  4. serves it (`npm run serve`) until stopped with Ctrl-C.
 * Set SKIP_INGEST=1 to serve without building the stats database (the stats pages then report the missing data).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { checkStatsDbVersion } from '../src/server/db/statsDbVersion.ts';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts ?? {};
const statsDb = env.STATS_DB_PATH || 'data/stats.duckdb';

function step(label, args) {
  console.log(`\n[start] ${label}: npm ${args.join(' ')}`);
  const result = spawnSync('npm', args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`[start] ${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
}

const stats = env.SKIP_INGEST ? { ok: true } : await checkStatsDbVersion(statsDb);
if (!stats.ok && stats.reason === 'unreadable') {
  console.error(`[start] ${stats.message} Left as it is: move it away (or set STATS_DB_PATH) and run npm start again.`);
  process.exit(1);
}
if (!stats.ok) {
  if (scripts.ingest && existsSync('src/server/ingest/cli.ts')) {
    if (stats.reason === 'outdated') console.log(`[start] ${stats.message}`);
    step(`building the stats database ${statsDb}`, ['run', 'ingest']);
  } else {
    console.log('[start] no ingest yet: serving without a stats database.');
  }
}
if (scripts.users) step('seeding demo accounts', ['run', 'users', '--', 'seed-demo']);
step('building the site', ['run', 'build']);

console.log(`\n[start] serving on http://localhost:${env.PORT || 4321}`);
const server = spawn('npm', ['run', 'serve'], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
