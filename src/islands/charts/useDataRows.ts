/**
 * The rows of a chart's own request: GET /api/data for `query` (the table's query reshaped, so the compact form it
 * asks for: src/lib/tables/compactAnswer.ts), each set's rows. Asked once per query string: a render that keeps the query
 * asks nothing, a new query aborts the one still running. Null until the first answer; a failed request keeps what
 * was shown. Example: useDataRows('page=League&season=2012&season=2022&metric_set=Summary').Summary is one row per season.
 */
import { useEffect, useState } from 'react';
import { getJson } from '../../lib/site/apiClient';
import { rowsOf } from '../../lib/tables/compactAnswer';
import type { SetRows } from '../../stores/tableData';

export function useDataRows(query: string | null): SetRows | null {
  const [data, setData] = useState<SetRows | null>(null);
  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    getJson<unknown>('/api/data', new URLSearchParams(query), controller.signal).then(
      (answer) => setData(rowsOf(answer).data),
      () => undefined,
    );
    return () => controller.abort();
  }, [query]);
  return data;
}
