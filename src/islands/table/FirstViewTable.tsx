/**
 * The server-rendered first view of a stats table: a plain <table> of the default view's rows, for
 * crawlers and readers without JavaScript. Rendered by Astro on the server only (no client directive, no
 * JavaScript); the stats island removes it once its own table is up (StatsApp). Columns, widths, links and number
 * formats are the island's own (src/islands/table/*, src/lib/tables/format.ts), so both show the same rows and numbers.
 *
 * Cheap to lay out (Lighthouse): the markup is a real <table> (crawlers, the no-JS reader), drawn as
 * fixed-width grid rows like the island's, each row `content-visibility: auto` (src/styles/firstView.css), so the
 * browser lays out only the rows near the viewport. CSS display on table parts drops their implicit roles in some
 * browsers, hence the explicit ones. A body cell is a number unless it says `text` (most cells are numbers: the
 * class is left off them, ~6 KB of the 50-row table).
 */
import { GAME_LINE_KINDS, formatDiff, formatMargin, formatNumber, formatRatio, formatValue } from '../../lib/tables/format';
import { columnsOf, metricSetDefinitions } from '../../lib/tables/metricSets';
import type { PageKind } from '../../lib/site/pageKinds';
import { PhoneCaret } from '../PhoneCaret';
import { columnGridStyle } from './columnGrid';
import { identityColumns } from './identityColumns';
import { numberColumns } from './numberColumns';
import { LegendBody, minimumLabel } from './PercentileLegend';
import { percentileBackground } from './percentile';
import { defaultFilterValues, relevantFilters } from '../../lib/filters/filterValues';
import { filterPills, summaryText } from '../../lib/filters/filterSummary';
import { hasPercentiles, minPossessionsOf } from '../../lib/tables/percentilePolicy';

/** Rows in the server-rendered table: a few screens of the default order; the island renders the rest. */
export const FIRST_VIEW_ROWS = 50;

interface Props {
  kind: PageKind;
  metricSet: string;
  /** every row of the view (only the first FIRST_VIEW_ROWS are rendered) */
  rows: readonly Record<string, unknown>[];
  note?: string;
  /** the CSV of the whole view (/api/data?...&format=csv), offered when rows are left out */
  csvHref?: string;
}

const cellBackground = (pct: unknown) => {
  const bg = percentileBackground(pct);
  return bg ? { background: bg } : undefined;
};

export default function FirstViewTable({ kind, metricSet, rows: all, note, csvHref }: Props) {
  const def = kind === 'NonStats' ? undefined : metricSetDefinitions(kind, 'offense').find((d) => d.value === metricSet);
  if (!def) return null;
  if (all.length === 0) {
    return (
      <div className="first-view" data-testid="first-view">
        <p className="first-view-empty">{note ?? 'No rows in the default view.'}</p>
      </div>
    );
  }
  const rows = all.slice(0, FIRST_VIEW_ROWS);
  const cut = all.length - rows.length;
  const identity = identityColumns(rows[0], def.layout, columnsOf(def));
  const numbers = numberColumns(columnsOf(def), def.layout);
  const gridStyle = columnGridStyle('--fv-columns', [...identity, ...numbers]);
  const percentiles = hasPercentiles(kind) && numbers.some((c) => c.pctKey && c.better !== 'style') ? kind : null;
  const defaults = defaultFilterValues();
  return (
    <div className="first-view" data-testid="first-view">
      {/* The phone's compact bar as the island draws it (PhoneControls.tsx), for the default view: painted here first, so
          the table does not move when the island takes over, and its text, a hair larger, stays the largest paint. */}
      <div className="sa-phone-bar first-view-bar" aria-hidden="true">
        <span className="sa-phone-bar-text">
          <span className="sa-label">Metrics and filters</span>
          <span className="sa-phone-summary">{summaryText(def.label, false, filterPills(relevantFilters(kind), defaults))}</span>
        </span>
        {/* The caret too: the text then has the island's width, so it wraps where the island's does. */}
        <PhoneCaret />
      </div>
      {percentiles && (
        <div className="sa-legend" role="group" aria-label="Percentile colours">
          <LegendBody
            kind={percentiles}
            rows={all}
            seasons={defaults.Season as readonly number[]}
            seasonTypes={defaults.SeasonType as readonly string[]}
            min={minPossessionsOf(percentiles, null, defaults.Season as readonly number[])}
          />
          <p className="sa-legend-min">
            {minimumLabel(percentiles, all)}:{' '}
            <span className="num">{formatNumber(minPossessionsOf(percentiles, null, defaults.Season as readonly number[]))}</span>
          </p>
        </div>
      )}
      <div className="first-view-wrap" role="region" aria-label={`${def.label} table`} tabIndex={0}>
        <table role="table" data-metric-set={def.value} data-rows={rows.length} data-total-rows={all.length} style={gridStyle}>
          <caption>
            {def.label}:{' '}
            {cut > 0 ? (
              <>
                the first {rows.length} of {formatNumber(all.length)} rows
                {csvHref && (
                  <>
                    {' '}
                    (<a href={csvHref}>all {formatNumber(all.length)} as CSV</a>)
                  </>
                )}
              </>
            ) : (
              <>
                {rows.length} {rows.length === 1 ? 'row' : 'rows'}
              </>
            )}
          </caption>
          <thead role="rowgroup">
            <tr role="row">
              {identity.map((c) => (
                <th key={c.id} scope="col" role="columnheader" title={c.title} data-column={c.id}>
                  {c.label}
                </th>
              ))}
              {numbers.map((c) => (
                <th key={c.id} scope="col" role="columnheader" title={c.title} data-column={c.id} className="num">
                  {c.group ? `${c.group} ${c.label}` : c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {rows.map((row, i) => (
              <tr key={i} role="row">
                {identity.map((c, j) =>
                  j === 0 ? (
                    <th key={c.id} scope="row" role="rowheader">
                      {c.render(row)}
                    </th>
                  ) : (
                    <td key={c.id} role="cell" className={c.align === 'right' ? undefined : 'text'}>
                      {c.render(row)}
                    </td>
                  ),
                )}
                {numbers.map((c) => (
                  <td key={c.id} role="cell" style={percentiles && c.pctKey && c.better !== 'style' ? cellBackground(row[c.pctKey]) : undefined}>
                    {c.margin
                      ? formatMargin(row[c.id], c.format)
                      : c.diff
                        ? formatDiff(row[c.id], c.format)
                        : c.ratio
                          ? formatRatio(row[c.id])
                          : formatValue(row[c.id], c.format, { gameLine: GAME_LINE_KINDS.has(kind) })}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
