/**
 * GET /api/player_career?player_id=: his career rows and totals (src/server/stats/views/career.ts); 404 for unknown ids.
 * With format=csv, one of his box-score tables instead (season_type, mode: careerCsvDownload).
 */
import type { APIRoute } from 'astro';
import { parsePlayerId } from '../../lib/apiParams';
import { careerCsvDownload, playerCareer } from '../../server/stats/views/career';
import { parseFormat } from '../../server/stats/answers/csv';
import { handle, json } from '../../server/stats/request/http';

export const prerender = false;

export const GET: APIRoute = ({ url, request }) =>
  handle(async () => {
    const format = parseFormat(url.searchParams);
    const career = await playerCareer(parsePlayerId(url.searchParams.get('player_id')));
    return format === 'csv' ? careerCsvDownload(career, url.searchParams, request) : json(career, 200);
  });
