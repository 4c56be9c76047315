/**
 * GET /api/finder?<finder query>: the finder's rows and the count of all matches (src/lib/views/finderQuery.ts has the
 * query; src/server/stats/finder/finder.ts runs it). `format=csv`: every matching row as a CSV download. A bad key
 * is a 400 naming it (`cond` for the conditions), a paid filter without the Stats plan a 403, a busy server or a
 * query past its budget a 503 with Retry-After.
 */
import type { APIRoute } from 'astro';
import { ParamError } from '../../lib/params/apiParams';
import { finderCsvDownload } from '../../server/stats/finder/finderCsv';
import { finderQueryOf, runFinder } from '../../server/stats/finder/finder';
import { assertFiltersAllowed } from '../../server/stats/request/gating';
import { handle, json } from '../../server/stats/request/http';
import { askerOf } from '../../server/stats/request/request';

export const prerender = false;

export const GET: APIRoute = (context) =>
  handle(async () => {
    const params = context.url.searchParams;
    const format = params.get('format') ?? 'json';
    if (format !== 'json' && format !== 'csv') throw new ParamError('format', 'must be json or csv');
    const q = finderQueryOf(params);
    const session = context.locals.session ?? null;
    assertFiltersAllowed(q, session);
    const asker = { client: askerOf(context, session?.user.email ?? null) };
    if (format === 'csv') return finderCsvDownload(q, asker, context.request);
    return json(await runFinder(q, { asker }), 200, { 'Cache-Control': 'private, max-age=60' });
  });
