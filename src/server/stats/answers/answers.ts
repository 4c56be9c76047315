/**
 * The answers layer of GET /api/data and GET /api/shots (between HTTP and dispatch): a cache of encoded answers
 * bounded in bytes and keyed by the endpoint and the normalised query, coalescing of identical queries in
 * flight (they run once), and the query queue (src/server/stats/answers/queue.ts: lanes by cost, per-client cap,
 * waiting bound, timeout that interrupts DuckDB). Cached answers never wait in the queue. Both endpoints go
 * through `computeOnce`, so shot charts are as fair under load as tables.
 */
import { LRUCache } from 'lru-cache';
import { answerCache, gaugeOf } from '../../metrics.ts';
import { parseDataQuery, queryKey, type DataQuery } from '../../../lib/params/apiParams';
import { compactOf, rowsOf, type AnswerForm, type CompactAnswer } from '../../../lib/tables/compactAnswer';
import { metricSetDefinitions } from '../../../lib/tables/metricSets';
import { config } from '../../config';
import { onStatsDbChange, statsDb, statsDbGeneration, withScope, type StatsScope } from '../../db/statsDb';
import { laneOf } from './cost';
import { computeData, type DataResponse } from './dispatch';
import { encode, parsedJsonOf, type EncodedResponse } from '../base/encoding';
import { QueryQueue, type Lane } from './queue';
import { warmSampleTables } from '../sql/sample';
import { computeShots } from '../shots/shotChart';
import { wowyQueryKey, type WowyQuery } from '../../../lib/views/wowy';
import { wowyView } from '../views/wowy';

export type { DataResponse } from './dispatch';
export type { EncodedResponse } from '../base/encoding';

const cache = new LRUCache<string, EncodedResponse>({
  maxSize: Math.max(1 << 20, config.apiCacheBytes),
  sizeCalculation: (e) => (e.gzip?.length ?? 0) + (e.br?.length ?? 0) + 200,
});
const inflight = new Map<string, Promise<EncodedResponse>>();
let computations = 0;

// A new stats file: answers of the old one go, and the default views are computed again on the next request.
// A computation still running on the old file keeps its answer to itself (cacheFrom below).
onStatsDbChange(() => {
  cache.clear();
  inflight.clear();
  warmed = false;
});

/** Caches `value` under `key` unless the stats file changed since `generation` (an answer of the old file). */
function cacheFrom(generation: number, key: string, value: EncodedResponse): void {
  if (statsDbGeneration() === generation) cache.set(key, value);
}

/**
 * STATS_DB_CONNECTIONS connections: the queue runs at most that many computations, heavy ones on fewer. The
 * defaults fit a 2-core node (src/server/config.ts): three computations at once, at most two of them heavy, so a
 * cheap one always finds a slot while DuckDB's two threads keep both cores busy. The waiting bounds are past what
 * every client of a busy node asks within its caps (sixteen clients each waiting for a heavy answer are not
 * refused); the timeout still bounds the wait.
 */
export const queue = new QueryQueue({
  slots: Math.max(1, config.statsDbConnections),
  heavySlots: Math.max(1, Math.min(config.statsHeavySlots, config.statsDbConnections - 1)),
  perClient: { cheap: 8, heavy: config.statsHeavyPerClient },
  maxWaiting: { cheap: 256, heavy: 128 },
  timeoutMs: config.statsQueryTimeoutMs,
  heavyHandicapMs: 250,
});

gaugeOf('courtvision_stats_queue_depth', 'Uncached stats computations running or waiting, by lane', ['lane', 'state'], (gauge) => {
  const { running, waiting } = queue.stats();
  for (const lane of ['cheap', 'heavy'] as const) {
    gauge.set({ lane, state: 'running' }, running[lane]);
    gauge.set({ lane, state: 'waiting' }, waiting[lane]);
  }
});

/** Cache size, and the computations started for visitors (coalesced and cached answers are not computations). */
export function answerCacheStats() {
  return { entries: cache.size, bytes: cache.calculatedSize, computations, queue: queue.stats() };
}

