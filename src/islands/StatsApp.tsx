/**
 * The stats app island: composes the entity strip, side toggle, metric set picker, filter bar, pills, data
 * status and table over the shared stores. The server renders only a placeholder and reads no store (stores are
 * module singletons, shared by every request on the server); on mount the app starts on its page: player list,
 * view from the URL, data (src/stores/statsApp.ts). The first view's rows come from the answer the server
 * embedded in the page (#stats-first-view, src/server/stats/answers/firstView.ts) when its query is the one the app
 * asks for, so the server-rendered table is replaced without a second fetch. The filter bar keeps the session store subscribed, so
 * gating follows sign-in and sign-out (the session refreshes when the tab becomes visible).
 */
import { lazy, startTransition, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { PageKind } from '../lib/site/pageKinds';
import { routeForPath } from '../lib/site/routes';
import { $page } from '../stores/page';
import { applyAndFetch, resetFiltersAndFetch, restoreFromHistory, startStatsApp } from '../stores/statsApp';
import { CHARTS_ABOVE_TABLE, CHARTS_BELOW_TABLE } from './charts/chartPages';
import { ContextLinksProvider } from './ContextLinks';
import { seedTableData } from '../stores/tableData';
import { GAME_DETAIL_KINDS, loadGameDetails } from '../stores/gameDetails';
import { readFirstViewSeed } from '../lib/tables/firstViewSeed';
import BoxScore from './BoxScore';
import DataStatus from './DataStatus';
import EntityHeader from './EntityHeader';
import FilterBar from './FilterBar';
import FilterPills, { LockedFiltersNote } from './FilterPills';
import LineupUnitPicker from './LineupUnitPicker';
import MetricSetPicker from './MetricSetPicker';
import MountErrorBoundary from './MountErrorBoundary';
import PhoneControls from './PhoneControls';
import SaveView from './savedViews/SaveView';
import SeasonShortcut from './SeasonShortcut';
import SideToggle from './SideToggle';
import StatsTable from './StatsTable';
import type { GuideRef } from './table/ColumnHeader';
import { withStylesheet } from './lazyStylesheet';
import chartsCss from './charts/charts.css?url';
import wowyCss from '../styles/wowy.css?url';
import '../styles/stats.css';

interface Props {
  kind: PageKind;
  /** player id, team abbreviation or game id; '' or absent when the page has none */
  entity?: string;
  /** the guide of each metric set (set value -> guide id and title), for the column definitions */
  guides?: Readonly<Record<string, GuideRef>>;
  /** the season the page opens on when that is not the default one (src/stores/page.ts StatsPage) */
  openingSeason?: number;
}

/**
 * The lazy parts of the app, each a chunk with its own stylesheet, linked with the chunk (lazyStylesheet.ts). The
 * server never renders them (the app is a placeholder until it starts in the browser), and it must not import them:
 * Astro would then put their CSS in every stats page (~12 KB of CSS inlined in every page).
 * `import.meta.env.SSR` is a constant of each build, so the server's build drops the imports.
 */
const never = () => new Promise<never>(() => {});
/** The charts' chunk (d3 and the chart components) loads only on the pages that draw charts. */
const Charts = lazy(import.meta.env.SSR ? never : withStylesheet(() => import('./charts/Charts'), chartsCss));
/** The With/Without tab's matrix loads only on that tab. */
const WowyPanel = lazy(import.meta.env.SSR ? never : withStylesheet(() => import('./wowy/WowyPanel'), wowyCss));

/** How long the app waits for a game's details before it takes over without them. */
const GAME_DETAILS_WAIT_MS = 3000;

/** The phone's layout (stats.css): the controls fold behind the compact bar (PhoneControls). */
const PHONE_QUERY = '(max-width: 720px)';
const isPhone = () => window.matchMedia(PHONE_QUERY).matches;

/** A game log's chart goes under the table on a phone, where above it would fill the first screen. */
function PageCharts({ where }: { where: 'above' | 'below' }) {
  const { kind } = useStore($page);
  const [phone] = useState(isPhone);
  const shown = where === 'above' ? CHARTS_ABOVE_TABLE.has(kind) && !phone : CHARTS_BELOW_TABLE.has(kind) || (phone && CHARTS_ABOVE_TABLE.has(kind));
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Charts />
    </Suspense>
  );
}

