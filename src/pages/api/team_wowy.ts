/**
 * GET /api/team_wowy?team=&n=&four_factors=&side=&…filters[&format=csv]: a team's two-man with/without matrix
 * (src/lib/views/wowy.ts has the query and the answer). Parse and gate (400 naming the key, 403 for a paid
 * filter without the plan), answer through the stats cache and queue; `format=csv` downloads the pairs.
 */
import type { APIRoute } from 'astro';
import { parseFormat, wowyCsvDownload } from '../../server/stats/answers/csv';
import { wowyAnswer } from '../../server/stats/answers/answers';
import { encodedJson, handle } from '../../server/stats/request/http';
import { parseWowyRequest } from '../../server/stats/request/request';

export const prerender = false;

export const GET: APIRoute = (context) =>
  handle(async () => {
    const format = parseFormat(context.url.searchParams);
    const { query, asker } = parseWowyRequest(context);
    if (format === 'csv') return wowyCsvDownload(query, asker, context.request);
    return encodedJson(await wowyAnswer(query, asker), context.request);
  });
