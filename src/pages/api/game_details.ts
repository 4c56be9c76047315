/** GET /api/game_details?game_id=: teams, date, score by period, starters and the full box score; 404 for unknown ids. */
import type { APIRoute } from 'astro';
import { parseGameId } from '../../lib/params/apiParams';
import { gameDetails } from '../../server/stats/answers/reads';
import { handle, json } from '../../server/stats/request/http';
import { askerOfContext } from '../../server/stats/request/request';

export const prerender = false;

export const GET: APIRoute = (context) =>
  handle(async () => json(await gameDetails(askerOfContext(context), parseGameId(context.url.searchParams.get('game_id')))));
