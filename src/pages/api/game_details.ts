/** GET /api/game_details?game_id=: teams, date, score by period, starters and the full box score; 404 for unknown ids. */
import type { APIRoute } from 'astro';
import { parseGameId } from '../../lib/apiParams';
import { gameDetails } from '../../server/stats/games/gameDetails';
import { handle, json } from '../../server/stats/request/http';

export const prerender = false;

export const GET: APIRoute = ({ url }) =>
  handle(async () => json(await gameDetails(parseGameId(url.searchParams.get('game_id')))));
