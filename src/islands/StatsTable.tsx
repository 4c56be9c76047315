/**
 * The stats table: the rows of the selected metric set, identity columns first (the first one sticky), then
 * the set's number columns, right-aligned in tabular figures. Click a header to sort (the sort is kept in the
 * URL); every header opens its definition on hover, focus and tap (table/ColumnHeader.tsx); rate and percent
 * cells get the percentile colour when the rows carry `{key}_pct` and the column has a better direction
 * (src/lib/tables/columnMeta.ts), with the percentile on hover and focus (table/cellFocus.tsx) and a legend
 * (table/PercentileLegend.tsx); "Download CSV" asks the server for the same table as CSV. The Salaries tab says
 * which seasons it shows and ends with each season's payroll total (src/lib/views/payroll.ts), outside the sort.
 * Sorted by a rate, the player tables list only the rows with the minimum sample (src/lib/tables/qualifier.ts), and
 * say so with a "show all" button; an empty table says why under the controls that stay (table/EmptyTable.tsx).
 *
 * Speed for 1,000 rows: the table is an ARIA table of CSS-grid rows (every row the same column template) with
 * `content-visibility: auto`, so the browser lays out and paints only the rows near the viewport. A table of more
 * than 100 rows draws in full only the rows in and near its scrolling box (table/rowWindow.ts); every other row is
 * a light row, its name cell only, so every row stays in the page (find-in-page, the row count, screen readers
 * reading names) while the page holds ~50-100 full rows instead of all (536 rows were ~7,700 elements
 * and 536 sticky name cells, which Chromium layerized at every frame). Rows are memoised; cells are plain
 * elements. The first fill of a shorter table comes in slices after the first paint (table/progressiveRows.ts).
 */
import { useStore } from '@nanostores/react';
import { memo, useMemo, useRef } from 'react';
import { betterText } from '../lib/tables/columnMeta';
import { GAME_LINE_KINDS, formatDiff, formatMargin, formatMoney, formatNumber, formatRatio, formatValue, ordinal } from '../lib/tables/format';
import { columnsOf, metricSetDefinitions } from '../lib/tables/metricSets';
import { PLAYER_ONLY_COLUMNS, TEAM_ROW_KINDS } from '../lib/tables/metricColumns';
import { payrollTotals, salarySeasonsLine, type Payroll } from '../lib/views/payroll';
import { emptyReason } from '../lib/filters/emptyReason';
import { lineupCaption } from '../lib/filters/lineupCaption';
import { hasPercentiles, minPossessionsOf } from '../lib/tables/percentilePolicy';
import { applyQualifier, qualifierHides } from '../lib/tables/qualifier';
import { sortRows, type SortValue } from '../lib/tables/sortRows';
import { $appliedFilters } from '../stores/appliedFilters';
import { $metricSet } from '../stores/metricSet';
import { $filters } from '../stores/filterState';
import { $minPossessions, $showAllRows } from '../stores/minSample';
import { $page } from '../stores/page';
import { $players } from '../stores/playerNames';
import { $side } from '../stores/side';
import { changeMinPossessions, removePill, showAllRows, sortTable } from '../stores/statsApp';
import { $tableData, type Row } from '../stores/tableData';
import { $tableSort } from '../stores/tableSort';
import { CellTip, cellTipHandlers } from './table/cellFocus';
import { columnGridStyle } from './table/columnGrid';
import { ColumnHeader, type GuideRef } from './table/ColumnHeader';
import { identityColumns, type IdentityColumn } from './table/identityColumns';
import { numberColumns, type NumberColumn } from './table/numberColumns';
import { percentileBackground } from './table/percentile';
import { useProgressiveRows } from './table/progressiveRows';
import { FULL_TABLE_ROWS, useRowWindow } from './table/rowWindow';
import { EmptyTable, filterItems, narrowingFilters, possessionsText, type EmptyCause } from './table/EmptyTable';
import { PercentileLegend, sampleText } from './table/PercentileLegend';

/** Why a salaries view can be empty (the salary data stops after 2019-20: nba-data README). */
const EMPTY_SALARIES = 'No salaries in this sample: the salary data covers 2003-04 to 2019-20. Pick an earlier season.';

