/** GET /api/search?q=&limit=: players, teams and games matching q (src/server/search); empty lists for an empty q; 400 for a bad q or limit. */
import type { APIRoute } from 'astro';
import { parseSearchParams } from '../../lib/params/searchParams';
import { search } from '../../server/search';
import { handle, json } from '../../server/stats/request/http';

export const prerender = false;

export const GET: APIRoute = ({ url }) =>
  handle(async () => {
    const { q, limit } = parseSearchParams(url.searchParams);
    return json(await search(q, limit), 200, { 'Cache-Control': 'public, max-age=300' });
  });
