/**
 * GET /api/data: table data of a stats page (spec section 7). Parse + gate, answer, respond: JSON, or one table
 * as a CSV download with `format=csv` (src/server/stats/answers/csv.ts); `form=compact`: the site's compact form
 * (src/lib/tables/compactAnswer.ts).
 */
import type { APIRoute } from 'astro';
import { answerIn } from '../../server/stats/answers/answers';
import { csvDownload, parseCsvOptions, parseFormat } from '../../server/stats/answers/csv';
import { encodedJson, handle } from '../../server/stats/request/http';
import { parseAnswerForm, parseStatsRequest } from '../../server/stats/request/request';

export const prerender = false;

export const GET: APIRoute = (context) =>
  handle(async () => {
    const format = parseFormat(context.url.searchParams);
    const form = parseAnswerForm(context.url.searchParams);
    const { query, asker } = parseStatsRequest(context);
    if (format === 'csv') return csvDownload(query, parseCsvOptions(context.url.searchParams, query), asker, context.request);
    return encodedJson(await answerIn(form, query, asker), context.request);
  });
