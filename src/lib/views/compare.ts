/**
 * Compare players: the page's URL state and the rules that do not need the server.
 *
 * URL (/stats/compare, a permalink of everything on screen):
 *   p          repeated, 1 to MAX_COMPARED: `{player id}:{season}` or `{player id}:{first season}_{last season}`,
 *              seasons as 2022-23 or 2022 (e.g. `p=2544:2012-13&p=201939:2015-16_2016-17`); without seasons,
 *              the player's own latest season (the server fills it in)
 *   side       offense | defense: which of the players table's sets are offered (compareSetDefinitions)
 *   metricSet  the set's clientQueryParam (as on /stats/players)
 *   every filter of the players table by its query key (src/lib/params/queryState.ts), except `season`: each player
 *   has his own seasons (COMPARE_FILTERS); a value the filter cannot read is a 400 naming its key
 * The API form (/api/compare, /api/v1/compare) takes `player` instead of `p`, the same `{id}:{seasons}` values,
 * with the filters by their api keys as /api/data does.
 */
import { FILTERS, SEASONS, seasonLabel, type FilterName } from '../filters/filterDefinitions';
import { filterDef, keepOnly, relevantFilters, type FilterValues } from '../filters/filterValues';
import { viewQuery } from '../params/queryState';
import { betterOf, type Better } from '../tables/columnMeta';
import { columnsOf, metricSetDefinitions, onOffParts, type MetricSetDefinition } from '../tables/metricSets';
import type { Side } from '../site/pageKinds';

export const MAX_COMPARED = 4;
export const COMPARE_PLAYER_KEY = 'p';

/**
 * The filters of a comparison: the players table's, except Season. Each compared player has his own seasons
 * (his card's From/To), so the page's filter bar offers no Season and the URL's `season` is never read.
 */
export const COMPARE_FILTERS: readonly FilterName[] = relevantFilters('Players').filter((n) => n !== 'Season');

/** One compared player: his id and his seasons (start years, first to last). */
export interface ComparedPlayer {
  playerId: number;
  /** first and last season (start year); null: his latest season */
  span: readonly [number, number] | null;
}

// The first and last seasons the database holds, read at each parse (src/lib/league/seasons.ts); a span may cover seasons between.
const FIRST = () => SEASONS[0]!;
const LAST = () => SEASONS.at(-1)!;

