/**
 * GET /api/data's domain function: the rows of every metric set of a page kind for the parsed query,
 * `{ data: { [metricSetValue]: rows[] } }`, cached by the normalised query (the database is read-only).
 */
import { brotliCompressSync, gunzipSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { etagOf } from './http';
import { parseDataQuery, queryKey, type DataQuery } from '../../lib/apiParams';
import { config } from '../config';
import { query, withScope } from '../db/statsDb';
import { LruCache, memoiseAsync } from './cache';
import { ApiError } from './errors';
import { hasLineup, needsPossessions, seasonTypesWithData } from './filterSql';
import { materialisePossessions } from './scope';
import { gamePreviewView, gameTeamView, type GameRef } from './views/games';
import { leagueView } from './views/league';
import { lineupsView } from './views/lineups';
import { playerGameLogView, teamGameLogView } from './views/gameLogs';
import { gamePlayersView, playerProfileView, playersView, teamPlayersView } from './views/players';
import { playerOnOffView, playerPositionsView, teamOnOffView, teamSalariesView, teamTeamView } from './views/teams';
import type { SetRows } from './views/shared';

/** The last season (start year) of the salary data. */
const LAST_SALARY_SEASON = 2019;

export interface DataResponse {
  data: SetRows;
  /** Why the data is empty when it is by design (no preseason data). */
  note?: string;
}

/** An answer as it is cached and sent: gzip-compressed JSON (a players view is ~2.5 MB of JSON, ~10x less gzipped). */
export interface EncodedResponse {
  gzip: Buffer;
  /** brotli, when computed (not for very large answers) */
  br?: Buffer;
  /** weak ETag of the answer */
  etag: string;
}

export function encode(response: unknown): EncodedResponse {
  const json = JSON.stringify(response);
  const large = json.length > LARGE_ANSWER;
  // Very large answers (many seasons of players) are rarer and slower to build: compress them fast, gzip only.
  const gzip = gzipSync(json, { level: large ? 1 : GZIP_LEVEL });
  // Brotli (sent to browsers, which accept it) is ~25 % smaller than gzip for these tables.
  const br = large
    ? undefined
    : brotliCompressSync(json, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length },
      });
  return { gzip, br, etag: etagOf(gzip) };
}

/** zlib level 6: a players view (2.6 MB of JSON) to ~460 KB, computed once per cached answer. */
const GZIP_LEVEL = 6;
/** Brotli quality 5: most of brotli's gain at a fraction of the top qualities' time. */
const BROTLI_QUALITY = 5;
/** Answers above this many characters of JSON are compressed at level 1 (about 4x faster, ~35 % larger). */
const LARGE_ANSWER = 4_000_000;

/** Cached answers: up to this many distinct queries (config.apiCacheEntries, env API_CACHE_ENTRIES). */
export const DATA_CACHE_ENTRIES = Math.max(1, config.apiCacheEntries);
const cache = new LruCache<EncodedResponse>(DATA_CACHE_ENTRIES);
const memo = memoiseAsync(cache);

export function dataCacheStats() {
  return { size: cache.size, hits: cache.hits, misses: cache.misses };
}

/** The encoded answer of a query, from the cache or computed (once for concurrent identical queries). */
export function getEncodedData(q: DataQuery): Promise<EncodedResponse> {
  warmDefaults();
  return memo(queryKey(q), async () => encode(await computeInScope(q)));
}

/** The JSON text of an encoded answer. */
export function jsonOf(e: EncodedResponse): string {
  return gunzipSync(e.gzip).toString('utf8');
}

/** The answer of a query as an object. */
export async function getData(q: DataQuery): Promise<DataResponse> {
  return JSON.parse(jsonOf(await getEncodedData(q))) as DataResponse;
}

let warmed = false;
/**
 * The default views are the most frequent (DESIGN.md): on the first request, compute the default players,
 * league and lineups views in the background so that later visitors hit the cache.
 */
