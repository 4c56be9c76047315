/**
 * Dispatch of GET /api/data: the rows of the metric sets a query asks for (all the view offers when it names
 * none), computed by the page kind's view. No cache and no queue here (src/server/stats/answers/answers.ts does that);
 * the caller runs this inside a database scope (one connection for the whole computation).
 */
import { hasLineupFilter, type DataQuery } from '../../../lib/params/apiParams';
import type { PlayerNames } from '../../../lib/tables/lineupPlayers';
import type { StatsScope } from '../../db/statsDb';
import { requireGame, requirePlayer } from '../entities/entities';
import { seasonTypesWithData } from '../sql/filterSql';
import { offCourtTerms } from '../sql/offCourt';
import { openSample } from '../sql/sample';
import { gamePreviewView, gameTeamView } from '../views/games';
import { leagueView } from '../views/league';
import { lineupsView } from '../views/lineupViews';
import { playerGameLogView, teamGameLogView } from '../views/gameLogs';
import { gamePlayersView, playerProfileView, playersView, teamPlayersView, type LeaguePlayers } from '../views/playerViews';
import { playerOnOffView, playerPositionsView, teamOnOffView, teamSalariesView, teamTeamView } from '../views/teamViews';
import { sampleCountersOf, type SetRows } from '../views/shared';

/** The last season (start year) of the salary data. */
const LAST_SALARY_SEASON = 2019;

export interface DataResponse {
  data: SetRows;
  /** Why the data is empty when it is by design (no preseason data). */
  note?: string;
  /** Lineup pages whose minimum leaves no lineup: how many lineups of the sample are below it (src/server/stats/views/lineupViews.ts). */
  belowMin?: { rows: number; min: number };
  /** Lineup pages: the names of the rows' players, whose `players` are their ids (src/lib/tables/lineupPlayers.ts). */
  playerNames?: PlayerNames;
}

/**
 * The answer of a query. `leaguePlayers` gives the league's Players answer of a query (the percentile pool of
 * team pages); the answers layer passes its cached lookup, so views never import the layer above them.
 * Lineup filters select few possessions: they are read once per computation into a sample (as wide as its
 * aggregates need, src/server/stats/sql/sample.ts) and every aggregate reads that small table. Other possession-level filters (period, time, score) keep most of the table, so each
 * aggregate scans the possession table with the filters pushed into the scan instead.
 */
export async function computeData(db: StatsScope, q: DataQuery, leaguePlayers: LeaguePlayers): Promise<DataResponse> {
  const gamePage = q.page.startsWith('Game');
  if (gamePage || !hasLineupFilter(q.filters)) return compute(db, q, leaguePlayers);
  // An off-court filter is answered by subtraction (sql/offCourt.ts): its terms with players on the floor each
  // have their own sample.
  const termFilters = (offCourtTerms(db, q.filters) ?? []).map((t) => t.filters).filter(hasLineupFilter);
  // The samples carry only the counters the page's aggregates sum (views/shared.ts sampleCountersOf).
  const counters = sampleCountersOf(q);
  const drops = [q.filters, ...termFilters].map((f) => openSample(db, f, { counters }));
  try {
    return await compute(db, q, leaguePlayers);
  } finally {
    for (const drop of drops) await drop();
  }
}

async function compute(db: StatsScope, q: DataQuery, leaguePlayers: LeaguePlayers): Promise<DataResponse> {
  // Entity checks first: an unknown id is a 404 whatever the filters.
  const playerId = q.entity && q.page.startsWith('Player') && q.page !== 'Players' ? await requirePlayer(db, q.entity) : undefined;
  const game = q.entity && q.page.startsWith('Game') ? await requireGame(db, q.entity, { scheduled: q.page === 'GamePreview' }) : undefined;
  const gameView = q.page === 'GameTeam' || q.page === 'GamePlayers' || q.page === 'GamePreview';
  if (!gameView && seasonTypesWithData(q.filters).length === 0) {
    return { data: {}, note: 'There is no preseason data: the league publishes no preseason play-by-play in this data set.' };
  }
  switch (q.page) {
    case 'League':
      return { data: await leagueView(db, q) };
    case 'Players':
      return { data: await playersView(db, q) };
    case 'Lineups':
    case 'TeamLineups':
      return lineupsView(db, q);
    case 'PlayerLineups':
      return lineupsView(db, q, playerId);
    case 'PlayerProfile':
      return { data: await playerProfileView(db, q, playerId!) };
    case 'PlayerPositions':
      return { data: await playerPositionsView(db, q, playerId!) };
    case 'PlayerOnOff':
      return { data: await playerOnOffView(db, q, playerId!) };
    case 'PlayerGameLog':
      return { data: await playerGameLogView(db, q, playerId!) };
    case 'TeamPlayers':
      return { data: await teamPlayersView(db, q, leaguePlayers) };
    case 'TeamOnOff':
      return { data: await teamOnOffView(db, q) };
    case 'TeamTeam':
      return { data: await teamTeamView(db, q) };
    case 'TeamGameLog':
      return { data: await teamGameLogView(db, q) };
    case 'TeamSalaries': {
      const data = await teamSalariesView(db, q);
      // The salary file stops with 2019-20 (nba-data README).
      const note = q.filters.seasons.some((s) => s > LAST_SALARY_SEASON) ? 'Salaries are available for 2003-04 to 2019-20 only.' : undefined;
      return note ? { data, note } : { data };
    }
    case 'GamePlayers':
      return {
        data: await gamePlayersView(db, { ...q, filters: { ...q.filters, seasons: [game!.season], seasonTypes: [game!.season_type as 'regular'] } }, game!),
      };
    case 'GameTeam':
      return { data: await gameTeamView(db, q, game!) };
    case 'GamePreview':
      return gamePreviewView(db, q, game!);
  }
}
