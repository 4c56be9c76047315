/** Reading one cookie of a request (the Cookie header; the first cookie of that name). */

/** The cookie's raw value (as sent, not decoded), or null when the request has none by that name. */
export function cookieOf(request: Request, name: string): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}
