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
import type { AppliedFilters, DataQuery } from '../../../lib/params/apiParams';
import type { SimilarParams } from '../../../lib/params/similarParams';
import type { ShotsResponse } from '../../../lib/views/shotZones';
import type { WowyAnswer, WowyQuery } from '../../../lib/views/wowy';
import { StatsDbUnavailableError, withScope, type StatsScope } from '../../db/statsDb';
import { queue, shotsAnswer, wowyAnswer, type Asker } from './answers';
import { parsedJsonOf } from '../base/encoding';
import type { Lane } from './queue';
import * as career from '../views/career';
import * as rapm from '../views/rapm';
import * as similar from '../views/similar';
import { standings as standingsOf } from '../views/standings';
import { teamsTable as teamsTableOf } from '../views/teamsTable';
import * as players from '../entities/playerList';
import { playerBio as playerBioOf, type PlayerBio } from '../entities/playerBio';
import type { PlayerRecord } from '../entities/playerList';
import { gameDetails as gameDetailsOf } from '../games/gameDetails';
import * as gameList from '../games/gameList';
import { gamePossessions as gamePossessionsOf } from '../games/gamePossessions';
import { gamePreview as gamePreviewOf } from '../games/gamePreview';
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

/**
 * `read` as a read of this layer: `(asker, ...its arguments after db)`, one job of `lane` (or of the lane `lane`
 * picks from the arguments when the read is made). Example: `queued('cheap', players.playerRecord)(asker, 2544)`.
 */
function queued<A extends unknown[], T>(lane: Lane | ((...args: NoInfer<A>) => Lane), read: (db: StatsScope, ...args: A) => Promise<T>) {
  return (asker: Asker, ...args: A): Promise<T> => queuedRead(typeof lane === 'function' ? lane(...args) : lane, asker, (db) => read(db, ...args));
}

// Players

export const listPlayers = queued('cheap', players.listPlayers);
export const encodedPlayerList = queued('cheap', players.encodedPlayerList);
export const playerRecord = queued('cheap', players.playerRecord);
export const playerDetails = queued('cheap', players.playerDetails);
export const playerBio = queued('cheap', playerBioOf);
export const playerCareer = queued(careerLane, career.playerCareer);
export const knownPlayerCareer = queued(careerLane, career.knownPlayerCareer);
export const playerRapm = queued('cheap', rapm.playerRapm);
export const knownPlayerRapm = queued('cheap', rapm.knownPlayerRapm);
export const rapmFits = queued('cheap', rapm.rapmFits);
export const rapmLeaderboard = queued('cheap', rapm.rapmLeaderboard);
export const similarPlayers = queued('cheap', similar.similarPlayers);

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

export const teamsTable = queued((f: AppliedFilters) => (f.seasons.length > 3 ? 'heavy' : 'cheap'), teamsTableOf);
export const standings = queued('cheap', standingsOf);

// Games

export const gameDetails = queued('cheap', gameDetailsOf);
export const gamePossessions = queued('cheap', gamePossessionsOf);
export const gamePlayByPlay = queued('cheap', gamePlayByPlayOf);
export const gamePreview = queued('cheap', gamePreviewOf);
export const listGames = queued('cheap', gameList.listGames);
export const listScheduledGames = queued('cheap', gameList.listScheduledGames);
export const gameMonths = queued('cheap', gameList.gameMonths);
export const defaultMonth = queued('cheap', gameList.defaultMonth);
const findGame = queued('cheap', gameList.findGame);
const findGameOrScheduled = queued('cheap', gameList.findGameOrScheduled);
/** A played game by its code: null when there is none, undefined without a stats database. */
export const findGameIfDb = (asker: Asker, gameCode: string) => ifDb(findGame(asker, gameCode));
/** A played or scheduled game by its code: null when there is none, undefined without a stats database. */
export const findGameOrScheduledIfDb = (asker: Asker, gameCode: string) => ifDb(findGameOrScheduled(asker, gameCode));

// The answers of /api/data's kin as objects (the developer API re-encodes them with its own headers)

/** /api/shots's answer of a parsed and gated query, as an object: the same cache, coalescing and queue. */
export async function shotsObject(q: DataQuery, asker: Asker): Promise<ShotsResponse> {
  return parsedJsonOf<ShotsResponse>(await shotsAnswer(q, asker));
}

/** /api/team_wowy's answer of a parsed and gated query, as an object: the same cache, coalescing and queue. */
export async function wowyObject(q: WowyQuery, asker: Asker): Promise<WowyAnswer> {
  return parsedJsonOf<WowyAnswer>(await wowyAnswer(q, asker));
}

// What callers outside the stats server use of the layers below, named here so that they enter through this
// layer: the CSV forms of the reads above, the error a 4xx is thrown as, and the file's season catalogue.
export { careerCsvDownload } from '../views/career';
export { rapmCsvDownload } from '../views/rapm';
export { ApiError } from '../base/errors';
export { currentSeasons } from '../entities/seasons';
