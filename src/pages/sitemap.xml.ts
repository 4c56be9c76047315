/** GET /sitemap.xml: the sitemap index (src/server/seo/sitemap.ts); 503 without a stats database. */
import type { APIRoute } from 'astro';
import { sitemapIndexXml, sitemapNames } from '../server/seo/sitemap';
import { contentIds } from '../server/seo/sitemapContent';
import { xmlResponse } from '../server/seo/xmlResponse';
import { publicOrigin } from '../server/site/publicOrigin';

export const prerender = false;

export const GET: APIRoute = ({ url }) => xmlResponse(async () => sitemapIndexXml(publicOrigin(url), await sitemapNames(await contentIds())));
