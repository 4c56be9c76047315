/**
 * The constants of the with/without matrix's query and the view state its page keeps in its URL, apart
 * from the query's zod parser (src/lib/views/wowy.ts, which re-exports all of this): the stats app rebuilds every stats
 * page's URL with `keepWowyView` at first load, and this module keeps zod out of that code (bench:js).
 */
/** The number of players: the top N by minutes. Two is the smallest pair; 15 (105 pairs) is a full roster. */
export const WOWY_N = { min: 2, max: 15, default: 10 } as const;

/** A state with fewer possessions on the shown side than this is a small sample (faded and hatched). */
export const WOWY_SMALL_SAMPLE = { default: 250, options: [0, 100, 250, 500, 1000] } as const;

// ---- The page's view state, kept in its URL (every view a permalink) ----

/** The three views of the page. */
export const WOWY_VIEWS = ['matrix', 'list', 'player'] as const;
export type WowyView = (typeof WOWY_VIEWS)[number];

/** What a matrix cell shows: one state of (row, column), or together minus the row player alone. */
export const WOWY_MATRIX_MODES = [
  { value: 'both', label: 'Together' },
  { value: 'a_only', label: 'Row without column' },
  { value: 'neither', label: 'Neither' },
  { value: 'diff', label: 'Together − row alone' },
] as const;
export type WowyMatrixMode = (typeof WOWY_MATRIX_MODES)[number]['value'];

/** The number a view colours and sorts by: net rating, or the side's rating. */
export const WOWY_METRICS = [
  { value: 'net', label: 'Net rating' },
  { value: 'rating', label: 'Side rating' },
] as const;
export type WowyMetric = (typeof WOWY_METRICS)[number]['value'];

export interface WowyViewState {
  n: number;
  view: WowyView;
  mode: WowyMatrixMode;
  metric: WowyMetric;
  fourFactors: boolean;
  /** small-sample threshold (possessions on the shown side) */
  small: number;
  /** the player of the "player" view */
  player: number | null;
  /** the list's sort: a column id, and its direction */
  sort: string | null;
  dir: 'asc' | 'desc';
}

export const DEFAULT_WOWY_VIEW: WowyViewState = {
  n: WOWY_N.default,
  view: 'matrix',
  mode: 'both',
  metric: 'net',
  fourFactors: false,
  small: WOWY_SMALL_SAMPLE.default,
  player: null,
  sort: null,
  dir: 'desc',
};

/** The URL keys of the view state (beside the filters and side the stats app keeps). */
export const WOWY_URL_KEYS = ['n', 'wview', 'wmode', 'wmetric', 'ff', 'small', 'wplayer', 'wsort', 'wdir'] as const;

const intIn = (s: string | null, min: number, max: number): number | null => {
  if (s === null || !/^\d{1,10}$/.test(s)) return null;
  const v = Number(s);
  return v >= min && v <= max ? v : null;
};
const oneOf = <T extends string>(s: string | null, options: readonly T[]): T | null =>
  s !== null && (options as readonly string[]).includes(s) ? (s as T) : null;

/** The view state of a query string; a value out of place falls back to its default (spec section 5: ignored). */
export function parseWowyView(search: string): WowyViewState {
  const p = new URLSearchParams(search);
  const d = DEFAULT_WOWY_VIEW;
  const small = intIn(p.get('small'), 0, 100000);
  return {
    n: intIn(p.get('n'), WOWY_N.min, WOWY_N.max) ?? d.n,
    view: oneOf(p.get('wview'), WOWY_VIEWS) ?? d.view,
    mode:
      oneOf(
        p.get('wmode'),
        WOWY_MATRIX_MODES.map((m) => m.value),
      ) ?? d.mode,
    metric:
      oneOf(
        p.get('wmetric'),
        WOWY_METRICS.map((m) => m.value),
      ) ?? d.metric,
    fourFactors: p.get('ff') === '1',
    small: small ?? d.small,
    player: intIn(p.get('wplayer'), 1, 9999999999),
    sort: /^[a-z0-9_]{1,40}$/.test(p.get('wsort') ?? '') ? p.get('wsort') : null,
    dir: p.get('wdir') === 'asc' ? 'asc' : 'desc',
  };
}

/** `params` with the view state written in (defaults left out), every other key kept. */
export function writeWowyView(params: URLSearchParams, v: WowyViewState): URLSearchParams {
  for (const k of WOWY_URL_KEYS) params.delete(k);
  const d = DEFAULT_WOWY_VIEW;
  if (v.n !== d.n) params.set('n', String(v.n));
  if (v.view !== d.view) params.set('wview', v.view);
  if (v.mode !== d.mode) params.set('wmode', v.mode);
  if (v.metric !== d.metric) params.set('wmetric', v.metric);
  if (v.fourFactors) params.set('ff', '1');
  if (v.small !== d.small) params.set('small', String(v.small));
  if (v.player !== null) params.set('wplayer', String(v.player));
  if (v.sort) {
    params.set('wsort', v.sort);
    if (v.dir !== 'desc') params.set('wdir', v.dir);
  }
  return params;
}

/** Keep the view state of the previous query string in a rebuilt one (the stats app rebuilds its URL from its stores). */
export function keepWowyView(params: URLSearchParams, previousSearch: string): URLSearchParams {
  return writeWowyView(params, parseWowyView(previousSearch));
}
