/** GET /api/shots: the attempts of a stats page's sample, for its shot chart. Same parsing, validation and gating as /api/data. */
import type { APIRoute } from 'astro';
import { encodedJson, handle } from '../../server/stats/http';
import { parseStatsRequest } from '../../server/stats/request';
import { getEncodedShots } from '../../server/stats/shots';

export const prerender = false;

export const GET: APIRoute = (context) =>
  handle(async () => {
    const { query } = parseStatsRequest(context);
    return encodedJson(await getEncodedShots(query), context.request);
  });
