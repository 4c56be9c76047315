/**
 * The finder's query (GET /api/finder, /api/v1/finder and the page /stats/finder share it; the page's URL is the
 * permalink): what to find, the conditions the rows must meet, the filters of the filter model (src/lib/filters/filterDefinitions.ts,
 * by their API keys) under which every number is counted, and how the rows are sorted and paged.
 *
 *   /stats/finder?mode=player_games&cond=pts:ge:30&cond=ast:ge:10&season=2012&season=2022&sort=pts&dir=desc&page=1
 *
 * Keys (anything else is a filter of the filter model by its API key, or ignored):
 * - mode: player_games (default) | team_games | player_seasons | team_seasons | streaks | spans;
 * - of: player (default) | team, whose streaks or spans (the other modes name it);
 * - cond: a condition `stat:op:value`, repeated (at most 12, all must hold): stat a key of FINDER_STATS, op ge (>=),
 *   le (<=) or eq (=), value a number (minutes for min, 0-100 for a percentage). `cond=pts:ge:30` (not `c`: that is the lineup filter of the C slot);
 * - span: games in a span (spans mode, 2-82, default 10); span_stat: the stat a span is ranked by (default pts);
 *   in spans mode the conditions hold over the span (cond=fga:ge:200: at least 200 FGA in the span);
 * - per: total (default) | game: season and span rows count totals, or per-game averages (conditions too);
 * - player: a player id, team: a team abbreviation: only that player's or team's rows (a team's players);
 * - sort: a stat key, or date (game modes), games (season modes), length (streaks); default: streaks by length,
 *   spans by span_stat, others by the first condition's stat (pts without one); dir: desc (default) | asc;
 * - page (1-based), page_size (1-200, default 50); format=csv: every matching row (at most FINDER_CSV_MAX) as CSV.
 *
 * Unlike the stats pages, the finder counts whole games by default (is_garbage_time=false: the box score);
 * `is_garbage_time=true` leaves garbage time out as elsewhere. A bad key is a ParamError naming it (400).
 */
import { appliedFilterQuery, ParamError, parseDataQuery, type AppliedFilters, type RawQuery } from '../params/apiParams';
import { FILTERS } from '../filters/filterDefinitions';
import { teamByAbbr, teamByTeamId } from '../league/franchises';

export const FINDER_MODES = ['player_games', 'team_games', 'player_seasons', 'team_seasons', 'streaks', 'spans'] as const;
export type FinderMode = (typeof FINDER_MODES)[number];
export const FINDER_MODE_LABELS: Record<FinderMode, string> = {
  player_games: 'Player games',
  team_games: 'Team games',
  player_seasons: 'Player seasons',
  team_seasons: 'Team seasons',
  streaks: 'Streaks',
  spans: 'Spans',
};

/**
 * The stats a condition, a sort or a column may name. kind: count (a non-negative total), minutes, signed (+/-,
 * net rating), pct (a percentage, 0 to `max`).
 */
export const FINDER_STATS = {
  pts: { label: 'PTS', name: 'Points', kind: 'count' },
  reb: { label: 'REB', name: 'Rebounds', kind: 'count' },
  oreb: { label: 'ORB', name: 'Offensive rebounds', kind: 'count' },
  dreb: { label: 'DRB', name: 'Defensive rebounds', kind: 'count' },
  ast: { label: 'AST', name: 'Assists', kind: 'count' },
  stl: { label: 'STL', name: 'Steals', kind: 'count' },
  blk: { label: 'BLK', name: 'Blocks', kind: 'count' },
  tov: { label: 'TOV', name: 'Turnovers', kind: 'count' },
  pf: { label: 'PF', name: 'Personal fouls', kind: 'count' },
  fgm: { label: 'FGM', name: 'Field goals made', kind: 'count' },
  fga: { label: 'FGA', name: 'Field goals attempted', kind: 'count' },
  fg3m: { label: '3PM', name: 'Threes made', kind: 'count' },
  fg3a: { label: '3PA', name: 'Threes attempted', kind: 'count' },
  ftm: { label: 'FTM', name: 'Free throws made', kind: 'count' },
  fta: { label: 'FTA', name: 'Free throws attempted', kind: 'count' },
  min: { label: 'MIN', name: 'Minutes', kind: 'minutes' },
  plus_minus: { label: '+/-', name: 'Plus/minus', kind: 'signed' },
  ts_pct: { label: 'TS%', name: 'True shooting %', kind: 'pct', max: 150 },
  efg_pct: { label: 'eFG%', name: 'Effective FG %', kind: 'pct', max: 150 },
  usg_pct: { label: 'USG%', name: 'Usage %', kind: 'pct', max: 100 },
  net_rtg: { label: 'NET', name: 'On-court net rating', kind: 'signed' },
} as const satisfies Record<string, { label: string; name: string; kind: 'count' | 'minutes' | 'signed' | 'pct'; max?: number }>;
export type FinderStat = keyof typeof FINDER_STATS;
export const FINDER_STAT_KEYS = Object.keys(FINDER_STATS) as FinderStat[];
export const isFinderStat = (s: string): s is FinderStat => Object.hasOwn(FINDER_STATS, s);

