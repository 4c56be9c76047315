/**
 * Filter state (spec section 4): one draft value per filter, starting at its default, and the applied values the
 * table shows. Changing a draft value flags unapplied changes (the flag clears again when the draft equals the
 * applied values); applying copies the draft, increments the applied-set counter and clears the flag (the
 * caller then fetches). Removing a pill resets that filter in both the draft and the applied values (an apply
 * of that one filter). Gated filters (requiresAuth) are never applied for an anonymous user: they stay at their
 * default whatever the draft says.
 */
import { map } from 'nanostores';
import type { FilterName } from '../lib/filters/filterDefinitions';
import {
  defaultFilterValues,
  defaultValue,
  filterDef,
  keepOnly,
  orderDates,
  relevantFilters,
  sameFilters,
  withoutGated,
  FILTER_NAMES,
  type FilterValue,
  type FilterValues,
} from '../lib/filters/filterValues';

export interface FiltersState {
  /** the draft: what the filter controls show */
  values: FilterValues;
  /** what the table data was (or is being) fetched with */
  applied: FilterValues;
  /** the draft differs from the applied values */
  unapplied: boolean;
  /** how many times filters were applied */
  appliedCount: number;
  /** the filters that apply to the current page kind */
  relevant: readonly FilterName[];
}

export const $filters = map<FiltersState>({
  values: defaultFilterValues(),
  applied: defaultFilterValues(),
  unapplied: false,
  appliedCount: 0,
  relevant: [...FILTER_NAMES],
});

function withDraft(values: FilterValues): void {
  const state = $filters.get();
  $filters.set({ ...state, values, unapplied: !sameFilters(values, state.applied) });
}

/** Change one draft value. A gated filter cannot be changed by an anonymous user. */
export function setFilter(name: FilterName, value: FilterValue, opts: { authenticated: boolean }): void {
  if (filterDef(name).requiresAuth && !opts.authenticated) return;
  withDraft({ ...$filters.get().values, [name]: value });
}

/** Throw the draft away: back to the applied values. */
export function discardChanges(): void {
  withDraft($filters.get().applied);
}

/** Apply the draft (spec section 4): the counter goes up and the flag clears. Returns the applied values. */
export function applyFilters(opts: { authenticated: boolean }): FilterValues {
  const state = $filters.get();
  const values = orderDates(keepOnly(opts.authenticated ? state.values : withoutGated(state.values), state.relevant));
  $filters.set({ ...state, values, applied: values, unapplied: false, appliedCount: state.appliedCount + 1 });
  return values;
}

/** Remove a pill: reset that filter in the draft and the applied values, and count it as an apply. */
export function removeFilter(name: FilterName): FilterValues {
  const state = $filters.get();
  const reset = defaultValue(filterDef(name));
  const applied = { ...state.applied, [name]: reset };
  const values = { ...state.values, [name]: reset };
  $filters.set({ ...state, values, applied, unapplied: !sameFilters(values, applied), appliedCount: state.appliedCount + 1 });
  return applied;
}

/** Every filter back to its default, applied (counts as an apply). */
export function resetAllFilters(): FilterValues {
  const state = $filters.get();
  const values = defaultFilterValues();
  $filters.set({ ...state, values, applied: values, unapplied: false, appliedCount: state.appliedCount + 1 });
  return values;
}

/**
 * Rebuild the filters for a page (spec section 2: on a change of stats page the relevant filters are rebuilt):
 * draft and applied both become `values`, limited to the filters the page kind uses; nothing is unapplied.
 * Anonymous users get the gated filters at their defaults.
 */
export function rebuildFilters(kind: Parameters<typeof relevantFilters>[0], values: FilterValues, opts: { authenticated: boolean }): FilterValues {
  return setPageFilters(relevantFilters(kind), values, opts);
}

/**
 * The same for a page that names its filters itself (the compare page: the players table's but Season, each
 * compared player having his own seasons): draft and applied become `values` limited to `relevant`.
 */
export function setPageFilters(relevant: readonly FilterName[], values: FilterValues, opts: { authenticated: boolean }): FilterValues {
  const kept = keepOnly(opts.authenticated ? values : withoutGated(values), relevant);
  $filters.set({ ...$filters.get(), values: kept, applied: kept, unapplied: false, relevant });
  return kept;
}

/** Back to the first state (tests, sign-out). */
export function resetFiltersStore(): void {
  $filters.set({ values: defaultFilterValues(), applied: defaultFilterValues(), unapplied: false, appliedCount: 0, relevant: [...FILTER_NAMES] });
}
