/**
 * GET /api/teams_table?…: the teams table of /stats/teams, with the page's own query keys (every filter by its
 * query key, side, metricSet, sort, dir: src/lib/params/teamsTableParams.ts; a gated filter needs the Stats plan: 403). `format=csv` is the page's "Download
 * CSV" (src/server/stats/answers/csv.ts teamsTableCsv); json (the default) the rows as computed. 400 for a bad value,
 * a `sort` that is not a column of the set included.
 */
import type { APIRoute } from 'astro';
import { ParamError } from '../../lib/params/apiParams';
import { parseTeamsTableQuery } from '../../lib/params/teamsTableParams';
import { assertFiltersAllowed } from '../../server/stats/request/gating';
import { csvTextResponse } from '../../server/stats/base/csvText';
import { parseFormat, teamsTableCsv } from '../../server/stats/answers/csv';
import { handle, json } from '../../server/stats/request/http';
import { teamsTable } from '../../server/stats/answers/reads';
import { askerOfContext } from '../../server/stats/request/request';

export const prerender = false;

export const GET: APIRoute = (context) =>
  handle(async () => {
    const { url, request } = context;
    const format = parseFormat(url.searchParams);
    // Every filter of the stats pages; a gated one without the Stats plan is a 403 naming it (request/gating.ts).
    const q = parseTeamsTableQuery(url.searchParams, { allowed: true });
    assertFiltersAllowed(q, context.locals.session);
    if (url.searchParams.has('sort') && !q.sort) throw new ParamError('sort', 'is not a column of this table');
    const table = await teamsTable(askerOfContext(context), q.filters);
    if (format === 'json') return json(table, 200);
    const { text, fileName } = teamsTableCsv(q, table);
    return csvTextResponse(text, fileName, request);
  });
