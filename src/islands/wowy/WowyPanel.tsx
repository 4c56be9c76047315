/**
 * The With/Without tab of a team page: the two-man matrix of the team's top N players by
 * minutes, as a heat map, a sortable list, or one player's row. It reads the stats app's stores (applied
 * filters, side, page) and fetches GET /api/team_wowy itself; its own view state (N, view, mode, sort...) lives in
 * the URL beside the filters (src/lib/views/wowy.ts), so every view is a permalink.
 */
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { ApiRequestError, getJson } from '../../lib/site/apiClient';
import { dataSearchParams } from '../../lib/params/dataRequest';
import { searchString } from '../../lib/params/queryState';
import {
  WOWY_MATRIX_MODES,
  WOWY_METRICS,
  WOWY_N,
  WOWY_SMALL_SAMPLE,
  WOWY_VIEWS,
  pairIndex,
  parseWowyView,
  wowyViewUsesSide,
  writeWowyView,
  type WowyAnswer,
  type WowyViewState,
} from '../../lib/views/wowy';
import { appEnv } from '../../stores/appEnv';
import { $filters } from '../../stores/filterState';
import { $page } from '../../stores/page';
import { $filterAccess } from '../../stores/authState';
import { $side, $sideUnused } from '../../stores/side';
import { WowyList, WowyMatrix, WowyPlayerRow } from './WowyViews';

const VIEW_LABELS: Record<WowyViewState['view'], string> = { matrix: 'Heat map', list: 'List', player: 'One player' };

/** The request of the current state: the stats app's filters in /api/data's format, then the matrix's keys. */
function wowyParams(team: string, view: WowyViewState): URLSearchParams {
  const state = $filters.get();
  const params = dataSearchParams({
    page: 'TeamWowy',
    entity: team,
    side: $side.get(),
    metricSet: null,
    filters: state.applied,
    relevant: state.relevant,
    authenticated: $filterAccess.get() === 'plan',
  });
  params.delete('page');
  params.delete('entity');
  // The answer carries both sides (the side only picks what is shown): switching side needs no request.
  params.delete('side');
  params.set('team', team);
  params.set('n', String(view.n));
  if (view.fourFactors) params.set('four_factors', 'true');
  return params;
}

