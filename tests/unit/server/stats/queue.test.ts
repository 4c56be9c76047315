/**
 * The query queue (src/server/stats/answers/queue.ts) with real DuckDB work on the test database: a deliberately slow
 * query (summing hashes over a huge range) stands for a heavy computation, `SELECT 42` for a cheap one.
 * Lanes, per-client cap, waiting bound, the timeout that interrupts DuckDB, and, through the answers layer and
 * the real endpoint, coalescing of identical queries and 503 + Retry-After on timeout.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { parseDataQuery } from '../../../../src/lib/params/apiParams';
import { answer, answerCacheStats, clearAnswerCache, queue as answersQueue } from '../../../../src/server/stats/answers/answers';
import { BusyError, QueryQueue, type Lane, type QueueOptions } from '../../../../src/server/stats/answers/queue';
import { closeStatsDb, query, withScope } from '../../../../src/server/db/statsDb';
import { clearShotPools } from '../../../../src/server/stats/shots/shotPool';
import { call, HAS_DB, SIGNED_IN } from '../../../api/helpers';

const SLOW_SQL = 'SELECT sum(hash(i)) AS s FROM range(100000000000) t(i)';

const options = (o: Partial<QueueOptions> = {}): QueueOptions => ({
  slots: 3,
  heavySlots: 1,
  perClient: { cheap: 8, heavy: 2 },
  maxWaiting: { cheap: 8, heavy: 4 },
  timeoutMs: 60_000,
  ...o,
});

/** A job that runs SQL on its own connection and stops when its signal fires. */
const job = (lane: Lane, client: string, sqlText: string) => ({
  lane,
  client,
  work: (signal: AbortSignal) => withScope((db) => db.query<{ s: unknown }>(sqlText), signal),
});

