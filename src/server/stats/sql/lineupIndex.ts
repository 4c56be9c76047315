/**
 * Lineup filters answered from player_possession_index (src/server/statsSchema/derivedTables.ts): the possessions a
 * player was on court for, stored sorted by player, so reading one player's possession ids touches only his
 * row groups. The ids found here narrow the scan of the possession table (stored sorted by possession_id) to a
 * semi-join. The ids are EXACTLY the possessions that pass the lineup filters (in the given seasons), so the
 * caller drops filterSql.lineupCondition when it uses them; tests/api/lineupIndex.test.ts compares both paths.
 *
 * Rules encoded (same as filterSql.lineupCondition): a slot filter (pg..c = o1/d1..o5/d5, the five ordered by
 * estimated position) holds when one of its players is in that slot for either team; onCourt holds when every
 * listed player is on the floor (either team: one filter, the intersection of its players' sets); offCourt
 * when none is. lineupAllOrAny 'all' = every filled filter holds (intersection of the sets, minus the
 * off-court players' possessions), 'any' = at least one does (union; an off-court filter then holds on
 * almost every possession, so the index cannot narrow it).
 */
import type { AppliedFilters } from '../../../lib/params/apiParams';
import { LINEUP_SLOTS } from '../../../lib/filters/filterDefinitions';
import type { Params } from './sql';

const LINEUP_INDEX_TABLE = 'player_possession_index';

/**
 * SQL selecting the possession ids (column possession_id) that can pass the lineup filters in the given
 * seasons, or null when the index cannot narrow them (no lineup filter naming a player on court, or 'any'
 * with an off-court filter).
 */
export function lineupCandidateIds(f: AppliedFilters, b: Params, seasons: readonly number[]): string | null {
  const slots = LINEUP_SLOTS.map((slot, i) => ({ ids: f.lineup[slot], slot: i + 1 })).filter((s) => s.ids.length > 0);
  const { offCourt } = f.lineup;
  // The on-court filters: onCourt, and the teammate / opponent filters, which hold only where their players are
  // on the floor: in the index they read as on-court lists (either team), a set that holds every possession
  // passing them; the side is judged from each perspective (filterRules.ts, sided).
  const onLists = [f.lineup.onCourt, f.lineup.onCourtWith, f.lineup.onCourtAgainst].filter((ids) => ids.length > 0);
  const positives = slots.length + onLists.length;
  // Nothing names a player who must be on court, or 'any' with an off-court filter (holds almost everywhere).
  if (seasons.length === 0 || positives === 0 || (f.lineupAllOrAny === 'any' && offCourt.length)) return null;
  const inSeasons = () => `season IN ${b.list(seasons)}`;
  const on = (condition: string) => `(SELECT possession_id FROM ${LINEUP_INDEX_TABLE} WHERE ${condition} AND ${inSeasons()})`;
  // Each filled filter is one set: a slot filter = possessions with one of its players in that slot (either
  // team); the onCourt filter = possessions with all of its players on the floor (intersection).
  const sets = slots.map((s) => on(`player_id IN ${b.list(s.ids)} AND slot = ${b.bind(s.slot)}`));
  for (const ids of onLists) sets.push(`(${ids.map((id) => on(`player_id = ${b.bind(id)}`)).join(' INTERSECT ')})`);
  if (f.lineupAllOrAny === 'any') return sets.join(' UNION ');
  const all = sets.join(' INTERSECT ');
  return offCourt.length ? `(${all}) EXCEPT ${on(`player_id IN ${b.list(offCourt)}`)}` : all;
}
