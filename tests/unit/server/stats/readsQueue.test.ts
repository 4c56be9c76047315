/**
 * Every stats read, not only /api/data's tables, waits its turn in the query queue (src/server/stats/answers/reads.ts
 * over queue.ts): a player's career, RAPM, bio, record and details, the player list, the teams table and standings,
 * similar players, a game's box score, possessions, play-by-play and preview, the game finder's lists. Asked through
 * the real endpoints (and, for the reads only pages make, through the read the page calls) against the test stats
 * database:
 * - a read that cannot finish within the queue's timeout (every connection held by a slower job) answers 503 with
 *   Retry-After, soon after the timeout, instead of waiting for a connection for as long as the slower job runs;
 * - the first career read of a file (building the percentile pools from every player-season) that outlives the
 *   timeout is interrupted in DuckDB and answers 503;
 * - a client past its per-client cap gets 429 with Retry-After at once; another client is answered.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

// Before the server's configuration is read: an accounts file of its own (the developer API's quotas), and quotas
// past what the test asks.
const savedEnv = vi.hoisted(() => {
  const names = ['ACCOUNTS_DB_PATH', 'DATABASE_URL', 'API_ANON_PER_MINUTE', 'API_ANON_PER_DAY'];
  const kept = Object.fromEntries(names.map((n) => [n, process.env[n]]));
  process.env.ACCOUNTS_DB_PATH = `${process.env.TMPDIR ?? '/tmp'}/cv-reads-queue-${process.pid}-${Date.now()}.sqlite`;
  process.env.DATABASE_URL = '';
  process.env.API_ANON_PER_MINUTE = '1000000';
  process.env.API_ANON_PER_DAY = '100000000';
  return kept;
});

import { parseDataQuery } from '../../../../src/lib/params/apiParams';
import { queue } from '../../../../src/server/stats/answers/answers';
import { BusyError, type Lane } from '../../../../src/server/stats/answers/queue';
import * as reads from '../../../../src/server/stats/answers/reads';
import { closeStatsDb } from '../../../../src/server/db/statsDb';
import { handleV1 } from '../../../../src/server/api/v1/router';
import { rateLimitKeyOf } from '../../../../src/server/auth/clientIp';
import { HAS_DB, SIGNED_IN, sql } from '../../../api/helpers';

const LEBRON = 2544;
/** A played game of the test database (2022-23 regular season, its first). */
const GAME = '0022200001';

/** The /api endpoints that read a stats module outside /api/data, one per module. */
const ENDPOINTS = [
  `/api/player_career?player_id=${LEBRON}`,
  '/api/rapm?season=2022',
  '/api/teams_table?season=2022',
  `/api/player_details?player_id=${LEBRON}`,
  '/api/players',
  `/api/game_details?game_id=${GAME}`,
  `/api/game_stints?game_id=${GAME}`,
  '/api/standings?season=2022',
  `/api/similar?player=${LEBRON}`,
];

/** The developer API's reads of the same modules (its own asker: the caller's address without a key). */
const V1 = [`/api/v1/games/${GAME}/possessions`, `/api/v1/games/${GAME}`, `/api/v1/players/${LEBRON}/career`, '/api/v1/teams'];

/** The reads only pages make (no endpoint of their own), as the pages call them. */
function pageReads(asker: reads.Asker): Promise<unknown>[] {
  const game = { season: 2022, teamId: 1610612738 };
  return [reads.playerRecord(asker, LEBRON), reads.listGames(asker, game), reads.gameMonths(asker, 2022), reads.knownPlayerRapm(asker, LEBRON)];
}

interface Answer {
  status: number;
  retryAfter: string | null;
  body: { error?: string };
}

/** The address the developer API's calls come from, and the queue's client it makes of it. */
const V1_ADDRESS = '198.51.100.7';
const V1_CLIENT = `ip:${rateLimitKeyOf({ request: new Request('http://localhost/'), clientAddress: V1_ADDRESS })}`;

async function get(path: string, session = SIGNED_IN): Promise<Answer> {
  const url = new URL(path, 'http://localhost');
  let res: Response;
  if (url.pathname.startsWith('/api/v1/')) res = await handleV1({ url, request: new Request(url), clientAddress: V1_ADDRESS });
  else {
    const name = url.pathname.slice('/api/'.length);
    const mod = (await import(`../../../../src/pages/api/${name}.ts`)) as { GET: (c: unknown) => Promise<Response> };
    res = await mod.GET({ url, request: new Request(url), locals: { session } });
  }
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json().catch(() => ({}))) as Answer['body'] };
}

/** Jobs that hold queue slots until released (as a slower computation would). */
function holdSlots(n: number, client: string, lane: Lane = 'cheap'): { release: () => void; done: Promise<unknown> } {
  const releases: (() => void)[] = [];
  const jobs = Array.from({ length: n }, () =>
    queue.run({ lane, client, work: () => new Promise<void>((resolve) => releases.push(resolve)) }).catch((e: unknown) => e),
  );
  return {
    release: () => {
      for (const r of releases) r();
    },
    done: Promise.all(jobs),
  };
}

const saved = { timeoutMs: queue.options.timeoutMs, perClient: { ...queue.options.perClient } };
afterEach(() => {
  queue.options.timeoutMs = saved.timeoutMs;
  queue.options.perClient = { ...saved.perClient };
});

