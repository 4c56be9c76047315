/**
 * GET /api/similar?player=&season=&age_min=&age_max=&min_minutes=&limit=: the player-seasons most similar to a
 * player's season (src/server/stats/views/similar.ts; parameters: src/lib/params/similarParams.ts). 400 for a bad
 * value, 404 for an unknown player; a season without a profile answers `profile: null` with a message.
 */
import type { APIRoute } from 'astro';
import { ParamError } from '../../lib/params/apiParams';
import { parseSimilarApiParams } from '../../lib/params/similarParams';
import { handle, json } from '../../server/stats/request/http';
import { similarPlayers } from '../../server/stats/answers/reads';
import { askerOfContext } from '../../server/stats/request/request';

export const prerender = false;

export const GET: APIRoute = (context) =>
  handle(async () => {
    const { url } = context;
    const ids = url.searchParams.getAll('player');
    if (ids.length !== 1 || !/^\d{1,10}$/.test(ids[0]!)) throw new ParamError('player', 'give one player id (digits)');
    const p = parseSimilarApiParams(url.searchParams);
    return json(await similarPlayers(askerOfContext(context), Number(ids[0]), p.season, p), 200, { 'Cache-Control': 'public, max-age=300' });
  });