export const FINDER_OPS = { ge: '>=', le: '<=', eq: '=' } as const;
export type FinderOp = keyof typeof FINDER_OPS;

export interface FinderCondition {
  stat: FinderStat;
  op: FinderOp;
  value: number;
}

export type FinderSort = FinderStat | 'date' | 'games' | 'length';

export interface FinderQuery {
  mode: FinderMode;
  /** whose rows: a player's or a team's (fixed by the mode but for streaks and spans) */
  of: 'player' | 'team';
  conditions: FinderCondition[];
  filters: AppliedFilters;
  /** only this player's rows (a player id) */
  player: number | null;
  /** only this team's rows, or its players' (league team id) */
  team: number | null;
  span: number;
  spanStat: FinderStat;
  per: 'total' | 'game';
  sort: FinderSort;
  dir: 'desc' | 'asc';
  page: number;
  pageSize: number;
}

export const FINDER_MAX_CONDITIONS = 12;
export const FINDER_PAGE_SIZE = 50;
export const FINDER_MAX_PAGE_SIZE = 200;
export const FINDER_CSV_MAX = 10_000;
export const FINDER_DEFAULT_SPAN = 10;
const MAX_SPAN = 82;
/** A condition's value beyond this (either way) is refused: no total of twenty seasons comes near it. */
const MAX_VALUE = 1_000_000;
const MAX_PAGE = 100_000;

/** Which entity a mode's rows are about. */
export function entityOfMode(mode: FinderMode, of: 'player' | 'team'): 'player' | 'team' {
  if (mode === 'player_games' || mode === 'player_seasons') return 'player';
  if (mode === 'team_games' || mode === 'team_seasons') return 'team';
  return of;
}

export const isGameMode = (m: FinderMode) => m === 'player_games' || m === 'team_games';
export const isSeasonMode = (m: FinderMode) => m === 'player_seasons' || m === 'team_seasons';

/** The sort keys a mode accepts besides the stats. */
export function sortKeysOf(mode: FinderMode): FinderSort[] {
  const extra: FinderSort[] = isGameMode(mode) ? ['date'] : isSeasonMode(mode) ? ['games'] : mode === 'streaks' ? ['length'] : [];
  return [...extra, ...FINDER_STAT_KEYS];
}

function one(raw: RawQuery, key: string): string | undefined {
  const values = raw[key];
  if (!values || values.length === 0) return undefined;
  if (values.length > 1) throw new ParamError(key, 'give it once');
  return values[0];
}

function intIn(raw: RawQuery, key: string, lo: number, hi: number, fallback: number): number {
  const v = one(raw, key);
  if (v === undefined) return fallback;
  if (!/^\d{1,7}$/.test(v) || Number(v) < lo || Number(v) > hi) throw new ParamError(key, `must be a whole number from ${lo} to ${hi}`);
  return Number(v);
}

function choice<T extends string>(raw: RawQuery, key: string, options: readonly T[], fallback: T): T {
  const v = one(raw, key);
  if (v === undefined) return fallback;
  if (!(options as readonly string[]).includes(v)) throw new ParamError(key, `must be one of ${options.join(', ')}`);
  return v as T;
}

const NUMBER = /^-?\d{1,7}(\.\d{1,3})?$/;

/** One `c` value: `pts:ge:30`. */
function parseCondition(text: string, i: number): FinderCondition {
  const where = `condition ${i + 1} (${text.slice(0, 40)})`;
  const parts = text.split(':');
  if (parts.length !== 3) throw new ParamError('cond', `${where} must be stat:op:value, e.g. pts:ge:30`);
  const [stat, op, value] = parts.map((p) => p.trim().toLowerCase()) as [string, string, string];
  if (!isFinderStat(stat)) throw new ParamError('cond', `${where}: unknown stat "${stat.slice(0, 20)}"; the stats are ${FINDER_STAT_KEYS.join(', ')}`);
  if (!Object.hasOwn(FINDER_OPS, op)) throw new ParamError('cond', `${where}: the comparison must be ge (>=), le (<=) or eq (=)`);
  if (!NUMBER.test(value) || Math.abs(Number(value)) > MAX_VALUE)
    throw new ParamError('cond', `${where}: the value must be a number (at most 3 decimals, within ${MAX_VALUE})`);
  return { stat, op: op as FinderOp, value: Number(value) };
}