/** Empties the cache (tests). */
export function clearAnswerCache(): void {
  cache.clear();
}

/** Who asks: the signed-in user, else the client's address (the per-client cap counts by this). */
export interface Asker {
  client: string;
}

/** Cache keys: the endpoint, then the normalised query. */
const dataKey = (q: DataQuery) => `data:${queryKey(q)}`;
const shotsKey = (q: DataQuery) => `shots:${queryKey(q)}`;

/**
 * An encoded answer by its key: from the cache, else joined to an identical computation in flight, else
 * computed through the queue on a scope of its own. Throws BusyError (429/503), ApiError (404) or a database
 * error.
 */
function computeOnce(key: string, lane: Lane, asker: Asker, compute: (db: StatsScope) => Promise<unknown>): Promise<EncodedResponse> {
  const hit = cache.get(key);
  answerCache.inc({ result: hit ? 'hit' : 'miss' });
  if (hit) return Promise.resolve({ ...hit, fromCache: true });
  const running = inflight.get(key);
  if (running) return running;
  const generation = statsDbGeneration();
  const promise = queue
    .run({ lane, client: asker.client, work: (signal) => withScope(async (db) => encode(await compute(db)), signal) })
    .then((value) => {
      cacheFrom(generation, key, value);
      return value;
    })
    .finally(() => {
      if (inflight.get(key) === promise) inflight.delete(key);
    });
  if (asker.client !== WARM_UP) computations++;
  inflight.set(key, promise);
  return promise;
}

/**
 * A text derived from cached answers (a table's CSV, an answer's rows form), kept in the same byte-bounded cache
 * under its own key.
 * `derive` reads its answers through answer() (so through the queue when they are not cached).
 */
export function derivedAnswer(key: string, derive: () => Promise<EncodedResponse>): Promise<EncodedResponse> {
  const kept = `derived:${key}`;
  const hit = cache.get(kept);
  if (hit) {
    // A miss is counted by the answers it reads (answer() through computeOnce), a hit here.
    answerCache.inc({ result: 'hit' });
    return Promise.resolve({ ...hit, fromCache: true });
  }
  // Askers of the same text at once share one derivation (decoding, unpacking and encoding run on the event loop).
  const running = inflight.get(kept);
  if (running) return running;
  const generation = statsDbGeneration();
  const promise = derive()
    .then((value) => {
      cacheFrom(generation, kept, value);
      return value;
    })
    .finally(() => {
      if (inflight.get(kept) === promise) inflight.delete(kept);
    });
  inflight.set(kept, promise);
  return promise;
}

/**
 * THE answer of a parsed and gated /api/data query (see computeOnce), kept in its compact form (each set's rows
 * packed, a lineup row's players by id named once: src/lib/tables/compactAnswer.ts).
 */
export function answer(q: DataQuery, asker: Asker): Promise<EncodedResponse> {
  warmDefaults();
  return computeOnce(dataKey(q), laneOf(q), asker, async (db) => compactOf(await computeData(db, q, leaguePlayers)));
}

/**
 * The answer in the form GET /api/data asks for: `form=compact` (the site's table) is the answer as kept; without
 * it the rows come as objects with their players named, as every client read them before (a page left open across
 * a deploy, an older node in a rolling one, scripts): made from the kept answer once and kept beside it.
 */
export function answerIn(form: AnswerForm, q: DataQuery, asker: Asker): Promise<EncodedResponse> {
  if (form === 'compact') return answer(q, asker);
  return derivedAnswer(`rows:${dataKey(q)}`, async () => encode(await answerObject(q, asker)));
}

/** THE answer of a parsed and gated /api/shots query: the same cache, coalescing, queue and timeout as answer. */
export function shotsAnswer(q: DataQuery, asker: Asker): Promise<EncodedResponse> {
  return computeOnce(shotsKey(q), laneOf(q), asker, (db) => computeShots(db, q));
}

