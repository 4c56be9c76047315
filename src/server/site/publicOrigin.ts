/**
 * The absolute origin of the site's public URLs (canonical links, Open Graph, JSON-LD, sitemaps): the origin of
 * AUTH_URL when it is set (the project's one public-URL setting), else the origin the request came to.
 * Prerendered pages are built before any request: they carry PRERENDER_ORIGIN, which the project's server
 * replaces with the request's public origin when it serves them (src/server/http/prerenderedPages.ts).
 */
import { config } from '../config.ts';

export const PRERENDER_ORIGIN = 'https://prerendered-origin.invalid';

/** Host headers we accept as an origin (name or address, optional port); anything else falls back to localhost. */
const HOST_PATTERN = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

function configuredOrigin(): string | null {
  if (!config.authUrl) return null;
  try {
    return new URL(config.authUrl).origin;
  } catch {
    return null;
  }
}

/** The public origin for a page rendered for `url` (Astro.url); PRERENDER_ORIGIN while prerendering. */
export function publicOrigin(url: URL, prerendering = false): string {
  return configuredOrigin() ?? (prerendering ? PRERENDER_ORIGIN : url.origin);
}

/** The public origin of a raw request (the project's server): AUTH_URL, else protocol and Host header. */
export function requestOrigin(host: string | undefined, https: boolean): string {
  const configured = configuredOrigin();
  if (configured) return configured;
  const h = host && HOST_PATTERN.test(host) ? host.toLowerCase() : 'localhost';
  return `${https ? 'https' : 'http'}://${h}`;
}

/** A prerendered page's HTML with its public origin in place of the build-time placeholder. */
export function withOrigin(html: string, origin: string): string {
  return html.includes(PRERENDER_ORIGIN) ? html.split(PRERENDER_ORIGIN).join(origin) : html;
}