const numeric = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

const KEY_FIELDS = ['lineup_id', 'unit', 'game_id', 'player_id', 'season', 'season_type', 'team', 'slot', 'position'];

/** Stable React keys from the rows' identity fields (a repeated key gets a counter, never a collision). */
function rowKeys(rows: readonly Row[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const base = KEY_FIELDS.map((k) => String(row[k] ?? '')).join('|');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n === 0 ? base : `${base}#${n}`;
  });
}

interface RowProps {
  row: Row;
  identity: IdentityColumn[];
  numbers: NumberColumn[];
  /** the tooltip of a cell of a row below the minimum sample */
  unranked: string;
  /** the rows are single games: minutes as m:ss, else whole minutes */
  gameLine: boolean;
  /** the row's aria-rowindex (the header rows come first) */
  index: number;
  /** outside the window of rows drawn in full: the name cell only */
  light: boolean;
}

/** The tooltip of a number cell that may carry a percentile (undefined: none). */
function percentileTip(row: Row, c: NumberColumn, unranked: string): string | undefined {
  if (!c.pctKey || !(c.pctKey in row)) return undefined;
  const pct = numeric(row[c.pctKey]);
  if (pct === null) return row.qualified === false ? unranked : undefined;
  return `${ordinal(Math.round(pct))} percentile${c.better === 'style' ? ' (of the value)' : ''}. ${betterText(c.better)}`;
}

const TableRow = memo(function TableRow({ row, identity, numbers, unranked, gameLine, index, light }: RowProps) {
  // A light row (outside the window of full rows, table/rowWindow.ts): its name only, in place, not sticky.
  if (light) {
    const c = identity[0];
    return (
      <div role="row" className="sa-row sa-row-light" aria-rowindex={index}>
        {c && (
          <div role="rowheader" className={`sa-cell ${c.align === 'right' ? 'sa-num' : 'sa-text'}`}>
            {c.render(row)}
          </div>
        )}
      </div>
    );
  }
  return (
    <div role="row" className="sa-row" aria-rowindex={index}>
      {identity.map((c, i) => (
        <div
          key={c.id}
          role={i === 0 ? 'rowheader' : 'cell'}
          tabIndex={-1}
          className={`sa-cell ${i === 0 ? 'sa-sticky ' : ''}${c.align === 'right' ? 'sa-num' : 'sa-text'}`}
        >
          {c.render(row)}
        </div>
      ))}
      {numbers.map((c) => {
        const v = row[c.id];
        const bg = c.pctKey && c.better !== 'style' ? percentileBackground(row[c.pctKey]) : undefined;
        const tip = percentileTip(row, c, unranked);
        return (
          <div
            key={c.id}
            role="cell"
            tabIndex={-1}
            className={`sa-cell sa-num${c.group && c.id.endsWith('_on') ? ' sa-group-start' : ''}`}
            style={bg ? { background: bg } : undefined}
            data-tip={tip}
          >
            {c.margin ? formatMargin(v, c.format) : c.diff ? formatDiff(v, c.format) : c.ratio ? formatRatio(v) : formatValue(v, c.format, { gameLine })}
          </div>
        );
      })}
    </div>
  );
});

/**
 * What a player's on/off rows are, for the empty table's count: his seasons, or, when a season has a row per team
 * (traded), his team-seasons (two rows of one season are not "2 seasons").
 */
function onOffRowsNoun(rows: readonly Row[]): 'seasons' | 'team-seasons' {
  return new Set(rows.map((r) => r.season)).size === rows.length ? 'seasons' : 'team-seasons';
}

/** The CSV download of the table: the data URL of the rows shown, the set, the sort (and "show all"), format=csv. */
function csvHref(
  query: string | null,
  set: string,
  sort: { column: string | null; direction: string },
  columns: readonly { id: string }[],
  showAll: boolean,
): string | null {
  if (query === null) return null;
  const params = new URLSearchParams(query);
  params.set('metric_set', set);
  if (sort.column && columns.some((c) => c.id === sort.column)) {
    params.set('sort', sort.column);
    params.set('dir', sort.direction);
    if (showAll) params.set('show_all', '1');
  }
  params.set('format', 'csv');
  return `/api/data?${params.toString()}`;
}

