/**
 * The developer API under fast-check: every /api/v1 route x every stats page kind x random filters (legal values,
 * odd ones, a lineup slot naming a player of another team, ids that name nobody), asked without a key and with
 * a key of an active Stats plan, through the real router (src/server/api/v1/router.ts handleV1: key check,
 * quotas, the answer's schema) against the test stats database and an accounts file of its own. No answer is a
 * 5xx; an error is JSON `{ error, param? }`; every route answers 200 to some query and 4xx to another.
 *
 * The quotas are raised (API_*_PER_*) so that the generated calls reach the answers instead of a 429.
 */
import fs from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const savedEnv = vi.hoisted(() => {
  const names = ['ACCOUNTS_DB_PATH', 'DATABASE_URL', 'API_KEY_PER_MINUTE', 'API_KEY_PER_DAY', 'API_ANON_PER_MINUTE', 'API_ANON_PER_DAY'];
  const saved = Object.fromEntries(names.map((n) => [n, process.env[n]]));
  process.env.ACCOUNTS_DB_PATH = `${process.env.TMPDIR ?? '/tmp'}/cv-v1-properties-${process.pid}-${Date.now()}.sqlite`;
  process.env.DATABASE_URL = '';
  process.env.API_KEY_PER_MINUTE = '1000000';
  process.env.API_KEY_PER_DAY = '100000000';
  process.env.API_ANON_PER_MINUTE = '1000000';
  process.env.API_ANON_PER_DAY = '100000000';
  return saved;
});

import { DATA_PAGE_KINDS, entityKindOf, type DataPageKind } from '../../src/lib/params/apiParams';
import { FILTERS } from '../../src/lib/filters/filterDefinitions';
import { metricSetDefinitions } from '../../src/lib/tables/metricSets';
import { TEAMS } from '../../src/lib/league/franchises';
import { createApiKey } from '../../src/server/api/keys';
import { ENDPOINTS } from '../../src/server/api/v1/endpoints';
import { handleV1 } from '../../src/server/api/v1/router';
import { toSession } from '../../src/server/auth/requestSession';
import { getAccountStore } from '../../src/server/auth/store';
import { config } from '../../src/server/config';
import { FAKE_HASH } from '../unit/server/auth/helpers';
import { HAS_DB, sql } from './helpers';

const RUNS = 900; // a fixed seed: the same requests on every run (their count is the suite's CPU)

let paidKey = '';
let playerIds: string[] = [];
let gameIds: string[] = [];
/** A team and a player who never played for it in the test seasons (the lineup slot that empties the sample). */
let strangers: { team: string; player: string }[] = [];

const ABBRS = TEAMS.map((t) => t.abbr);
const ODD = [
  '',
  ' ',
  '0',
  '-1',
  '1e3',
  '99999999999',
  'NaN',
  'null',
  'x',
  '%E0%A4%A',
  '\u0000',
  '<b>',
  "' OR 1=1 --",
  'a'.repeat(300),
  '2012-14',
  '2013-02-30',
];
const odd = fc.oneof(fc.constantFrom(...ODD), fc.string({ maxLength: 12 }), fc.integer({ min: -1000, max: 100_000 }).map(String));

/** A player id, game id or team: a real one, one that names nobody, or junk. */
const playerId = () =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...playerIds) },
    { weight: 1, arbitrary: fc.constantFrom('1', '99999999', '0') },
    { weight: 1, arbitrary: odd },
  );
const gameId = () =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...gameIds) },
    { weight: 1, arbitrary: fc.constantFrom('0022200000', '0042299999', '0012200001') },
    { weight: 1, arbitrary: odd },
  );
const team = () =>
  fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom(...ABBRS, 'NJN', 'bos') },
    { weight: 1, arbitrary: fc.constantFrom('ZZZ', 'B', 'BOSS') },
    { weight: 1, arbitrary: odd },
  );

type Pairs = [string, string][];

