/** GET /api/players: every player, { name, second_spectrum_id }, sorted by name (spec section 7). */
import type { APIRoute } from 'astro';
import { encodedPlayerList } from '../../server/stats/answers/reads';
import { askerOfContext } from '../../server/stats/request/request';
import { encodedJson, handle } from '../../server/stats/request/http';

export const prerender = false;

export const GET: APIRoute = (context) => handle(async () => encodedJson(await encodedPlayerList(askerOfContext(context)), context.request));
