/** GET /api/player_details?player_id=: what the player pages need (bio, seasons, teams); 404 for unknown ids. */
import type { APIRoute } from 'astro';
import { parsePlayerId } from '../../lib/params/apiParams';
import { playerDetails } from '../../server/stats/answers/reads';
import { askerOfContext } from '../../server/stats/request/request';
import { handle, json } from '../../server/stats/request/http';

export const prerender = false;

export const GET: APIRoute = (context) =>
  handle(async () => json(await playerDetails(askerOfContext(context), parsePlayerId(context.url.searchParams.get('player_id')))));
