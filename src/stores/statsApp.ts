/**
 * The stats app's actions: what happens when the app starts, a page is entered, filters are applied, a pill is
 * removed, the side or the metric set changes, or the user goes back in history. The stores hold the state;
 * this module keeps the URL (the source of truth, every view a permalink) and the table data in step with them.
 *
 * - start / enter page (spec section 2): the filters, side and metric set are rebuilt from the URL (gated filters
 *   only once the user is known to have the Stats plan), the table data is cleared, details of the game or player
 *   are loaded (unless already loaded) and the data is fetched. Entering Team salaries keeps filters, metric
 *   choice and data as they are.
 * - apply / remove pill / change side: URL updated (a history entry), data fetched.
 * - change metric set (or side): a sort by a column the new set lacks is dropped (from the URL too).
 * - change metric set: URL updated in place; that set's rows are fetched (answers carry one set each), unless an
 *   answer for it is already in the client-side cache (src/stores/tableData.ts).
 * - back / forward: the view is rebuilt from the URL and fetched.
 * - a URL's gated filters the user cannot use stay in the URL as locked pills ($lockedFilters), never sent; once
 *   the user may use them (signed in with the plan) they are applied.
 * The browser side (location, history, auth status) is src/stores/appEnv.ts.
 */
import type { Side } from '../lib/params/apiParams';
import { keepCareerMode } from '../lib/views/careerTables';
import { keepSimilarKeys } from '../lib/params/similarKeys';
import { dataSearchParams } from '../lib/params/dataRequest';
import type { FilterName } from '../lib/filters/filterDefinitions';
import { filterDef, isDefault, filterValueOf } from '../lib/filters/filterValues';
import { aliasesOf } from '../lib/tables/columnRegistry';
import { metricSetDefinitions, sortFitsSet } from '../lib/tables/metricSets';
import { PAGE_KINDS_WITHOUT_SIDE, isDataPageKind } from '../lib/site/pageKinds';
import { hasPercentiles } from '../lib/tables/percentilePolicy';
import { hasGatedFilterKeys, lockedFilterQuery, parseViewQuery, searchString, viewQuery } from '../lib/params/queryState';
import { appendTableQuery, parseTableQuery, type SortDirection } from '../lib/params/tableQuery';
import { salaryOpeningSeason } from '../lib/site/site';
import { keepWowyView } from '../lib/views/wowyView';
import { appEnv } from './appEnv';
import { $entryQuery } from './entryQuery';
import { $filters, applyFilters, rebuildFilters, removeFilter, resetAllFilters } from './filterState';
import { GAME_DETAIL_KINDS, loadGameDetails } from './gameDetails';
import { $metricSet, $metricSetOptions, selectMetricSet } from './metricSet';
import { $page, samePage, type StatsPage } from './page';
import { loadPlayers } from './playerNames';
import { $filterAccess } from './authState';
import { $side, DEFAULT_SIDE } from './side';
import { $lockedFilters } from './lockedFilters';
import { $minPossessions, $showAllRows } from './minSample';
import { $lineupUnit } from './lineupUnit';
import { DEFAULT_UNIT_SIZE, hasLineupUnits, UNIT_KEY, type LineupUnitSize } from '../lib/views/lineupUnits';
import { COMPACT, FORM_KEY } from '../lib/tables/compactAnswer';
import { $tableData, EMPTY_TABLE, clearTableData, fetchTableData } from './tableData';
import { $tableSort, toggleSort } from './tableSort';

export { setAppEnv, type AppEnv } from './appEnv';

/** May the user apply gated filters (an active Stats plan or an admin)? Lib helpers call this `authenticated`. */
const authenticated = () => appEnv().filterAccess() === 'plan';
const pageHasSide = (page: StatsPage) => page.kind !== 'NonStats' && !PAGE_KINDS_WITHOUT_SIDE.has(page.kind);

/** The query string of the current view. */
export function currentViewSearch(): string {
  const page = $page.get();
  const state = $filters.get();
  const options = $metricSetOptions.get();
  const selected = $metricSet.get();
  const metricSet = selected && options[0] && selected.value !== options[0].value ? selected.clientQueryParam : null;
  // A shared link's locked filters stay in the URL where a subscriber's would be (never sent: fetchCurrentData).
  const locked = Object.fromEntries($lockedFilters.get().map((l) => [l.name, l.value]));
  const params = viewQuery(
    { filters: { ...state.applied, ...locked }, side: pageHasSide(page) ? $side.get() : null, metricSet },
    page.openingSeason ? ['Season'] : [],
  );
  const sort = $tableSort.get();
  const percentiles = page.kind !== 'NonStats' && hasPercentiles(page.kind);
  const minPoss = percentiles ? $minPossessions.get() : null;
  const showAll = percentiles && $showAllRows.get();
  const unit = page.kind !== 'NonStats' && hasLineupUnits(page.kind) ? $lineupUnit.get() : null;
  appendTableQuery(params, { sort: sort.column ? { column: sort.column, direction: sort.direction } : null, minPoss, unit, showAll });
  // The profile's career tables sit outside the app: their mode stays as they set it.
  if (page.kind === 'PlayerProfile') {
    keepCareerMode(params, appEnv().readSearch());
    // So does the similar-players section: its season, age and minutes keys stay in the permalink.
    keepSimilarKeys(params, appEnv().readSearch());
  }
  // The with/without matrix keeps its own view state (N, view, sort...) beside the filters (src/lib/views/wowy.ts).
  if (page.kind === 'TeamWowy') keepWowyView(params, appEnv().readSearch());
  return searchString(params);
}