/** A season's payroll under the salaries: the total in the salary column, the season in its own. */
function PayrollRow({ payroll, identity, numbers }: { payroll: Payroll; identity: IdentityColumn[]; numbers: NumberColumn[] }) {
  return (
    <div role="row" className="sa-row sa-total-row">
      {identity.map((c, i) => (
        <div key={c.id} role={i === 0 ? 'rowheader' : 'cell'} className={`sa-cell ${i === 0 ? 'sa-sticky ' : ''}${c.align === 'right' ? 'sa-num' : 'sa-text'}`}>
          {i === 0 ? `Payroll (${payroll.players} players)` : c.id === 'season' ? payroll.season : ''}
        </div>
      ))}
      {numbers.map((c) => (
        <div key={c.id} role="cell" className="sa-cell sa-num">
          {c.format === 'money' ? formatMoney(payroll.total) : ''}
        </div>
      ))}
    </div>
  );
}

export default function StatsTable({ guides = {} }: { guides?: Readonly<Record<string, GuideRef>> }) {
  const table = useStore($tableData);
  const applied = useStore($appliedFilters);
  const minPoss = useStore($minPossessions);
  const showAll = useStore($showAllRows);
  const filterState = useStore($filters);
  const selected = useStore($metricSet);
  const page = useStore($page);
  const side = useStore($side);
  const sort = useStore($tableSort);
  const players = useStore($players);
  // An applied lineup filter has no pill (spec section 4): the table names it, players by name.
  const lineupLine = useMemo(() => lineupCaption(applied, (id) => players.byId.get(id)?.name), [applied, players]);

  const def = useMemo(
    () => (selected ? metricSetDefinitions(page.kind, side).find((d) => d.value === selected.value) : undefined),
    [selected, page.kind, side],
  );
  const rows = useMemo(() => (selected ? (table.data[selected.value] ?? []) : []), [table.data, selected]);
  const identity = useMemo(() => identityColumns(rows[0], def?.layout, def ? columnsOf(def) : undefined), [rows, def]);
  const numbers = useMemo(() => {
    if (!def) return [];
    const teamRows = TEAM_ROW_KINDS.has(page.kind);
    return numberColumns(
      columnsOf(def).filter((c) => !(teamRows && PLAYER_ONLY_COLUMNS.has(c.key))),
      def.layout,
      def.group,
    );
  }, [def, page.kind]);

  const sorted = useMemo(() => {
    if (!sort.column) return rows;
    const idCol = identity.find((c) => c.id === sort.column);
    const numCol = numbers.find((c) => c.id === sort.column);
    if (!idCol && !numCol) return rows;
    const sortKeyOf = idCol ? idCol.sortValue : (r: Row): SortValue => numeric(r[numCol!.id]);
    return sortRows(rows, sortKeyOf, sort.direction);
  }, [rows, sort, identity, numbers]);

  // The qualifier: sorted by a rate or percent, rows below the minimum are left out unless "show all".
  const sortFormat = (sort.column && numbers.find((c) => c.id === sort.column)?.format) || null;
  const hides = qualifierHides(sortFormat, showAll, page.kind === 'NonStats' ? undefined : page.kind);
  const { shown, hidden } = useMemo(() => applyQualifier(sorted, hides), [sorted, hides]);

  const keys = useMemo(() => rowKeys(shown), [shown]);
  // A long table draws in full only the rows in and near its box (table/rowWindow.ts), the others as light rows,
  // all in one render: its cost is bounded by the window, and one commit is one frame to style and paint, where a
  // fill in slices made ~40. A table of at most FULL_TABLE_ROWS rows is drawn whole, its first fill in slices
  // (table/progressiveRows.ts).
  const windowed = shown.length > FULL_TABLE_ROWS;
  const progressive = useProgressiveRows(windowed ? 0 : shown.length);
  const count = windowed ? shown.length : progressive.count;
  const filling = !windowed && progressive.filling;
  const wrapRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const win = useRowWindow(wrapRef, bodyRef, shown.length);

  if (!def) return null;
  const percentiles = hasPercentiles(page.kind) && numbers.some((c) => c.pctKey && c.better !== 'style') ? page.kind : null;
  const legendOf = (pinned: boolean) =>
    percentiles && (
      <PercentileLegend
        pinned={pinned}
        kind={percentiles}
        rows={rows}
        seasons={applied.Season as readonly number[]}
        seasonTypes={applied.SeasonType as readonly string[]}
        minPoss={minPoss}
        onMinPoss={(n) => void changeMinPossessions(n)}
      />
    );
  const legend = legendOf(false);
  const minimum = minPossessionsOf(page.kind, minPoss, applied.Season as readonly number[]);
  const sortLabel = (id: string | null) => {
    const c = id ? numbers.find((n) => n.id === id) : undefined;
    return c ? `${c.label}${c.group ? ` (${c.group})` : ''}` : undefined;
  };

  if (shown.length === 0) {
    // Nothing to list: say why, under the controls (the minimum's among them).
    if (table.query === null || table.loading) return null;
    // Too many lineups for the minimum: the minimum's box stays, to be raised (the message above says so).
    if (table.error) return table.errorStatus === 400 && table.errorParam === 'min_poss' ? legendOf(true) : null;
    const reason =
      rows.length === 0
        ? (emptyReason({ seasons: applied.Season as number[], seasonTypes: applied.SeasonType as string[], salaries: page.kind === 'TeamSalaries' }) ??
          table.note ??
          (page.kind === 'TeamSalaries' ? EMPTY_SALARIES : null))
        : null;
    const cause: EmptyCause = reason
      ? { kind: 'reason', text: reason }
      : rows.length > 0
        ? {
            kind: 'belowMin',
            what: page.kind === 'PlayerOnOff' ? onOffRowsNoun(rows) : 'players',
            rows: hidden,
            min: minimum,
            sortedBy: sortLabel(sort.column),
            onShow: () => showAllRows(true),
          }
        : table.belowMin
          ? { kind: 'belowMin', what: 'lineups', rows: table.belowMin.rows, min: table.belowMin.min, onShow: () => void changeMinPossessions(1) }
          : {
              kind: 'filters',
              filters: filterItems(narrowingFilters(filterState.relevant, filterState.applied), filterState.applied),
              sample: sampleText(applied.Season as readonly number[], applied.SeasonType as readonly string[]),
              onRemove: (name) => void removePill(name),
            };
    return (
      <>
        {legend}
        <EmptyTable cause={cause} />
      </>
    );
  }

  const groups = numbers.some((c) => c.group);
  const headRows = groups ? 2 : 1;
  const gameLine = GAME_LINE_KINDS.has(page.kind);
  const all = [...identity, ...numbers];
  const gridStyle = columnGridStyle('--sa-columns', all);
  const ariaSort = (id: string) => (sort.column === id ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined);
  const guide = guides[def.value];
  const head = (id: string, label: string, definition: string, firstDirection: 'asc' | 'desc', className: string, c?: NumberColumn) => (
    <ColumnHeader
      key={id}
      id={id}
      label={label}
      fullLabel={c?.group ? `${c.group}: ${label}` : label}
      definition={definition}
      better={c ? c.better : undefined}
      guide={guide}
      className={className}
      ariaSort={ariaSort(id)}
      direction={sort.column === id ? sort.direction : null}
      onSort={() => sortTable(id, firstDirection)}
    />
  );
  const unranked = `Not ranked: fewer than ${formatNumber(minPossessionsOf(page.kind, minPoss, applied.Season as readonly number[]))} possessions.`;
  const download = csvHref(table.query, def.value, sort, all, showAll);
  const payrolls = def.base === 'Salaries' ? payrollTotals(rows) : [];
  const sortedBy = sort.column ? all.find((c) => c.id === sort.column) : undefined;

  return (
    <>
      {legend}
      {def.base === 'Salaries' && (
        <p className="sa-salary-seasons" data-testid="salary-seasons">
          {salarySeasonsLine(applied.Season as readonly number[])}
        </p>
      )}
      {lineupLine && (
        <p className="sa-lineup-caption" id="sa-lineup-caption" data-testid="lineup-caption">
          {lineupLine}
        </p>
      )}
      <div className="sa-table-meta">
        <p aria-live="polite">
          <span className="num">{formatNumber(shown.length)}</span> {shown.length === 1 ? 'row' : 'rows'}
          {sortedBy && (
            <>
              {' · sorted by '}
              {sortedBy.label}
              {'group' in sortedBy && sortedBy.group ? ` (${sortedBy.group})` : ''}
              {sort.direction === 'asc' ? ', low to high' : ', high to low'}
            </>
          )}
        </p>
        {hidden > 0 && (
          <p className="sa-qualifier" data-testid="qualifier">
            <span>
              {formatNumber(hidden)} below {possessionsText(minimum)} not listed
            </span>
            <button type="button" className="sa-link-button" onClick={() => showAllRows(true)}>
              Show all {formatNumber(rows.length)}
            </button>
          </p>
        )}
        {showAll && qualifierHides(sortFormat, false, page.kind === 'NonStats' ? undefined : page.kind) && rows.some((r) => r.qualified === false) && (
          <p className="sa-qualifier" data-testid="qualifier">
            <span>All listed, {possessionsText(minimum)} or not</span>
            <button type="button" className="sa-link-button" onClick={() => showAllRows(false)}>
              Only {formatNumber(minimum)}+ possessions
            </button>
          </p>
        )}
        {download && (
          <a className="sa-csv" href={download} download>
            Download CSV
          </a>
        )}
      </div>
      <div
        ref={wrapRef}
        className={`sa-table-wrap ${table.loading ? 'sa-stale' : ''}`}
        role="region"
        aria-label={`${selected?.label ?? ''} table`}
        tabIndex={0}
        {...cellTipHandlers}
      >
        <div
          role="table"
          aria-label={selected?.label}
          aria-describedby={lineupLine ? 'sa-lineup-caption' : undefined}
          aria-rowcount={shown.length + payrolls.length + headRows}
          className={`sa-table ${groups ? 'sa-grouped' : ''}`}
          data-metric-set={def.value}
          data-first-column={identity[0]?.id}
          data-rows={shown.length}
          aria-busy={table.loading || filling}
          style={gridStyle}
        >
          <div role="rowgroup" className="sa-thead">
            {groups && (
              <div role="row" className="sa-row sa-group-row">
                <div role="columnheader" className="sa-cell sa-head sa-sticky sa-corner" style={{ gridColumn: `span ${identity.length}` }} />
                {numbers
                  .filter((c) => c.id.endsWith('_on'))
                  .map((c) => (
                    <div
                      key={c.id}
                      role="columnheader"
                      className="sa-cell sa-head sa-group-start"
                      style={{ gridColumn: `span ${numbers.filter((n) => n.group === c.group).length}` }}
                    >
                      {c.group}
                    </div>
                  ))}
              </div>
            )}
            <div role="row" className="sa-row sa-head-row">
              {identity.map((c, i) =>
                head(
                  c.id,
                  c.label,
                  c.title,
                  c.align === 'right' ? 'desc' : 'asc',
                  `${i === 0 ? 'sa-sticky ' : ''}${c.align === 'right' ? 'sa-num' : 'sa-text'}`,
                ),
              )}
              {numbers.map((c) => head(c.id, c.label, c.title, 'desc', `sa-num${c.group && c.id.endsWith('_on') ? ' sa-group-start' : ''}`, c))}
            </div>
          </div>
          <div role="rowgroup" className="sa-tbody" ref={bodyRef}>
            {shown.slice(0, count).map((row, i) => (
              <TableRow
                key={keys[i]}
                row={row}
                identity={identity}
                numbers={numbers}
                unranked={unranked}
                gameLine={gameLine}
                index={i + headRows + 1}
                light={i < win.start || i >= win.end}
              />
            ))}
          </div>
          {payrolls.length > 0 && (
            <div role="rowgroup" className="sa-tfoot">
              {payrolls.map((p) => (
                <PayrollRow key={p.seasonStart} payroll={p} identity={identity} numbers={numbers} />
              ))}
            </div>
          )}
        </div>
      </div>
      <CellTip />
    </>
  );
}
