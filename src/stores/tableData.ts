/**
 * Table data (spec section 4): the rows of the metric set on screen, from GET /api/data. Answers are kept in a
 * small client-side cache by query (the last ANSWERS_KEPT), so switching back to a set or a view already seen
 * shows it at once without a request.
 * Loading becomes true on a fetch and false on success; the error flag is set on failure and cleared by a new
 * fetch or a success. A newer fetch supersedes an older one (the older is aborted and its answer ignored).
 * An empty answer gives an empty object; `note` carries the server's reason for a by-design empty answer
 * (no preseason data); `belowMin` how many lineups the minimum left out when it left none (lineup pages).
 */
import { atom } from 'nanostores';
import { getJson, ApiRequestError } from '../lib/site/apiClient';
import { rowsOf, type CompactAnswer, type RowsAnswer } from '../lib/tables/compactAnswer';

export type Row = Record<string, unknown>;
export type SetRows = Record<string, Row[]>;

export interface TableDataState {
  data: SetRows;
  note: string | null;
  /** lineup pages: the minimum left no lineup; this many of the sample are below it */
  belowMin: { rows: number; min: number } | null;
  loading: boolean;
  error: boolean;
  /** the server's message or the network failure, for the quiet error line */
  errorMessage: string | null;
  errorStatus: number | null;
  /** the parameter a 400 names (`min_poss`: too many lineups for the minimum) */
  errorParam: string | null;
  /** the query string the data belongs to */
  query: string | null;
}

export const EMPTY_TABLE: TableDataState = {
  data: {},
  note: null,
  belowMin: null,
  loading: false,
  error: false,
  errorMessage: null,
  errorStatus: null,
  errorParam: null,
  query: null,
};

export const $tableData = atom<TableDataState>(EMPTY_TABLE);

let current: AbortController | null = null;

/** Answers kept by query string, oldest first (a Map keeps insertion order). */
const ANSWERS_KEPT = 24;
type Kept = Pick<TableDataState, 'data' | 'note' | 'belowMin'>;
const answers = new Map<string, Kept>();

/** Forget the answers kept (tests). Answers do not depend on who asks: a gated filter is part of the query. */
export function clearAnswerCache(): void {
  answers.clear();
}

/**
 * An answer as the table reads it: in the compact form the store asks for, or rows (an older server's, in a
 * rolling deploy): src/lib/tables/compactAnswer.ts.
 */
const keptOf = (answer: CompactAnswer | RowsAnswer | null): Kept => {
  const { data, note, belowMin } = rowsOf(answer);
  return { data, note: note ?? null, belowMin: belowMin ?? null };
};

/**
 * Seed the store with an answer embedded in the page: it joins the answers kept, so the fetch of
 * exactly this query (the query string dataSearchParams builds) takes it instead of asking the server.
 */
export function seedTableData(query: string, answer: CompactAnswer): void {
  answers.set(query, keptOf(answer));
}

/** Fetch /api/data with these parameters (the whole answer replaces the table data). */
export async function fetchTableData(params: URLSearchParams): Promise<void> {
  current?.abort();
  const controller = new AbortController();
  current = controller;
  const query = params.toString();
  const kept = answers.get(query);
  if (kept) {
    answers.delete(query);
    answers.set(query, kept); // now the newest
    current = null;
    $tableData.set({ ...EMPTY_TABLE, ...kept, query });
    return;
  }
  $tableData.set({ ...$tableData.get(), loading: true, error: false, errorMessage: null, errorStatus: null, errorParam: null, query });
  try {
    const answer = await getJson<CompactAnswer | RowsAnswer | null>('/api/data', params, controller.signal);
    if (current !== controller) return;
    const got = keptOf(answer);
    answers.set(query, got);
    if (answers.size > ANSWERS_KEPT) answers.delete(answers.keys().next().value!);
    $tableData.set({ ...EMPTY_TABLE, ...got, query });
  } catch (err) {
    if (current !== controller) return;
    $tableData.set({
      ...EMPTY_TABLE,
      error: true,
      errorMessage: err instanceof Error ? err.message : String(err),
      errorStatus: err instanceof ApiRequestError ? err.status : null,
      errorParam: err instanceof ApiRequestError ? err.param : null,
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
