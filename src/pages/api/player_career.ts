/** GET /api/player_career?player_id=: his career rows and totals (src/server/stats/career.ts); 404 for unknown ids. */
import type { APIRoute } from 'astro';
import { parsePlayerId } from '../../lib/apiParams';
import { playerCareer } from '../../server/stats/career';
import { handle, json } from '../../server/stats/http';

export const prerender = false;

export const GET: APIRoute = ({ url }) =>
  handle(async () => json(await playerCareer(parsePlayerId(url.searchParams.get('player_id'))), 200));