describe.skipIf(!HAS_DB)('every stats read goes through the query queue', () => {
  afterAll(async () => {
    await closeStatsDb();
    for (const [name, value] of Object.entries(savedEnv)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('the first career read of a file, building its pools, is interrupted at the timeout: 503 with Retry-After', async () => {
    queue.options.timeoutMs = 5;
    const t0 = performance.now();
    const r = await get(`/api/player_career?player_id=${LEBRON}`);
    expect(r.status).toBe(503);
    expect(Number(r.retryAfter)).toBeGreaterThan(0);
    expect(r.body.error).toMatch(/longer than/);
    // answered, not hung (the bound is far above the 5 ms timeout: a loaded machine stops DuckDB slower)
    expect(performance.now() - t0).toBeLessThan(30_000);
    // the slot comes back once DuckDB stopped, and the next read (within the usual timeout) answers
    await expect.poll(() => queue.stats().running.heavy + queue.stats().running.cheap, { timeout: 30_000 }).toBe(0);
    queue.options.timeoutMs = saved.timeoutMs;
    const again = await get(`/api/player_career?player_id=${LEBRON}`);
    expect(again.status).toBe(200);
    // his games of 2012-13, counted by hand from player_games
    const [mine] = await sql<{ games: number }>(
      "SELECT count(*)::INTEGER AS games FROM player_games WHERE player_id = $1 AND season = 2012 AND season_type = 'regular'",
      [LEBRON],
    );
    const row = (again.body as { rows: { season_start: number; season_type: string; games: number }[] }).rows.find(
      (x) => x.season_start === 2012 && x.season_type === 'regular',
    );
    expect(row?.games).toBe(mine!.games);
  });

  it('a read that cannot get a connection within the timeout answers 503 with Retry-After, from every endpoint', async () => {
    queue.options.timeoutMs = 600;
    const hog = holdSlots(queue.options.slots, 'hog');
    try {
      const t0 = performance.now();
      // each asked by a visitor of its own (one visitor's reads at once are capped: the next test)
      const visitor = (i: number) => ({ ...SIGNED_IN, user: { name: `Reader ${i}`, email: `reader${i}@example.com` } });
      const answers = await Promise.all([...ENDPOINTS, ...V1].map((path, i) => get(path, visitor(i)).then((a) => ({ path, ...a }))));
      for (const a of answers) {
        expect({ path: a.path, status: a.status }).toEqual({ path: a.path, status: 503 });
        expect(Number(a.retryAfter)).toBeGreaterThan(0);
        expect(a.body.error).toMatch(/longer than/);
      }
      const pages = await Promise.all(
        pageReads({ client: 'page' }).map((p) =>
          p.then(
            () => null,
            (e: unknown) => e,
          ),
        ),
      );
      for (const e of pages) {
        expect(e).toBeInstanceOf(BusyError);
        expect((e as BusyError).status).toBe(503);
      }
      expect(performance.now() - t0).toBeLessThan(5_000);
    } finally {
      hog.release();
      await hog.done;
    }
    // with the slots free again, the same reads answer
    queue.options.timeoutMs = saved.timeoutMs;
    for (const path of [...ENDPOINTS, ...V1]) expect({ path, status: (await get(path)).status }).toEqual({ path, status: 200 });
  });

  it('a client past its per-client cap gets 429 with Retry-After at once; another client is answered', async () => {
    queue.options.perClient = { ...saved.perClient, cheap: 1 };
    // the signed-in test user already has one read in flight
    const busy = holdSlots(1, `user:${SIGNED_IN.user.email}`);
    try {
      for (const path of ENDPOINTS) {
        const r = await get(path);
        expect({ path, status: r.status }).toEqual({ path, status: 429 });
        expect(Number(r.retryAfter)).toBeGreaterThan(0);
        expect(r.body.error).toMatch(/Too many cheap queries/);
      }
      const other = { ...SIGNED_IN, user: { name: 'Other', email: 'other@example.com' } };
      for (const path of ENDPOINTS) expect({ path, status: (await get(path, other)).status }).toEqual({ path, status: 200 });
      // a page's reads count against the visitor the same way
      const pages = await Promise.all(
        pageReads({ client: `user:${SIGNED_IN.user.email}` }).map((p) =>
          p.then(
            () => null,
            (e: unknown) => e,
          ),
        ),
      );
      for (const e of pages) expect((e as BusyError).status).toBe(429);
    } finally {
      busy.release();
      await busy.done;
    }
  });

  it('the developer API counts its reads against the caller: 429 past the cap', async () => {
    queue.options.perClient = { ...saved.perClient, cheap: 1 };
    const busy = holdSlots(1, V1_CLIENT);
    try {
      for (const path of V1) expect({ path, status: (await get(path)).status }).toEqual({ path, status: 429 });
    } finally {
      busy.release();
      await busy.done;
    }
    for (const path of V1) expect({ path, status: (await get(path)).status }).toEqual({ path, status: 200 });
  });

  it('a page read asks in the right lane: a teams table of many seasons is heavy, one season cheap', async () => {
    queue.options.perClient = { cheap: 8, heavy: 1 };
    const busy = holdSlots(1, 'lanes', 'heavy');
    try {
      const many = parseDataQuery({ page: ['League'], season: ['2012', '2022'] }).filters;
      const seasons = { ...many, seasons: [2012, 2013, 2014, 2022] };
      await expect(reads.teamsTable({ client: 'lanes' }, seasons)).rejects.toMatchObject({ status: 429 });
      const one = await reads.teamsTable({ client: 'lanes' }, parseDataQuery({ page: ['League'], season: ['2022'] }).filters);
      expect(one.teams.length).toBe(30);
    } finally {
      busy.release();
      await busy.done;
    }
  });
});
