/** GET /api/shots for the table's query (the same sample as the table beside the chart). */
import { useEffect, useState } from 'react';
import { getJson } from '../../lib/site/apiClient';
import type { ShotsResponse } from '../../lib/views/shotZones';

export interface ShotsState {
  data: ShotsResponse | null;
  error: string | null;
  loading: boolean;
}

export function useShots(query: string | null): ShotsState {
  const [state, setState] = useState<ShotsState>({ data: null, error: null, loading: false });
  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    getJson<ShotsResponse>('/api/shots', new URLSearchParams(query), controller.signal).then(
      (data) => setState({ data, error: null, loading: false }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        setState({ data: null, error: err instanceof Error ? err.message : String(err), loading: false });
      },
    );
    return () => controller.abort();
  }, [query]);
  return state;
}
