/**
 * Gated filters: anonymous visitors and members without an active plan may apply only Season, SeasonType,
 * StartDate, EndDate and FilterOutGarbageTime; every other filter needs an active Stats plan or an admin
 * (mayUseGatedFilters in src/lib/accounts/planStatus.ts). This is THE one place the server enforces it: every endpoint
 * that takes filters (/api/data and its CSV form, /api/shots, ...) calls assertFiltersAllowed before any query.
 */
import { appliedFilterNames, type DataQuery } from '../../../lib/params/apiParams';
import { FILTERS, type FilterName } from '../../../lib/filters/filterDefinitions';
import { mayUseGatedFilters } from '../../../lib/accounts/planStatus';
import type { Session } from '../../../lib/accounts/sessionShape';
import { ApiError } from '../base/errors';

/** The gated filters' api keys by filter name. */
const GATED = new Map<FilterName, string>(FILTERS.filter((f) => f.requiresAuth).map((f) => [f.name, f.apiKey]));

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** The gated filters a query applies (non-default values only). */
export function gatedFiltersIn(query: Pick<DataQuery, 'filters'>): FilterName[] {
  return appliedFilterNames(query.filters).filter((name) => GATED.has(name));
}

/**
 * Throws ApiError 403 naming the gated filters when the query applies any and the session may not use them:
 * "Sign in ..." for anonymous requests, "... need the Stats plan" for members without an active plan.
 */
export function assertFiltersAllowed(query: Pick<DataQuery, 'filters'>, session: Session | null | undefined, now: number = nowSeconds()): void {
  if (mayUseGatedFilters(session, now)) return;
  const gated = gatedFiltersIn(query);
  if (gated.length === 0) return;
  const keys = gated.map((name) => GATED.get(name)!);
  const named = `${gated.join(', ')} (${keys.join(', ')})`;
  const message = session
    ? `These filters need an active Stats plan: ${named}. Without the plan you may filter by season, season type, dates and garbage time.`
    : `Sign in with an active Stats plan to use these filters: ${named}. Anonymous users may filter by season, season type, dates and garbage time.`;
  throw new ApiError(403, message, keys[0]);
}
