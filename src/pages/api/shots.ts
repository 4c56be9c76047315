/**
 * GET /api/shots: the attempts of a stats page's sample, for its shot chart. Same parsing, validation, gating,
 * cache and query queue (lanes, per-client cap, timeout, coalescing) as /api/data.
 */
import type { APIRoute } from 'astro';
import { shotsAnswer } from '../../server/stats/answers/answers';
import { encodedJson, handle } from '../../server/stats/request/http';
import { parseStatsRequest } from '../../server/stats/request/request';

export const prerender = false;

export const GET: APIRoute = (context) =>
  handle(async () => {
    const { query, asker } = parseStatsRequest(context);
    return encodedJson(await shotsAnswer(query, asker), context.request);
  });
