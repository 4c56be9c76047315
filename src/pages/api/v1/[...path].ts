/** /api/v1/*: the developer API (src/server/api/v1/router.ts), told each metric set's guide from the site's content. */
import type { APIRoute } from 'astro';
import { handleV1 } from '../../../server/api/v1/router';
import { metricSetGuides } from '../../../server/content/metricSetGuides';

export const prerender = false;

const v1: APIRoute = async (context) => handleV1(context, { guides: await metricSetGuides() });
export const GET = v1;
export const HEAD = v1;
export const ALL = v1;
