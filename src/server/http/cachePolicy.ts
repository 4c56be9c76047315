/**
 * Who may keep a response, decided in one place for every kind of answer (the Astro middleware applies it to
 * server-rendered pages and /api/*, the project's server to prerendered pages and files). The rule:
 * - a request with a session cookie gets a private answer (the header's account block, the plan's gates):
 *   `private, no-store`; so does any response that sets a cookie, and anything a route marks private itself
 *   (account, sign-in and billing pages, the auth endpoints);
 * - a request without one gets the public copy, the same for every anonymous visitor, which a shared cache (a
 *   CDN) may keep: browsers revalidate pages at once (max-age=0) while the CDN keeps them for s-maxage;
 * - errors other than 404 are not kept; hashed /_astro files are immutable.
 * A CDN in front bypasses its cache when the session cookie is present (docs/explanation/deployment.md), so a signed-in
 * request never receives, and never stores, the anonymous copy.
 */
export const PRIVATE = 'private, no-store';
export const PUBLIC_PAGE = 'public, max-age=0, s-maxage=300, stale-while-revalidate=3600';
export const PUBLIC_API = 'public, max-age=60, s-maxage=600, stale-while-revalidate=3600';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_STORE = 'no-store';

export interface CacheFacts {
  pathname: string;
  /** The request carried a session cookie. */
  signedIn: boolean;
  status: number;
  /** The response sets a cookie. */
  setsCookie: boolean;
  /** What the route set itself, if anything. */
  routeValue: string | null;
}

export function cacheControlFor({ pathname, signedIn, status, setsCookie, routeValue }: CacheFacts): string {
  if (pathname.startsWith('/_astro/')) return IMMUTABLE;
  if (setsCookie || signedIn) return PRIVATE;
  if (routeValue && /\b(private|no-store)\b/.test(routeValue)) return routeValue;
  if (status >= 400 && status !== 404) return NO_STORE;
  if (status >= 300 && status < 400 && status !== 304) return NO_STORE;
  if (pathname === '/api/auth' || pathname.startsWith('/api/auth/')) return PRIVATE;
  if (pathname.startsWith('/api/')) return PUBLIC_API;
  return PUBLIC_PAGE;
}
