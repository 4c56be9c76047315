/**
 * THE finder: a finder query (src/lib/views/finderQuery.ts, the URL's query) run on the stats database, its rows with
 * the count of all matches. GET /api/finder, /api/v1/finder, the page /stats/finder and the saved queries' alerts
 * call `runFinder`.
 *
 *   const { rows, total } = await runFinder('mode=player_games&cond=pts:ge:30&cond=ast:ge:10&season=2022');
 *   const fresh = await runFinder(savedQuery, { gamesAfter: '2023-03-01' }); // only rows with a later game
 *
 * Uncached work waits its turn in the stats server's query queue (answers/queue.ts: lanes by cost, per-client cap,
 * a timeout that interrupts DuckDB and answers 503 with Retry-After) on a scope of its own; answers are cached by
 * the canonical query until the stats file changes. The filters are not gated here: the HTTP routes gate them on
 * the asker's plan before calling (request/gating.ts assertFiltersAllowed).
 */
import { LRUCache } from 'lru-cache';
import { ParamError, rawQueryFromSearchParams } from '../../../lib/params/apiParams';
import {
  FINDER_CSV_MAX,
  finderQueryString,
  isGameMode,
  isSeasonMode,
  parseFinderQuery,
  type FinderQuery,
  type FinderStat,
  FINDER_STAT_KEYS,
} from '../../../lib/views/finderQuery';
import { onStatsDbChange, statsDbGeneration, withScope, type StatsDb } from '../../db/statsDb';
import { queue, type Asker } from '../answers/answers';
import type { Lane } from '../answers/queue';
import { currentSeasons } from '../entities/seasons';
import { seasonTypesWithData } from '../sql/filterSql';
import { Params } from '../sql/sql';
import { finderSql, needsOnCourt, onCourtFillSql, onCourtPairsSql, ownFirst, readsBoxScore, readsPossessions, type OnCourtKey } from './finderSql';

/** One row of an answer: who, when, and every stat of FINDER_STATS (null where a rate has no denominator). */
export interface FinderRow {
  /** player rows: the player */
  player_id: number | null;
  player_name: string | null;
  /** the team (the last one of a season, streak or span of a player of several) and its abbreviation that season */
  team_id: number;
  abbr: string;
  /** season and streak rows: every team of the row, e.g. "BKN/PHI"; span rows: its first and last game's teams */
  teams: string | null;
  season: number;
  season_type: string;
  /** game rows: the game (its 10-digit id), date, opponent, home or away, won */
  game_id: string | null;
  date: string | null;
  opp_abbr: string | null;
  is_home: boolean | null;
  won: boolean | null;
  /** games in the row (1 for a game row; a season's, a streak's length, a span's N) */
  games: number;
  /** streak and span rows */
  start_date: string | null;
  end_date: string | null;
  first_game: string | null;
  last_game: string | null;
  /** streaks: it reaches the entity's latest game of the season under way */
  active: boolean | null;
  stats: Record<FinderStat, number | null>;
}

export interface FinderAnswer {
  /** the canonical query string of the answer (the permalink's) */
  query: string;
  mode: FinderQuery['mode'];
  of: FinderQuery['of'];
  rows: FinderRow[];
  /** every row matching, over all pages */
  total: number;
  page: number;
  pageSize: number;
}

export interface RunFinderOptions {
  /** only rows with a game after this one: a 10-digit game id, or a date YYYY-MM-DD (games on later dates) */
  gamesAfter?: string;
  /** who asks (the queue's per-client cap); default the server itself */
  asker?: Asker;
  /** every matching row (at most FINDER_CSV_MAX) instead of the query's page */
  allRows?: boolean;
}

const cache = new LRUCache<string, FinderAnswer>({ max: 500 });
onStatsDbChange(() => cache.clear());
const inflight = new Map<string, Promise<FinderAnswer>>();

