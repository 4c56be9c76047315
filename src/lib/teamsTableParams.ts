/**
 * The query of /stats/teams, in the stats pages' URL vocabulary (src/lib/queryState.ts): `season` (2022 or
 * 2022-23, repeated), `seasonType` (regular | playoffs, repeated), `isGarbageTime` (false = garbage time
 * included), `side` (offense | defense), `metricSet` (a set of src/lib/teamsTable.ts), and the table's sort as
 * every stats table keeps it (`sort`, `dir`: src/lib/tableQuery.ts; a column the set lacks is no sort). Values
 * are validated by the API's own parser (parseDataQuery); a bad one is a ParamError naming the URL key.
 */
import { ParamError, parseDataQuery, type AppliedFilters, type Side } from './apiParams';
import { parseTableQuery, type TableQuery } from './tableQuery';
import { teamsSets, teamsSortColumns, type TeamsSet } from './teamsTable';

export interface TeamsTableQuery {
  filters: AppliedFilters;
  side: Side;
  set: TeamsSet;
  /** the filters as they go on a link (team pages read the same keys) */
  filterQuery: URLSearchParams;
  /** the table's sort (null: the server's order, best net rating first) */
  sort: TableQuery['sort'];
}

const URL_TO_API: Record<string, string> = { season: 'season', seasonType: 'season_type', isGarbageTime: 'is_garbage_time' };

export function parseTeamsTableQuery(search: URLSearchParams): TeamsTableQuery {
  const raw: Record<string, string[]> = { page: ['League'] };
  const filterQuery = new URLSearchParams();
  for (const [urlKey, apiKey] of Object.entries(URL_TO_API)) {
    const values = search.getAll(urlKey).flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== '');
    if (values.length === 0) continue;
    raw[apiKey] = values;
    for (const v of values) filterQuery.append(urlKey, v);
  }
  let filters: AppliedFilters;
  try {
    filters = parseDataQuery(raw).filters;
  } catch (e) {
    if (e instanceof ParamError) {
      const urlKey = Object.entries(URL_TO_API).find(([, api]) => api === e.param)?.[0] ?? e.param;
      throw new ParamError(urlKey, e.message.replace(/^[^:]+: /, ''));
    }
    throw e;
  }
  const sideRaw = search.get('side') ?? 'offense';
  if (sideRaw !== 'offense' && sideRaw !== 'defense') throw new ParamError('side', 'must be offense or defense');
  const side: Side = sideRaw;
  const sets = teamsSets(side);
  const setRaw = search.get('metricSet') ?? 'overview';
  const set = sets.find((s) => s.value === setRaw);
  if (!set) throw new ParamError('metricSet', `must be one of ${sets.map((s) => s.value).join(', ')}`);
  const { sort } = parseTableQuery(search);
  return { filters, side, set, filterQuery, sort: sort && teamsSortColumns(set).includes(sort.column) ? sort : null };
}
