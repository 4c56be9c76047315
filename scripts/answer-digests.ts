/**
 * `npx tsx scripts/answer-digests.ts [--db path] [--per-kind 10] [--seed 41]`: the SHA-256 of the JSON of random
 * legal /api/data answers of every page kind, computed in process through the answers layer (answer(): the same
 * cache, queue and dispatch as the server), one line per query: `<digest> <url>`. Run it on two builds against the
 * same database and diff the outputs: a change that must not alter any answer prints the same lines.
 * The queries are drawn as bench:random draws them (scripts/lib/randomQueries.ts), `--per-kind` of each page kind.
 *
 * `--v1` adds the developer API: every /api/v1 endpoint asked without a key through its router (handleV1: the
 * endpoint, its parameters, the answer's schema), on players, teams and games of the drawn rosters, one line per
 * call: `<digest of status, Content-Type, ETag and body> <status> <url>`. Quotas are lifted for the run and the accounts
 * file is a temporary one, so a line changes only when an answer does.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { DATA_PAGE_KINDS, parseDataQuery, rawQueryFromSearchParams } from '../src/lib/params/apiParams.ts';
import { drawQuery, generator, loadRosters } from './lib/randomQueries.ts';
import { option } from './lib/benchServer.ts';

const DB = path.resolve(option('db', process.env.STATS_DB_PATH ?? 'data/stats.duckdb'));
process.env.STATS_DB_PATH = DB;
const PER_KIND = Number(option('per-kind', '10'));
const SEED = Number(option('seed', '41'));
const V1 = process.argv.includes('--v1');
if (V1) {
  // Before the server's configuration is read: a temporary accounts file, no quota in the way.
  process.env.ACCOUNTS_DB_PATH = path.join(os.tmpdir(), `cv-digests-${process.pid}.sqlite`);
  process.env.DATABASE_URL = '';
  process.env.API_ANON_PER_MINUTE = '1000000';
  process.env.API_ANON_PER_DAY = '100000000';
}

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
      line = createHash('sha256')
        .update(await jsonOf(await answer(q, { client: 'digests' })))
        .digest('hex');
    } catch (error) {
      line = `error ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
    }
    console.log(`${line} ${url}`);
  }
}
if (V1) await v1Digests();
await closeStatsDb();
process.exit(0);

/** The /api/v1 lines (see the header): each endpoint on players, teams and games drawn from the rosters. */
async function v1Digests(): Promise<void> {
  const { handleV1 } = await import('../src/server/api/v1/router.ts');
  const { TEAMS } = await import('../src/lib/league/franchises.ts');
  const pick = <T>(list: readonly T[], n: number): T[] => Array.from({ length: n }, () => rng.pick(list));
  const players = pick(
    rosters.teamSeasons.flatMap((t) => t.players),
    PER_KIND,
  );
  const games = pick(
    rosters.games.map((g) => g.code),
    PER_KIND,
  );
  const latest = rosters.seasons.at(-1)!;
  const first = rosters.seasons[0]!;
  const abbrOf = (teamId: number) => TEAMS.find((t) => t.teamId === teamId)?.abbr ?? 'BOS';
  const teams = pick(
    rosters.teamSeasons.filter((t) => t.season === latest),
    PER_KIND,
  ).map((t) => abbrOf(t.teamId));
  const urls: string[] = [
    '/api/v1/teams',
    `/api/v1/teams?season=${first}&season=${latest}&season_type=playoffs`,
    '/api/v1/teams?is_garbage_time=false&season_type=regular&season_type=playoffs',
    '/api/v1/metric_sets?page=Players',
    '/api/v1/metric_sets?page=Lineups&side=defense',
    '/api/v1/rapm',
    `/api/v1/rapm?season=${latest}&span=1&sort=off&order=asc`,
    `/api/v1/rapm?season=${latest}&format=csv`,
    '/api/v1/rapm?season=1990',
    '/api/v1/search?q=james',
    '/api/v1/search?q=jose&limit=3',
    '/api/v1/players/1',
    '/api/v1/players/1/career',
    '/api/v1/players/1/rapm',
    '/api/v1/games/0000000001',
    '/api/v1/games/0000000001/possessions',
    '/api/v1/nothing',
    `/api/v1/table?page=Players&season=${latest}`,
    `/api/v1/table?page=League&season=${first}&format=csv`,
    `/api/v1/table?page=Lineups&season=${latest}&unit=3`,
    `/api/v1/shots?page=League&season=${latest}`,
    ...players.flatMap((id) => [
      `/api/v1/players/${id}`,
      `/api/v1/players/${id}/career`,
      `/api/v1/players/${id}/career?format=csv&season_type=playoffs&mode=per_36`,
      `/api/v1/players/${id}/rapm`,
      `/api/v1/similar?player=${id}`,
      `/api/v1/table?page=PlayerGameLog&entity=${id}&season=${latest}`,
    ]),
    `/api/v1/compare?player=${players[0]}&player=${players[1]}`,
    ...teams.flatMap((abbr) => [`/api/v1/teams/${abbr}/with_without?season=${latest}`, `/api/v1/table?page=TeamPlayers&entity=${abbr}&season=${latest}`]),
    ...games.flatMap((code) => [`/api/v1/games/${code}`, `/api/v1/games/${code}/possessions`, `/api/v1/table?page=GamePlayers&entity=${code}`]),
  ];
  for (const url of urls) {
    const u = new URL(url, 'http://localhost');
    const response = await handleV1({ url: u, request: new Request(u), clientAddress: '203.0.113.9' });
    const body = Buffer.from(await response.arrayBuffer());
    const digest = createHash('sha256')
      .update(`${response.status}\n${response.headers.get('content-type')}\n${response.headers.get('etag')}\n`)
      .update(body)
      .digest('hex');
    console.log(`${digest} ${response.status} ${url}`);
  }
}