/**
 * THE answer of a parsed and gated /api/team_wowy query (a team's two-man with/without matrix): the same cache,
 * coalescing, queue and timeout. One team's possessions (team_possessions, by team-season): the cheap lane up to
 * three seasons, the heavy one beyond.
 */
export function wowyAnswer(q: WowyQuery, asker: Asker): Promise<EncodedResponse> {
  return computeOnce(`wowy:${wowyQueryKey(q)}`, q.filters.seasons.length > 3 ? 'heavy' : 'cheap', asker, (db) => wowyView(db, q));
}

/**
 * The answer as an object, its rows as the tables read them (server rendering, CSV, the developer API, the
 * comparisons): objects, a lineup row's players named (src/lib/tables/compactAnswer.ts rowsOf).
 */
export async function answerObject(q: DataQuery, asker: Asker): Promise<DataResponse> {
  return rowsOf(await keptAnswerObject(q, asker)) as DataResponse;
}

/** The answer as kept, its compact form, as an object (a page's embedded first view carries it as it is). */
export async function keptAnswerObject(q: DataQuery, asker: Asker): Promise<CompactAnswer> {
  return parsedJsonOf<CompactAnswer>(await answer(q, asker));
}

/**
 * The league's Players answer inside a computation (the percentile pool of team pages): from the cache, else
 * computed on the calling computation's scope `db` (not through the queue: the caller already holds a slot).
 * A computed one is encoded and cached once the caller has gone on (setImmediate): encoding it (17 ms for the 574 KB
 * of a 16-season pool) is for a later players table, not for the team page waiting now. The caller only reads it.
 */
async function leaguePlayers(db: StatsScope, q: DataQuery): Promise<DataResponse> {
  const key = dataKey(q);
  const hit = cache.get(key);
  if (hit) return rowsOf(await parsedJsonOf<CompactAnswer>(hit)) as DataResponse;
  const generation = statsDbGeneration();
  const response = await computeData(db, q, leaguePlayers);
  // Encoded after the caller has gone on, and meanwhile in flight: a players table asked before it is cached joins
  // it instead of computing it again.
  const flight = new Promise<EncodedResponse>((resolve, reject) => setImmediate(() => encode(compactOf(response)).then(resolve, reject)))
    .then((encoded) => {
      cacheFrom(generation, key, encoded);
      return encoded;
    })
    .finally(() => {
      if (inflight.get(key) === flight) inflight.delete(key);
    });
  // too large to encode: not cached, and whoever joined gets the same 400 as a computation of their own
  flight.catch((error: unknown) => console.error('league players answer not cached', error));
  if (!inflight.has(key)) inflight.set(key, flight);
  return response;
}

let warmed = false;
const WARM_UP = 'warm-up';
/**
 * The default views are the most frequent (DESIGN.md): on the first request, compute the default players,
 * league and lineups views (and the lineups' 4-, 3- and 2-man units) in the background so that later visitors hit the cache; then read the tables of
 * lineup-filtered samples into DuckDB's buffer pool (sample.ts warmSampleTables).
 */
function warmDefaults(): void {
  if (warmed) return;
  warmed = true;
  void (async () => {
    // One after another: the warm-up should not crowd out the request that triggered it.
    for (const page of ['Players', 'League', 'Lineups'] as const) {
      // as the client asks for them: the first metric set of the view
      const metricSet = metricSetDefinitions(page, 'offense')[0]!.value;
      await answer(parseDataQuery({ page: [page], metric_set: [metricSet] }), { client: WARM_UP });
    }
    // The Lineups page's other unit sizes (its unit picker: a 2-man page waited seconds for its rows).
    const lineupSet = metricSetDefinitions('Lineups', 'offense')[0]!.value;
    for (const unit of ['4', '3', '2']) await answer(parseDataQuery({ page: ['Lineups'], metric_set: [lineupSet], unit: [unit] }), { client: WARM_UP });
    await warmSampleTables(statsDb);
  })().catch(() => {
    warmed = false;
  });
}