function warmDefaults(): void {
  if (warmed) return;
  warmed = true;
  void (async () => {
    // One after another: the warm-up should not crowd out the request that triggered it.
    for (const page of ['Players', 'League', 'Lineups']) {
      const q = parseDataQuery({ page: [page] });
      await memo(queryKey(q), async () => encode(await computeInScope(q)));
    }
  })().catch(() => {
    warmed = false;
  });
}

/**
 * Lineup filters select few possessions: materialise them once per request and read that small table for every
 * aggregate. Other possession-level filters (period, time, score) keep most of the table, so each aggregate
 * scans the possession table with the filters pushed into the scan instead.
 */
async function computeInScope(q: DataQuery): Promise<DataResponse> {
  const gamePage = q.page.startsWith('Game');
  if (gamePage || !needsPossessions(q.filters) || !hasLineup(q.filters)) return compute(q);
  return withScope(async () => {
    const drop = await materialisePossessions(q.filters);
    try {
      return await compute(q);
    } finally {
      await drop();
    }
  });
}

async function requirePlayer(id: string): Promise<number> {
  const playerId = Number(id);
  const rows = await query('SELECT 1 FROM players WHERE player_id = $1', [playerId]);
  if (rows.length === 0) throw new ApiError(404, `No player with id ${id}`, 'entity');
  return playerId;
}

export async function findGame(code: string): Promise<GameRef | null> {
  const [g] = await query<GameRef & Record<string, unknown>>(
    'SELECT game_id, season, season_type, date, home_team_id, away_team_id FROM games WHERE game_code = $1',
    [code],
  );
  return g ?? null;
}

async function requireGame(code: string): Promise<GameRef> {
  const g = await findGame(code);
  if (!g) throw new ApiError(404, `No game with id ${code}`, 'entity');
  return g;
}

async function compute(q: DataQuery): Promise<DataResponse> {
  // Entity checks first: an unknown id is a 404 whatever the filters.
  const playerId = q.entity && q.page.startsWith('Player') && q.page !== 'Players' ? await requirePlayer(q.entity) : undefined;
  const game = q.entity && q.page.startsWith('Game') ? await requireGame(q.entity) : undefined;
  const gameView = q.page === 'GameTeam' || q.page === 'GamePlayers' || q.page === 'GamePreview';
  if (!gameView && seasonTypesWithData(q.filters).length === 0) {
    return { data: {}, note: 'There is no preseason data: the league publishes no preseason play-by-play in this data set.' };
  }
  switch (q.page) {
    case 'League':
      return { data: await leagueView(q) };
    case 'Players':
      return { data: await playersView(q) };
    case 'Lineups':
    case 'TeamLineups':
      return { data: await lineupsView(q) };
    case 'PlayerLineups':
      return { data: await lineupsView(q, playerId) };
    case 'PlayerProfile':
      return { data: await playerProfileView(q, playerId!) };
    case 'PlayerPositions':
      return { data: await playerPositionsView(q, playerId!) };
    case 'PlayerOnOff':
      return { data: await playerOnOffView(q, playerId!) };
    case 'PlayerGameLog':
      return { data: await playerGameLogView(q, playerId!) };
    case 'TeamPlayers':
      return { data: await teamPlayersView(q) };
    case 'TeamOnOff':
      return { data: await teamOnOffView(q) };
    case 'TeamTeam':
      return { data: await teamTeamView(q) };
    case 'TeamGameLog':
      return { data: await teamGameLogView(q) };
    case 'TeamSalaries': {
      const data = await teamSalariesView(q);
      // The salary file stops with 2019-20 (nba-data README).
      const note = q.filters.seasons.some((s) => s > LAST_SALARY_SEASON)
        ? 'Salaries are available for 2003-04 to 2019-20 only.'
        : undefined;
      return note ? { data, note } : { data };
    }
    case 'GamePlayers':
      return { data: await gamePlayersView({ ...q, filters: { ...q.filters, seasons: [game!.season], seasonTypes: [game!.season_type as 'regular'] } }, game!.game_id) };
    case 'GameTeam':
      return { data: await gameTeamView(q, game!) };
    case 'GamePreview':
      return { data: await gamePreviewView(q, game!) };
  }
}
