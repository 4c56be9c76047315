/**
 * Request middleware (every server-rendered page, /api/* and the auth endpoints; the prerendered pages get the
 * same checks from the project's server, src/server/http/server.ts):
 * 1. fillSession: locals.session = the signed-in user's session, or null;
 * 2. limitSignIn: per-IP and per-account rate limit on credential sign-ins (429);
 * 3. enforceAccess: the protected-page and expired-plan redirects (src/server/auth/access.ts);
 * 4. protectAuthPages: no framing of the sign-in pages.
 */
import { defineMiddleware, sequence } from 'astro:middleware';
import { classifyPath, decideAccess } from './server/auth/access.ts';
import { AUTH_BASE_PATH } from './lib/authPaths.ts';
import { clientIpOf, rateLimitKeyForIp } from './server/auth/clientIp.ts';
import { getSessionForRequest, nowSeconds } from './server/auth/session.ts';
import { signInGuard, signInOutcome, tooManyRequestsResponse } from './server/auth/signInGuard.ts';

const CREDENTIALS_CALLBACK = `${AUTH_BASE_PATH}/callback/credentials`;

const fillSession = defineMiddleware(async (context, next) => {
  // Prerendering runs at build time without a visitor: no session.
  context.locals.session = context.isPrerendered ? null : await getSessionForRequest(context.request);
  return next();
});

const limitSignIn = defineMiddleware(async (context, next) => {
  if (context.request.method !== 'POST' || context.url.pathname !== CREDENTIALS_CALLBACK) return next();
  let socketAddress = '';
  try {
    socketAddress = context.clientAddress;
  } catch {
    // the adapter could not tell; fall back to one shared bucket
  }
  const ip = rateLimitKeyForIp(clientIpOf(context.request, socketAddress));
  const form = await context.request
    .clone()
    .formData()
    .catch(() => null);
  const emailField = form?.get('email');
  const email = typeof emailField === 'string' ? emailField : '';
  const verdict = await signInGuard.check(ip, email);
  if (!verdict.allowed) {
    return tooManyRequestsResponse(verdict.retryAfterSeconds, context.request.headers.has('x-auth-return-redirect'));
  }
  const response = await next();
  const outcome = await signInOutcome(response);
  if (outcome === 'failure') await signInGuard.recordFailure(ip, email);
  if (outcome === 'success') await signInGuard.recordSuccess(email);
  return response;
});

const enforceAccess = defineMiddleware((context, next) => {
  if (context.isPrerendered) return next();
  const decision = decideAccess({
    pathname: context.url.pathname,
    search: context.url.search,
    session: context.locals.session,
    now: nowSeconds(),
  });
  if (decision.action === 'redirect') {
    const response = context.redirect(decision.location, 302);
    response.headers.set('Cache-Control', 'no-store');
    return response;
  }
  return next();
});

/** The sign-in and sign-out pages must not be framed by other sites (clickjacking) or leak their URL. */
const protectAuthPages = defineMiddleware(async (context, next) => {
  const response = await next();
  if (classifyPath(context.url.pathname) === 'auth' && response.headers.get('content-type')?.includes('text/html')) {
    try {
      response.headers.set('X-Frame-Options', 'DENY');
      response.headers.set('Referrer-Policy', 'same-origin');
    } catch {
      // immutable headers (a Response.redirect): nothing to frame there
    }
  }
  return response;
});

export const onRequest = sequence(fillSession, limitSignIn, enforceAccess, protectAuthPages);
