import { describe, expect, it } from 'vitest';
import { IMMUTABLE, NO_STORE, PRIVATE, PUBLIC_API, PUBLIC_PAGE, cacheControlFor } from '../../../../src/server/http/cachePolicy.ts';
import { hasSessionCookie } from '../../../../src/server/auth/requestSession.ts';

const facts = (over: Partial<Parameters<typeof cacheControlFor>[0]>) =>
  cacheControlFor({ pathname: '/stats/players', signedIn: false, status: 200, setsCookie: false, routeValue: null, ...over });

describe('the cache policy, by kind of response', () => {
  it('anonymous answers are public; pages revalidate in browsers, API answers are kept a minute', () => {
    expect(facts({})).toBe(PUBLIC_PAGE);
    expect(facts({ pathname: '/' })).toBe(PUBLIC_PAGE);
    expect(facts({ pathname: '/api/data' })).toBe(PUBLIC_API);
    expect(facts({ pathname: '/api/data', status: 304 })).toBe(PUBLIC_API);
    expect(PUBLIC_PAGE).toMatch(/max-age=0.*s-maxage=\d+/);
  });
  it('anything with a session cookie, or setting a cookie, or marked private by its route, is private', () => {
    for (const pathname of ['/', '/stats/players', '/api/data', '/pricing']) expect(facts({ pathname, signedIn: true })).toBe(PRIVATE);
    expect(facts({ pathname: '/signin', setsCookie: true })).toBe(PRIVATE);
    expect(facts({ pathname: '/api/auth/session' })).toBe(PRIVATE);
    expect(facts({ pathname: '/profile', routeValue: 'private, no-store' })).toBe('private, no-store');
    expect(facts({ pathname: '/readyz', routeValue: 'no-store' })).toBe('no-store');
  });
  it('errors and redirects are not kept (a 404 may be); hashed assets are immutable', () => {
    expect(facts({ pathname: '/api/data', status: 403 })).toBe(NO_STORE);
    expect(facts({ status: 503 })).toBe(NO_STORE);
    expect(facts({ status: 302 })).toBe(NO_STORE);
    expect(facts({ pathname: '/nope', status: 404 })).toBe(PUBLIC_PAGE);
    expect(facts({ pathname: '/_astro/x.js', signedIn: true })).toBe(IMMUTABLE);
  });
  it('finds the session cookie in both its names, and nothing else', () => {
    expect(hasSessionCookie('a=1; authjs.session-token=x')).toBe(true);
    expect(hasSessionCookie('__Secure-authjs.session-token=x')).toBe(true);
    expect(hasSessionCookie('authjs.csrf-token=x; authjs.callback-url=y')).toBe(false);
    expect(hasSessionCookie('xauthjs.session-token=1')).toBe(false);
    expect(hasSessionCookie(null)).toBe(false);
  });
});
