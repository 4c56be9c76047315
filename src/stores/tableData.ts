/**
 * Table data (spec section 4): the rows of every metric set of the view, from GET /api/data.
 * Loading becomes true on a fetch and false on success; the error flag is set on failure and cleared by a new
 * fetch or a success. A newer fetch supersedes an older one (the older is aborted and its answer ignored).
 * An empty answer gives an empty object; `note` carries the server's reason for a by-design empty answer
 * (no preseason data).
 */
import { atom } from 'nanostores';
import { getJson, ApiRequestError } from '../lib/apiClient';

export type Row = Record<string, unknown>;
export type SetRows = Record<string, Row[]>;

export interface TableDataState {
  data: SetRows;
  note: string | null;
  loading: boolean;
  error: boolean;
  /** the server's message or the network failure, for the quiet error line */
  errorMessage: string | null;
  errorStatus: number | null;
  /** the query string the data belongs to */
  query: string | null;
}

export const EMPTY_TABLE: TableDataState = {
  data: {},
  note: null,
  loading: false,
  error: false,
  errorMessage: null,
  errorStatus: null,
  query: null,
};

export const $tableData = atom<TableDataState>(EMPTY_TABLE);

let current: AbortController | null = null;

export interface DataAnswer {
  data?: SetRows | null;
  note?: string;
}

/** The answer the page came with (server-rendered first view), for the one query it answers. */
let seed: { query: string; answer: DataAnswer } | null = null;

/**
 * Seed the store with an answer embedded in the page (issue 15): the next fetch of exactly this query (the
 * query string dataSearchParams builds) takes it instead of asking the server. Used once.
 */
export function seedTableData(query: string, answer: DataAnswer): void {
  seed = { query, answer };
}

/** Fetch /api/data with these parameters (the whole answer replaces the table data). */
export async function fetchTableData(params: URLSearchParams): Promise<void> {
  current?.abort();
  const controller = new AbortController();
  current = controller;
  const query = params.toString();
  if (seed?.query === query) {
    const { answer } = seed;
    seed = null;
    current = null;
    $tableData.set({ ...EMPTY_TABLE, data: answer.data ?? {}, note: answer.note ?? null, query });
    return;
  }
  seed = null;
  $tableData.set({ ...$tableData.get(), loading: true, error: false, errorMessage: null, errorStatus: null, query });
  try {
    const answer = await getJson<DataAnswer | null>('/api/data', params, controller.signal);
    if (current !== controller) return;
    $tableData.set({ ...EMPTY_TABLE, data: answer?.data ?? {}, note: answer?.note ?? null, query });
  } catch (err) {
    if (current !== controller) return;
    $tableData.set({
      ...EMPTY_TABLE,
      error: true,
      errorMessage: err instanceof Error ? err.message : String(err),
      errorStatus: err instanceof ApiRequestError ? err.status : null,
      query,
    });
  } finally {
    if (current === controller) current = null;
  }
}

/** Clear the table (spec section 2: a change of stats page clears the data). Cancels a fetch in flight. */
export function clearTableData(): void {
  current?.abort();
  current = null;
  $tableData.set(EMPTY_TABLE);
}
