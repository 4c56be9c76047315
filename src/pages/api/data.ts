/** GET /api/data: table data of a stats page (spec section 7). Parse, gate, compute, respond. */
import type { APIRoute } from 'astro';
import { parseDataQuery, rawQueryFromSearchParams } from '../../lib/apiParams';
import { getEncodedData } from '../../server/stats/data';
import { assertFiltersAllowed } from '../../server/stats/gating';
import { encodedJson, handle } from '../../server/stats/http';

export const prerender = false;

export const GET: APIRoute = ({ url, locals, request }) =>
  handle(async () => {
    const query = parseDataQuery(rawQueryFromSearchParams(url.searchParams));
    assertFiltersAllowed(query, locals.session ?? null);
    return encodedJson(await getEncodedData(query), request);
  });
