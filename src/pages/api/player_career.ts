/**
 * GET /api/player_career?player_id=: his career rows and totals (src/server/stats/views/career.ts); 404 for unknown ids.
 * With format=csv, one of his box-score tables instead (season_type, mode: careerCsvDownload).
 */
import type { APIRoute } from 'astro';
import { parsePlayerId } from '../../lib/params/apiParams';
import { careerCsvDownload, playerCareer } from '../../server/stats/answers/reads';
import { askerOfContext } from '../../server/stats/request/request';
import { parseFormat } from '../../server/stats/answers/csv';
import { handle, json } from '../../server/stats/request/http';

export const prerender = false;

export const GET: APIRoute = (context) =>
  handle(async () => {
    const { url, request } = context;
    const format = parseFormat(url.searchParams);
    const career = await playerCareer(askerOfContext(context), parsePlayerId(url.searchParams.get('player_id')));
    return format === 'csv' ? careerCsvDownload(career, url.searchParams, request) : json(career, 200);
  });
