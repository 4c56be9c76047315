/**
 * GET /api/compare?player={id}:{seasons}&player=...&side=&metric_set=&{filters by api key}: 2 to 4 players side by
 * side in one metric set of the players table, each player's numbers his players-table row for his seasons
 * (src/server/stats/answers/compare.ts; the query: src/server/stats/request/compareRequest.ts). 400 for a bad
 * value, 403 for a gated filter without the Stats plan, 404 for an unknown player.
 */
import type { APIRoute } from 'astro';
import { compare } from '../../server/stats/answers/compare';
import { handle, json } from '../../server/stats/request/http';
import { parseCompareApiRequest } from '../../server/stats/request/compareRequest';

export const prerender = false;

export const GET: APIRoute = (context) =>
  handle(async () => {
    const { request, asker } = parseCompareApiRequest(context);
    return json(await compare(request, asker), 200);
  });
