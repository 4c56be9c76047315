/**
 * The two-man with/without matrix of a team (the "With/Without" tab, /stats/team/wowy/{abbr}):
 * the query of GET /api/team_wowy, the shape of its answer, and the view state the page keeps in its URL.
 * Isomorphic: the route parses with it, the island builds its requests and reads its URL with it.
 *
 * Query (beside the filters and `side`, in /api/data's wire format: src/lib/params/apiParams.ts):
 *   team          the team's abbreviation (historical ones too), required
 *   n             how many players, the top n by minutes in the sample: 2..15, default 10
 *   four_factors  true: each state also carries the four factors of both sides
 *   format        json (default) | csv
 */
import '../params/zodSetup';
import { z } from 'zod';
import { booleanValue, intString, single } from '../params/apiParamValues';
import { FILTERS } from '../filters/filterDefinitions';
import { ParamError, parseDataQuery, type AppliedFilters, type RawQuery, type Side } from '../params/apiParams';
import { teamByAbbr } from '../league/franchises';
import { REGISTRY } from '../tables/columnRegistry';
import { WOWY_N, type WowyMatrixMode, type WowyMetric } from './wowyView';

// The view state the page keeps in its URL, in a module of its own without zod (the stats app reads it at first load).
export * from './wowyView';

export interface WowyQuery {
  /** current abbreviation */
  team: string;
  /** league team id */
  teamId: number;
  n: number;
  fourFactors: boolean;
  side: Side;
  filters: AppliedFilters;
}

/** The keys of /api/team_wowy besides the filters and side (zod, every key described for the API docs). */
export const wowyKeysSchema = z
  .object({
    team: single(z.string().regex(/^[A-Za-z]{2,4}$/, 'must be a team abbreviation')).describe('The team (its abbreviation, e.g. BOS).'),
    n: single(intString(WOWY_N.min, WOWY_N.max))
      .optional()
      .describe(`How many players: the team's top n by minutes on court in the sample, ${WOWY_N.min} to ${WOWY_N.max} (default ${WOWY_N.default}).`),
    four_factors: single(booleanValue).optional().describe('true: every state also carries the four factors of the team and of its opponents.'),
  })
  .describe('GET /api/team_wowy query');

/** The filter and side keys of the data query: the only ones passed on to its parser. */
const FILTER_KEYS: ReadonlySet<string> = new Set([
  'side',
  ...FILTERS.flatMap((f) => (f.type === 'range' ? [`${f.apiKey}_low`, `${f.apiKey}_high`] : [f.apiKey])),
]);

/**
 * Parse a /api/team_wowy query: its own keys with wowyKeysSchema, the filters and side with /api/data's parser
 * (the one filter model: the same keys, values, normalisation and 400s). Throws ParamError naming the key.
 */
export function parseWowyQuery(raw: RawQuery): WowyQuery {
  const result = wowyKeysSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const param = String(issue.path[0] ?? 'query');
    throw new ParamError(param, issue.code === 'invalid_type' && raw[param] === undefined ? 'is required' : issue.message);
  }
  const team = teamByAbbr(result.data.team);
  if (!team) throw new ParamError('team', 'is not a team abbreviation');
  const filterRaw: RawQuery = Object.create(null) as RawQuery;
  for (const key of Object.keys(raw)) if (FILTER_KEYS.has(key)) filterRaw[key] = raw[key]!;
  // The team's own page kind with a side: its filters and side mean what they mean on the team's On/Off tab.
  const data = parseDataQuery({ ...filterRaw, page: ['TeamOnOff'], entity: [team.abbr] });
  return {
    team: team.abbr,
    teamId: team.teamId,
    n: result.data.n ?? WOWY_N.default,
    fourFactors: result.data.four_factors ?? false,
    side: data.side,
    filters: data.filters,
  };
}

