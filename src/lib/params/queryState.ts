/**
 * The page's query string <-> the client's view state (spec sections 5 and 9). The URL is the source of truth:
 * every view (filters, side, metric set) is a permalink.
 *
 * Query form of each filter type (its `queryKey` from src/lib/filters/filterDefinitions.ts):
 *   multi    key repeated (`season=2021&season=2022`; a comma list is read too); seasons as 2022 or 2022-23
 *   date     YYYY-MM-DD (other spellings such as 2023/1/5 or 20230105 are normalised; non-dates ignored)
 *   range    `low_high` joined by an underscore, e.g. `scoreDifferential=-10_5`; ordered smaller first,
 *            clamped to the bounds and snapped to the step; the full range means "no filter"
 *   boolean  true/false (yes/no, 1/0 read too)
 *   choice   the option (all / any)
 *   teams    abbreviations, repeated (historical NJN/NOH/NOK/SEA read too); held internally as team uuids
 *   players  player ids, repeated
 * Besides filters: `side` (offense | defense) and `metricSet` (a set's clientQueryParam).
 * Reading: unknown keys and unreadable values are ignored; gated filters (requiresAuth) are ignored unless
 * the user is authenticated. Writing: only non-default filters are written, in FILTERS order.
 */
import type { Side } from './apiParams';
import { FILTERS, type FilterDefinition, type FilterName } from '../filters/filterDefinitions';
import { defaultFilterValues, orderDates, filterDef, isDefault, filterValueOf, type FilterValue, type FilterValues, type Range } from '../filters/filterValues';
import { multiOption, normaliseDate, normaliseMulti, normalisePlayers, normaliseTeams, parseRange } from '../filters/filterNormalise';
import { teamByAbbr, teamByUuid } from '../league/franchises';

export { normaliseDate, normaliseMulti, normalisePlayers, normaliseRange, normaliseTeams } from '../filters/filterNormalise';

/**
 * The two sides (the same list as apiParams' SIDES, which the browser bundle does not import: apiParams
 * brings zod and the server's schemas with it).
 */
export const SIDES: readonly Side[] = ['offense', 'defense'];

/** Query keys of the view that are not filters. */
export const SIDE_KEY = 'side';
export const METRIC_SET_KEY = 'metricSet';

export interface ViewState {
  filters: FilterValues;
  side: Side | null;
  metricSet: string | null;
}

/** Splits repeated keys and comma lists into single trimmed, non-empty values. */
function valuesOf(params: URLSearchParams, key: string): string[] {
  return params
    .getAll(key)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** The value of one filter read from the query, or undefined when the query has no readable value for it. */
function readFilter(f: FilterDefinition, params: URLSearchParams): FilterValue | undefined {
  const raw = valuesOf(params, f.queryKey);
  if (raw.length === 0) return undefined;
  switch (f.type) {
    case 'multi': {
      const picked = raw.map((r) => multiOption(f, r)).filter((v) => v !== undefined);
      return picked.length ? normaliseMulti(f, picked) : undefined;
    }
    case 'date':
      return normaliseDate(raw[0]!) ?? undefined;
    case 'range':
      return parseRange(f, raw[0]!);
    case 'boolean': {
      const t = raw[0]!.toLowerCase();
      if (['true', 'yes', '1'].includes(t)) return true;
      if (['false', 'no', '0'].includes(t)) return false;
      return undefined;
    }
    case 'choice': {
      const t = raw[0]!.toLowerCase();
      return f.options.includes(t) ? t : undefined;
    }
    case 'teams': {
      const ids = raw.map((r) => teamByAbbr(r)?.id).filter((id): id is string => id !== undefined);
      return ids.length ? normaliseTeams(ids) : undefined;
    }
    case 'players': {
      const ids = raw.filter((r) => /^[1-9]\d{0,9}$/.test(r)).map(Number);
      return ids.length ? normalisePlayers(ids) : undefined;
    }
  }
}

/** Filter values from a query string (spec section 5). Gated filters are ignored unless authenticated. */
export function parseFilterQuery(search: string | URLSearchParams, opts: { authenticated: boolean }): FilterValues {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const values: Record<string, FilterValue> = { ...defaultFilterValues() };
  for (const f of FILTERS) {
    if (f.requiresAuth && !opts.authenticated) continue;
    const v = readFilter(f, params);
    if (v !== undefined) values[f.name] = v;
  }
  return orderDates(values as FilterValues);
}

/** The whole view (filters, side, metric set) from a query string. */
export function parseViewQuery(search: string | URLSearchParams, opts: { authenticated: boolean }): ViewState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const side = params.get(SIDE_KEY)?.trim().toLowerCase();
  const metricSet = params.get(METRIC_SET_KEY)?.trim();
  return {
    filters: parseFilterQuery(params, opts),
    side: (SIDES as readonly string[]).includes(side ?? '') ? (side as Side) : null,
    metricSet: metricSet ? metricSet : null,
  };
}

