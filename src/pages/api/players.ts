/** GET /api/players: every player, { name, second_spectrum_id }, sorted by name (spec section 7). */
import type { APIRoute } from 'astro';
import { encodedPlayerList } from '../../server/stats/entities/players';
import { encodedJson, handle } from '../../server/stats/request/http';

export const prerender = false;

export const GET: APIRoute = ({ request }) =>
  handle(async () => encodedJson(await encodedPlayerList(), request));