/** A stable string for a parsed query (the answer cache's key). The side is left out: the answer carries both. */
export function wowyQueryKey(q: WowyQuery): string {
  return JSON.stringify([q.teamId, q.n, q.fourFactors, q.filters]);
}

/** The four factors of one side of a state (percentages 0-100). */
export interface WowyFactors {
  efg_pct: number | null;
  tov_pct: number | null;
  orb_pct: number | null;
  ft_rate: number | null;
}

/** The team's numbers over one state (both on, one without the other, both off), both sides. */
export interface WowyCell {
  /** the team's offensive possessions in the state */
  off_poss: number;
  /** its defensive possessions */
  def_poss: number;
  /** minutes played in the state (possession time, both sides) */
  minutes: number;
  pts_for: number;
  pts_against: number;
  /** points per 100 offensive possessions */
  ortg: number | null;
  /** opponents' points per 100 defensive possessions */
  drtg: number | null;
  /** ortg - drtg */
  net: number | null;
  /** with four_factors: the team's four factors (offense) and its opponents' (defense) */
  off?: WowyFactors;
  def?: WowyFactors;
}

export const WOWY_STATE_LABELS = {
  both: 'Both on',
  a_only: 'A without B',
  b_only: 'B without A',
  neither: 'Both off',
} as const;
export type WowyStateName = keyof typeof WOWY_STATE_LABELS;

export interface WowyPlayer {
  player_id: number;
  name: string;
  /** minutes on court in the sample */
  minutes: number;
  /** 0-based rank by minutes */
  rank: number;
}

/** One pair, a ranked above b (more minutes). A pair of a player with himself holds his on (both) and off (neither). */
export interface WowyPair {
  a: number;
  b: number;
  both: WowyCell;
  a_only: WowyCell;
  b_only: WowyCell;
  neither: WowyCell;
}

export interface WowyAnswer {
  team: string;
  n: number;
  four_factors: boolean;
  /** the top n by minutes (fewer when fewer played), most minutes first */
  players: WowyPlayer[];
  /** the team over every possession of the sample */
  team_total: WowyCell;
  /** every pair of players, a's rank <= b's; (a, a) included */
  pairs: WowyPair[];
  /** why the answer is empty when it is by design */
  note?: string;
}

/** The numbers of the state of (row player, column player) in the matrix, whichever order the pair is stored in. */
export function cellOf(pairs: ReadonlyMap<string, WowyPair>, row: number, col: number, state: WowyStateName): WowyCell | undefined {
  const direct = pairs.get(`${row}|${col}`);
  if (direct) return direct[state];
  const flipped = pairs.get(`${col}|${row}`);
  if (!flipped) return undefined;
  const swap: Record<WowyStateName, WowyStateName> = { both: 'both', a_only: 'b_only', b_only: 'a_only', neither: 'neither' };
  return flipped[swap[state]];
}

/** Pairs by `${a}|${b}`. */
export function pairIndex(answer: Pick<WowyAnswer, 'pairs'>): Map<string, WowyPair> {
  return new Map(answer.pairs.map((p) => [`${p.a}|${p.b}`, p]));
}

// ---- What the views show (the island and its tests) ----

/** The possessions a state counts on the shown side (the small-sample test reads these). */
export const possOn = (c: WowyCell | undefined, side: Side): number => (c ? (side === 'offense' ? c.off_poss : c.def_poss) : 0);

/**
 * The possessions behind a state's number: a side's rating counts that side's; net rating counts both ends, so its
 * sample is the smaller of the two (the same whichever side is selected).
 */
export const possFor = (c: WowyCell | undefined, metric: WowyMetric, side: Side): number =>
  metric === 'net' ? Math.min(possOn(c, 'offense'), possOn(c, 'defense')) : possOn(c, side);

/** Whether a view of the matrix depends on the side: not the matrix of net ratings (the page hides the toggle). */
export const wowyViewUsesSide = (view: { view: string; metric: WowyMetric }): boolean => !(view.view === 'matrix' && view.metric === 'net');

