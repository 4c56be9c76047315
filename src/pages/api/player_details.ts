/** GET /api/player_details?player_id=: what the player pages need (bio, seasons, teams); 404 for unknown ids. */
import type { APIRoute } from 'astro';
import { parsePlayerId } from '../../lib/apiParams';
import { playerDetails } from '../../server/stats/entities/players';
import { handle, json } from '../../server/stats/request/http';

export const prerender = false;

export const GET: APIRoute = ({ url }) =>
  handle(async () => json(await playerDetails(parsePlayerId(url.searchParams.get('player_id')))));
