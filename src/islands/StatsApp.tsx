/**
 * The stats app island: composes the entity strip, side toggle, metric set picker, filter bar, pills, data
 * status and table over the shared stores. The server renders only a placeholder and reads no store (stores are
 * module singletons, shared by every request on the server); on mount the app starts on its page: player list,
 * view from the URL, data (src/stores/statsApp.ts). The filter bar keeps the session store subscribed, so
 * gating follows sign-in and sign-out (the session refreshes when the tab becomes visible).
 */
import { useEffect, useState } from 'react';
import type { PageKind } from '../lib/pageKinds';
import { routeForPath } from '../lib/routes';
import { restoreFromHistory, startStatsApp } from '../stores/statsApp';
import { ContextLinksProvider } from './ContextLinks';
import DataStatus from './DataStatus';
import EntityHeader from './EntityHeader';
import FilterBar from './FilterBar';
import FilterPills from './FilterPills';
import MetricSetPicker from './MetricSetPicker';
import MountErrorBoundary from './MountErrorBoundary';
import SideToggle from './SideToggle';
import StatsTable from './StatsTable';
import type { GuideRef } from './table/ColumnHeader';
import '../styles/stats.css';

interface Props {
  kind: PageKind;
  /** player id, team abbreviation or game id; '' or absent when the page has none */
  entity?: string;
  /** the guide of each metric set (set value -> guide id and title), for the column definitions */
  guides?: Readonly<Record<string, GuideRef>>;
}

function Toolbar() {
  return (
    <div className="sa-toolbar">
      <SideToggle />
      <MetricSetPicker />
    </div>
  );
}

export default function StatsApp({ kind, entity, guides }: Props) {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const view = routeForPath(window.location.pathname).view ?? null;
    void startStatsApp({ kind, entity: entity ? entity : null, view });
    setStarted(true);
    const onPop = () => void restoreFromHistory();
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [kind, entity]);

  return (
    <MountErrorBoundary>
      <div className="sa-app" data-started={started ? 'true' : 'false'}>
        {started ? (
          <ContextLinksProvider>
            <EntityHeader />
            <div className="sa-controls">
              <Toolbar />
              <FilterBar />
            </div>
            <FilterPills />
            <DataStatus />
            <StatsTable guides={guides} />
          </ContextLinksProvider>
        ) : (
          <div className="sa-controls sa-controls-placeholder" aria-hidden="true" />
        )}
      </div>
    </MountErrorBoundary>
  );
}
