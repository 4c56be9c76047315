/**
 * The query of GET /api/data for the current view (spec section 7):
 *   page      the page kind
 *   entity    only when the path has one (player id, team abbreviation, game id)
 *   side      offense | defense, omitted for the page kinds in PAGE_KINDS_WITHOUT_SIDE
 *   metric_set the metric set on screen (its value): the answer carries only that set's rows
 *   filters   each applied filter by its api key: ranges as {key}_low and {key}_high, multi-values repeated,
 *             dates YYYY-MM-DD, teams as abbreviations, players as ids; null, empty and full-range values omitted.
 * Season, season type and garbage time are always sent (they define the sample); other filters only when they
 * are not at their default. Filters that are not relevant to the page, and gated filters for an anonymous
 * user, are never sent (the server would answer 403).
 */
import type { Side } from './apiParams';
import { FILTERS } from '../filters/filterDefinitions';
import { isDefault, filterValueOf, type FilterValues, type Range } from '../filters/filterValues';
import type { FilterName } from '../filters/filterDefinitions';
import { PAGE_KINDS_WITHOUT_SIDE, type PageKind } from '../site/pageKinds';
import { queryValuesOf } from './queryState';

/** Filters sent even at their default: they define the sample every number is about. */
const ALWAYS_SENT: ReadonlySet<FilterName> = new Set<FilterName>(['Season', 'SeasonType', 'FilterOutGarbageTime']);

export interface DataRequest {
  page: PageKind;
  entity: string | null;
  side: Side;
  /** the metric set shown (value); null asks for every set of the view */
  metricSet: string | null;
  filters: FilterValues;
  /** the filters that apply on this page (relevantFilters) */
  relevant: readonly FilterName[];
  authenticated: boolean;
}

export function dataSearchParams(req: DataRequest): URLSearchParams {
  const params = new URLSearchParams();
  params.set('page', req.page);
  if (req.entity) params.set('entity', req.entity);
  if (!PAGE_KINDS_WITHOUT_SIDE.has(req.page)) params.set('side', req.side);
  if (req.metricSet) params.set('metric_set', req.metricSet);
  const relevant = new Set(req.relevant);
  for (const f of FILTERS) {
    if (!relevant.has(f.name)) continue;
    if (f.requiresAuth && !req.authenticated) continue;
    const value = filterValueOf(req.filters, f.name);
    if (!ALWAYS_SENT.has(f.name) && isDefault(f.name, value)) continue;
    if (f.type === 'range') {
      const [lo, hi] = value as Range;
      params.append(`${f.apiKey}_low`, String(lo));
      params.append(`${f.apiKey}_high`, String(hi));
      continue;
    }
    for (const v of queryValuesOf(f.name, value)) params.append(f.apiKey, v);
  }
  return params;
}