function syncUrl(mode: 'push' | 'replace'): void {
  appEnv().writeSearch(currentViewSearch(), mode);
}

/**
 * A sort by a column the selected set lacks (`sort=efg_pct` after a switch to a set without eFG%) is dropped; a sort
 * by a renamed key of the set (an old link's `sort=tov_pct` on a players table: src/lib/tables/columnRegistry.ts V1_ALIASES)
 * sorts by its new key.
 */
function dropSortNotInSet(): void {
  const { column, direction } = $tableSort.get();
  const page = $page.get();
  const selected = $metricSet.get();
  if (!column || page.kind === 'NonStats' || !selected) return;
  const def = metricSetDefinitions(page.kind, $side.get()).find((d) => d.value === selected.value);
  const renamed = def ? aliasesOf(def.base)[column] : undefined;
  if (renamed) $tableSort.set({ column: renamed, direction });
  else if (def && !sortFitsSet(column, def)) $tableSort.set({ column: null, direction: 'desc' });
}

/**
 * Fetch the table data of the current page with the applied filters. A page without /api/data's table (the
 * with/without matrix) fetches its own answer from the same stores (src/islands/wowy/WowyPanel.tsx).
 */
export function fetchCurrentData(): Promise<void> {
  const page = $page.get();
  if (!isDataPageKind(page.kind)) return Promise.resolve();
  const state = $filters.get();
  const params = dataSearchParams({
    page: page.kind,
    entity: page.entity,
    side: $side.get(),
    metricSet: $metricSet.get()?.value ?? null,
    filters: state.applied,
    relevant: state.relevant,
    authenticated: authenticated(),
  });
  const minPoss = $minPossessions.get();
  if (hasPercentiles(page.kind) && minPoss !== null) params.set('min_poss', String(minPoss));
  const unit = $lineupUnit.get();
  if (hasLineupUnits(page.kind) && unit !== DEFAULT_UNIT_SIZE) params.set(UNIT_KEY, String(unit));
  // The answer in its compact form: packed rows, a lineup's players named once (src/lib/tables/compactAnswer.ts).
  params.set(FORM_KEY, COMPACT);
  return fetchTableData(params);
}

/** The game's details for the game pages' header (EntityHeader). A player's details are loaded by the charts. */
function loadEntityDetails(page: StatsPage): void {
  if (!page.entity) return;
  if (GAME_DETAIL_KINDS.has(page.kind)) void loadGameDetails(page.entity);
}

/** Rebuild filters, side and metric set from the URL (gated filters wait until the user is known). */
async function restoreFromUrl(page: StatsPage): Promise<void> {
  const search = appEnv().readSearch();
  if (hasGatedFilterKeys(search) && appEnv().filterAccess() === 'loading') {
    $tableData.set({ ...EMPTY_TABLE, loading: true });
    await appEnv().filterAccessKnown();
    if (!samePage($page.get(), page)) return;
  }
  const auth = authenticated();
  const view = parseViewQuery(search, { authenticated: auth });
  // Salaries open on the latest season with salary data unless the URL names a season.
  const filters =
    page.kind === 'TeamSalaries' && !new URLSearchParams(search).has('season') ? { ...view.filters, Season: [salaryOpeningSeason()] } : view.filters;
  rebuildFilters(page.kind, filters, { authenticated: auth });
  $lockedFilters.set(auth ? [] : lockedFilterQuery(search, $filters.get().relevant));
  $side.set(pageHasSide(page) ? (view.side ?? DEFAULT_SIDE) : DEFAULT_SIDE);
  selectMetricSet(view.metricSet);
  const table = parseTableQuery(search);
  $tableSort.set(table.sort ?? { column: null, direction: 'desc' });
  dropSortNotInSet();
  $minPossessions.set(hasPercentiles(page.kind) ? table.minPoss : null);
  $lineupUnit.set(hasLineupUnits(page.kind) ? (table.unit ?? DEFAULT_UNIT_SIZE) : DEFAULT_UNIT_SIZE);
  $showAllRows.set(hasPercentiles(page.kind) && table.showAll === true);
}

/**
 * Enter a stats page (app start, or a change of stats page). Resolves when its data has arrived (or failed).
 */
