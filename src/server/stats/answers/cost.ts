/**
 * A cost estimate of an uncached /api/data computation, before running it: what decides its queue lane
 * (src/server/stats/answers/queue.ts). The work grows with the season-types read, with whether the possession table
 * must be scanned (period, time, score and lineup filters), and with the breadth of the view (league-wide
 * views read every team's or player's rows; a team, player or game page reads one entity's).
 *
 * Units are "one season-type of one entity's per-game rows". A one-season league view is 10, a one-team
 * game log of every season 20, 20 seasons of players with a possession filter 800.
 */
import { entityKindOf, type DataQuery } from '../../../lib/params/apiParams';
import { needsPossessions, seasonTypesWithData } from '../sql/filterSql';
import type { Lane } from './queue';

/** Estimates at or below this go to the cheap lane. */
const CHEAP_COST = 40;

function estimateCost(q: DataQuery): number {
  if (entityKindOf(q.page) === 'game') return 1; // one game, whatever the filters
  const seasonTypes = Math.max(1, q.filters.seasons.length * seasonTypesWithData(q.filters).length);
  const possessions = needsPossessions(q.filters) ? 4 : 1;
  // On/off pages rank a team's or a player's rows against the league's on/off (views/teamViews.ts onOffPool).
  const breadth = entityKindOf(q.page) === 'none' || q.page === 'TeamOnOff' || q.page === 'PlayerOnOff' ? 10 : 1;
  return seasonTypes * possessions * breadth;
}

export function laneOf(q: DataQuery): Lane {
  return estimateCost(q) <= CHEAP_COST ? 'cheap' : 'heavy';
}
