/** /api/v1/*: the developer API (src/server/api/v1/router.ts). */
import type { APIRoute } from 'astro';
import { handleV1 } from '../../../server/api/v1/router';

export const prerender = false;

export const GET: APIRoute = (context) => handleV1(context);
export const HEAD: APIRoute = (context) => handleV1(context);
export const ALL: APIRoute = (context) => handleV1(context);