export async function enterPage(page: StatsPage): Promise<void> {
  const previous = $page.get();
  $page.set(page);
  loadEntityDetails(page);
  if (page.kind === 'TeamSalaries' && previous.kind !== 'NonStats') {
    // Spec section 2: the salaries view does not reset filters, metrics or data.
    $filters.setKey('relevant', ['Season']);
    $lockedFilters.set([]);
    syncUrl('replace');
    return fetchCurrentData();
  }
  clearTableData();
  await restoreFromUrl(page);
  if (!samePage($page.get(), page)) return;
  syncUrl('replace');
  return fetchCurrentData();
}

let started = false;
let stopAuthWatch: (() => void) | null = null;

/** Start the app on a page: the player list loads (a failure sends the user to /error), then the page. */
export function startStatsApp(page: StatsPage): Promise<void> {
  if (!started) {
    started = true;
    $entryQuery.set(appEnv().readSearch());
    loadPlayers().catch((err: unknown) => {
      appEnv().logError('Could not load the player list', err);
      appEnv().redirect('/error');
    });
    stopAuthWatch = watchSignOut();
  }
  return enterPage(page);
}

/** Stop watching (tests). */
export function stopStatsApp(): void {
  stopAuthWatch?.();
  stopAuthWatch = null;
  started = false;
}

/**
 * A user who signs out (or whose plan ends) keeps no gated filter: they are reset and the data fetched again.
 * A user who gets the plan (signed in in another tab) gets the locked filters of the URL applied.
 */
function watchSignOut(): (() => void) | null {
  if (typeof window === 'undefined') return null;
  return $filterAccess.listen((access) => {
    if (access === 'plan' && $lockedFilters.get().length > 0) {
      void restoreFromHistory();
      return;
    }
    if (access === 'loading' || access === 'plan') return;
    const state = $filters.get();
    const gated = state.relevant.filter((n) => filterDef(n).requiresAuth && !isDefault(n, filterValueOf(state.applied, n)));
    if (gated.length === 0) return;
    rebuildFilters($page.get().kind, state.applied, { authenticated: false });
    syncUrl('replace');
    void fetchCurrentData();
  });
}

/** Apply the filter draft: counter up, URL updated, data fetched. */
export function applyAndFetch(): Promise<void> {
  applyFilters({ authenticated: authenticated() });
  syncUrl('push');
  return fetchCurrentData();
}

/** Remove a pill: that filter back to its default, URL updated, data fetched. */
export function removePill(name: FilterName): Promise<void> {
  removeFilter(name);
  syncUrl('push');
  return fetchCurrentData();
}

/** Reset every filter to its default: URL updated, data fetched. */
export function resetFiltersAndFetch(): Promise<void> {
  resetAllFilters();
  syncUrl('push');
  return fetchCurrentData();
}

/** Change side: the metric sets change and the first is selected; the data of that side is fetched. */
export function changeSide(side: Side): Promise<void> {
  if (side === $side.get()) return Promise.resolve();
  $side.set(side);
  dropSortNotInSet();
  syncUrl('push');
  return fetchCurrentData();
}

/** Show another metric set: its rows are fetched (or taken from the answers already fetched). */
export function chooseMetricSet(choice: string): Promise<void> {
  const before = $metricSet.get()?.value;
  selectMetricSet(choice);
  dropSortNotInSet();
  syncUrl('replace');
  if ($metricSet.get()?.value === before) return Promise.resolve();
  return fetchCurrentData();
}

/** Sort the table by a column (again: the other way); the URL keeps it, no request. */
export function sortTable(column: string, firstDirection: SortDirection): void {
  toggleSort(column, firstDirection);
  syncUrl('replace');
}

/** Change the minimum sample of a percentile table (null: the default): URL updated, data fetched. */
export function changeMinPossessions(min: number | null): Promise<void> {
  if (min === $minPossessions.get()) return Promise.resolve();
  $minPossessions.set(min);
  syncUrl('push');
  return fetchCurrentData();
}

/** Show units of another size on a lineup page (5, 4, 3 or 2 players): URL updated, data fetched. */
export function changeLineupUnit(size: LineupUnitSize): Promise<void> {
  if (size === $lineupUnit.get()) return Promise.resolve();
  $lineupUnit.set(size);
  syncUrl('push');
  return fetchCurrentData();
}

/** List the rows below the minimum under a rate sort too (the qualifier's "show all"), or hide them again: URL only. */
export function showAllRows(all: boolean): void {
  if (all === $showAllRows.get()) return;
  $showAllRows.set(all);
  syncUrl('push');
}

/** Drop the locked filters of a shared link (their pills' way out): URL updated, no request (they were never sent). */
export function dropLockedFilters(): void {
  if ($lockedFilters.get().length === 0) return;
  $lockedFilters.set([]);
  syncUrl('push');
}

/** Back / forward: rebuild the view from the URL and fetch it. */
export async function restoreFromHistory(): Promise<void> {
  const page = $page.get();
  if (page.kind === 'NonStats') return;
  await restoreFromUrl(page);
  return fetchCurrentData();
}
