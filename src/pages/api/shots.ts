/** GET /api/shots: the attempts of a stats page's sample, for its shot chart. Same parameters, validation and gating as /api/data. */
import type { APIRoute } from 'astro';
import { parseDataQuery, rawQueryFromSearchParams } from '../../lib/apiParams';
import { assertFiltersAllowed } from '../../server/stats/gating';
import { encodedJson, handle } from '../../server/stats/http';
import { getEncodedShots } from '../../server/stats/shots';

export const prerender = false;

export const GET: APIRoute = ({ url, locals, request }) =>
  handle(async () => {
    const query = parseDataQuery(rawQueryFromSearchParams(url.searchParams));
    assertFiltersAllowed(query, locals.session ?? null);
    return encodedJson(await getEncodedShots(query), request);
  });
