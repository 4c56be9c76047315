/**
 * The compare page's filter bar (src/islands/LinkFilterBar.tsx: Apply loads the URL, the server reads and gates it),
 * offering the players table's filters except Season (COMPARE_FILTERS: each compared player has his own seasons, on
 * his card); the URL is written by compareFiltersHref and read by src/server/stats/request/compareRequest.ts.
 * Until the bar has started, the page's own GET form shows instead (children: season type and garbage time).
 */
import type { ReactNode } from 'react';
import { COMPARE_FILTERS, compareFiltersHref } from '../lib/views/compare';
import type { FilterValues } from '../lib/filters/filterValues';
import LinkFilterBar from './LinkFilterBar';

const hrefOf = (search: string, applied: FilterValues, authenticated: boolean) => compareFiltersHref(search, applied, { authenticated });

export default function CompareFilterBar({ children }: { children?: ReactNode }) {
  return (
    <LinkFilterBar filters={COMPARE_FILTERS} hrefOf={hrefOf} className="cmp-filterbar" testId="compare-filterbar">
      {children}
    </LinkFilterBar>
  );
}
