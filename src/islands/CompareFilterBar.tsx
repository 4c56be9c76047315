/**
 * The compare page's filter bar: the stats pages' FilterBar over the same filter store, offering the
 * players table's filters except Season (COMPARE_FILTERS: each compared player has his own seasons, on his
 * card). The page's numbers are server-rendered, so Apply (and "Reset filters") does not fetch: it writes the
 * applied filters into the URL and loads it (compareFiltersHref). The server reads, validates and gates them as
 * for any link (src/server/stats/request/compareRequest.ts), the URL stays the permalink and crawlers keep the
 * numbers in the HTML.
 *
 * Until the bar has started (JavaScript, and the session known, so a subscriber's paid filters are not shown
 * locked for a moment) the page's own GET form shows instead (children: season type and garbage time), which is
 * also what a visitor without JavaScript uses. The server renders only that form and reads no store.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { COMPARE_FILTERS, compareFiltersHref } from '../lib/compare';
import type { FilterValues } from '../lib/filterValues';
import { parseFilterQuery } from '../lib/queryState';
import { appEnv } from '../stores/appEnv';
import { applyFilters, resetAllFilters, setPageFilters } from '../stores/filters';
import { loadPlayers } from '../stores/players';
import FilterBar from './FilterBar';
import '../styles/stats.css';

/** May this user set the gated filters (an active Stats plan)? */
const mayUseGated = () => appEnv().filterAccess() === 'plan';

/** Load the comparison for these applied filters (a new history entry: Back is the previous comparison). */
function show(applied: FilterValues): void {
  window.location.assign(compareFiltersHref(window.location.search, applied, { authenticated: mayUseGated() }));
}

/** The bar's draft and applied values: the URL's filters (gated ones only for a subscriber). */
function fromUrl(): void {
  const authenticated = mayUseGated();
  setPageFilters(COMPARE_FILTERS, parseFilterQuery(window.location.search, { authenticated }), { authenticated });
}

export default function CompareFilterBar({ children }: { children?: ReactNode }) {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    let live = true;
    // The lineup pickers search the player list; without it they offer no names (the rest of the bar works).
    loadPlayers().catch((err: unknown) => appEnv().logError('Could not load the player list', err));
    void appEnv()
      .filterAccessKnown()
      .then(() => {
        if (!live) return;
        fromUrl();
        setStarted(true);
      });
    // Back to this page from the browser's page cache: the store still holds what was applied on leaving it.
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) fromUrl();
    };
    window.addEventListener('pageshow', onShow);
    return () => {
      live = false;
      window.removeEventListener('pageshow', onShow);
    };
  }, []);
  if (!started) return <>{children}</>;
  return (
    <div className="sa-app cmp-filterbar" data-testid="compare-filterbar">
      <FilterBar onApply={() => show(applyFilters({ authenticated: mayUseGated() }))} onReset={() => show(resetAllFilters())} />
    </div>
  );
}