/** The queue lane: the possessions or many seasons are heavy work (the developer API counts a heavy call as more). */
export function finderLaneOf(q: FinderQuery): Lane {
  const seasonTypes = q.filters.seasons.length * Math.max(1, seasonTypesWithData(q.filters).length);
  const entity = q.player !== null || q.team !== null;
  if (readsPossessions(q.filters)) return entity || seasonTypes <= 1 ? 'cheap' : 'heavy';
  return seasonTypes <= 6 || entity ? 'cheap' : 'heavy';
}

/** The finder query of a URL query (a string, its search params, or one parsed already). Throws ParamError. */
export function finderQueryOf(query: FinderQuery | URLSearchParams | string): FinderQuery {
  if (typeof query === 'string') return parseFinderQuery(rawQueryFromSearchParams(new URLSearchParams(query.replace(/^\?/, ''))));
  if (query instanceof URLSearchParams) return parseFinderQuery(rawQueryFromSearchParams(query));
  return query;
}

const GAME_CODE = /^\d{10}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The cutoff of `gamesAfter`: a date, or a game's date and id (400 naming games_after when it is neither or unknown). */
async function cutoffOf(db: StatsDb, gamesAfter: string | undefined): Promise<{ date: string; gameId: number | null } | null> {
  if (gamesAfter === undefined) return null;
  if (DATE.test(gamesAfter) && !Number.isNaN(Date.parse(gamesAfter))) return { date: gamesAfter, gameId: null };
  if (!GAME_CODE.test(gamesAfter)) throw new ParamError('games_after', 'must be a 10-digit game id or a date YYYY-MM-DD');
  const [game] = await db.query<{ date: string; game_id: number }>("SELECT strftime(date, '%Y-%m-%d') AS date, game_id FROM games WHERE game_code = $1", [
    gamesAfter,
  ]);
  if (!game) throw new ParamError('games_after', `no game ${gamesAfter} in the stats database`);
  return { date: String(game.date), gameId: Number(game.game_id) };
}

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const round2 = (v: number | null) => (v === null || !Number.isFinite(v) ? null : Math.round(v * 100) / 100);
const gameCode = (id: unknown) => (id === null || id === undefined ? null : String(id).padStart(10, '0'));

function rowOf(r: Record<string, unknown>, q: FinderQuery): FinderRow {
  const stats = {} as Record<FinderStat, number | null>;
  for (const s of FINDER_STAT_KEYS) stats[s] = round2(num(r[s]));
  return {
    player_id: num(r.player_id),
    player_name: (r.player_name as string | null) ?? null,
    team_id: Number(r.team_id),
    abbr: String(r.abbr),
    teams: (r.teams as string | null | undefined) ?? null,
    season: Number(r.season),
    season_type: String(r.season_type),
    game_id: isGameMode(q.mode) ? ((r.game_code as string | null) ?? null) : null,
    date: isGameMode(q.mode) ? iso(r.date) : null,
    opp_abbr: (r.opp_abbr as string | null | undefined) ?? null,
    is_home: (r.is_home as boolean | null | undefined) ?? null,
    won: (r.won as boolean | null | undefined) ?? null,
    games: Number(r.games ?? 1),
    start_date: iso(r.start_date),
    end_date: iso(r.end_date),
    first_game: gameCode(r.first_game),
    last_game: gameCode(r.last_game),
    active: (r.active as boolean | null | undefined) ?? null,
    stats,
  };
}

/** A player's box-score rows get their usage and net rating from the per-game totals (finderSql.ts needsOnCourt). */
async function fillOnCourt(db: StatsDb, q: FinderQuery, rows: Record<string, unknown>[]): Promise<void> {
  const keys: OnCourtKey[] = rows.map((r) => {
    const season = isSeasonMode(q.mode);
    const from = iso(isGameMode(q.mode) ? r.date : r.start_date);
    const to = iso(isGameMode(q.mode) ? r.date : r.end_date);
    return {
      playerId: Number(r.entity_id),
      season: season ? Number(r.season) : null,
      seasonType: season ? String(r.season_type) : null,
      from: season ? null : from,
      to: season ? null : to,
    };
  });
  const b = new Params();
  for (const f of await db.query(onCourtFillSql(q, b, keys), b.values)) {
    const row = rows[Number(f.i)]!;
    row.usg_pct = f.usg_pct;
    row.net_rtg = f.net_rtg;
  }
}

