/**
 * Where sign-in and sign-out may send the browser afterwards: only a path of this site. A callback URL is
 * accepted as a same-origin path written plainly ("/stats/players?season=2012#x"): printable ASCII, one leading
 * slash, no backslash, no dot segments, no encoded slash or backslash in the path, nothing the URL parser would
 * rewrite. Anything else ("//evil.example", "/\evil.example", "/../\evil.example", "/%2F%2Fevil.example",
 * tabs, unicode look-alikes, "javascript:…", "--") is refused. An absolute URL is accepted only when its origin
 * is the site's own and its path passes the same test (Auth.js keeps the callback as an absolute URL in a cookie).
 */
const BASE = 'http://courtvision.invalid';

/** True for a same-origin path written plainly (see above). */
export function isSafeCallbackPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return false;
  if (!/^\/(?![/\\])[\x21-\x7e]*$/.test(value) || value.includes('\\')) return false;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return false;
  }
  if (url.origin !== BASE || url.pathname.startsWith('//')) return false;
  if (/%(2f|5c)/i.test(url.pathname)) return false;
  try {
    // Well-formed escapes only, and nothing a decoding proxy would turn into a new authority.
    const decoded = decodeURIComponent(url.pathname);
    if (decoded.startsWith('//') || decoded.includes('\\')) return false;
  } catch {
    return false;
  }
  // The parser changed nothing (no dot segments resolved, nothing re-encoded).
  return url.pathname + url.search + url.hash === value;
}

/** The value when it is a safe same-origin path, else the fallback (pages: the sign-in and sign-out forms). */
export function safeCallbackPath(value: string | null | undefined, fallback = '/'): string {
  return isSafeCallbackPath(value) ? value : fallback;
}

/**
 * The path a callback URL leads to on this site (`origin` is the site's, e.g. "http://localhost:4321"), or null
 * when it is not acceptable: a safe path, or an absolute http(s) URL of the same origin whose path is safe.
 */
export function callbackPathOf(value: string, origin: string): string | null {
  if (value.startsWith('/')) return isSafeCallbackPath(value) ? value : null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (value === origin) return '/';
  if (url.origin !== origin || !value.startsWith(`${origin}/`)) return null;
  const rest = value.slice(origin.length);
  return isSafeCallbackPath(rest) ? rest : null;
}