/** A season written 2022-23 or 2022: its start year, or null. */
function seasonOf(text: string): number | null {
  const m = /^(\d{4})(?:-(\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const start = Number(m[1]);
  if (m[2] !== undefined && (start + 1) % 100 !== Number(m[2])) return null;
  return start >= FIRST() && start <= LAST() ? start : null;
}

/** `{id}` or `{id}:{season}` or `{id}:{from}_{to}` -> a compared player, or an error message. */
export function parseComparedPlayer(value: string): ComparedPlayer | string {
  const [idText, seasons, ...rest] = value.split(':');
  if (rest.length > 0 || !/^\d{1,10}$/.test(idText ?? '')) return `"${value}" is not {player id}:{season} (e.g. 2544:2012-13)`;
  const playerId = Number(idText);
  if (seasons === undefined || seasons === '') return { playerId, span: null };
  const parts = seasons.split('_');
  const years = parts.map(seasonOf);
  if (parts.length > 2 || years.some((y) => y === null)) {
    return `"${seasons}" is not a season or a span of seasons from ${seasonLabel(FIRST())} to ${seasonLabel(LAST())} (e.g. 2012-13 or 2010-11_2012-13)`;
  }
  const [a, b = a] = years as number[];
  return { playerId, span: [Math.min(a!, b!), Math.max(a!, b!)] };
}

/** The URL value of a compared player: `2544:2012-13` or `2544:2010-11_2012-13`. */
export function comparedPlayerValue(p: ComparedPlayer): string {
  if (!p.span) return String(p.playerId);
  const [a, b] = p.span;
  return `${p.playerId}:${a === b ? seasonLabel(a) : `${seasonLabel(a)}_${seasonLabel(b)}`}`;
}

/** The seasons of a span, first to last. */
/** The seasons of a span the database holds (a span may cover seasons it lacks: 2012-13_2022-23 on a two-season file). */
export const seasonsOfSpan = ([a, b]: readonly [number, number]): number[] => SEASONS.filter((s) => s >= a && s <= b);

/** "2012-13" or "2010-11 to 2012-13". */
export const spanLabel = ([a, b]: readonly [number, number]): string => (a === b ? seasonLabel(a) : `${seasonLabel(a)} to ${seasonLabel(b)}`);

/**
 * The sets the comparison offers on a side: the players table's sets (metricSetDefinitions('Players')), split
 * by what they describe. Defense: Defense and Rebounding (his blocks, steals, fouls and boards) and the
 * opponent's shooting with him on and off the floor (the Opponent on/off set). Offense: every other set.
 */
export function compareSetDefinitions(side: Side): MetricSetDefinition[] {
  const isDefense = (d: MetricSetDefinition) => d.group === 'Opponent' || d.base === 'DefenseAndRebounding';
  return metricSetDefinitions('Players').filter((d) => (side === 'defense') === isDefense(d));
}

/** One line of the comparison: a row field of the set (a column, or an on/off part of one). */
export interface CompareLine {
  field: string;
  label: string;
  format: string;
  definition: string;
  /** which way is good; 'style' for columns that describe style (no best is marked) */
  better: Better;
}

const PART_LABELS = { on: 'on court', off: 'off court', diff: 'on − off' } as const;

/** The lines of a set, in the table's column order. */
export function compareLines(def: MetricSetDefinition): CompareLine[] {
  return columnsOf(def).flatMap((c) => {
    const better = betterOf(c.key, def.group);
    if (def.layout !== 'onoff') return [{ field: c.key, label: c.label, format: c.format, definition: c.definition, better }];
    return onOffParts(c).map((part) => ({
      field: `${c.key}_${part}`,
      label: `${c.label} ${PART_LABELS[part]}`,
      format: c.format,
      definition: c.definition,
      // a count (possessions) has no better; "off court" is the team without him: not his to be best at
      better: part === 'off' || (c.format !== 'rate' && c.format !== 'percent') ? ('style' as Better) : better,
    }));
  });
}

/**
 * The indexes of the best value of a line among the compared players (every one tied for best), or none when
 * the line has no better direction, fewer than two players have a value, or all values are equal.
 */
export function bestOf(values: readonly (number | null | undefined)[], better: Better): number[] {
  if (better !== 'higher' && better !== 'lower') return [];
  const present = values.map((v, i) => ({ v, i })).filter((x): x is { v: number; i: number } => typeof x.v === 'number' && Number.isFinite(x.v));
  if (present.length < 2) return [];
  const target = better === 'higher' ? Math.max(...present.map((x) => x.v)) : Math.min(...present.map((x) => x.v));
  if (present.every((x) => x.v === target)) return [];
  return present.filter((x) => x.v === target).map((x) => x.i);
}

/** Keys of the page's one-shot actions (GET forms): answered with a redirect to the permalink, never kept in it. */
export const COMPARE_ACTION_KEYS = ['add', 'edit', 'from', 'to'] as const;

/**
 * A permalink of the comparison: the players (in order), then the page's other keys as they are (filters by
 * their query keys, side, metric set) with `changes` applied (null removes a key). `season` and the action keys
 * are dropped: each player carries his own seasons.
 */
export function compareHref(params: URLSearchParams, players: readonly ComparedPlayer[], changes: Record<string, string | null> = {}): string {
  const out = new URLSearchParams();
  for (const p of players) out.append(COMPARE_PLAYER_KEY, comparedPlayerValue(p));
  const drop = new Set<string>([COMPARE_PLAYER_KEY, 'season', ...COMPARE_ACTION_KEYS, ...Object.keys(changes)]);
  for (const [k, v] of params) if (!drop.has(k)) out.append(k, v);
  for (const [k, v] of Object.entries(changes)) if (v !== null) out.set(k, v);
  const s = out.toString();
  return `/stats/compare${s ? `?${s}` : ''}`;
}

/**
 * The comparison a player page links to: that player over the page's seasons (the Season filter's first to
 * last; his latest season without one), with the page's other filters.
 */
export function compareFromPlayerPage(playerId: number | string, search: string): string {
  const params = new URLSearchParams(search);
  const seasons = params
    .getAll('season')
    .flatMap((v) => v.split(','))
    .map((v) => parseComparedPlayer(`0:${v.trim()}`))
    .flatMap((p) => (typeof p === 'string' || !p.span ? [] : [p.span[0]]));
  const span: [number, number] | null = seasons.length ? [Math.min(...seasons), Math.max(...seasons)] : null;
  // Only the page's filters come along: its set and side are not the comparison's, its other keys (career
  // mode, similar players' filters...) are its own.
  const filterKeys = new Set(FILTERS.map((f) => f.queryKey));
  const kept = new URLSearchParams([...params].filter(([k]) => filterKeys.has(k)));
  return compareHref(kept, [{ playerId: Number(playerId), span }]);
}

/**
 * The permalink after the filter bar's Apply (or Reset) on the compare page: the URL's players, side and metric
 * set as they are, its filter keys replaced by `applied` (non-default filters only, as every stats page writes
 * them). A user without the Stats plan cannot set a gated filter (the bar locks them): the URL's gated keys stay
 * as they were, so a shared link's paid filters still show locked.
 */
export function compareFiltersHref(search: string, applied: FilterValues, opts: { authenticated: boolean }): string {
  const params = new URLSearchParams(search);
  const replaced = COMPARE_FILTERS.filter((n) => opts.authenticated || !filterDef(n).requiresAuth);
  for (const n of replaced) params.delete(filterDef(n).queryKey);
  for (const [k, v] of viewQuery({ filters: keepOnly(applied, replaced), side: null, metricSet: null })) params.append(k, v);
  const players = params.getAll(COMPARE_PLAYER_KEY).flatMap((v) => {
    const p = parseComparedPlayer(v);
    return typeof p === 'string' ? [] : [p];
  });
  return compareHref(params, players);
}
