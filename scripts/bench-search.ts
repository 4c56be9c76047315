/**
 * `npm run bench:search -- [--db path] [--runs 50]`: site search in-process on a stats database (default
 * STATS_DB_PATH): the index build time, then p50/p95/max of search(q, 8) over a fixed mix of queries (player
 * names whole, partial, accented and misspelt; teams; games by teams and date), each run `--runs` times.
 * Goal: p95 < 20 ms.
 */
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { db: { type: 'string' }, runs: { type: 'string', default: '50' } } });
if (values.db) process.env.STATS_DB_PATH = values.db;
const runs = Math.max(1, Number(values.runs));

const { search, searchIndexes } = await import('../src/server/search/index.ts');
const { closeStatsDb } = await import('../src/server/db/statsDb.ts');

const QUERIES = [
  'lebron',
  'doncic',
  'Dončić',
  'james',
  'steph curry',
  'giannis',
  'karl-anthony',
  'jok',
  'kobe bryant',
  'westbrok',
  'celtics',
  'NJN',
  'los angeles',
  'okc',
  'new orleans',
  'BOS DEN 2023-01-01',
  'lakers celtics',
  'MIA 2013-06-20',
  'a',
  'de',
  'j',
  'smith',
  'will',
];

let t = performance.now();
await searchIndexes();
const buildMs = performance.now() - t;
for (const q of QUERIES) await search(q, 8); // warm up

const times: number[] = [];
for (let i = 0; i < runs; i++) {
  for (const q of QUERIES) {
    t = performance.now();
    await search(q, 8);
    times.push(performance.now() - t);
  }
}
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
console.log(`search index build: ${buildMs.toFixed(0)} ms (rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB)`);
console.log(
  `search: ${times.length} queries (${QUERIES.length} x ${runs}): p50 ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, max ${at(1).toFixed(2)} ms (goal p95 < 20 ms)`,
);
const slow: (readonly [string, number])[] = [];
for (const q of QUERIES) {
  const s = performance.now();
  await search(q, 8);
  slow.push([q, performance.now() - s] as const);
}
console.log(
  'slowest:',
  slow
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([q, ms]) => `"${q}" ${ms.toFixed(1)} ms`)
    .join(', '),
);
await closeStatsDb();