/** Own-first rows (finderSql.ts ownFirst) get MIN, +/-, usage and net rating from their games' possessions. */
async function fillPairs(db: StatsDb, q: FinderQuery, rows: Record<string, unknown>[]): Promise<void> {
  const b = new Params();
  const pairs = rows.map((r) => ({ playerId: Number(r.entity_id), gameId: Number(r.game_id) }));
  const filled = new Map((await db.query(onCourtPairsSql(db, q, b, pairs), b.values)).map((f) => [`${Number(f.player_id)}:${Number(f.game_id)}`, f]));
  for (const r of rows) {
    const f = filled.get(`${Number(r.entity_id)}:${Number(r.game_id)}`);
    for (const k of ['min', 'plus_minus', 'usg_pct', 'net_rtg']) r[k] = f ? f[k] : null;
  }
}

/** The answer computed on a scope (no cache, no queue): the tests' and the queue's work. */
export async function computeFinder(db: StatsDb, q: FinderQuery, o: RunFinderOptions = {}): Promise<FinderAnswer> {
  const after = await cutoffOf(db, o.gamesAfter);
  const inProgress = (await currentSeasons()).inProgress?.season ?? null;
  const b = new Params();
  const sql = await finderSql(db, q, b, {
    after,
    inProgress,
    offset: o.allRows ? 0 : (q.page - 1) * q.pageSize,
    limit: o.allRows ? FINDER_CSV_MAX : q.pageSize,
  });
  const rows = await db.query(sql, b.values);
  if (q.of === 'player' && readsBoxScore(q.filters) && !needsOnCourt(q) && rows.length) await fillOnCourt(db, q, rows);
  if (ownFirst(db, q) && rows.length) await fillPairs(db, q, rows);
  let total = rows.length ? Number(rows[0]!.total) : 0;
  if (!rows.length && q.page > 1 && !o.allRows) {
    // past the last page: the count still says how many there are
    const count = new Params();
    const all = await finderSql(db, q, count, { after, inProgress, offset: 0, limit: 1 });
    const [first] = await db.query(all, count.values);
    total = first ? Number(first.total) : 0;
  }
  return {
    query: finderQueryString(q),
    mode: q.mode,
    of: q.of,
    rows: rows.map((r) => rowOf(r, q)),
    total,
    page: o.allRows ? 1 : q.page,
    pageSize: o.allRows ? rows.length : q.pageSize,
  };
}

/**
 * Run a finder query: its page of rows and the count of all matches (`allRows`: every row up to FINDER_CSV_MAX).
 * `gamesAfter` keeps the rows with a game after the cutoff (game rows: their game; season rows: a game of the
 * season; streaks and spans: their last game). Throws ParamError (400) for a bad query, BusyError (429/503 with
 * Retry-After) when the server is busy or the query runs past its budget.
 */
export async function runFinder(query: FinderQuery | URLSearchParams | string, o: RunFinderOptions = {}): Promise<FinderAnswer> {
  const q = finderQueryOf(query);
  const key = JSON.stringify([statsDbGeneration(), finderQueryString(q), o.gamesAfter ?? null, o.allRows ?? false]);
  const hit = cache.get(key);
  if (hit) return hit;
  const running = inflight.get(key);
  if (running) return running;
  const generation = statsDbGeneration();
  const promise = queue
    .run({ lane: finderLaneOf(q), client: o.asker?.client ?? 'server', work: (signal) => withScope((db) => computeFinder(db, q, o), signal) })
    .then((answer) => {
      if (statsDbGeneration() === generation) cache.set(key, answer);
      return answer;
    })
    .finally(() => {
      if (inflight.get(key) === promise) inflight.delete(key);
    });
  inflight.set(key, promise);
  return promise;
}
