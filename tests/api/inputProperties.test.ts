/**
 * Input of GET /api/data under fast-check (input): more than 2,000 generated queries per run against
 * the real endpoint handler and the test DuckDB database.
 *
 * 1. Any query, valid or not (unknown keys named like object properties, junk values, id lists past their cap,
 *    anonymous or signed in): never a 5xx. A query with a bad value is a 400 whose `param` is one of the keys
 *    given a bad value and whose message starts with that key; a valid one is 200 with rows per metric set, or
 *    403 naming a gated filter when anonymous.
 * 2. Totals equal the sum of their parts: for a team's game log under random filters, splitting the sample by
 *    location, result, season type, period or score differential gives per-game points and possessions that
 *    add up to the unsplit answer (an independent reference: the same endpoint's total).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { FILTERS } from '../../src/lib/filters/filterDefinitions';
import { TEAMS } from '../../src/lib/league/franchises';
import { call, HAS_DB, SIGNED_IN, sql } from './helpers';

const PROTOTYPE_NAMES = [
  'toString',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupGetter__',
  'then',
  'prototype',
  'length',
];
const KNOWN_KEYS = new Set<string>(['page', 'entity', 'side', 'min_poss']);
for (const f of FILTERS) {
  if (f.type === 'range') {
    KNOWN_KEYS.add(`${f.apiKey}_low`);
    KNOWN_KEYS.add(`${f.apiKey}_high`);
  } else KNOWN_KEYS.add(f.apiKey);
}
const ABBRS = TEAMS.map((t) => t.abbr);
let playerIds: number[] = [];
let gameCodes: string[] = [];

/** Cheap pages and a valid entity for each (the expensive league-wide views are covered by combinations.test.ts). */
const page = () =>
  fc.oneof(
    fc.constantFrom(...ABBRS).map((t) => ({ page: 'TeamGameLog', entity: t })),
    fc.constantFrom(...ABBRS).map((t) => ({ page: 'TeamTeam', entity: t })),
    fc.constantFrom(...playerIds).map((p) => ({ page: 'PlayerGameLog', entity: String(p) })),
    fc.constantFrom(...gameCodes).map((g) => ({ page: 'GameTeam', entity: g })),
    fc.constantFrom(...gameCodes).map((g) => ({ page: 'GamePlayers', entity: g })),
  );