/** The number a view shows for a state: net rating, or the side's rating (offensive on offense, defensive on defense). */
export function metricOf(c: WowyCell | undefined, metric: WowyMetric, side: Side): number | null {
  if (!c) return null;
  if (metric === 'net') return c.net;
  return side === 'offense' ? c.ortg : c.drtg;
}

/** A matrix cell: its number, and the possessions behind it (the smaller of the two states of a difference). */
export interface MatrixValue {
  value: number | null;
  poss: number;
}

/**
 * The matrix cell (row, col) in a mode. On the diagonal, Together is the player's on-court number and Neither his
 * off-court one; the two other modes have nothing there.
 */
export function matrixValue(pairs: ReadonlyMap<string, WowyPair>, row: number, col: number, mode: WowyMatrixMode, metric: WowyMetric, side: Side): MatrixValue {
  if (row === col && (mode === 'a_only' || mode === 'diff')) return { value: null, poss: 0 };
  if (mode === 'diff') {
    const together = cellOf(pairs, row, col, 'both');
    const alone = cellOf(pairs, row, col, 'a_only');
    const a = metricOf(together, metric, side);
    const b = metricOf(alone, metric, side);
    return { value: a === null || b === null ? null : a - b, poss: Math.min(possFor(together, metric, side), possFor(alone, metric, side)) };
  }
  const c = cellOf(pairs, row, col, mode);
  return { value: metricOf(c, metric, side), poss: possFor(c, metric, side) };
}

/**
 * How good a number is, -1 (worst) .. 1 (best), for the diverging colour scale: net rating and differences
 * around 0 (full colour at ±15 per 100), a side rating around the team's own (±10); a defensive rating is
 * better lower.
 */
export function goodness(value: number | null, o: { metric: WowyMetric; mode: WowyMatrixMode; side: Side; teamRating: number | null }): number | null {
  if (value === null) return null;
  const lowerIsBetter = o.metric === 'rating' && o.side === 'defense';
  const centre = o.metric === 'rating' && o.mode !== 'diff' ? (o.teamRating ?? value) : 0;
  const span = o.metric === 'net' || o.mode === 'diff' ? 15 : 10;
  const t = Math.max(-1, Math.min(1, (value - centre) / span));
  return lowerIsBetter ? -t : t;
}

/** One line of the list view: a pair of different players and the four states' numbers. */
export interface WowyListRow {
  a: WowyPlayer;
  b: WowyPlayer;
  cells: Record<WowyStateName, WowyCell>;
}

/** The list view's lines: every pair of different players, a ranked above b. */
export function listRows(answer: Pick<WowyAnswer, 'players' | 'pairs'>): WowyListRow[] {
  const index = pairIndex(answer);
  const rows: WowyListRow[] = [];
  for (const a of answer.players) {
    for (const b of answer.players) {
      if (b.rank <= a.rank) continue;
      const p = index.get(`${a.player_id}|${b.player_id}`);
      if (p) rows.push({ a, b, cells: { both: p.both, a_only: p.a_only, b_only: p.b_only, neither: p.neither } });
    }
  }
  return rows;
}

/** The four factors' keys and labels (the column registry's). */
export const WOWY_FACTORS = (['efg_pct', 'tov_pct', 'orb_pct', 'ft_rate'] as const satisfies readonly (keyof WowyFactors)[]).map((key) => ({
  key,
  label: REGISTRY[key].label,
}));

/** The numbers of a state a list column reads, by column part: poss, rating (the side's), net, or a factor. */
export function statePart(c: WowyCell, part: string, side: Side): number | null {
  if (part === 'poss') return possOn(c, side);
  if (part === 'rating') return side === 'offense' ? c.ortg : c.drtg;
  if (part === 'net') return c.net;
  const f = side === 'offense' ? c.off : c.def;
  return f ? (f[part as keyof WowyFactors] ?? null) : null;
}
