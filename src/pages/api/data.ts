/**
 * GET /api/data: table data of a stats page (spec section 7). Parse, gate, compute, respond: JSON, or one
 * table as a CSV download with `format=csv` (src/server/stats/csv.ts).
 */
import type { APIRoute } from 'astro';
import { parseDataQuery, rawQueryFromSearchParams } from '../../lib/apiParams';
import { csvDownload, parseCsvOptions, parseFormat } from '../../server/stats/csv';
import { getEncodedData } from '../../server/stats/data';
import { assertFiltersAllowed } from '../../server/stats/gating';
import { encodedJson, handle } from '../../server/stats/http';

export const prerender = false;

export const GET: APIRoute = ({ url, locals, request }) =>
  handle(async () => {
    const format = parseFormat(url.searchParams);
    const query = parseDataQuery(rawQueryFromSearchParams(url.searchParams));
    const csv = format === 'csv' ? parseCsvOptions(url.searchParams, query) : null;
    assertFiltersAllowed(query, locals.session ?? null);
    if (csv) return csvDownload(query, csv, request);
    return encodedJson(await getEncodedData(query), request);
  });