/** The first view's answer the server embedded in the page (StatsLayout, rows packed), handed to the table-data store. */
function seedFromPage(): void {
  const text = document.getElementById('stats-first-view')?.textContent;
  if (!text) return;
  // A broken seed only costs the fetch it would have saved.
  const seed = readFirstViewSeed(text);
  if (seed) seedTableData(seed.query, seed.answer);
}

function Toolbar() {
  return (
    <div className="sa-toolbar">
      <SideToggle />
      <SeasonShortcut />
      <MetricSetPicker />
      <LineupUnitPicker />
      <SaveView />
    </div>
  );
}

export default function StatsApp({ kind, entity, guides, openingSeason }: Props) {
  const [started, setStarted] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const panelId = useId();
  const barButton = useRef<HTMLButtonElement | null>(null);
  const closePanel = () => {
    setPanelOpen(false);
    barButton.current?.focus();
  };
  useEffect(() => {
    const view = routeForPath(window.location.pathname).view ?? null;
    seedFromPage();
    // On a game page the strip (score by period) and the box score above the table come with the game's details,
    // fetched: the app takes over from the server's first view once they are in (at most GAME_DETAILS_WAIT_MS), so
    // they never push the controls and the table down after those are shown (Lighthouse counted that
    // layout shift, 0.08 on a game's team view and 0.4-0.46 on its players view). Asked for here first, so the
    // app's own request for them (startStatsApp) finds them loading.
    const details = entity && GAME_DETAIL_KINDS.has(kind) ? loadGameDetails(entity) : Promise.resolve();
    void startStatsApp({ kind, entity: entity ? entity : null, view, openingSeason: openingSeason ?? null });
    let live = true;
    const waited = new Promise((done) => setTimeout(done, GAME_DETAILS_WAIT_MS));
    // A transition: the first render of a long table (the seeded first view) is done in slices, not one long task.
    void Promise.race([details, waited]).then(() => live && startTransition(() => setStarted(true)));
    const onPop = () => void restoreFromHistory();
    window.addEventListener('popstate', onPop);
    return () => {
      live = false;
      window.removeEventListener('popstate', onPop);
    };
  }, [kind, entity, openingSeason]);
  useEffect(() => {
    // The island's table has replaced the server's first view (firstView.css hides it in this render): drop it, so
    // the page carries one table, not two.
    if (started) document.querySelector('#stats-app > .first-view')?.remove();
  }, [started]);

  return (
    <MountErrorBoundary>
      <div className="sa-app" data-started={started ? 'true' : 'false'} data-phone-panel={panelOpen ? 'open' : 'closed'}>
        {started ? (
          <ContextLinksProvider>
            <EntityHeader />
            {/* Game players: the traditional box score between the score and the spec's metric-set table. */}
            {kind === 'GamePlayers' && <BoxScore />}
            <PhoneControls id={panelId} open={panelOpen} onToggle={() => setPanelOpen((o) => !o)} onClose={closePanel} button={barButton}>
              <div className="sa-controls">
                <Toolbar />
                <FilterBar
                  onApply={() => {
                    void applyAndFetch();
                    // On a phone the answer is the table under the folded controls.
                    if (isPhone()) closePanel();
                  }}
                  onReset={() => void resetFiltersAndFetch()}
                />
              </div>
              <FilterPills />
            </PhoneControls>
            <LockedFiltersNote />
            {kind === 'TeamWowy' ? (
              <Suspense fallback={null}>
                <WowyPanel />
              </Suspense>
            ) : (
              <>
                <DataStatus />
                <PageCharts where="above" />
                <StatsTable guides={guides} />
                <PageCharts where="below" />
              </>
            )}
          </ContextLinksProvider>
        ) : (
          <div className="sa-controls sa-controls-placeholder" aria-hidden="true" />
        )}
      </div>
    </MountErrorBoundary>
  );
}
