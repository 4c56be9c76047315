/**
 * The stats app's actions: what happens when the app starts, a page is entered, filters are applied, a pill is
 * removed, the side or the metric set changes, or the user goes back in history. The stores hold the state;
 * this module keeps the URL (the source of truth, every view a permalink) and the table data in step with them.
 *
 * - start / enter page (spec section 2): the filters, side and metric set are rebuilt from the URL (gated filters
 *   only once the user is known to be signed in), the table data is cleared, details of the game or player
 *   are loaded (unless already loaded) and the data is fetched. Entering Team salaries keeps filters, metric
 *   choice and data as they are.
 * - apply / remove pill / change side: URL updated (a history entry), data fetched.
 * - change metric set: URL updated in place, no request (every set of the view is already loaded).
 * - back / forward: the view is rebuilt from the URL and fetched.
 * The browser side (location, history, auth status) is src/stores/appEnv.ts.
 */
import type { Side } from '../lib/apiParams';
import { dataSearchParams } from '../lib/dataRequest';
import type { FilterName } from '../lib/filters';
import { filterDef, isDefault, valueOf } from '../lib/filterValues';
import { PAGE_KINDS_WITHOUT_SIDE } from '../lib/pageKinds';
import { hasGatedFilterKeys, parseViewQuery, searchString, viewQuery } from '../lib/queryState';
import { appEnv } from './appEnv';
import { $entryQuery } from './entryQuery';
import { $filters, applyFilters, rebuildFilters, removeFilter, resetAllFilters } from './filters';
import { loadGameDetails } from './gameDetails';
import { $metricSet, $metricSetOptions, selectMetricSet } from './metricSet';
import { $page, samePage, type StatsPage } from './page';
import { loadPlayerDetails } from './playerDetails';
import { loadPlayers } from './players';
import { $authStatus } from './session';
import { $side, DEFAULT_SIDE } from './side';
import { $tableData, EMPTY_TABLE, clearTableData, fetchTableData } from './tableData';

export { setAppEnv, type AppEnv } from './appEnv';

const authenticated = () => appEnv().authStatus() === 'authenticated';
const pageHasSide = (page: StatsPage) => page.kind !== 'NonStats' && !PAGE_KINDS_WITHOUT_SIDE.has(page.kind);

/** The query string of the current view. */
export function currentViewSearch(): string {
  const page = $page.get();
  const state = $filters.get();
  const options = $metricSetOptions.get();
  const selected = $metricSet.get();
  const metricSet = selected && options[0] && selected.value !== options[0].value ? selected.clientQueryParam : null;
  return searchString(viewQuery({ filters: state.applied, side: pageHasSide(page) ? $side.get() : null, metricSet }));
}

function syncUrl(mode: 'push' | 'replace'): void {
  appEnv().writeSearch(currentViewSearch(), mode);
}

/** Fetch the table data of the current page with the applied filters. */
export function fetchCurrentData(): Promise<void> {
  const page = $page.get();
  if (page.kind === 'NonStats') return Promise.resolve();
  const state = $filters.get();
  const params = dataSearchParams({
    page: page.kind,
    entity: page.entity,
    side: $side.get(),
    filters: state.applied,
    relevant: state.relevant,
    authenticated: authenticated(),
  });
  return fetchTableData(params);
}

function loadEntityDetails(page: StatsPage): void {
  if (!page.entity) return;
  if (page.kind === 'GameTeam' || page.kind === 'GamePlayers' || page.kind === 'GamePreview') void loadGameDetails(page.entity);
  else if (page.kind.startsWith('Player') && page.kind !== 'Players') void loadPlayerDetails(page.entity);
}

/** Rebuild filters, side and metric set from the URL (gated filters wait until the user is known). */
async function restoreFromUrl(page: StatsPage): Promise<void> {
  const search = appEnv().readSearch();
  if (hasGatedFilterKeys(search) && appEnv().authStatus() === 'loading') {
    $tableData.set({ ...EMPTY_TABLE, loading: true });
    await appEnv().authKnown();
    if (!samePage($page.get(), page)) return;
  }
  const auth = authenticated();
  const view = parseViewQuery(search, { authenticated: auth });
  rebuildFilters(page.kind, view.filters, { authenticated: auth });
  $side.set(pageHasSide(page) ? (view.side ?? DEFAULT_SIDE) : DEFAULT_SIDE);
  selectMetricSet(view.metricSet);
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

/** A user who signs out keeps no gated filter: they are reset and the data fetched again. */
function watchSignOut(): (() => void) | null {
  if (typeof window === 'undefined') return null;
  return $authStatus.listen((status) => {
    if (status !== 'unauthenticated') return;
    const state = $filters.get();
    const gated = state.relevant.filter((n) => filterDef(n).requiresAuth && !isDefault(n, valueOf(state.applied, n)));
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
  syncUrl('push');
  return fetchCurrentData();
}

/**
 * Show another metric set of the loaded data (no request), or fetch the view when the data holds only some sets
 * (a server-rendered first view carries only its default set).
 */
export function chooseMetricSet(choice: string): void {
  selectMetricSet(choice);
  syncUrl('replace');
  const table = $tableData.get();
  const selected = $metricSet.get();
  if (selected && !table.loading && !table.error && table.query !== null && !(selected.value in table.data)) void fetchCurrentData();
}

/** Back / forward: rebuild the view from the URL and fetch it. */
export async function restoreFromHistory(): Promise<void> {
  const page = $page.get();
  if (page.kind === 'NonStats') return;
  await restoreFromUrl(page);
  return fetchCurrentData();
}