export default function WowyPanel() {
  const page = useStore($page);
  const filters = useStore($filters);
  const side = useStore($side);
  const access = useStore($filterAccess);
  const [view, setView] = useState<WowyViewState>(() => parseWowyView(appEnv().readSearch()));
  const [answer, setAnswer] = useState<WowyAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const team = page.entity ?? '';

  // Back / forward: the view state comes back from the URL (the stats app restores the filters).
  useEffect(() => {
    const onPop = () => setView(parseWowyView(appEnv().readSearch()));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  // The matrix of net ratings is the same from either end: the page's side toggle is hidden meanwhile.
  const usesSide = wowyViewUsesSide(view);
  useEffect(() => {
    $sideUnused.set(!usesSide);
    return () => $sideUnused.set(false);
  }, [usesSide]);

  const query = team && access !== 'loading' ? wowyParams(team, view).toString() : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of the applied filters is what asks again
  useEffect(() => {
    if (query === null) return;
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    getJson<WowyAnswer>('/api/team_wowy', new URLSearchParams(query), controller.signal)
      .then((a) => {
        setAnswer(a);
        setLoading(false);
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        setError(err instanceof ApiRequestError ? err.message : 'The matrix could not be loaded.');
        setLoading(false);
      });
    return () => controller.abort();
    // The query string holds everything the answer depends on (filters, N, four factors).
  }, [query, filters.appliedCount]);

  /** Change the view state: URL updated (a history entry for N and the view, in place for the rest). */
  const update = (patch: Partial<WowyViewState>, mode: 'push' | 'replace' = 'replace') => {
    const next = { ...view, ...patch };
    setView(next);
    appEnv().writeSearch(searchString(writeWowyView(new URLSearchParams(appEnv().readSearch()), next)), mode);
  };

  const index = useMemo(() => (answer ? pairIndex(answer) : new Map()), [answer]);
  // The CSV's four factors are the shown side's.
  const csvHref = query === null ? undefined : `/api/team_wowy?${query}&side=${side}&format=csv`;
  const player = answer?.players.find((p) => p.player_id === view.player) ?? answer?.players[0];

  return (
    <section className="wy" aria-labelledby="wy-title" data-testid="wowy">
      <div className="wy-head">
        <h2 id="wy-title">With/without: every pair of the top {view.n}</h2>
        <span className="wy-spacer" />
        <a className="wy-guide" href="/stats/guides/with-without">
          How it is counted
        </a>
        {csvHref && (
          <a className="sa-csv" href={csvHref} download data-testid="wowy-csv">
            Download CSV
          </a>
        )}
      </div>
      {/* On a phone the view's options fold behind this summary (wowy.css), so the matrix starts on the first screen;
          wider, the summary is not shown and the options always are. */}
      <details className="wy-more" data-testid="wowy-options">
        <summary>
          <span className="sa-label">View options</span> {VIEW_LABELS[view.view]} · top {view.n}
          {view.view === 'matrix' ? ` · ${WOWY_MATRIX_MODES.find((m) => m.value === view.mode)?.label ?? ''}` : ''}
        </summary>
        <div className="wy-controls">
          <label className="wy-field">
            <span className="sa-label">Players</span>
            <select value={view.n} onChange={(e) => update({ n: Number(e.target.value) }, 'push')} data-testid="wowy-n">
              {Array.from({ length: WOWY_N.max - WOWY_N.min + 1 }, (_, i) => WOWY_N.min + i).map((n) => (
                <option key={n} value={n}>
                  Top {n} by minutes
                </option>
              ))}
            </select>
          </label>
          <div className="sa-segmented sa-segmented-small" role="group" aria-label="View">
            {WOWY_VIEWS.map((v) => (
              <button key={v} type="button" aria-pressed={view.view === v} onClick={() => update({ view: v }, 'push')}>
                {VIEW_LABELS[v]}
              </button>
            ))}
          </div>
          <div className="sa-segmented sa-segmented-small" role="group" aria-label="Number shown">
            {WOWY_METRICS.map((m) => (
              <button key={m.value} type="button" aria-pressed={view.metric === m.value} onClick={() => update({ metric: m.value })}>
                {m.value === 'rating' ? (side === 'offense' ? 'Off rating' : 'Def rating') : m.label}
              </button>
            ))}
          </div>
          <label className="wy-field">
            <span className="sa-label">Small sample</span>
            <select value={view.small} onChange={(e) => update({ small: Number(e.target.value) })} data-testid="wowy-small">
              {WOWY_SMALL_SAMPLE.options.map((s) => (
                <option key={s} value={s}>
                  {s === 0 ? 'Mark none' : `Under ${s} poss`}
                </option>
              ))}
            </select>
          </label>
          <label className="wy-check">
            <input type="checkbox" checked={view.fourFactors} onChange={(e) => update({ fourFactors: e.target.checked })} data-testid="wowy-ff" />
            Four factors
          </label>
        </div>
        {view.view === 'matrix' && (
          <div className="sa-segmented sa-segmented-small wy-modes" role="group" aria-label="Each cell shows">
            {WOWY_MATRIX_MODES.map((m) => (
              <button key={m.value} type="button" aria-pressed={view.mode === m.value} onClick={() => update({ mode: m.value })}>
                {m.label}
              </button>
            ))}
          </div>
        )}
      </details>
      <p className="wy-status" role="status" aria-live="polite">
        {error ? <span className="wy-error">{error}</span> : loading ? 'Loading…' : (answer?.note ?? '')}
      </p>
      {answer && answer.players.length > 0 && (
        <div className={loading ? 'sa-stale' : undefined}>
          <p className="wy-total" data-testid="wowy-total">
            {answer.team} under these filters: {answer.team_total.off_poss.toLocaleString('en-US')} offensive and{' '}
            {answer.team_total.def_poss.toLocaleString('en-US')} defensive possessions, net rating{' '}
            {answer.team_total.net === null ? '–' : answer.team_total.net.toFixed(1)}.
          </p>
          {view.view === 'matrix' && (
            <WowyMatrix answer={answer} index={index} view={view} side={side} onPick={(id) => update({ view: 'player', player: id }, 'push')} />
          )}
          {view.view === 'list' && <WowyList answer={answer} view={view} side={side} onSort={(sort, dir) => update({ sort, dir })} />}
          {view.view === 'player' && player && (
            <WowyPlayerRow answer={answer} index={index} view={view} side={side} player={player} onPlayer={(id) => update({ player: id })} />
          )}
        </div>
      )}
    </section>
  );
}
