/**
 * GET /api/data?…&format=csv: one stats table as a CSV download, the same rows and columns
 * as the table shows for the same query. Extra keys beside the data query:
 *   format      json (default) | csv
 *   metric_set  the set shown (its value or its page parameter, e.g. offensive-overview); default the first
 *   sort, dir   the table's sort column (a column id of the table) and direction (asc | desc), optional
 * The body: a header row of the table's column labels, then one line per row; identity columns first (names
 * with their ids), then the set's columns (on/off sets as "{label} On / Off / Diff"). Minutes are decimal
 * minutes, percentages 0-100, money in dollars. Text cells that a spreadsheet would run as a formula
 * (leading = + - @ tab CR) are prefixed with an apostrophe (csv-stringify's escape_formulas).
 */
import { ParamError, queryKey, type DataQuery } from '../../../lib/params/apiParams';
import { FILTERS, seasonLabel, SEASON_TYPE_LABELS, SEASON_TYPES, type SeasonType } from '../../../lib/filters/filterDefinitions';
import { relevantFilters } from '../../../lib/filters/filterValues';
import { positionLabel } from '../../../lib/league/positionGroups';
import type { ColumnFormat, MetricColumn } from '../../../lib/tables/metricColumns';
import { applyQualifier, qualifierHides } from '../../../lib/tables/qualifier';
import { columnsOf, metricSetDefinitions, type MetricSetDefinition } from '../../../lib/tables/metricSets';
import { sortRows, type SortValue } from '../../../lib/tables/sortRows';
import type { TeamsTableQuery } from '../../../lib/params/teamsTableParams';
import type { PageKind } from '../../../lib/site/pageKinds';
import type { Row } from '../../db/statsDb';
import { answerObject, derivedAnswer, type Asker } from './answers';
import type { WowyQuery } from '../../../lib/views/wowy';
import { wowyCsv } from '../views/wowy';
import { encodeText } from '../base/encoding';
import { csvResponse, csvTextResponse, encodeCsv } from '../base/csvText';
import { wowyObject } from './reads';
import { sortTeams, teamsSetValues, type TeamsTable } from '../views/teamsTable';

export type DataFormat = 'json' | 'csv';

/** `format` of /api/data: json unless csv is asked for; anything else is a 400. */
export function parseFormat(params: URLSearchParams): DataFormat {
  const f = params.get('format')?.trim().toLowerCase();
  if (!f || f === 'json') return 'json';
  if (f === 'csv') return 'csv';
  throw new ParamError('format', 'must be json or csv');
}

export interface CsvOptions {
  set: MetricSetDefinition;
  sort: { column: string; direction: 'asc' | 'desc' } | null;
  /** `show_all=1`: rows below the minimum stay in under a rate sort, as the table's "Show all" (src/lib/tables/qualifier.ts) */
  showAll?: boolean;
  /** the table's page kind: on/off tables hide rows below the minimum under every sort (src/lib/tables/qualifier.ts) */
  kind?: PageKind;
}

/** `metric_set`, `sort` and `dir` of a CSV request (400 naming the key when one is not of this table). */
export function parseCsvOptions(params: URLSearchParams, q: DataQuery): CsvOptions {
  const defs = metricSetDefinitions(q.page, q.side);
  // metric_set was parsed with the query (its value or page parameter); without it, the view's first set.
  const set = q.metricSet ? defs.find((d) => d.value === q.metricSet) : defs[0];
  if (!set) throw new ParamError('metric_set', `${q.page} has no table`);
  const column = params.get('sort')?.trim();
  const dir = params.get('dir')?.trim().toLowerCase();
  if (dir && dir !== 'asc' && dir !== 'desc') throw new ParamError('dir', 'must be asc or desc');
  const showAll = ['1', 'true'].includes(params.get('show_all')?.trim().toLowerCase() ?? '');
  if (!column) return { set, sort: null, showAll, kind: q.page };
  if (!/^[a-z0-9_]{1,40}$/.test(column)) throw new ParamError('sort', 'is not a column of this table');
  return { set, sort: { column, direction: dir === 'asc' ? 'asc' : 'desc' }, showAll, kind: q.page };
}

