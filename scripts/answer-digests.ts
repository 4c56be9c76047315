/**
 * `npx tsx scripts/answer-digests.ts [--db path] [--per-kind 10] [--seed 41]`: the SHA-256 of the JSON of random
 * legal /api/data answers of every page kind, computed in process through the answers layer (answer(): the same
 * cache, queue and dispatch as the server), one line per query: `<digest> <url>`. Run it on two builds against the
 * same database and diff the outputs: a change that must not alter any answer prints the same lines.
 * The queries are drawn as bench:random draws them (scripts/lib/randomQueries.ts), `--per-kind` of each page kind.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { DATA_PAGE_KINDS, parseDataQuery, rawQueryFromSearchParams } from '../src/lib/apiParams.ts';
import { drawQuery, generator, loadRosters } from './lib/randomQueries.ts';
import { option } from './lib/benchServer.ts';

const DB = path.resolve(option('db', process.env.STATS_DB_PATH ?? 'data/stats.duckdb'));
process.env.STATS_DB_PATH = DB;
const PER_KIND = Number(option('per-kind', '10'));
const SEED = Number(option('seed', '41'));

const instance = await DuckDBInstance.create(DB, { access_mode: 'READ_ONLY' });
const c = await instance.connect();
const rosters = await loadRosters(c);
c.closeSync();
instance.closeSync();

// After STATS_DB_PATH is set: the server's configuration is read when these modules load.
const { answer } = await import('../src/server/stats/answers/answers.ts');
const { jsonOf } = await import('../src/server/stats/base/encoding.ts');
const { closeStatsDb } = await import('../src/server/db/statsDb.ts');

const rng = generator(SEED);
for (const page of DATA_PAGE_KINDS) {
  for (let i = 0; i < PER_KIND; i++) {
    const { url } = drawQuery(rng, rosters, { pages: [page] });
    const q = parseDataQuery(rawQueryFromSearchParams(new URL(url, 'http://localhost').searchParams));
    let line: string;
    try {
      line = createHash('sha256').update(jsonOf(await answer(q, { client: 'digests' }))).digest('hex');
    } catch (error) {
      line = `error ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
    }
    console.log(`${line} ${url}`);
  }
}
await closeStatsDb();
process.exit(0);
