/**
 * The stats reads that are not table answers (answers.ts): a player's record, bio, career, RAPM and similar
 * players, the teams table and standings, the player list, a game's box score, possessions, play-by-play and
 * preview, the game finder's lists. Pages, /api endpoints and /api/v1 call these, never the modules below: each
 * read is one job of the query queue (queue.ts), on a scope of its own, so it keeps the same rules as /api/data:
 *
 * - its lane: `cheap` for one player's, team's or game's rows and a season's league tables; `heavy` for the teams
 *   table of more than three seasons and for the first career read of a stats file, which builds the career
 *   percentile pools from every player-season (views/career.ts careerPoolsBuilt);
 * - the per-client cap of who asks (Asker: the signed-in user or the client's address; 429 past it);
 * - the queue's timeout: a read still running after it is interrupted in DuckDB and answered BusyError(503) with
 *   Retry-After, instead of holding a connection (request/http.ts maps it).
 *
 * Example: `await playerCareer({ client: 'ip:203.0.113.9' }, 2544)` waits its turn in the heavy lane the first
 * time after a switch of stats file, in the cheap lane after that.
 */
import type { AppliedFilters, DataQuery } from '../../../lib/apiParams';
import type { RapmParams } from '../../../lib/rapmParams';
import type { SimilarParams } from '../../../lib/similarParams';
import type { ShotsResponse } from '../../../lib/shots';
import type { WowyAnswer, WowyQuery } from '../../../lib/wowy';
import { StatsDbUnavailableError, withScope, type StatsScope } from '../../db/statsDb';
import { queue, shotsAnswer, wowyAnswer, type Asker } from './answers';
import { jsonOf } from '../base/encoding';
import type { Lane } from './queue';
import * as career from '../views/career';
import * as rapm from '../views/rapm';
import * as similar from '../views/similar';
import { standings as standingsOf } from '../views/standings';
import { teamsTable as teamsTableOf } from '../views/teamsTable';
import * as players from '../entities/players';
import { playerBio as playerBioOf, type PlayerBio } from '../entities/playerBio';
import type { PlayerRecord } from '../entities/players';
import { gameDetails as gameDetailsOf } from '../games/gameDetails';
import * as gameList from '../games/gameList';
import { gamePossessions as gamePossessionsOf } from '../games/gamePossessions';
import { gamePreview as gamePreviewOf, type PreviewGame } from '../games/gamePreview';
import { gamePlayByPlay as gamePlayByPlayOf } from '../games/playByPlay';

export type { Asker } from './answers';

/** Who asks when no visitor does: the sitemap and other whole-site lookups (their own per-client count). */
export const SITE: Asker = { client: 'site' };

/** `work` as a job of the query queue in `lane`, counted against `asker`, on one connection of its own. */
export function queuedRead<T>(lane: Lane, asker: Asker, work: (db: StatsScope) => Promise<T>): Promise<T> {
  return queue.run({ lane, client: asker.client, work: (signal) => withScope(work, signal) });
}

/** A read that is `undefined` without a stats database (a page then shows what it can without one). */
async function ifDb<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof StatsDbUnavailableError) return undefined;
    throw error;
  }
}

const careerLane = (): Lane => (career.careerPoolsBuilt() ? 'cheap' : 'heavy');

// Players

export const listPlayers = (asker: Asker) => queuedRead('cheap', asker, (db) => players.listPlayers(db));
export const encodedPlayerList = (asker: Asker) => queuedRead('cheap', asker, (db) => players.encodedPlayerList(db));
export const playerRecord = (asker: Asker, playerId: number) => queuedRead('cheap', asker, (db) => players.playerRecord(db, playerId));
export const playerDetails = (asker: Asker, playerId: number) => queuedRead('cheap', asker, (db) => players.playerDetails(db, playerId));
export const playerBio = (asker: Asker, record: PlayerRecord, seasons: readonly number[]) => queuedRead('cheap', asker, (db) => playerBioOf(db, record, seasons));
export const playerCareer = (asker: Asker, playerId: number) => queuedRead(careerLane(), asker, (db) => career.playerCareer(db, playerId));
export const knownPlayerCareer = (asker: Asker, playerId: number) => queuedRead(careerLane(), asker, (db) => career.knownPlayerCareer(db, playerId));
export const playerRapm = (asker: Asker, playerId: number) => queuedRead('cheap', asker, (db) => rapm.playerRapm(db, playerId));
export const knownPlayerRapm = (asker: Asker, playerId: number) => queuedRead('cheap', asker, (db) => rapm.knownPlayerRapm(db, playerId));
export const rapmFits = (asker: Asker) => queuedRead('cheap', asker, (db) => rapm.rapmFits(db));
export const rapmLeaderboard = (asker: Asker, p: RapmParams) => queuedRead('cheap', asker, (db) => rapm.rapmLeaderboard(db, p));
export const similarPlayers = (asker: Asker, playerId: number, season: number | null, f: similar.SimilarFilters) =>
  queuedRead('cheap', asker, (db) => similar.similarPlayers(db, playerId, season, f));

