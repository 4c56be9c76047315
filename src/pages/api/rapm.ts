/**
 * GET /api/rapm?season=&span=&min_poss=&position=&sort=&order=: the RAPM leaderboard (src/server/stats/views/rapm.ts);
 * a bad value is a 400 naming its key. With format=csv, the rows shown as a CSV download.
 */
import type { APIRoute } from 'astro';
import { ParamError } from '../../lib/params/apiParams';
import { parseRapmParams } from '../../lib/params/rapmParams';
import { parseFormat } from '../../server/stats/answers/csv';
import { handle, json } from '../../server/stats/request/http';
import { rapmCsvDownload, rapmLeaderboard } from '../../server/stats/answers/reads';
import { askerOfContext } from '../../server/stats/request/request';

export const prerender = false;

export const GET: APIRoute = (context) =>
  handle(async () => {
    const { url, request } = context;
    const format = parseFormat(url.searchParams);
    const parsed = parseRapmParams(url.searchParams);
    if (!parsed.ok) throw new ParamError(parsed.param, parsed.message);
    const board = await rapmLeaderboard(askerOfContext(context), parsed.params);
    return format === 'csv' ? rapmCsvDownload(board, request) : json(board, 200);
  });