/** The value in one case of four, else null (fc.option gives null in one case of `freq`: the other way round). */
const rarely = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | null> => fc.oneof({ weight: 1, arbitrary: arb }, { weight: 3, arbitrary: fc.constant(null) });

/** One filter given a legal value for its type. */
const filterPair = (): fc.Arbitrary<Pairs> =>
  fc.constantFrom(...FILTERS).chain((f): fc.Arbitrary<Pairs> => {
    switch (f.type) {
      case 'range':
        return fc
          .tuple(fc.integer({ min: f.min, max: f.max }), fc.integer({ min: f.min, max: f.max }), fc.constantFrom('both', 'low', 'high'))
          .map(
            ([a, b, which]): Pairs => [
              ...(which !== 'high' ? [[`${f.apiKey}_low`, String(a)] as [string, string]] : []),
              ...(which !== 'low' ? [[`${f.apiKey}_high`, String(b)] as [string, string]] : []),
            ],
          );
      case 'date':
        return fc
          .date({ min: new Date('2012-09-01T00:00:00Z'), max: new Date('2023-07-01T00:00:00Z'), noInvalidDate: true })
          .map((d): Pairs => [[f.apiKey, d.toISOString().slice(0, 10)]]);
      case 'boolean':
        return fc.constantFrom('true', 'false').map((v): Pairs => [[f.apiKey, v]]);
      case 'choice':
        return fc.constantFrom(...f.options).map((v): Pairs => [[f.apiKey, v]]);
      case 'multi':
        return fc.uniqueArray(fc.constantFrom(...f.options), { minLength: 1, maxLength: 3 }).map((vs): Pairs => vs.map((v) => [f.apiKey, String(v)]));
      case 'teams':
        return fc.uniqueArray(fc.constantFrom(...ABBRS), { minLength: 1, maxLength: 3 }).map((vs): Pairs => vs.map((v) => [f.apiKey, v]));
      default:
        return fc.uniqueArray(fc.constantFrom(...playerIds), { minLength: 1, maxLength: 3 }).map((vs): Pairs => vs.map((v) => [f.apiKey, v]));
    }
  });

/** Every key a stats query reads. */
const STATS_KEYS = [
  'page',
  'entity',
  'side',
  'metric_set',
  'min_poss',
  'unit',
  ...FILTERS.flatMap((f) => (f.type === 'range' ? [`${f.apiKey}_low`, `${f.apiKey}_high`] : [f.apiKey])),
];

/** Legal pairs, and in one query of three an odd value for one of the route's keys (or a key it does not know). */
const withOdd = (legal: fc.Arbitrary<Pairs>, keys: readonly string[]): fc.Arbitrary<Pairs> =>
  fc
    .tuple(
      legal,
      fc.option(
        fc.tuple(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 8 }) }), odd),
        { freq: 2 },
      ),
    )
    .map(([pairs, extra]) => (extra ? [...pairs.filter(([k]) => k !== extra[0]), extra] : pairs));