describe.skipIf(!HAS_DB)('query queue on real DuckDB work', () => {
  afterAll(async () => {
    await closeStatsDb();
  });

  it('a timed-out query is interrupted in DuckDB: 503 with Retry-After soon after the limit, and the connection works again', async () => {
    const q = new QueryQueue(options({ timeoutMs: 300 }));
    const t0 = performance.now();
    const err = await q.run(job('heavy', 'a', SLOW_SQL)).catch((e: unknown) => e);
    const waited = performance.now() - t0;
    expect(err).toBeInstanceOf(BusyError);
    expect((err as BusyError).status).toBe(503);
    expect((err as BusyError).retryAfterSeconds).toBeGreaterThan(0);
    expect(waited).toBeLessThan(5_000);
    // the slot is free once DuckDB has really stopped, and the same connection answers the next query
    await expect.poll(() => q.stats().running.heavy, { timeout: 5_000 }).toBe(0);
    const [row] = await q.run(job('heavy', 'a', 'SELECT 42 AS s'));
    expect(Number(row!.s)).toBe(42);
    for (let i = 0; i < 4; i++) expect(Number((await query<{ s: number }>('SELECT 7 AS s'))[0]!.s)).toBe(7);
  });

  it('cheap queries do not wait behind heavy ones; heavy ones share their slots; a full lane refuses with 503', async () => {
    const q = new QueryQueue(options({ slots: 3, heavySlots: 1, maxWaiting: { cheap: 8, heavy: 1 }, timeoutMs: 4_000 }));
    const h1 = q.run(job('heavy', 'c1', SLOW_SQL)).catch((e: unknown) => e);
    const h2 = q.run(job('heavy', 'c2', SLOW_SQL)).catch((e: unknown) => e);
    expect(q.stats()).toEqual({ running: { cheap: 0, heavy: 1 }, waiting: { cheap: 0, heavy: 1 } });
    const h3 = await q.run(job('heavy', 'c3', SLOW_SQL)).catch((e: unknown) => e);
    expect(h3).toBeInstanceOf(BusyError);
    expect((h3 as BusyError).status).toBe(503);
    const t0 = performance.now();
    const [cheap] = await q.run(job('cheap', 'c1', 'SELECT 42 AS s'));
    expect(Number(cheap!.s)).toBe(42);
    expect(performance.now() - t0).toBeLessThan(2_000); // the heavy ones run for 4 s
    // the waiting heavy one never started before its deadline: it also ends in 503
    for (const r of await Promise.all([h1, h2])) expect((r as BusyError).status).toBe(503);
    await expect.poll(() => q.stats().running.heavy, { timeout: 5_000 }).toBe(0);
  });

  it('a heavy query waiting longer than the handicap starts before a cheap one asked later; a cheap one asked just after it goes first', async () => {
    const q = new QueryQueue(options({ slots: 2, heavySlots: 1, heavyHandicapMs: 250, timeoutMs: 20_000 }));
    const started: string[] = [];
    const releases = new Map<string, () => void>();
    const held = (lane: Lane, name: string) => ({
      lane,
      client: name,
      work: () =>
        new Promise<string>((resolve) => {
          started.push(name);
          releases.set(name, () => resolve(name));
        }),
    });
    const done = [q.run(held('cheap', 'a')), q.run(held('cheap', 'b'))]; // both slots busy
    done.push(q.run(held('heavy', 'h1')));
    await new Promise((r) => setTimeout(r, 400));
    done.push(q.run(held('cheap', 'late')));
    releases.get('a')!(); // one slot free: h1 has waited 400 ms, longer than the handicap, so it goes first
    await expect.poll(() => started.length).toBe(3);
    expect(started[2]).toBe('h1');
    done.push(q.run(held('heavy', 'h2')));
    done.push(q.run(held('cheap', 'soon'))); // asked right after h2: within its handicap
    releases.get('b')!();
    await expect.poll(() => started.length).toBe(4);
    expect(started[3]).toBe('late');
    releases.get('late')!();
    await expect.poll(() => started.length).toBe(5);
    expect(started[4]).toBe('soon'); // h2 waits for the heavy slot h1 holds, the cheap one does not
    releases.get('h1')!();
    await expect.poll(() => started.length).toBe(6);
    expect(started[5]).toBe('h2');
    for (const name of ['soon', 'h2']) releases.get(name)!();
    expect(await Promise.all(done)).toEqual(['a', 'b', 'h1', 'late', 'h2', 'soon']);
  });

  it('a client past its cap of heavy queries in flight gets 429 at once, told to retry in 1 s; other clients still get in', async () => {
    const q = new QueryQueue(options({ perClient: { cheap: 8, heavy: 1 }, heavySlots: 2, timeoutMs: 1_500 }));
    const first = q.run(job('heavy', 'greedy', SLOW_SQL)).catch((e: unknown) => e);
    const second = await q.run(job('heavy', 'greedy', 'SELECT 1 AS s')).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(BusyError);
    expect((second as BusyError).status).toBe(429);
    // its own query frees the cap in a fraction of a second: the least whole second, not more
    expect((second as BusyError).retryAfterSeconds).toBe(1);
    const [other] = await q.run(job('heavy', 'polite', 'SELECT 2 AS s'));
    expect(Number(other!.s)).toBe(2);
    expect(((await first) as BusyError).status).toBe(503);
    // once the first has ended, the client may ask again
    await expect.poll(() => q.stats().running.heavy, { timeout: 5_000 }).toBe(0);
    const [again] = await q.run(job('heavy', 'greedy', 'SELECT 3 AS s'));
    expect(Number(again!.s)).toBe(3);
  });

  it('identical queries in flight are computed once and get the same answer', async () => {
    clearAnswerCache();
    const q = parseDataQuery({ page: ['TeamTeam'], entity: ['BOS'], season: ['2012'], period: ['2'] });
    const before = answerCacheStats().computations;
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => answer(q, { client: `c${i}` })));
    expect(answerCacheStats().computations - before).toBe(1);
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
    // and a later identical query comes from the cache, also when written differently (normalised key)
    await answer(parseDataQuery({ period: ['2', '2'], season: ['2012-13'], entity: ['bos'], page: ['TeamTeam'], toString: ['x'] }), { client: 'c9' });
    expect(answerCacheStats().computations - before).toBe(1);
    expect(answerCacheStats().bytes).toBeGreaterThan(0);
  });

  it('the endpoint answers 503 with Retry-After when a real query outlives the timeout', async () => {
    clearAnswerCache();
    const saved = answersQueue.options.timeoutMs;
    answersQueue.options.timeoutMs = 30;
    try {
      const r = await call(
        '/api/data?page=Players&season=2012&season=2022&season_type=regular&season_type=playoffs&period=4&score_diff_low=-5&score_diff_high=5',
      );
      expect(r.status).toBe(503);
      expect(r.body.error).toMatch(/longer than/);
    } finally {
      answersQueue.options.timeoutMs = saved;
    }
    const url = new URL('http://localhost/api/data?page=Players&season=2012&period=3');
    const { GET } = await import('../../../../src/pages/api/data');
    answersQueue.options.timeoutMs = 30;
    try {
      const res = await GET({
        url,
        request: new Request(url),
        locals: { session: { user: { name: 'T', email: 't@example.com' }, isAdmin: true, subscriptions: [] } },
      } as never);
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      answersQueue.options.timeoutMs = saved;
    }
  });
});

