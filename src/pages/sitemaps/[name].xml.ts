/** GET /sitemaps/{name}.xml: one child sitemap of /sitemap.xml; 404 for a name the index does not list. */
import type { APIRoute } from 'astro';
import { sitemapPaths, urlsetXml } from '../../server/seo/sitemap';
import { contentIds } from '../../server/seo/sitemapContent';
import { xmlResponse } from '../../server/seo/xmlResponse';
import { publicOrigin } from '../../server/site/publicOrigin';

export const prerender = false;

export const GET: APIRoute = ({ params, url }) =>
  xmlResponse(async () => {
    const paths = await sitemapPaths(params.name ?? '', await contentIds());
    return paths === null ? null : urlsetXml(publicOrigin(url), paths);
  });
