/**
 * The server-rendered first view of a stats table (issue 15): a plain <table> of the default view's rows, for
 * crawlers and readers without JavaScript. Rendered by Astro on the server only (no client directive, no
 * JavaScript); the stats island hides it once its own table is up (stats.css). Columns, links and number formats
 * are the island's own (src/islands/table/*, src/lib/format.ts), so both show the same rows and numbers.
 */
import { GAME_LINE_KINDS, formatDiff, formatRatio, formatValue } from '../lib/format';
import { columnsOf, metricSetDefinitions } from '../lib/metricSets';
import type { PageKind } from '../lib/pageKinds';
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
  const identity = identityColumns(rows[0], def.layout);
  const numbers = numberColumns(columnsOf(def), def.layout);
  return (
    <div className="first-view" data-testid="first-view">
      <div className="first-view-wrap" role="region" aria-label={`${def.label} table`} tabIndex={0}>
        <table data-metric-set={def.value} data-rows={rows.length}>
          <caption>
            {def.label}: {rows.length} {rows.length === 1 ? 'row' : 'rows'}
          </caption>
          <thead>
            <tr>
              {identity.map((c) => (
                <th key={c.id} scope="col" title={c.title} data-column={c.id}>
                  {c.label}
                </th>
              ))}
              {numbers.map((c) => (
                <th key={c.id} scope="col" title={c.title} data-column={c.id} className="num">
                  {c.group ? `${c.group} ${c.label}` : c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                {identity.map((c, j) =>
                  j === 0 ? (
                    <th key={c.id} scope="row">
                      {c.render(row)}
                    </th>
                  ) : (
                    <td key={c.id} className={c.align === 'right' ? 'num' : undefined}>
                      {c.render(row)}
                    </td>
                  ),
                )}
                {numbers.map((c) => (
                  <td key={c.id} className="num">
                    {c.diff ? formatDiff(row[c.id], c.format) : c.ratio ? formatRatio(row[c.id]) : formatValue(row[c.id], c.format, { gameLine: GAME_LINE_KINDS.has(kind) })}
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