/** A stats page: its kind, its entity (a real one, or one that names nobody) and the table keys, all legal. */
const legalPageQuery = (): fc.Arbitrary<Pairs> =>
  fc.constantFrom(...DATA_PAGE_KINDS).chain((page) => {
    const kind = entityKindOf(page as DataPageKind);
    const entity = kind === 'player' ? playerId() : kind === 'team' ? team() : kind === 'game' ? gameId() : fc.constant(null);
    const setsOf = (side: 'offense' | 'defense') => metricSetDefinitions(page as DataPageKind, side).map((d) => d.value);
    return fc
      .record({
        entity,
        sideAndSet: fc.constantFrom<('offense' | 'defense')[]>(['offense'], ['defense'], []).chain((side) => {
          const sets = setsOf(side[0] ?? 'offense');
          return fc.option(sets.length ? fc.constantFrom(...sets) : fc.constant('x'), { freq: 3 }).map((set) => ({ side: side[0] ?? null, set }));
        }),
        season: fc.option(fc.uniqueArray(fc.constantFrom('2012', '2022', '2012-13', '2022-23', '2015'), { minLength: 1, maxLength: 2 }), { freq: 2 }),
        season_type: fc.option(fc.constantFrom('regular', 'playoffs', 'preseason'), { freq: 3 }),
        min_poss: rarely(fc.integer({ min: 0, max: 2000 }).map(String)),
        unit: rarely(fc.constantFrom('2', '3', '4', '5')),
        filters: fc.array(filterPair(), { maxLength: 3 }),
        stranger: rarely(fc.constantFrom(...strangers).chain((s) => fc.constantFrom('sf', 'pf', 'c', 'on_court').map((key) => ({ ...s, key })))),
      })
      .map((r): Pairs => {
        const pairs: Pairs = [['page', page]];
        const entityValue = r.stranger && kind === 'team' ? r.stranger.team : r.entity;
        if (entityValue !== null) pairs.push(['entity', entityValue]);
        if (r.sideAndSet.side !== null) pairs.push(['side', r.sideAndSet.side]);
        if (r.sideAndSet.set !== null) pairs.push(['metric_set', r.sideAndSet.set]);
        for (const s of r.season ?? []) pairs.push(['season', s]);
        if (r.season_type !== null) pairs.push(['season_type', r.season_type]);
        if (r.min_poss !== null) pairs.push(['min_poss', r.min_poss]);
        if (r.unit !== null) pairs.push(['unit', r.unit]);
        pairs.push(...r.filters.flat());
        if (r.stranger) pairs.push([r.stranger.key, r.stranger.player]);
        return pairs;
      });
  });
const pageQuery = () => withOdd(legalPageQuery(), STATS_KEYS);

const csv = rarely(fc.constantFrom<[string, string]>(['format', 'csv'], ['format', 'csv'], ['format', 'json'], ['format', 'xml']));