/** The interval a stat can take at all: counts and minutes are never negative, percentages stay within 0..max. */
function domainOf(stat: FinderStat): [number, number] {
  const s = FINDER_STATS[stat] as { kind: string; max?: number };
  if (s.kind === 'pct') return [0, s.max ?? 100];
  if (s.kind === 'signed') return [-Infinity, Infinity];
  return [0, Infinity];
}

/**
 * Conditions no row can meet are refused (400 naming `cond`): a bound outside the stat's domain (`pts:le:-1`,
 * `usg_pct:ge:101`), or bounds of one stat that exclude each other (`pts:ge:30` with `pts:le:20`).
 */
function checkPossible(conditions: readonly FinderCondition[]): void {
  for (const stat of new Set(conditions.map((c) => c.stat))) {
    const own = conditions.filter((x) => x.stat === stat);
    const said = (list: readonly FinderCondition[]) => list.map(conditionLabel).join(' and ');
    let lo = -Infinity;
    let hi = Infinity;
    for (const c of own) {
      if (c.op !== 'le') lo = Math.max(lo, c.value);
      if (c.op !== 'ge') hi = Math.min(hi, c.value);
    }
    if (lo > hi) throw new ParamError('cond', `impossible range: no row has ${said(own)}`);
    const [dlo, dhi] = domainOf(stat);
    if (hi < dlo || lo > dhi) {
      const domain = dhi === Infinity ? 'it is never negative' : `it lies from ${dlo} to ${dhi}`;
      throw new ParamError('cond', `impossible range: no row has ${said(own)} (${FINDER_STATS[stat].label}: ${domain})`);
    }
  }
}

/**
 * Parse and normalise a finder query (the raw query of the URL). Throws ParamError naming the first bad key.
 * The filters are read by the stats API's parser (apiParams.ts parseDataQuery) from their API keys alone.
 */
export function parseFinderQuery(raw: RawQuery): FinderQuery {
  const mode = choice(raw, 'mode', FINDER_MODES, 'player_games');
  const of = choice(raw, 'of', ['player', 'team'] as const, 'player');
  const texts = raw.cond ?? [];
  if (texts.length > FINDER_MAX_CONDITIONS) throw new ParamError('cond', `at most ${FINDER_MAX_CONDITIONS} conditions (${texts.length} given)`);
  const conditions = texts.map(parseCondition);
  checkPossible(conditions);
  if (mode === 'streaks' && conditions.length === 0) throw new ParamError('cond', 'a streak needs at least one condition, e.g. cond=pts:ge:30');

  const filterRaw: RawQuery = { page: ['Players'] };
  for (const f of FILTERS) {
    for (const key of f.type === 'range' ? [`${f.apiKey}_low`, `${f.apiKey}_high`] : [f.apiKey]) {
      if (raw[key]) filterRaw[key] = raw[key]!;
    }
  }
  // Whole games by default (the box score), unlike the stats pages.
  filterRaw.is_garbage_time ??= ['false'];
  const { filters } = parseDataQuery(filterRaw);

  const playerText = one(raw, 'player');
  if (playerText !== undefined && !/^[1-9]\d{0,9}$/.test(playerText)) throw new ParamError('player', 'must be a player id (digits)');
  const teamText = one(raw, 'team');
  const team = teamText === undefined ? null : teamByAbbr(teamText);
  if (team === undefined) throw new ParamError('team', 'is not a team abbreviation');

  const span = intIn(raw, 'span', 2, MAX_SPAN, FINDER_DEFAULT_SPAN);
  const spanStat = choice(raw, 'span_stat', FINDER_STAT_KEYS, conditions[0]?.stat ?? 'pts');
  const per = choice(raw, 'per', ['total', 'game'] as const, 'total');
  const defaultSort: FinderSort = mode === 'streaks' ? 'length' : mode === 'spans' ? spanStat : (conditions[0]?.stat ?? 'pts');
  const sort = choice(raw, 'sort', sortKeysOf(mode), defaultSort);
  const dir = choice(raw, 'dir', ['desc', 'asc'] as const, 'desc');
  const page = intIn(raw, 'page', 1, MAX_PAGE, 1);
  const pageSize = intIn(raw, 'page_size', 1, FINDER_MAX_PAGE_SIZE, FINDER_PAGE_SIZE);
  return {
    mode,
    of: entityOfMode(mode, of),
    conditions,
    filters,
    player: playerText === undefined ? null : Number(playerText),
    team: team ? team.teamId : null,
    span,
    spanStat,
    per,
    sort,
    dir,
    page,
    pageSize,
  };
}

