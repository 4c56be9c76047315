/**
 * Quiet lines about the table data: loading, an error (with the server's message and a retry). An empty
 * result is said by the table itself, under its controls (table/EmptyTable.tsx).
 */
import { useStore } from '@nanostores/react';
import { $metricSet } from '../stores/metricSet';
import { fetchCurrentData } from '../stores/statsApp';
import { $tableData } from '../stores/tableData';

function Skeleton() {
  return (
    <div className="sa-skeleton" aria-hidden="true">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="sa-skeleton-row" style={{ opacity: 1 - i * 0.1 }}>
          <span className="name" />
          {Array.from({ length: 7 }, (_, j) => (
            <span key={j} />
          ))}
        </div>
      ))}
    </div>
  );
}

/**
 * The server's message in the page's words: a 400 for too many lineups names the API parameter (`min_poss: ...`),
 * which on the page is the box under the table ("Minimum possessions"), kept there on that error (StatsTable.tsx).
 */
export function pageWords(message: string, param: string | null): string {
  if (param !== 'min_poss') return message;
  const text = message
    .replace(/^min_poss: /, '')
    .replace(/\bmin_poss\b/g, 'the minimum possessions below')
    .replace(/ \(metric_set\)/g, '');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

export default function DataStatus() {
  const table = useStore($tableData);
  const selected = useStore($metricSet);
  const rows = selected ? (table.data[selected.value] ?? []) : [];
  if (table.error) {
    const message =
      table.errorStatus === 403
        ? 'These filters need a signed-in account.'
        : table.errorStatus === 503
          ? 'The numbers are being prepared. Try again in a minute.'
          : 'The numbers could not be loaded.';
    return (
      <div className="sa-status sa-status-error" role="alert">
        <span>{message}</span>
        {table.errorMessage && table.errorStatus !== 503 && <span className="sa-muted"> {pageWords(table.errorMessage, table.errorParam)}</span>}
        <button type="button" className="sa-link-button" onClick={() => void fetchCurrentData()}>
          Try again
        </button>
      </div>
    );
  }
  if (table.loading && rows.length === 0) {
    return (
      <div className="sa-status-loading" role="status" aria-label="Loading">
        <Skeleton />
      </div>
    );
  }
  if (table.loading) {
    return (
      <div className="sa-status sa-status-quiet" role="status">
        Updating…
      </div>
    );
  }
  return null;
}