interface CsvColumn {
  header: string;
  value: (row: Row) => unknown;
  /** the table's column id (what `sort` names) */
  id: string;
  /** a number column's format (the qualifier hides small samples under a rate or percent sort) */
  format?: ColumnFormat;
  sortValue?: (row: Row) => SortValue;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const field = (key: string) => (row: Row) => row[key] ?? null;
const lineupPlayers = (row: Row) => (Array.isArray(row.players) ? (row.players as { player_id: unknown; name: unknown }[]) : []);

/** The identity columns of rows shaped like `sample`, in the table's order (src/islands/table/identityColumns.tsx). */
function identityColumns(sample: Row, layout: MetricSetDefinition['layout'], setColumns?: readonly { key: string }[]): CsvColumn[] {
  const has = (k: string) => k in sample;
  const possMissing = setColumns !== undefined && !setColumns.some((c) => c.key === 'poss');
  const cols: CsvColumn[] = [];
  if (has('date') && has('game_id')) {
    cols.push({ id: 'date', header: 'Date', value: (r) => str(r.date)?.slice(0, 10) ?? null });
    cols.push({ id: 'game_id', header: 'Game ID', value: (r) => (r.game_id == null ? null : String(r.game_id).padStart(10, '0')) });
  }
  if (has('lineup') || has('players')) {
    cols.push({
      id: 'lineup',
      header: 'Lineup',
      value: (r) =>
        str(r.lineup) ??
        lineupPlayers(r)
          .map((p) => String(p.name))
          .join(' - '),
    });
    cols.push({
      id: 'player_ids',
      header: 'Player IDs',
      value: (r) =>
        lineupPlayers(r)
          .map((p) => String(p.player_id))
          .join(' '),
    });
  } else if (has('player_id') && has('name')) {
    cols.push({ id: 'name', header: 'Player', value: field('name') });
    cols.push({ id: 'player_id', header: 'Player ID', value: field('player_id') });
  }
  if (has('season'))
    cols.push({
      id: 'season',
      header: 'Season',
      value: field('season'),
      sortValue: (r) => (typeof r.season_start === 'number' ? r.season_start : str(r.season)),
    });
  if (has('season_type'))
    cols.push({ id: 'season_type', header: 'Season type', value: (r) => SEASON_TYPE_LABELS[r.season_type as SeasonType] ?? r.season_type ?? null });
  if (has('team') && has('name') && !has('player_id')) {
    cols.push({ id: 'team', header: 'Team', value: field('team') });
    cols.push({ id: 'team_name', header: 'Team name', value: field('name') });
  } else if (has('team') && !has('opponent')) cols.push({ id: 'team', header: 'Team', value: field('team') });
  if (has('opponent')) {
    if (has('team')) cols.push({ id: 'team', header: 'Team', value: field('team') });
    cols.push({ id: 'opponent', header: 'Opponent', value: field('opponent') });
    cols.push({ id: 'location', header: 'Location', value: (r) => (r.home === undefined ? null : r.home ? 'home' : 'away') });
  }
  if (has('result')) cols.push({ id: 'result', header: 'Result', value: field('result') });
  // As the table shows it ("Wing"), not the code ("wing").
  if (has('position')) cols.push({ id: 'position', header: 'Pos', value: (r) => (str(r.position) === null ? null : positionLabel(String(r.position))) });
  if (has('poss_on') && (layout === 'plain' || possMissing)) cols.push({ id: 'poss_on', header: 'Poss On', value: field('poss_on') });
  if (has('poss_off') && layout === 'onoff' && possMissing) cols.push({ id: 'poss_off', header: 'Poss Off', value: field('poss_off') });
  if ((has('lineup') || has('players')) && has('poss') && possMissing) cols.push({ id: 'poss', header: 'Poss', value: field('poss') });
  return cols;
}

const ONOFF = [
  ['on', 'On'],
  ['off', 'Off'],
  ['diff', 'Diff'],
] as const;

/** Minutes from seconds, one decimal (a number: spreadsheets sum it). */
const minutes = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v / 6) / 10 : null);

/** The CSV columns of a set's metric columns (on/off layout: three per column). */
function valueColumns(columns: readonly MetricColumn[], layout: MetricSetDefinition['layout']): CsvColumn[] {
  return columns.flatMap((c): CsvColumn[] => {
    const conv = c.format === 'seconds' ? minutes : (v: unknown) => v ?? null;
    if (layout === 'onoff') {
      return ONOFF.map(([suffix, label]) => ({
        id: `${c.key}_${suffix}`,
        header: `${c.label} ${label}`,
        format: c.format,
        value: (r: Row) => conv(r[`${c.key}_${suffix}`]),
      }));
    }
    return [{ id: c.key, header: c.label, format: c.format, value: (r: Row) => conv(r[c.key]) }];
  });
}

/** The table of one metric set as CSV text: header row, then the rows in the table's order. */
export function tableCsv(rows: readonly Row[], opts: CsvOptions): string {
  const sample = rows[0] ?? {};
  const cols = [...identityColumns(sample, opts.set.layout, columnsOf(opts.set)), ...valueColumns(columnsOf(opts.set), opts.set.layout)];
  let ordered = rows;
  if (opts.sort && rows.length > 0) {
    const col = cols.find((c) => c.id === opts.sort!.column);
    if (!col) throw new ParamError('sort', 'is not a column of this table');
    const sortKeyOf =
      col.sortValue ??
      ((r: Row): SortValue => {
        const v = col.value(r);
        return typeof v === 'number' || typeof v === 'string' ? v : null;
      });
    ordered = sortRows(rows, sortKeyOf, opts.sort.direction);
    // The rows the table lists: under a rate sort, not those below the minimum (unless "show all").
    ordered = applyQualifier(ordered, qualifierHides(col.format ?? null, opts.showAll === true, opts.kind)).shown;
  } else ordered = applyQualifier(ordered, qualifierHides(null, opts.showAll === true, opts.kind)).shown;
  return encodeCsv(
    cols.map((c) => c.header),
    ordered.map((r) => cols.map((c) => c.value(r))),
  );
}

const kebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** "2019-20", "2003-04-to-2022-23" (every season between), or "2019-20+2021-22". */
function seasonsPart(seasons: readonly number[]): string {
  const s = [...seasons].sort((a, b) => a - b);
  if (s.length === 1) return seasonLabel(s[0]!);
  const contiguous = s.every((y, i) => i === 0 || y === s[i - 1]! + 1);
  return contiguous ? `${seasonLabel(s[0]!)}-to-${seasonLabel(s[s.length - 1]!)}` : s.map(seasonLabel).join('+');
}

/** The filters a file name spells out after the seasons and season type, by their query keys. */
const NAMED_FILTERS = FILTERS.filter((f) => f.name !== 'Season' && f.name !== 'SeasonType');

/**
 * The other filters of the request as they are in its query string, each `{key}-{values}`: "period-4",
 * "is_garbage_time-false", "on_court-201939" (players by id, as the page's link has them); a filter at its
 * default value ("is_garbage_time=true") is left out; long values are cut.
 */
function filtersPart(q: DataQuery, query: URLSearchParams): string[] {
  const relevant = new Set(relevantFilters(q.page));
  return NAMED_FILTERS.flatMap((f) => {
    if (!relevant.has(f.name)) return [];
    const values = query
      .getAll(f.apiKey)
      .flatMap((v) => v.split(','))
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean);
    const atDefault = Array.isArray(f.default) ? values.join(',') === f.default.join(',') : values.join(',') === String(f.default);
    return values.length === 0 || atDefault ? [] : [`${f.apiKey}-${values.join('+')}`.slice(0, 40)];
  });
}

/**
 * A file name that says what the table is: players_offensive-overview_2022-23_regular.csv, and with filters
 * players_offensive-overview_2022-23_regular_period-4_location-home.csv (at most 180 characters).
 */
export function csvFileName(q: DataQuery, set: MetricSetDefinition, query: URLSearchParams = new URLSearchParams()): string {
  const parts = [kebab(q.page) + (q.entity ? `-${q.entity.toLowerCase()}` : ''), set.clientQueryParam.replace(/_/g, '-')];
  const relevant = relevantFilters(q.page);
  if (relevant.includes('Season')) parts.push(seasonsPart(q.filters.seasons));
  if (relevant.includes('SeasonType')) parts.push(SEASON_TYPES.filter((t) => q.filters.seasonTypes.includes(t)).join('+'));
  if (q.side === 'defense') parts.push('defense');
  parts.push(...filtersPart(q, query));
  return `${parts
    .join('_')
    .replace(/[^A-Za-z0-9_.+-]/g, '')
    .slice(0, 180)}.csv`;
}

/**
 * The teams table of /stats/teams as CSV (GET /api/teams_table?…&format=csv): the rows in the page's order (its
 * sort), the same identity columns as the other tables (team, team name), GP, the set's columns, and the league
 * average last.
 */
export function teamsTableCsv(q: TeamsTableQuery, table: TeamsTable): { text: string; fileName: string } {
  const row = (t: TeamsTable['league']): Row => ({ team: t.abbr || null, name: t.name, ...teamsSetValues(q, t), games: t.games || null });
  const rows = [...sortTeams(q, table.teams), table.league].map(row);
  const cols = [...identityColumns(rows[0]!, 'plain'), { id: 'games', header: 'GP', value: field('games') }, ...valueColumns(q.set.columns, 'plain')];
  const text = encodeCsv(
    cols.map((c) => c.header),
    rows.map((r) => cols.map((c) => c.value(r))),
  );
  const parts = ['teams', q.set.value, seasonsPart(q.filters.seasons), SEASON_TYPES.filter((t) => q.filters.seasonTypes.includes(t)).join('+')];
  if (q.set.value !== 'overview' && q.side === 'defense') parts.push('defense');
  return { text, fileName: `${parts.join('_').replace(/[^A-Za-z0-9_.+-]/g, '')}.csv` };
}

/**
 * The CSV download of a parsed, gated query. The rows come from the same cached answer as the JSON; the CSV
 * body (a 20-season players table is ~150 KB, and building it parses the whole JSON answer) is kept in the
 * answers' cache by query, set and sort.
 */
export async function csvDownload(q: DataQuery, opts: CsvOptions, asker: Asker, request: Request): Promise<Response> {
  const key = `csv:${JSON.stringify([queryKey(q), opts.set.value, opts.sort, opts.showAll === true])}`;
  const csv = await derivedAnswer(key, async () => {
    const answer = await answerObject(q, asker);
    return encodeText(`\uFEFF${tableCsv((answer.data[opts.set.value] ?? []) as Row[], opts)}`);
  });
  return csvResponse(csv, csvFileName(q, opts.set, new URL(request.url).searchParams), request);
}

/** GET /api/team_wowy?…&format=csv: the matrix's pairs as the list view shows them (src/server/stats/views/wowy.ts wowyCsv). */
export async function wowyCsvDownload(q: WowyQuery, asker: Asker, request: Request): Promise<Response> {
  const { text, fileName } = wowyCsv(await wowyObject(q, asker), q.side);
  return csvTextResponse(text, fileName, request);
}