/**
 * The query as a canonical query string (no leading ?): the permalink's and the cache's. Keys at their default
 * are left out, except the season, season type and garbage-time filters (always said, as they always apply).
 * parseFinderQuery(finderQueryString(q)) gives q again.
 */
export function finderQueryString(q: FinderQuery, o: { page?: number; sort?: FinderSort; dir?: 'desc' | 'asc' } = {}): string {
  const p = new URLSearchParams();
  p.set('mode', q.mode);
  if ((q.mode === 'streaks' || q.mode === 'spans') && q.of !== 'player') p.set('of', q.of);
  for (const c of q.conditions) p.append('cond', `${c.stat}:${c.op}:${c.value}`);
  if (q.mode === 'spans') {
    p.set('span', String(q.span));
    p.set('span_stat', q.spanStat);
  }
  if (q.per !== 'total' && (isSeasonMode(q.mode) || q.mode === 'spans')) p.set('per', q.per);
  if (q.player !== null) p.set('player', String(q.player));
  if (q.team !== null) {
    const abbr = teamAbbrOf(q.team);
    if (abbr) p.set('team', abbr);
  }
  p.set('sort', o.sort ?? q.sort);
  p.set('dir', o.dir ?? q.dir);
  const page = o.page ?? q.page;
  if (page !== 1) p.set('page', String(page));
  if (q.pageSize !== FINDER_PAGE_SIZE) p.set('page_size', String(q.pageSize));
  for (const [key, values] of Object.entries(appliedFilterQuery(q.filters))) for (const v of values) p.append(key, v);
  return p.toString();
}

const teamAbbrOf = (teamId: number) => teamByTeamId(teamId)?.abbr ?? null;

/** A condition as people read it: `PTS >= 30`. */
export const conditionLabel = (c: FinderCondition) => `${FINDER_STATS[c.stat].label} ${FINDER_OPS[c.op]} ${c.value}`;

/**
 * The filters in a stats page's query form (src/lib/params/queryState.ts: page keys, a range as `low_high`), for the
 * finder's links to player, team and game pages, which keep the filters that apply there (linkContext.ts).
 * E.g. period 4 and score within 5: `period=4&scoreDifferential=-5_5`.
 */
export function filterPageQuery(f: AppliedFilters): URLSearchParams {
  const api = appliedFilterQuery(f);
  const out = new URLSearchParams();
  for (const def of FILTERS) {
    if (def.type === 'range') {
      const lo = api[`${def.apiKey}_low`]?.[0];
      const hi = api[`${def.apiKey}_high`]?.[0];
      if (lo !== undefined && hi !== undefined) out.set(def.queryKey, `${lo}_${hi}`);
    } else for (const v of api[def.apiKey] ?? []) out.append(def.queryKey, v);
  }
  return out;
}

/** The form's fields that are not the query's: a condition's parts and names typed for player filters. */
export const FORM_CONDITION_KEYS = { stat: 'cs', op: 'co', value: 'cv' } as const;
export const NAME_SUFFIX = '_name';

/**
 * The finder form's GET fields as the finder's query: each condition row (`cs`, `co`, `cv`, parallel lists) becomes
 * `cond=stat:op:value` when its stat and value are filled. Names typed for player filters (`player_name`,
 * `on_court_name` ...) are left for the server to resolve (`names`).
 */
export function formToQuery(form: URLSearchParams): { query: URLSearchParams; names: [string, string][] } | null {
  const { stat, op, value } = FORM_CONDITION_KEYS;
  const hasForm = form.has(stat) || [...form.keys()].some((k) => k.endsWith(NAME_SUFFIX));
  if (!hasForm) return null;
  const stats = form.getAll(stat);
  const ops = form.getAll(op);
  const values = form.getAll(value);
  const query = new URLSearchParams();
  const names: [string, string][] = [];
  for (const [k, v] of form) {
    if (k === stat || k === op || k === value || v.trim() === '') continue;
    if (k.endsWith(NAME_SUFFIX)) names.push([k.slice(0, -NAME_SUFFIX.length), v.trim()]);
    else query.append(k, v);
  }
  stats.forEach((s, i) => {
    const v = (values[i] ?? '').trim();
    if (s && v !== '') query.append('cond', `${s}:${ops[i] ?? 'ge'}:${v}`);
  });
  return { query, names };
}
