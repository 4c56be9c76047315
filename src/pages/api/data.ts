/** GET /api/data: table data of a stats page (spec section 7). Parse + gate, answer, respond. */
import type { APIRoute } from 'astro';
import { answer } from '../../server/stats/answers';
import { encodedJson, handle } from '../../server/stats/http';
import { parseStatsRequest } from '../../server/stats/request';

export const prerender = false;

export const GET: APIRoute = (context) =>
  handle(async () => {
    const { query, asker } = parseStatsRequest(context);
    return encodedJson(await answer(query, asker), context.request);
  });
