/**
 * Context travels: a link from a stats table or tab to another stats page carries the applied
 * filters that mean something there (src/lib/filters/filterValues.ts relevantFilters of the target's page kind:
 * season, season type, garbage time and the rest; on game pages only time-within-game and lineup filters),
 * written in the page query form (src/lib/params/queryState.ts), defaults left out. The table's own state (metric
 * set, sort, minimum sample) stays behind: the target is another table.
 */
import { keepOnly, relevantFilters, type FilterValues } from './filterValues';
import { PAGE_KINDS_WITHOUT_SIDE } from '../site/pageKinds';
import { filterByQueryKey } from './filterDefinitions';
import { SIDE_KEY, searchString, viewQuery } from '../params/queryState';
import { routeForPath } from '../site/routes';

/**
 * A function giving `path` with the applied filters that apply on its page kind (no query when none does).
 * The query of each page kind is built once (a table has a link or five on every row).
 */
export function contextLinker(applied: FilterValues): (path: string) => string {
  const byKind = new Map<string, string>();
  return (path) => {
    const hashAt = path.indexOf('#');
    const pathname = hashAt < 0 ? path : path.slice(0, hashAt);
    const hash = hashAt < 0 ? '' : path.slice(hashAt);
    const kind = routeForPath(pathname).kind;
    if (kind === 'NonStats') return path;
    let search = byKind.get(kind);
    if (search === undefined) {
      search = searchString(viewQuery({ filters: keepOnly(applied, relevantFilters(kind)), side: null, metricSet: null }));
      byKind.set(kind, search);
    }
    return pathname + search + hash;
  };
}

/**
 * The query a tab link to `pathname` carries from the view's query `search`: the filters that apply on the
 * target's page kind, and the side when the target has one; the table keys are dropped.
 */
export function contextSearchFor(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  const kind = routeForPath(pathname).kind;
  const relevant = new Set<string>(kind === 'NonStats' ? [] : relevantFilters(kind));
  for (const key of [...new Set(params.keys())]) {
    const f = filterByQueryKey(key);
    // Salaries have one table whatever the side.
    const keep = f ? relevant.has(f.name) : key === SIDE_KEY && kind !== 'NonStats' && kind !== 'TeamSalaries' && !PAGE_KINDS_WITHOUT_SIDE.has(kind);
    if (!keep) params.delete(key);
  }
  return searchString(params);
}
