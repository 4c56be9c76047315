/**
 * The query of /stats/teams, in the stats pages' URL vocabulary (src/lib/params/queryState.ts): every filter of the stats
 * pages by its query key (TEAMS_TABLE_FILTERS: `season`, `seasonType`, `isGarbageTime`, `period`, `location`,
 * `onCourt`...), `side` (offense | defense), `metricSet` (a set of src/lib/tables/teamsTable.ts), and the table's sort as
 * every stats table keeps it (`sort`, `dir`: src/lib/params/tableQuery.ts; a column the set lacks is no sort). A value a
 * filter cannot read is a ParamError naming its URL key (the page shows numbers for its URL alone); values are then
 * validated by the API's own parser (parseDataQuery: a season the database does not hold is refused the same way).
 * Gated filters (a Stats plan) are read only when `allowed`; otherwise they are left out of the numbers and listed
 * as `locked`, as the stats client does, so a shared link opens for everyone (the API gates them itself: 403).
 * Example: `?season=2012&period=4` for a subscriber is the 2012-13 regular season's fourth quarters; for an
 * anonymous visitor the 2012-13 regular season, with Period: Q4 locked.
 */
import { ParamError, parseDataQuery, rawQueryFromSearchParams, type AppliedFilters, type Side } from './apiParams';
import { dataSearchParams } from './dataRequest';
import { FILTERS, type FilterName } from '../filters/filterDefinitions';
import { filterDef, keepOnly, relevantFilters, type FilterValues } from '../filters/filterValues';
import { lockedFilterQuery, parseViewQuery, unreadableFilterValue, viewQuery, type LockedFilter } from './queryState';
import { parseTableQuery, type TableQuery } from './tableQuery';
import { teamsSets, teamsSortColumns, type TeamsSet } from '../tables/teamsTable';

/** The filters of the teams table: those of every stats page (the League page's). */
export const TEAMS_TABLE_FILTERS: readonly FilterName[] = relevantFilters('League');

export interface TeamsTableQuery {
  filters: AppliedFilters;
  /** the filters as the stats client holds them (pills, the filter bar) */
  values: FilterValues;
  side: Side;
  set: TeamsSet;
  /** the filters as they go on a link (team pages read the same keys) */
  filterQuery: URLSearchParams;
  /** the table's sort (null: the server's order, best net rating first) */
  sort: TableQuery['sort'];
  /** gated filters the URL names that this visitor may not use: shown locked, left out of the numbers */
  locked: LockedFilter[];
}

const URL_KEY_OF_API = new Map<string, string>(
  FILTERS.flatMap(
    (f) =>
      [
        [f.apiKey, f.queryKey],
        [`${f.apiKey}_low`, f.queryKey],
        [`${f.apiKey}_high`, f.queryKey],
      ] as [string, string][],
  ),
);

/** `allowed`: the visitor may use gated filters (the page: mayUseGatedFilters; an API that gates them itself: true). */
export function parseTeamsTableQuery(search: URLSearchParams, opts: { allowed: boolean } = { allowed: false }): TeamsTableQuery {
  const bad = unreadableFilterValue(search, TEAMS_TABLE_FILTERS);
  if (bad) throw new ParamError(bad.key, `"${bad.value}" is not ${bad.expected}`);
  const sideRaw = search.get('side') ?? 'offense';
  if (sideRaw !== 'offense' && sideRaw !== 'defense') throw new ParamError('side', 'must be offense or defense');
  const side: Side = sideRaw;
  const view = parseViewQuery(search, { authenticated: opts.allowed });
  const api = dataSearchParams({
    page: 'League',
    entity: null,
    side,
    metricSet: null,
    filters: view.filters,
    relevant: TEAMS_TABLE_FILTERS,
    authenticated: opts.allowed,
  });
  let filters: AppliedFilters;
  try {
    filters = parseDataQuery(rawQueryFromSearchParams(api)).filters;
  } catch (e) {
    if (e instanceof ParamError) {
      const urlKey = URL_KEY_OF_API.get(e.param) ?? e.param;
      throw new ParamError(urlKey, e.message.replace(/^[^:]+: /, ''));
    }
    throw e;
  }
  const sets = teamsSets(side);
  const setRaw = search.get('metricSet') ?? 'overview';
  const set = sets.find((s) => s.value === setRaw);
  if (!set) throw new ParamError('metricSet', `must be one of ${sets.map((s) => s.value).join(', ')}`);
  const { sort } = parseTableQuery(search);
  return {
    filters,
    values: view.filters,
    side,
    set,
    filterQuery: viewQuery({ filters: view.filters, side: null, metricSet: null }),
    sort: sort && teamsSortColumns(set).includes(sort.column) ? sort : null,
    locked: opts.allowed ? [] : lockedFilterQuery(search, TEAMS_TABLE_FILTERS),
  };
}

/**
 * The teams table's URL for filters applied in its filter bar: the page's other keys (side, set, sort) kept, the
 * filters replaced (a gated one only for a visitor who may use it; the others stay as the URL had them).
 */
export function teamsFiltersHref(search: string, applied: FilterValues, opts: { allowed: boolean }): string {
  const params = new URLSearchParams(search);
  const replaced = TEAMS_TABLE_FILTERS.filter((n) => opts.allowed || !filterDef(n).requiresAuth);
  for (const n of replaced) params.delete(filterDef(n).queryKey);
  for (const [k, v] of viewQuery({ filters: keepOnly(applied, replaced), side: null, metricSet: null })) params.append(k, v);
  const s = params.toString();
  return `/stats/teams${s ? `?${s}` : ''}`;
}