/** What a player's page shows below his record: the bio, and on the profile his career, RAPM and similar players. */
export interface PlayerPageReads {
  bio: PlayerBio;
  career: career.PlayerCareer | null;
  rapm: rapm.PlayerRapmRow[];
  similar: similar.SimilarAnswer | null;
}

/**
 * A player's page's reads after his record, as ONE job of the queue (the lane of his career read): a visitor who
 * opens several players' pages at once holds one slot per page, not one per section, so eight pages at once stay
 * within the per-client cap. The bio describes the latest season of `bioSeasons` he played; similar players are
 * those of `similarParams.season`, else the latest of `filterSeasons` he has a profile in, else his latest.
 */
export function playerPage(
  asker: Asker,
  record: PlayerRecord,
  o: { profile: boolean; bioSeasons: readonly number[]; filterSeasons: readonly number[]; similarParams: SimilarParams },
): Promise<PlayerPageReads> {
  const playerId = Number(record.player.player_id);
  return queuedRead(o.profile ? careerLane() : 'cheap', asker, async (db) => {
    const similarFor = async () => {
      const mine = (await similar.allProfiles(db)).filter((p) => p.player_id === playerId).map((p) => p.season);
      const fromFilter = o.filterSeasons.filter((y) => mine.includes(y)).sort((a, b) => b - a)[0] ?? null;
      return similar.similarPlayers(db, playerId, o.similarParams.season ?? fromFilter, o.similarParams);
    };
    const [bio, careerRows, rapmRows, similarRows] = await Promise.all([
      playerBioOf(db, record, o.bioSeasons),
      o.profile ? career.knownPlayerCareer(db, playerId) : null,
      o.profile ? rapm.knownPlayerRapm(db, playerId) : [],
      o.profile ? similarFor() : null,
    ]);
    return { bio, career: careerRows, rapm: rapmRows, similar: similarRows };
  });
}

// Teams

export const teamsTable = (asker: Asker, f: AppliedFilters) => queuedRead(f.seasons.length > 3 ? 'heavy' : 'cheap', asker, (db) => teamsTableOf(db, f));
export const standings = (asker: Asker, season: number, through: string | null) => queuedRead('cheap', asker, (db) => standingsOf(db, season, through));

// Games

export const gameDetails = (asker: Asker, gameCode: string) => queuedRead('cheap', asker, (db) => gameDetailsOf(db, gameCode));
export const gamePossessions = (asker: Asker, gameCode: string) => queuedRead('cheap', asker, (db) => gamePossessionsOf(db, gameCode));
export const gamePlayByPlay = (asker: Asker, gameCode: string) => queuedRead('cheap', asker, (db) => gamePlayByPlayOf(db, gameCode));
export const gamePreview = (asker: Asker, g: PreviewGame) => queuedRead('cheap', asker, (db) => gamePreviewOf(db, g));
export const listGames = (asker: Asker, q: gameList.GameListQuery) => queuedRead('cheap', asker, (db) => gameList.listGames(db, q));
export const listScheduledGames = (asker: Asker, q: Omit<gameList.GameListQuery, 'before' | 'opponentId'>) => queuedRead('cheap', asker, (db) => gameList.listScheduledGames(db, q));
export const gameMonths = (asker: Asker, season: number, seasonType?: 'regular' | 'playoffs') => queuedRead('cheap', asker, (db) => gameList.gameMonths(db, season, seasonType));
export const defaultMonth = (asker: Asker, season: number, seasonType: 'regular' | 'playoffs' | undefined, months: readonly string[]) =>
  queuedRead('cheap', asker, (db) => gameList.defaultMonth(db, season, seasonType, months));
/** A played game by its code: null when there is none, undefined without a stats database. */
export const findGameIfDb = (asker: Asker, gameCode: string) => ifDb(queuedRead('cheap', asker, (db) => gameList.findGameIfDb(db, gameCode)));
/** A played or scheduled game by its code: null when there is none, undefined without a stats database. */
export const findGameOrScheduledIfDb = (asker: Asker, gameCode: string) => ifDb(queuedRead('cheap', asker, (db) => gameList.findGameOrScheduledIfDb(db, gameCode)));

// The answers of /api/data's kin as objects (the developer API re-encodes them with its own headers)

/** /api/shots's answer of a parsed and gated query, as an object: the same cache, coalescing and queue. */
export async function shotsObject(q: DataQuery, asker: Asker): Promise<ShotsResponse> {
  return JSON.parse(jsonOf(await shotsAnswer(q, asker))) as ShotsResponse;
}

/** /api/team_wowy's answer of a parsed and gated query, as an object: the same cache, coalescing and queue. */
export async function wowyObject(q: WowyQuery, asker: Asker): Promise<WowyAnswer> {
  return JSON.parse(jsonOf(await wowyAnswer(q, asker))) as WowyAnswer;
}

// What callers outside the stats server use of the layers below, named here so that they enter through this
// layer: the CSV forms of the reads above, the error a 4xx is thrown as, and the file's season catalogue.
export { careerCsvDownload } from '../views/career';
export { rapmCsvDownload } from '../views/rapm';
export { ApiError } from '../base/errors';
export { currentSeasons } from '../entities/seasons';
