/**
 * `npm run bench:shots -- [--db path] [--samples 40]`: GET /api/shots for player seasons, in-process through the
 * endpoint handler (parse, gate, compute, encode), one request at a time, every answer uncached (each player
 * season asked once). Two runs: "pool warm" (the league/position-group counts of the season already computed by
 * an earlier player of the same season: the usual case on a running server) and "cold" (every cache cleared
 * before each request). Prints p50/p95/max in ms and the machine's load average.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { ascending, percentile } from './lib/percentile.ts';

const { values } = parseArgs({ options: { db: { type: 'string' }, samples: { type: 'string', default: '40' } } });
if (values.db) process.env.STATS_DB_PATH = values.db;
const samples = Number(values.samples);

const { GET } = await import('../src/pages/api/shots.ts');
const { clearAnswerCache } = await import('../src/server/stats/answers/answers.ts');
const { clearShotPools } = await import('../src/server/stats/shots/shotPool.ts');
const { query } = await import('../src/server/db/statsDb.ts');

// Player seasons with the most attempts, spread over the regular seasons (with and without shot locations).
const rows = await query<{ player_id: number; season: number }>(
  `SELECT player_id, season FROM (
     SELECT player_id, season, row_number() OVER (PARTITION BY season ORDER BY COUNT(*) DESC) AS r
       FROM shots WHERE season_type = 'regular' GROUP BY player_id, season
   ) WHERE r <= 3 ORDER BY r, season`,
);
const picks = rows.slice(0, samples);

async function call(p: { player_id: number; season: number }): Promise<number> {
  const url = new URL(`http://localhost/api/shots?page=PlayerProfile&entity=${p.player_id}&season=${p.season}`);
  const t = performance.now();
  const res = await GET({ url, locals: { session: null }, request: new Request(url, { headers: { 'accept-encoding': 'br, gzip' } }) } as never);
  await res.arrayBuffer();
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`${url} -> ${res.status}`);
  return ms;
}

const stats = (xs: number[]) => {
  const s = ascending(xs);
  return `p50 ${percentile(s, 50).toFixed(1)} ms, p95 ${percentile(s, 95).toFixed(1)} ms, max ${s[s.length - 1]!.toFixed(1)} ms (n=${s.length})`;
};

await call(picks[0]!); // open the database
// Pool warm: each season's pool computed once first (not timed), then every player season uncached.
for (const season of new Set(picks.map((p) => p.season))) await call({ player_id: picks.find((p) => p.season === season)!.player_id, season });
clearAnswerCache();
const warm: number[] = [];
for (const p of picks) warm.push(await call(p));
const cold: number[] = [];
for (const p of picks) {
  clearAnswerCache();
  clearShotPools();
  cold.push(await call(p));
}
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, ${os.cpus().length} cores`,
);
console.log(`/api/shots player season, answer uncached, pool warm: ${stats(warm)}`);
console.log(`/api/shots player season, everything cold:            ${stats(cold)}`);
process.exit(0);
