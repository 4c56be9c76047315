/**
 * The stats pages' FilterBar for a server-rendered page (the compare page, the 30-team table): over the same filter
 * store, offering the page's `filters`, paid ones locked without the plan. The page's numbers come with its HTML,
 * so Apply (and "Reset filters") does not fetch: it writes the applied filters into the URL (`hrefOf`, the page's
 * other keys kept) and loads it, a new history entry (Back is the previous view). The server reads, validates and
 * gates them as for any link, the URL stays the permalink and crawlers keep the numbers in the HTML.
 * Example: on /stats/compare?p=2544, applying Period Q4 as a subscriber loads /stats/compare?p=2544&period=4.
 *
 * Until the bar has started (JavaScript, and the session known, so a subscriber's paid filters are not shown locked
 * for a moment) the page's own GET form shows instead (children), which is also what a visitor without JavaScript
 * uses. The server renders only that form and reads no store.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { FilterName } from '../lib/filters/filterDefinitions';
import type { FilterValues } from '../lib/filters/filterValues';
import { parseFilterQuery } from '../lib/params/queryState';
import { appEnv } from '../stores/appEnv';
import { applyFilters, resetAllFilters, setPageFilters } from '../stores/filterState';
import { loadPlayers } from '../stores/playerNames';
import FilterBar from './FilterBar';
import '../styles/stats.css';

export interface LinkFilterBarProps {
  /** the filters the page offers, in the bar's order */
  filters: readonly FilterName[];
  /** the page's URL for these applied filters (`mayUseGated`: the visitor has the Stats plan) */
  hrefOf: (search: string, applied: FilterValues, mayUseGated: boolean) => string;
  className: string;
  testId: string;
  /** the page's own GET form, shown until the bar has started */
  children?: ReactNode;
  /** shown under the started bar */
  below?: ReactNode;
}

/** May this user set the gated filters (an active Stats plan)? */
const mayUseGated = () => appEnv().filterAccess() === 'plan';

export default function LinkFilterBar({ filters, hrefOf, className, testId, children, below }: LinkFilterBarProps) {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    let live = true;
    // The bar's draft and applied values: the URL's filters (gated ones only for a subscriber).
    const fromUrl = () => {
      const authenticated = mayUseGated();
      setPageFilters(filters, parseFilterQuery(window.location.search, { authenticated }), { authenticated });
    };
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
  }, [filters]);
  if (!started) return <>{children}</>;
  const show = (applied: FilterValues) => window.location.assign(hrefOf(window.location.search, applied, mayUseGated()));
  return (
    <div className={`sa-app ${className}`} data-testid={testId}>
      <FilterBar onApply={() => show(applyFilters({ authenticated: mayUseGated() }))} onReset={() => show(resetAllFilters())} />
      {below}
    </div>
  );
}
