/**
 * Parameters of site search (GET /api/search and the /search page): `q` up to 100 characters after trimming, no
 * control characters, `limit` 1-20 results per kind (default 8). A bad value is a ParamError (400 naming the
 * parameter). An empty `q` (missing, or nothing typed) is not an error: the search answers empty lists.
 */
import { ParamError } from './apiParams';

export const SEARCH_MAX_QUERY = 100;
export const SEARCH_MAX_LIMIT = 20;
export const SEARCH_DEFAULT_LIMIT = 8;

export interface SearchParams {
  q: string;
  limit: number;
}

export function parseSearchParams(params: URLSearchParams): SearchParams {
  const qs = params.getAll('q');
  if (qs.length > 1) throw new ParamError('q', 'give one search text');
  const q = (qs[0] ?? '').trim();
  if (q.length > SEARCH_MAX_QUERY) throw new ParamError('q', `at most ${SEARCH_MAX_QUERY} characters`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the rule itself: control characters are refused
  if (/[\u0000-\u001f\u007f]/.test(q)) throw new ParamError('q', 'letters, digits and punctuation only (no control characters)');
  const limits = params.getAll('limit');
  if (limits.length > 1) throw new ParamError('limit', 'give one limit');
  const raw = limits[0];
  if (raw === undefined || raw === '') return { q, limit: SEARCH_DEFAULT_LIMIT };
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > SEARCH_MAX_LIMIT) {
    throw new ParamError('limit', `a whole number from 1 to ${SEARCH_MAX_LIMIT}`);
  }
  return { q, limit: Number(raw) };
}
