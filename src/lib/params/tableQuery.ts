/**
 * The table's own state in the page's URL, beside the view (queryState.ts): the sort column and direction
 * (`sort`, `dir`), the minimum sample of percentile tables (`minPoss`) and the qualifier's way out
 * (`showAll=1`: rows below the minimum stay listed under a rate sort, src/lib/tables/qualifier.ts). Every view stays a
 * link: a reload or back/forward restores the same sort. Unreadable values are ignored; these keys never travel
 * to other pages (linkContext.ts). Lineup pages add the unit size (`unit`, src/lib/views/lineupUnits.ts).
 */
import { DEFAULT_UNIT_SIZE, parseUnitSize, UNIT_KEY, type LineupUnitSize } from '../views/lineupUnits';

export const SORT_KEY = 'sort';
export const DIR_KEY = 'dir';
export const MIN_POSS_KEY = 'minPoss';
export const SHOW_ALL_KEY = 'showAll';

export type SortDirection = 'asc' | 'desc';

export interface TableQuery {
  sort: { column: string; direction: SortDirection } | null;
  minPoss: number | null;
  /** players per lineup unit (lineup pages); absent or null: five */
  unit?: LineupUnitSize | null;
  /** list the rows below the minimum even when the qualifier would hide them (absent: false) */
  showAll?: boolean;
}

/** Most possessions a minimum may ask for (the API's bound). */
export const MAX_MIN_POSS = 100_000;

export function parseTableQuery(search: string | URLSearchParams): TableQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const column = params.get(SORT_KEY)?.trim() ?? '';
  const dir = params.get(DIR_KEY)?.trim().toLowerCase();
  const min = params.get(MIN_POSS_KEY)?.trim() ?? '';
  const unit = parseUnitSize(params.get(UNIT_KEY));
  return {
    sort: /^[a-z0-9_]{1,40}$/.test(column) ? { column, direction: dir === 'asc' ? 'asc' : 'desc' } : null,
    minPoss: /^\d{1,6}$/.test(min) && Number(min) <= MAX_MIN_POSS ? Number(min) : null,
    ...(unit ? { unit } : {}),
    showAll: ['1', 'true', 'yes'].includes(params.get(SHOW_ALL_KEY)?.trim().toLowerCase() ?? ''),
  };
}

/** Adds the table keys to a view's query (nothing for an unsorted table at the default minimum). */
export function appendTableQuery(params: URLSearchParams, t: TableQuery): URLSearchParams {
  if (t.sort) {
    params.set(SORT_KEY, t.sort.column);
    params.set(DIR_KEY, t.sort.direction);
  }
  if (t.minPoss !== null) params.set(MIN_POSS_KEY, String(t.minPoss));
  if (t.unit && t.unit !== DEFAULT_UNIT_SIZE) params.set(UNIT_KEY, String(t.unit));
  if (t.showAll) params.set(SHOW_ALL_KEY, '1');
  return params;
}
