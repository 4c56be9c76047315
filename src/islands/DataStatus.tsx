/**
 * Quiet lines about the table data: loading, an error (with the server's message and a retry), an empty
 * result, saying why when the data cannot have rows (src/lib/emptyReason.ts: no playoffs before 2013-14, no
 * salaries after 2019-20, no preseason), else the server's note.
 */
import { useStore } from '@nanostores/react';
import { emptyReason } from '../lib/emptyReason';
import { $filters } from '../stores/filters';
import { $metricSet } from '../stores/metricSet';
import { $page } from '../stores/page';
import { fetchCurrentData } from '../stores/statsApp';
import { $tableData } from '../stores/tableData';

/** Why a salaries view can be empty (the salary data stops after 2019-20: nba-data README). */
const EMPTY_SALARIES = 'No salaries in this sample: the salary data covers 2003-04 to 2019-20. Pick an earlier season.';

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

export default function DataStatus() {
  const table = useStore($tableData);
  const selected = useStore($metricSet);
  const page = useStore($page);
  const filters = useStore($filters);
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
        {table.errorMessage && table.errorStatus !== 503 && <span className="sa-muted"> {table.errorMessage}</span>}
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
  if (table.query !== null && rows.length === 0) {
    return (
      <div className="sa-status sa-status-empty" role="status">
        {emptyReason({
          seasons: filters.applied.Season as number[],
          seasonTypes: filters.applied.SeasonType as string[],
          salaries: page.kind === 'TeamSalaries',
        }) ??
          table.note ??
          (page.kind === 'TeamSalaries' ? EMPTY_SALARIES : 'No rows match these filters.')}
      </div>
    );
  }
  return null;
}
