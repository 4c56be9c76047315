/**
 * The server-rendered first view of a stats table (issue 15): a plain <table> of the default view's rows, for
 * crawlers and readers without JavaScript. Rendered by Astro on the server only (no client directive, no
 * JavaScript); the stats island removes it once its own table is up (StatsApp). Columns, widths, links and number
 * formats are the island's own (src/islands/table/*, src/lib/format.ts), so both show the same rows and numbers.
 *
 * Cheap to lay out (issue 15, Lighthouse): the markup is a real <table> (crawlers, the no-JS reader), drawn as
 * fixed-width grid rows like the island's, each row `content-visibility: auto` (src/styles/firstView.css), so the
 * browser lays out only the rows near the viewport. CSS display on table parts drops their implicit roles in some
 * browsers, hence the explicit ones.
 */
import { GAME_LINE_KINDS, formatDiff, formatMargin, formatRatio, formatValue } from '../lib/format';
import { columnsOf, metricSetDefinitions } from '../lib/metricSets';
import type { PageKind } from '../lib/pageKinds';
import { columnGridStyle } from '../islands/table/columnGrid';
import { identityColumns } from '../islands/table/identityColumns';
import { numberColumns } from '../islands/table/numberColumns';

interface Props {
  kind: PageKind;
  metricSet: string;
  rows: readonly Record<string, unknown>[];
  note?: string;
}

export default function FirstViewTable({ kind, metricSet, rows, note }: Props) {
  const def = kind === 'NonStats' ? undefined : metricSetDefinitions(kind, 'offense').find((d) => d.value === metricSet);
  if (!def) return null;
  if (rows.length === 0) {
    return (
      <div className="first-view" data-testid="first-view">
        <p className="first-view-empty">{note ?? 'No rows in the default view.'}</p>
      </div>
    );
  }
  const identity = identityColumns(rows[0], def.layout, columnsOf(def));
  const numbers = numberColumns(columnsOf(def), def.layout);
  const gridStyle = columnGridStyle('--fv-columns', [...identity, ...numbers]);
  return (
    <div className="first-view" data-testid="first-view">
      <div className="first-view-wrap" role="region" aria-label={`${def.label} table`} tabIndex={0}>
        <table role="table" data-metric-set={def.value} data-rows={rows.length} style={gridStyle}>
          <caption>
            {def.label}: {rows.length} {rows.length === 1 ? 'row' : 'rows'}
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
                    <td key={c.id} role="cell" className={c.align === 'right' ? 'num' : undefined}>
                      {c.render(row)}
                    </td>
                  ),
                )}
                {numbers.map((c) => (
                  <td key={c.id} role="cell" className="num">
                    {c.margin ? formatMargin(row[c.id], c.format) : c.diff ? formatDiff(row[c.id], c.format) : c.ratio ? formatRatio(row[c.id]) : formatValue(row[c.id], c.format, { gameLine: GAME_LINE_KINDS.has(kind) })}
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
