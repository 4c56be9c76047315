/** GET /api/players: every player, { name, second_spectrum_id }, sorted by name (spec section 7). */
import type { APIRoute } from 'astro';
import { listPlayers } from '../../server/stats/players';
import { handle, json } from '../../server/stats/http';

export const prerender = false;

export const GET: APIRoute = () => handle(async () => json(await listPlayers()));
