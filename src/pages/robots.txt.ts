/** GET /robots.txt: what crawlers may read, and where the sitemap index is (an absolute URL, as the protocol asks). */
import type { APIRoute } from 'astro';
import { publicOrigin } from '../server/site/publicOrigin';

export const prerender = false;

export const GET: APIRoute = ({ url }) =>
  new Response(
    ['User-agent: *', 'Disallow: /api/', 'Disallow: /profile', 'Disallow: /protected', '', `Sitemap: ${publicOrigin(url)}/sitemap.xml`, ''].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } },
  );
