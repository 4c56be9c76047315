/**
 * GET /api/standings?season=2022-23&through=2023-01-15: the standings to date (src/server/stats/views/standings.ts):
 * W-L, win %, games back, streak and last 10 of every team over the season's regular-season games played on or
 * before `through` (default: every game held). `season`: one season the database holds (default the latest);
 * `through`: a date of that season (src/lib/params/standingsParams.ts). A bad value is a 400 naming its key.
 */
import type { APIRoute } from 'astro';
import { ParamError, parseDataQuery } from '../../lib/params/apiParams';
import { parseStandingsThrough } from '../../lib/params/standingsParams';
import { handle, json } from '../../server/stats/request/http';
import { standings } from '../../server/stats/answers/reads';
import { askerOfContext } from '../../server/stats/request/request';

export const prerender = false;

export const GET: APIRoute = (context) =>
  handle(async () => {
    const { url } = context;
    const asked = url.searchParams.getAll('season').filter((s) => s.trim() !== '');
    if (asked.length > 1) throw new ParamError('season', 'give one season');
    const [season] = parseDataQuery({ page: ['League'], ...(asked.length ? { season: asked } : {}) }).filters.seasons;
    const through = parseStandingsThrough(url.searchParams, season!);
    return json(await standings(askerOfContext(context), season!, through));
  });
