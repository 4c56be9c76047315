/**
 * Gated filters (spec section 6): anonymous users may apply only Season, SeasonType, StartDate, EndDate and
 * FilterOutGarbageTime; every other filter needs a signed-in session. This is THE one place the server
 * enforces it; the endpoint calls it before running any query.
 */
import { appliedFilterNames, type DataQuery } from '../../lib/apiParams';
import { FILTERS } from '../../lib/filters';
import type { Session } from '../../lib/session';
import { ApiError } from './errors';

const NEEDS_SIGN_IN = new Set(FILTERS.filter((f) => f.requiresAuth).map((f) => f.name));

/** The gated filters a query applies (non-default values only). */
export function gatedFiltersIn(query: DataQuery): string[] {
  return appliedFilterNames(query.filters).filter((name) => NEEDS_SIGN_IN.has(name));
}

/** Throws ApiError 403 naming the gated filters when the request has no session. */
export function assertFiltersAllowed(query: DataQuery, session: Session | null | undefined): void {
  if (session) return;
  const gated = gatedFiltersIn(query);
  if (gated.length === 0) return;
  const keys = gated.map((name) => FILTERS.find((f) => f.name === name)!.apiKey);
  throw new ApiError(
    403,
    `Sign in to use these filters: ${gated.join(', ')} (${keys.join(', ')}). Anonymous users may filter by season, season type, dates and garbage time.`,
    keys[0],
  );
}