/** A v1 request: a path under /api/v1 and its query, one arbitrary per route. */
const v1Request = (): fc.Arbitrary<{ route: string; path: string; pairs: Pairs }> => {
  const routes: Record<string, fc.Arbitrary<{ path: string; pairs: Pairs }>> = {
    '/api/v1/table': fc.tuple(pageQuery(), csv).map(([pairs, f]) => ({ path: '/api/v1/table', pairs: f ? [...pairs, f] : pairs })),
    '/api/v1/shots': pageQuery().map((pairs) => ({ path: '/api/v1/shots', pairs })),
    '/api/v1/teams': withOdd(
      fc.array(
        fc.constantFrom<[string, string]>(
          ['season', '2012'],
          ['season', '2022-23'],
          ['season_type', 'playoffs'],
          ['season_type', 'regular'],
          ['is_garbage_time', 'false'],
        ),
        { maxLength: 3 },
      ),
      ['season', 'season_type', 'is_garbage_time'],
    ).map((pairs) => ({ path: '/api/v1/teams', pairs })),
    '/api/v1/teams/{abbr}/with_without': fc
      .tuple(
        team(),
        withOdd(
          fc.array(filterPair(), { maxLength: 2 }).map((f) => f.flat()),
          ['n', 'four_factors', 'side', ...STATS_KEYS],
        ),
        fc.option(fc.integer({ min: 2, max: 15 }).map(String)),
        fc.option(fc.constantFrom('true', 'false')),
        csv,
        fc.option(fc.constantFrom('2012', '2022')),
      )
      .map(([abbr, filters, n, ff, f, season]) => ({
        path: `/api/v1/teams/${encodeURIComponent(abbr)}/with_without`,
        pairs: [
          ...filters,
          ...(n !== null ? [['n', n] as [string, string]] : []),
          ...(ff !== null ? [['four_factors', ff] as [string, string]] : []),
          ...(f ? [f] : []),
          ...(season ? [['season', season] as [string, string]] : []),
        ],
      })),
    '/api/v1/metric_sets': fc
      .tuple(
        fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...DATA_PAGE_KINDS) }, { weight: 1, arbitrary: odd }),
        fc.option(fc.oneof({ weight: 4, arbitrary: fc.constantFrom('offense', 'defense') }, { weight: 1, arbitrary: odd })),
      )
      .map(([page, side]) => ({ path: '/api/v1/metric_sets', pairs: [['page', page], ...(side !== null ? [['side', side] as [string, string]] : [])] })),
    '/api/v1/players/{player_id}': playerId().map((id) => ({ path: `/api/v1/players/${encodeURIComponent(id)}`, pairs: [] })),
    '/api/v1/players/{player_id}/career': fc
      .tuple(
        playerId(),
        csv,
        fc.option(fc.oneof(fc.constantFrom('regular', 'playoffs'), odd)),
        fc.option(fc.oneof(fc.constantFrom('per_game', 'totals', 'per_36', 'per_100'), odd)),
      )
      .map(([id, f, st, mode]) => ({
        path: `/api/v1/players/${encodeURIComponent(id)}/career`,
        pairs: [
          ...(f ? [f] : []),
          ...(st !== null ? [['season_type', st] as [string, string]] : []),
          ...(mode !== null ? [['mode', mode] as [string, string]] : []),
        ],
      })),
    '/api/v1/players/{player_id}/rapm': playerId().map((id) => ({ path: `/api/v1/players/${encodeURIComponent(id)}/rapm`, pairs: [] })),
    '/api/v1/rapm': withOdd(
      fc
        .record({
          season: fc.option(fc.constantFrom('2012', '2022', '2014')),
          span: fc.option(fc.constantFrom('1', '3')),
          min_poss: fc.option(fc.integer({ min: 0, max: 10_000 }).map(String)),
          position: fc.option(fc.constantFrom('point', 'combo', 'wing', 'forward', 'big')),
          sort: fc.option(fc.constantFrom('total', 'off', 'def', 'possessions', 'name')),
          order: fc.option(fc.constantFrom('asc', 'desc')),
          format: rarely(fc.constantFrom('csv', 'json')),
        })
        .map((r) => Object.entries(r).filter((e): e is [string, string] => e[1] !== null)),
      ['season', 'span', 'min_poss', 'position', 'sort', 'order', 'format'],
    ).map((pairs) => ({ path: '/api/v1/rapm', pairs })),
    '/api/v1/games/{game_id}': gameId().map((id) => ({ path: `/api/v1/games/${encodeURIComponent(id)}`, pairs: [] })),
    '/api/v1/games/{game_id}/possessions': gameId().map((id) => ({ path: `/api/v1/games/${encodeURIComponent(id)}/possessions`, pairs: [] })),
    '/api/v1/search': withOdd(
      fc
        .tuple(fc.constantFrom('lebron', 'curry', 'jokić', "o'neal", 'ja'), fc.option(fc.integer({ min: 1, max: 25 }).map(String)))
        .map(([q, limit]): Pairs => [['q', q], ...(limit !== null ? [['limit', limit] as [string, string]] : [])]),
      ['q', 'limit'],
    ).map((pairs) => ({ path: '/api/v1/search', pairs })),
    '/api/v1/compare': fc
      .tuple(
        fc.array(
          fc.oneof(
            { weight: 1, arbitrary: playerId() },
            {
              weight: 4,
              arbitrary: fc
                .tuple(fc.constantFrom(...playerIds), fc.constantFrom('2012-13', '2022-23', '2012-13_2022-23', '2015-16'))
                .map(([p, s]) => `${p}:${s}`),
            },
            { weight: 1, arbitrary: odd },
          ),
          { minLength: 1, maxLength: 5 },
        ),
        withOdd(
          fc.array(filterPair(), { maxLength: 2 }).map((f) => f.flat()),
          STATS_KEYS,
        ),
        fc.option(fc.constantFrom('offense', 'defense')),
      )
      .map(([players, filters, side]) => ({
        path: '/api/v1/compare',
        pairs: [...players.map((p) => ['player', p] as [string, string]), ...filters, ...(side !== null ? [['side', side] as [string, string]] : [])],
      })),
    '/api/v1/similar': withOdd(
      fc
        .record({
          player: fc.constantFrom(...playerIds),
          season: fc.option(fc.constantFrom('2012', '2022-23', '2015')),
          age_min: fc.option(fc.integer({ min: 18, max: 45 }).map(String)),
          age_max: fc.option(fc.integer({ min: 18, max: 45 }).map(String)),
          min_minutes: fc.option(fc.integer({ min: 0, max: 4000 }).map(String)),
          limit: fc.option(fc.integer({ min: 1, max: 50 }).map(String)),
        })
        .map((r) => Object.entries(r).filter((e): e is [string, string] => e[1] !== null)),
      ['player', 'season', 'age_min', 'age_max', 'min_minutes', 'limit'],
    ).map((pairs) => ({ path: '/api/v1/similar', pairs })),
    '/api/v1/finder': withOdd(
      fc
        .tuple(
          fc.constantFrom('player_games', 'team_games', 'player_seasons', 'team_seasons', 'streaks', 'spans'),
          fc.array(
            fc.tuple(
              fc.constantFrom('pts', 'ast', 'fg3m', 'min', 'plus_minus', 'ts_pct', 'usg_pct', 'net_rtg'),
              fc.constantFrom('ge', 'le', 'eq'),
              fc.integer({ min: -10, max: 45 }),
            ),
            { minLength: 1, maxLength: 3 },
          ),
          fc.constantFrom('2012', '2022'),
          fc.array(filterPair(), { maxLength: 2 }).map((f) => f.flat()),
          csv,
        )
        .map(
          ([mode, conds, season, filters, format]): Pairs => [
            ['mode', mode],
            ['season', season],
            ...conds.map(([s, o, v]): [string, string] => ['cond', `${s}:${o}:${v}`]),
            ...filters,
            ...(format ? [format] : []),
          ],
        ),
      ['mode', 'of', 'cond', 'span', 'span_stat', 'per', 'player', 'team', 'sort', 'dir', 'page', 'page_size', ...STATS_KEYS],
    ).map((pairs) => ({ path: '/api/v1/finder', pairs })),
  };
  // Every documented endpoint has its generator (a new endpoint without one fails here).
  expect(Object.keys(routes).sort()).toEqual(ENDPOINTS.map((e) => e.path).sort());
  return fc.oneof(...Object.entries(routes).map(([route, arb]) => arb.map((r) => ({ route, ...r }))));
};