/** True when the query names a gated filter (its value can only be restored once the user is known). */
export function hasGatedFilterKeys(search: string | URLSearchParams): boolean {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return FILTERS.some((f) => f.requiresAuth && valuesOf(params, f.queryKey).length > 0);
}

/** A gated filter a URL names that the user may not use: shown as a locked pill, kept in the URL, never sent. */
export interface LockedFilter {
  name: FilterName;
  value: FilterValue;
}

/**
 * The gated filters of a query that a user without the Stats plan cannot have (a shared link's paid
 * filters are shown locked instead of silently dropped). Only those of the page (`relevant`) and not at their
 * default; read as a subscriber's client would read them.
 */
export function lockedFilterQuery(search: string | URLSearchParams, relevant: readonly FilterName[]): LockedFilter[] {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return FILTERS.flatMap((f) => {
    if (!f.requiresAuth || !relevant.includes(f.name)) return [];
    const value = readFilter(f, params);
    return value === undefined || isDefault(f.name, value) ? [] : [{ name: f.name, value }];
  });
}

/** What a filter's query key takes, in words (for the message about a value it cannot read). */
function expectedOf(f: FilterDefinition): string {
  switch (f.type) {
    case 'multi':
      return `one of ${(f.offered ?? f.options).join(', ')}`;
    case 'date':
      return 'a date written YYYY-MM-DD';
    case 'range':
      return `a range written low_high from ${f.min} to ${f.max} (e.g. ${f.min}_${f.max})`;
    case 'boolean':
      return 'true or false';
    case 'choice':
      return `one of ${f.options.join(', ')}`;
    case 'teams':
      return 'a team abbreviation (e.g. BOS)';
    case 'players':
      return 'a player id (e.g. 2544)';
  }
}

/**
 * The first value of the query that a filter of `names` cannot read, with what that filter takes, or null. The
 * stats client ignores such a value (spec section 5); a server-rendered page that answers for the URL alone
 * (the compare page) reports it instead of showing numbers the visitor did not ask for. Each value is read
 * alone, as readFilter reads the whole key, so `period=4&period=9` names the 9.
 */
export function unreadableFilterValue(search: string | URLSearchParams, names: readonly FilterName[]): { key: string; value: string; expected: string } | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  for (const f of FILTERS) {
    if (!names.includes(f.name)) continue;
    for (const value of valuesOf(params, f.queryKey)) {
      if (readFilter(f, new URLSearchParams([[f.queryKey, value]])) === undefined) return { key: f.queryKey, value, expected: expectedOf(f) };
    }
  }
  return null;
}

/** The query strings of one filter value (as they appear after `key=`). */
export function queryValuesOf(name: FilterName, value: FilterValue): string[] {
  const f = filterDef(name);
  switch (f.type) {
    case 'range': {
      const [lo, hi] = value as Range;
      return [`${lo}_${hi}`];
    }
    case 'date':
      return value === null ? [] : [String(value)];
    case 'boolean':
      return [value ? 'true' : 'false'];
    case 'choice':
      return [String(value)];
    case 'teams':
      return (value as string[]).map((id) => teamByUuid(id)?.abbr).filter((a): a is string => a !== undefined);
    case 'multi':
    case 'players':
      return (value as (string | number)[]).map(String);
  }
}

/**
 * Writes the non-default filters (and those of `explicit`, default or not), then side (when not offense) and metric
 * set, in a stable order.
 */
export function viewQuery(state: ViewState, explicit: readonly FilterName[] = []): URLSearchParams {
  const params = new URLSearchParams();
  for (const f of FILTERS) {
    const value = filterValueOf(state.filters, f.name);
    if (isDefault(f.name, value) && !explicit.includes(f.name)) continue;
    for (const v of queryValuesOf(f.name, value)) params.append(f.queryKey, v);
  }
  if (state.side && state.side !== 'offense') params.set(SIDE_KEY, state.side);
  if (state.metricSet) params.set(METRIC_SET_KEY, state.metricSet);
  return params;
}

/** `?a=b...` or '' for an empty query. */
export function searchString(params: URLSearchParams): string {
  const s = params.toString();
  return s ? `?${s}` : '';
}