const date = fc
  .date({ min: new Date('2012-10-01T00:00:00Z'), max: new Date('2023-06-30T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const ids = (max: number) => fc.uniqueArray(fc.constantFrom(...playerIds), { minLength: 1, maxLength: max });

/** Valid values by key (each key at most once: single keys must not repeat). */
const validFilters = () =>
  fc.record(
    {
      side: fc.constantFrom(['offense'], ['defense']),
      season: fc.uniqueArray(fc.constantFrom('2012', '2022', '2012-13', '2022-23'), { minLength: 1, maxLength: 2 }),
      season_type: fc.uniqueArray(fc.constantFrom('regular', 'playoffs', 'preseason', 'Regular Season'), { minLength: 1, maxLength: 2 }),
      start_date: date.map((d) => [d]),
      location: fc.uniqueArray(fc.constantFrom('home', 'away'), { minLength: 1, maxLength: 2 }),
      result: fc.uniqueArray(fc.constantFrom('win', 'loss'), { minLength: 1, maxLength: 2 }),
      days_rest_low: fc.integer({ min: 0, max: 5 }).map((n) => [String(n)]),
      is_garbage_time: fc.constantFrom(['true'], ['false'], ['0'], ['yes']),
      period: fc.uniqueArray(fc.integer({ min: 1, max: 7 }).map(String), { minLength: 1, maxLength: 3 }),
      time_into_game_high: fc.integer({ min: 0, max: 3780 }).map((n) => [String(n)]),
      score_diff_low: fc.integer({ min: -75, max: 75 }).map((n) => [String(n)]),
      opponent: fc.uniqueArray(fc.constantFrom(...ABBRS), { minLength: 1, maxLength: 3 }),
      opp_def_rank_high: fc.integer({ min: 1, max: 30 }).map((n) => [String(n)]),
      lineup_all_or_any: fc.constantFrom(['all'], ['any']),
      on_court: ids(3).map((l) => l.map(String)),
      off_court: ids(2).map((l) => l.map(String)),
      pg: ids(2).map((l) => l.map(String)),
      min_poss: fc.integer({ min: 0, max: 500 }).map((n) => [String(n)]),
    },
    { requiredKeys: [] },
  );

const junk = fc.string({ maxLength: 12 }).map((s) => `x${s}`); // never a number, date, id or option
/** Values that are wrong for their key, whatever else the query holds. */
const badPair = (): fc.Arbitrary<[string, string[]]> =>
  fc.oneof(
    fc
      .tuple(fc.constantFrom('season', 'season_type', 'location', 'result', 'period', 'opponent', 'on_court', 'pg', 'off_court'), junk)
      .map(([k, v]) => [k, [v]] as [string, string[]]),
    fc
      .tuple(fc.constantFrom('start_date', 'end_date'), fc.oneof(junk, fc.constantFrom('2023-02-30', '2022-13-01', '20221001')))
      .map(([k, v]) => [k, [v]] as [string, string[]]),
    fc
      .tuple(
        fc.constantFrom('days_rest_low', 'score_diff_high', 'opp_off_rank_low', 'time_into_game_low', 'min_poss'),
        fc.oneof(junk, fc.constantFrom('-999999', '99999999', '1.5', '1e3')),
      )
      .map(([k, v]) => [k, [v]] as [string, string[]]),
    fc.constantFrom<[string, string[]]>(
      ['season', ['1999']],
      ['season', ['2012-14']],
      ['period', ['8']],
      ['period', ['0']],
      ['side', ['middle']],
      ['is_garbage_time', ['maybe']],
      ['lineup_all_or_any', ['some']],
      ['opponent', ['ZZZ']],
    ),
    // id lists past their cap: more than 20 ids for a key, some of them hundreds long
    fc
      .tuple(fc.constantFrom('on_court', 'off_court', 'pg', 'c'), fc.integer({ min: 21, max: 600 }))
      .map(([k, n]) => [k, Array.from({ length: n }, (_, i) => String(1000 + i))] as [string, string[]]),
    // a single key given twice
    fc
      .constantFrom('side', 'start_date', 'is_garbage_time', 'days_rest_high')
      .map(
        (k) =>
          [
            k,
            k === 'side'
              ? ['offense', 'defense']
              : k === 'is_garbage_time'
                ? ['true', 'false']
                : k === 'start_date'
                  ? ['2013-01-01', '2013-02-01']
                  : ['1', '2'],
          ] as [string, string[]],
      ),
  );

const unknownPair = fc.tuple(
  fc.oneof(
    fc.constantFrom(...PROTOTYPE_NAMES),
    fc.string({ minLength: 1, maxLength: 10 }).filter((k) => !KNOWN_KEYS.has(k)),
  ),
  fc.string({ maxLength: 10 }),
);

function queryString(pairs: [string, readonly string[]][]): string {
  const p = new URLSearchParams();
  for (const [k, values] of pairs) for (const v of values) p.append(k, v);
  return p.toString();
}

// Fixed seeds: the same draws on every run. Their counts are the suite's CPU (npm test is CPU-bound on two cores:
// docs/benchmarks/test-suite.md); more of the space is covered by running them with other seeds by hand.
const RUNS_ANY = 1_000;
const RUNS_PARTS = 70; // 3 queries each

describe.skipIf(!HAS_DB)('GET /api/data input (fast-check, > 2,000 queries)', () => {
  beforeAll(async () => {
    playerIds = (
      await sql<{ player_id: number }>(
        'SELECT player_id FROM player_games pg JOIN games g USING (game_id) GROUP BY player_id ORDER BY sum(seconds) DESC LIMIT 40',
      )
    ).map((r) => r.player_id);
    gameCodes = (await sql<{ game_code: string }>('SELECT game_code FROM games ORDER BY hash(game_id) LIMIT 30')).map((r) => r.game_code);
  });

  it('never answers 5xx; bad values are 400s naming their key; valid queries answer rows', async () => {
    let valid = 0;
    let invalid = 0;
    await fc.assert(
      fc.asyncProperty(
        page(),
        validFilters(),
        fc.array(badPair(), { maxLength: 2 }),
        fc.array(unknownPair, { maxLength: 3 }),
        fc.boolean(),
        async (pg, filters, bad, unknown, anonymous) => {
          const badKeys = new Set(bad.map(([k]) => k));
          const pairs: [string, readonly string[]][] = [
            ['page', [pg.page]],
            ['entity', [pg.entity]],
            ...Object.entries(filters).filter(([k]) => !badKeys.has(k)),
            ...bad,
            ...unknown.map(([k, v]) => [k, [v]] as [string, string[]]),
          ];
          const qs = queryString(pairs);
          const r = await call(`/api/data?${qs}`, anonymous ? null : SIGNED_IN);
          expect(r.status, `${qs} -> ${JSON.stringify(r.body)}`).toBeLessThan(500);
          if (bad.length > 0) {
            invalid++;
            expect(r.status, qs).toBe(400);
            expect(badKeys.has(r.body.param), `${qs}: ${r.body.param} is not one of ${[...badKeys]}`).toBe(true);
            expect(r.body.error.startsWith(`${r.body.param}:`)).toBe(true);
            return;
          }
          valid++;
          if (r.status === 400) {
            // the only invalid combination of valid values: an empty date range
            expect(r.body.param, qs).toBe('end_date');
            return;
          }
          if (r.status === 403) {
            expect(anonymous, qs).toBe(true);
            const gated = FILTERS.filter((f) => f.requiresAuth).flatMap((f) => (f.type === 'range' ? [`${f.apiKey}_low`, `${f.apiKey}_high`] : [f.apiKey]));
            expect(
              gated.some((k) => qs.includes(`${k}=`)),
              qs,
            ).toBe(true);
            return;
          }
          expect(r.status, `${qs} -> ${JSON.stringify(r.body)}`).toBe(200);
          // at least one metric set, each a list of rows (an empty object would pass the loop unchecked), except
          // the preseason alone, which has no data and says so
          if (Object.keys(r.body.data as Record<string, unknown>).length === 0) expect(r.body.note, qs).toMatch(/preseason/i);
          for (const rows of Object.values(r.body.data as Record<string, unknown>)) expect(Array.isArray(rows)).toBe(true);
        },
      ),
      { numRuns: RUNS_ANY, seed: 1212 },
    );
    // both kinds are well represented
    expect(valid).toBeGreaterThan(RUNS_ANY / 5);
    expect(invalid).toBeGreaterThan(RUNS_ANY / 5);
  }, 600_000);

  it('the parts of a split sample add up to the whole (points and possessions of every game)', async () => {
    let nonEmpty = 0; // runs whose whole had games: an empty whole and empty parts would agree trivially
    type Split = [string, string[]][][]; // the parts, each a list of extra pairs
    const split: fc.Arbitrary<{ key: string; parts: Split }> = fc.oneof(
      fc.constant({ key: 'location', parts: [[['location', ['home']]], [['location', ['away']]]] as Split }),
      fc.constant({ key: 'result', parts: [[['result', ['win']]], [['result', ['loss']]]] as Split }),
      fc.constant({ key: 'season_type', parts: [[['season_type', ['regular']]], [['season_type', ['playoffs']]]] as Split }),
      fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1, maxLength: 6 }).map((s) => ({
        key: 'period',
        parts: [[['period', s.map(String)]], [['period', [1, 2, 3, 4, 5, 6, 7].filter((p) => !s.includes(p)).map(String)]]] as Split,
      })),
      fc.integer({ min: -30, max: 30 }).map((k) => ({
        key: 'score_diff',
        parts: [
          [
            ['score_diff_low', ['-75']],
            ['score_diff_high', [String(k)]],
          ],
          [
            ['score_diff_low', [String(k + 1)]],
            ['score_diff_high', ['75']],
          ],
        ] as Split,
      })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ABBRS),
        fc.constantFrom('2012', '2022'),
        fc.record(
          { is_garbage_time: fc.constantFrom(['true'], ['false']), opponent: fc.uniqueArray(fc.constantFrom(...ABBRS), { minLength: 1, maxLength: 8 }) },
          { requiredKeys: ['is_garbage_time'] },
        ),
        split,
        async (team, season, base, { key, parts }) => {
          const basePairs: [string, readonly string[]][] = [
            ['page', ['TeamGameLog']],
            ['entity', [team]],
            ['season', [season]],
            ...Object.entries(base),
            ...(key === 'season_type' ? [] : ([['season_type', ['regular', 'playoffs']]] as [string, string[]][])),
          ];
          const totals = async (extra: [string, readonly string[]][]) => {
            const qs = queryString([...basePairs, ...extra]);
            const r = await call(`/api/data?${qs}`);
            expect(r.status, `${qs} -> ${JSON.stringify(r.body)}`).toBe(200);
            const rows = Object.values(r.body.data as Record<string, { game_id: string; pts: number; poss: number }[]>)[0]!;
            const byGame = new Map<string, { pts: number; poss: number }>();
            for (const row of rows) byGame.set(row.game_id, { pts: row.pts ?? 0, poss: row.poss ?? 0 });
            return byGame;
          };
          const whole = await totals(key === 'season_type' ? [['season_type', ['regular', 'playoffs']]] : []);
          const sum = new Map<string, { pts: number; poss: number }>();
          for (const part of parts) {
            for (const [game, v] of await totals(part)) {
              const s = sum.get(game) ?? { pts: 0, poss: 0 };
              sum.set(game, { pts: s.pts + v.pts, poss: s.poss + v.poss });
            }
          }
          const nonZero = (m: Map<string, { pts: number; poss: number }>) => [...m].filter(([, v]) => v.pts || v.poss).sort(([a], [b]) => a.localeCompare(b));
          expect(nonZero(sum)).toEqual(nonZero(whole));
          if (nonZero(whole).length > 0) nonEmpty++;
        },
      ),
      { numRuns: RUNS_PARTS, seed: 1213 },
    );
    expect(nonEmpty).toBeGreaterThan(RUNS_PARTS / 2);
  }, 600_000);
});