describe.skipIf(!HAS_DB)('GET /api/shots goes through the same answers layer and query queue', () => {
  afterAll(async () => {
    await closeStatsDb();
  });

  // League shots of the test database's two seasons with a possession filter: the heavy lane (2 x 4 x 10 = 80,
  // src/server/stats/answers/cost.ts); only seasons the database holds are accepted (src/lib/league/seasons.ts).
  const heavyShots = (i: number) => `/api/shots?page=League&season=2012&season=2022&period=${1 + (i % 4)}&start_date=2012-10-${10 + i}`;

  it('a client over its per-client cap of heavy queries gets 429 from /api/shots; another client still gets in', async () => {
    clearAnswerCache();
    clearShotPools();
    const saved = answersQueue.options.perClient.heavy;
    answersQueue.options.perClient.heavy = 1;
    try {
      const results = await Promise.all([0, 1, 2].map((i) => call(heavyShots(i))));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toContain(429);
      expect(statuses).toContain(200);
      expect(results.find((r) => r.status === 429)!.body.error).toMatch(/Too many heavy queries/);
    } finally {
      answersQueue.options.perClient.heavy = saved;
    }
    // another client is not held back by the first one's cap
    const other = await call(heavyShots(5), { ...SIGNED_IN, user: { name: 'O', email: 'other@example.com' } });
    expect(other.status).toBe(200);
  });

  it('a shots query that outlives the timeout is stopped: 503 with Retry-After', async () => {
    clearAnswerCache();
    clearShotPools();
    // a player's chart: his bins, and the position-group pool of both seasons with possession filters
    const url = new URL(
      'http://localhost/api/shots?page=PlayerProfile&entity=2544&season=2012&season=2022&season_type=regular&season_type=playoffs&period=4&score_diff_low=-5&score_diff_high=5',
    );
    const { GET } = await import('../../../../src/pages/api/shots');
    const saved = answersQueue.options.timeoutMs;
    answersQueue.options.timeoutMs = 5;
    try {
      const res = await GET({ url, request: new Request(url), locals: { session: SIGNED_IN } } as never);
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await res.json()) as { error: string }).error).toMatch(/longer than/);
    } finally {
      answersQueue.options.timeoutMs = saved;
    }
  });

  it('identical shots queries in flight are computed once, and later ones come from the shared cache', async () => {
    clearAnswerCache();
    const before = answerCacheStats().computations;
    const qs = '/api/shots?page=TeamTeam&entity=BOS&season=2012&period=3';
    const results = await Promise.all(Array.from({ length: 5 }, () => call(qs)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(answerCacheStats().computations - before).toBe(1);
    expect((await call(qs)).status).toBe(200);
    expect(answerCacheStats().computations - before).toBe(1);
  });
});