async function ask(path: string, pairs: Pairs, key: string | null, method = 'GET'): Promise<Response> {
  const url = new URL(path, 'http://localhost');
  for (const [k, v] of pairs) url.searchParams.append(k, v);
  const request = new Request(url, { method, headers: key ? { Authorization: `Bearer ${key}` } : {} });
  return handleV1({ url, request, clientAddress: '192.0.2.7' });
}

describe.skipIf(!HAS_DB)('GET /api/v1/* input (fast-check): never a 5xx', () => {
  beforeAll(async () => {
    expect(config.accountsDbPath).toContain('cv-v1-properties-');
    const store = getAccountStore();
    const user = await store.createUser({ email: 'v1-properties@example.com', name: 'Props', passwordHash: FAKE_HASH, isAdmin: false, emailVerified: true });
    await store.grantSubscription(user.email, 'Stats', Math.floor(Date.now() / 1000) + 86_400);
    paidKey = (await createApiKey(store, toSession({ ...user, subscriptions: await store.subscriptionsFor(user.id) }), user.id, 'properties')).key;
    playerIds = (await sql<{ id: number }>('SELECT player_id AS id FROM player_games GROUP BY player_id ORDER BY sum(seconds) DESC LIMIT 30')).map((r) =>
      String(r.id),
    );
    gameIds = (await sql<{ id: string }>('SELECT game_code AS id FROM games ORDER BY hash(game_id) LIMIT 20')).map((r) => r.id);
    // Starters of one team who never played a game for another in these seasons: a stranger to every other team.
    strangers = (
      await sql<{ team: string; player: number }>(
        `SELECT t.abbr AS team, p.player_id AS player
           FROM (SELECT player_id FROM player_games GROUP BY player_id HAVING count(DISTINCT team_id) = 1 ORDER BY sum(seconds) DESC LIMIT 6) p,
                (SELECT DISTINCT team_id FROM player_games) o JOIN teams t ON t.team_id = o.team_id
          WHERE NOT EXISTS (SELECT 1 FROM player_games x WHERE x.player_id = p.player_id AND x.team_id = o.team_id)
          ORDER BY hash(t.abbr, p.player_id) LIMIT 40`,
      )
    ).map((r) => ({ team: r.team, player: String(r.player) }));
    expect(strangers.length).toBeGreaterThan(10);
  });
  afterAll(async () => {
    await getAccountStore().close();
    fs.rmSync(config.accountsDbPath, { force: true });
    for (const suffix of ['-wal', '-shm']) fs.rmSync(config.accountsDbPath + suffix, { force: true });
    for (const [name, value] of Object.entries(savedEnv)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('the cases the probe found answer as /api/shots does: League, and a lineup slot naming a stranger to the team', async () => {
    const league = await ask('/api/v1/shots', [['page', 'League']], null);
    expect(league.status, await league.clone().text()).toBe(200);
    const body = (await league.json()) as { pool: string | null; fga: number };
    expect(body.pool).toBeNull();
    expect(body.fga).toBeGreaterThan(100_000);
    const { team, player } = strangers[0]!;
    for (const page of ['TeamTeam', 'TeamPlayers', 'League', 'Lineups']) {
      const pairs: Pairs = [
        ['page', page],
        ['entity', team],
        ['sf', player],
      ].filter(([k]) => k !== 'entity' || page.startsWith('Team')) as Pairs;
      const r = await ask('/api/v1/shots', pairs, paidKey);
      expect(r.status, `${page} sf=${player} (not of ${team}): ${await r.clone().text()}`).toBe(200);
      if (page.startsWith('Team')) expect(((await r.json()) as { fga: number }).fga).toBe(0);
    }
  });

  it(`every route x page kind x filters, anonymous and with a paid key (${RUNS} requests)`, async () => {
    const seen = new Map<string, Map<number, number>>();
    await fc.assert(
      fc.asyncProperty(v1Request(), fc.boolean(), fc.constantFrom('GET', 'GET', 'GET', 'HEAD'), async ({ route, path, pairs }, paid, method) => {
        const r = await ask(path, pairs, paid ? paidKey : null, method);
        const text = await r.text();
        const shown = `${method} ${path}?${new URLSearchParams(pairs)} (${paid ? 'paid key' : 'no key'}) -> ${r.status} ${text.slice(0, 300)}`;
        const byStatus = seen.get(route) ?? new Map<number, number>();
        byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
        seen.set(route, byStatus);
        expect(r.status, shown).toBeLessThan(500);
        if (r.status >= 400 && method === 'GET') {
          expect(r.headers.get('content-type'), shown).toMatch(/^application\/json/);
          const error = JSON.parse(text) as { error?: unknown; param?: unknown };
          expect(typeof error.error, shown).toBe('string');
        }
      }),
      { numRuns: RUNS, seed: 4341 },
    );
    const summary = Object.fromEntries([...seen].map(([route, s]) => [route, Object.fromEntries([...s].sort(([a], [b]) => a - b))]));
    console.log('v1 statuses by route', JSON.stringify(summary));
    // Each route was reached with answers and with refusals (a generator that only ever made 400s proves little).
    for (const e of ENDPOINTS) {
      const s = seen.get(e.path);
      expect(s?.get(200) ?? 0, `${e.path}: ${JSON.stringify(summary[e.path])}`).toBeGreaterThan(0);
      expect(
        [...(s?.keys() ?? [])].some((st) => st >= 400),
        `${e.path}: ${JSON.stringify(summary[e.path])}`,
      ).toBe(true);
    }
  }, 900_000);
});
