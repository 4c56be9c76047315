/**
 * npm run bench:profiles -- --db <copy of a stats database>: builds the similar-players profiles
 * (player_profiles, src/server/statsSchema/playerProfiles.ts) into that file as the ingest's post-ingest hook does,
 * and prints the step's time and the process's peak memory, then one similar-players ranking's time. It WRITES
 * to the file: give it a copy, never the served database.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { attachForHooks } from '../src/server/ingest/season/attachStatsFile.ts';
import { playerProfilesBuilder } from '../src/server/statsSchema/playerProfiles.ts';
import { distanceOf, SIMILARITY_FEATURES, zVector } from '../src/server/stats/metrics/similarity.ts';

const at = process.argv.indexOf('--db');
const file = at > 0 ? process.argv[at + 1] : undefined;
if (!file) {
  console.error('usage: npm run bench:profiles -- --db <copy of a stats database>');
  process.exit(2);
}
const instance = await DuckDBInstance.create(':memory:');
const connection = await instance.connect();
await attachForHooks(connection, file);
const opened = process.memoryUsage().rss;
let peak = process.memoryUsage().rss;
const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const started = performance.now();
const cpuBefore = process.cpuUsage();
await playerProfilesBuilder.build(connection);
const buildMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
clearInterval(timer);
peak = Math.max(peak, process.memoryUsage().rss);
const rows = (await connection.runAndReadAll('SELECT * FROM player_profiles')).getRowObjectsJS();
const seasons = (await connection.runAndReadAll('SELECT season, count(*) AS n FROM player_profiles GROUP BY season ORDER BY season')).getRowObjectsJS();
const z = rows.map((r) => zVector(Object.fromEntries(SIMILARITY_FEATURES.map((f) => [f.key, r[`z_${f.key}`] as number | null]))));
// A ranking as the similar-players view does it: every profile's distance to one, sorted; 100 targets.
const rank = (target: Float64Array) => z.map((p, i) => ({ i, d: distanceOf(target, p) })).sort((a, b) => a.d - b.d);
rank(z[0]!); // warm-up
const rankStarted = performance.now();
const targets = Math.min(100, z.length);
for (let t = 0; t < targets; t++) rank(z[Math.floor((t * z.length) / targets)]!);
const rankMs = (performance.now() - rankStarted) / targets;
const ranked = rank(z[0]!);
console.log(`player_profiles: ${rows.length} player-seasons over ${seasons.length} seasons (${seasons.map((s) => s.n).join(', ')})`);
console.log(
  `build: ${(buildMs / 1000).toFixed(2)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU (every thread), peak RSS of the process ${(peak / 2 ** 20).toFixed(0)} MiB (${(opened / 2 ** 20).toFixed(0)} MiB with the file just opened)`,
);
console.log(
  `one ranking over every profile: ${rankMs.toFixed(1)} ms on average over ${targets} (first profile's nearest other: distance ${ranked[1]?.d.toFixed(3)})`,
);
connection.closeSync();
instance.closeSync();
console.log(`after closing the file: RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
