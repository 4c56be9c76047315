/**
 * The client's filter state: one value per filter of src/lib/filters/filterDefinitions.ts, starting at its default (spec section 4).
 * Value shapes by filter type:
 *   multi    -> sorted list of options (seasons as start years, season types, locations, results, periods)
 *   date     -> 'YYYY-MM-DD' or null
 *   range    -> [low, high], low <= high, within the filter's bounds
 *   boolean  -> true / false (garbage time: true = filtered out)
 *   choice   -> one of the options (lineup all / any)
 *   teams    -> team uuids (franchises.ts `id`; the query string carries abbreviations)
 *   players  -> player ids
 */
import { FILTERS, type FilterDefinition, type FilterName } from './filterDefinitions';
import type { PageKind } from '../site/pageKinds';

export type Range = readonly [number, number];
export type FilterValue = readonly (string | number)[] | string | null | Range | boolean;
export type FilterValues = Readonly<Record<FilterName, FilterValue>>;

export const FILTER_NAMES: readonly FilterName[] = FILTERS.map((f) => f.name);

const BY_NAME = new Map<string, FilterDefinition>(FILTERS.map((f) => [f.name, f]));

export function filterDef(name: FilterName): FilterDefinition {
  return BY_NAME.get(name)!;
}

export function defaultValue(f: FilterDefinition): FilterValue {
  if (f.type === 'range') return [f.default[0], f.default[1]];
  if (Array.isArray(f.default)) return [...(f.default as readonly (string | number)[])];
  return f.default as FilterValue;
}

/** Every filter at its default. */
export function defaultFilterValues(): FilterValues {
  return Object.fromEntries(FILTERS.map((f) => [f.name, defaultValue(f)])) as Record<FilterName, FilterValue>;
}

/** The value of one filter (its default when absent: FilterName is a plain string to the type checker). */
export function filterValueOf(values: FilterValues, name: FilterName): FilterValue {
  return values[name] ?? defaultValue(filterDef(name));
}

/** Structural equality of two filter values (lists compare in order: they are kept sorted). */
export function sameValue(a: FilterValue, b: FilterValue): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  return a === b;
}

export function isDefault(name: FilterName, value: FilterValue): boolean {
  return sameValue(value, defaultValue(filterDef(name)));
}

export function sameFilters(a: FilterValues, b: FilterValues): boolean {
  return FILTER_NAMES.every((n) => sameValue(filterValueOf(a, n), filterValueOf(b, n)));
}

/**
 * Which filter groups mean something on a page kind. Game views are one game: the season, game and opponent
 * filters are fixed by the game itself, so only time-within-game and lineup filters apply. Salaries are per
 * season and nothing else.
 */
export function relevantFilters(kind: PageKind): FilterName[] {
  switch (kind) {
    case 'GameTeam':
    case 'GamePlayers':
    case 'GamePreview':
      return FILTERS.filter((f) => f.group === 'Time Within Game' || f.group === 'Lineup').map((f) => f.name);
    case 'TeamSalaries':
      return ['Season'];
    case 'NonStats':
      return [];
    default:
      return [...FILTER_NAMES];
  }
}

/** Values with every filter outside `names` put back to its default. */
export function keepOnly(values: FilterValues, names: readonly FilterName[]): FilterValues {
  const keep = new Set(names);
  return Object.fromEntries(FILTER_NAMES.map((n) => [n, keep.has(n) ? values[n] : defaultValue(filterDef(n))])) as Record<FilterName, FilterValue>;
}

/** Values with every gated filter (requiresAuth) put back to its default: what an anonymous user may apply. */
export function withoutGated(values: FilterValues): FilterValues {
  return Object.fromEntries(FILTER_NAMES.map((n) => [n, filterDef(n).requiresAuth ? defaultValue(filterDef(n)) : values[n]])) as Record<
    FilterName,
    FilterValue
  >;
}

/** The date filters in order, earlier first, like the range filters (a From after the To is swapped). */
export function orderDates(values: FilterValues): FilterValues {
  const from = values.StartDate;
  const to = values.EndDate;
  if (typeof from === 'string' && typeof to === 'string' && from > to) return { ...values, StartDate: to, EndDate: from };
  return values;
}
