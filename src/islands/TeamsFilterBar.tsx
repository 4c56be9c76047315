/**
 * The 30-team table's filter bar (/stats/teams): the stats pages' FilterBar over the same filter store, with every
 * filter of the stats pages (TEAMS_TABLE_FILTERS), paid ones locked without the plan. The table is server-rendered,
 * so Apply (and "Reset filters") does not fetch: it writes the applied filters into the URL and loads it
 * (teamsFiltersHref: side, set and sort kept). The server reads, validates and gates them (src/lib/teamsTableParams.ts),
 * and the URL stays the permalink. An applied lineup filter is named under the bar, players by name
 * (src/lib/lineupCaption.ts): lineup filters have no pill.
 *
 * Until the bar has started (JavaScript, and the session known, so a subscriber's paid filters are not shown locked
 * for a moment) the page's own GET form shows instead (children: season, season type, garbage time), which is also
 * what a visitor without JavaScript uses.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { FilterValues } from '../lib/filterValues';
import { lineupCaption } from '../lib/lineupCaption';
import { parseFilterQuery } from '../lib/queryState';
import { TEAMS_TABLE_FILTERS, teamsFiltersHref } from '../lib/teamsTableParams';
import { appEnv } from '../stores/appEnv';
import { $filters, applyFilters, resetAllFilters, setPageFilters } from '../stores/filters';
import { $players, loadPlayers } from '../stores/players';
import FilterBar from './FilterBar';
import '../styles/stats.css';

/** May this user set the gated filters (an active Stats plan)? */
const mayUseGated = () => appEnv().filterAccess() === 'plan';

/** Load the table for these applied filters (a new history entry: Back is the previous table). */
function show(applied: FilterValues): void {
  window.location.assign(teamsFiltersHref(window.location.search, applied, { allowed: mayUseGated() }));
}

/** The bar's draft and applied values: the URL's filters (gated ones only for a subscriber). */
function fromUrl(): void {
  const authenticated = mayUseGated();
  setPageFilters(TEAMS_TABLE_FILTERS, parseFilterQuery(window.location.search, { authenticated }), { authenticated });
}

/** The applied lineup filter, players by name (the list loads with the bar; until then, by id). */
function LineupLine() {
  const applied = useStore($filters).applied;
  const players = useStore($players);
  const line = lineupCaption(applied, (id) => players.byId.get(id)?.name);
  return line ? (
    <p className="sa-lineup-caption" data-testid="lineup-caption">
      {line}
    </p>
  ) : null;
}

export default function TeamsFilterBar({ children }: { children?: ReactNode }) {
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
    <div className="sa-app tt-filterbar" data-testid="teams-filterbar">
      <FilterBar onApply={() => show(applyFilters({ authenticated: mayUseGated() }))} onReset={() => show(resetAllFilters())} />
      <LineupLine />
    </div>
  );
}
