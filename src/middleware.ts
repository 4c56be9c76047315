/**
 * Request middleware (every server-rendered page, /api/* and the auth endpoints; the prerendered pages get the
 * same checks from the project's server, src/server/http/):
 * 0. setCachePolicy: who may keep the answer (src/server/http/cachePolicy.ts);
 * 1. pagePolicy: server-rendered HTML gets its Content-Security-Policy with the hashes of the inline scripts
 *    it may carry (src/server/http/pageScripts.ts); the other security headers come from the project's server;
 * 2. accountsDown: the accounts database out of reach (AccountsUnavailableError) is a 503 with Retry-After;
 *    fillSession: locals.session = the signed-in user's session, or null;
 * 3. guardAuth: on /api/auth/*, a bad callbackUrl (query, body or cookie) is a 400; credential sign-ins are
 *    rate limited per account and IP (429), per account past its threshold and per busy IP for guesses (one
 *    attempt per growing delay is checked, the rest answered as wrong passwords; signInGuard.ts says who is a
 *    guesser and who a colleague behind the same address; the owner is emailed);
 * 4. enforceAccess: the protected-page and expired-plan redirects (src/server/auth/access.ts);
 * 5. loadSeasons: the season catalogue of the stats file served (src/server/stats/entities/seasons.ts) read before
 *    a page parses its query (its seasons, default and "Data through" date); a failure leaves it to the page;
 * 6. statsBusy: a page whose stats read the query queue refused (BusyError: the visitor's per-client cap, a full
 *    lane, the timeout; src/server/stats/answers/reads.ts) is that 429 or 503 with Retry-After, not a 500 page.
 */
import { defineMiddleware, sequence } from 'astro:middleware';
import { AUTH_BASE_PATH } from './lib/accounts/authPaths.ts';
import { accountsDownAnswer } from './server/auth/accountsDown.ts';
import { decideAccess } from './server/auth/access.ts';
import { AccountsUnavailableError } from './server/auth/store/types.ts';
import { authFieldsOf, badCallbackResponse, checkCallbackUrls, isAuthAction } from './server/auth/authRequest.ts';
import { callbackPathOf } from './server/auth/callbackUrl.ts';
import { rateLimitKeyOf } from './server/auth/clientIp.ts';
import { getAccountForRequest, hasSessionCookie, nowSeconds } from './server/auth/requestSession.ts';
import { answeredAsWrongPassword, signInGuard, signInOutcome, tooManyRequestsResponse, wrongPasswordResponse } from './server/auth/signInGuard.ts';
import { warnAccountOwner } from './server/accounts/signInWarning.ts';
import { publicOrigin } from './server/site/publicOrigin.ts';
import { PAGE_SCRIPT_HASHES } from './server/http/pageScripts.ts';
import { pagePolicy } from './server/http/securityHeaders.ts';
import { cacheControlFor } from './server/http/cachePolicy.ts';
import { signIns } from './server/metrics.ts';
import { reportServerError } from './server/http/errorLog.ts';
import { currentSeasons } from './server/stats/entities/seasons.ts';
import { BusyError } from './server/stats/answers/queue.ts';

const CREDENTIALS_CALLBACK = `${AUTH_BASE_PATH}/callback/credentials`;
const PAGE_POLICY = pagePolicy(PAGE_SCRIPT_HASHES);

/**
 * A page or endpoint that throws is answered 500 by Astro (500.astro): its error is the cause of that 5xx in the
 * log's one error line (src/server/http/errorLog.ts). Outermost, so that it sees what every other step lets through.
 * An error while a page streams (after its status line) is reported from the body's stream: the server then cuts
 * the connection (src/server/http/handler.ts) and its line names that error.
 */
const reportErrors = defineMiddleware(async (_context, next) => {
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    reportServerError(error);
    throw error;
  }
  if (!response.body) return response;
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        reportServerError(error);
        controller.error(error);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
});

const setPagePolicy = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (response.headers.get('content-type')?.startsWith('text/html')) {
    try {
      response.headers.set('Content-Security-Policy', PAGE_POLICY);
    } catch {
      // immutable headers (a Response.redirect): no page to protect
    }
  }
  return response;
});

/** Who may keep the answer (src/server/http/cachePolicy.ts): decided here for every page and /api/* answer. */
const setCachePolicy = defineMiddleware(async (context, next) => {
  const response = await next();
  if (context.isPrerendered) return response;
  const value = cacheControlFor({
    pathname: context.url.pathname,
    signedIn: hasSessionCookie(context.request.headers.get('cookie')),
    status: response.status,
    setsCookie: response.headers.has('set-cookie'),
    routeValue: response.headers.get('cache-control'),
  });
  try {
    response.headers.set('Cache-Control', value);
  } catch {
    // immutable headers (a Response.redirect): redirects carry no body to keep
  }
  return response;
});

/** The accounts database out of reach anywhere below (session, sign-in guard, pages): 503, not a 500 page. */
const accountsDown = defineMiddleware(async (context, next) => {
  try {
    return await next();
  } catch (error) {
    if (!(error instanceof AccountsUnavailableError)) throw error;
    reportServerError(error, 503);
    const answer = accountsDownAnswer(context.url.pathname);
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  }
});

const fillSession = defineMiddleware(async (context, next) => {
  // Prerendering runs at build time without a visitor: no session.
  const account = context.isPrerendered ? null : await getAccountForRequest(context.request);
  context.locals.account = account;
  context.locals.session = account?.session ?? null;
  return next();
});

const guardAuth = defineMiddleware(async (context, next) => {
  const { pathname } = context.url;
  if (pathname !== AUTH_BASE_PATH && !pathname.startsWith(`${AUTH_BASE_PATH}/`)) return next();
  if (!isAuthAction(pathname, AUTH_BASE_PATH)) return Response.json({ error: `Not found: ${pathname}` }, { status: 404 });
  const fields = await authFieldsOf(context.request);
  const callbacks = checkCallbackUrls(context.request, context.url, fields.callbackUrl);
  if (!callbacks.ok) return badCallbackResponse(callbacks);
  if (context.request.method !== 'POST' || pathname !== CREDENTIALS_CALLBACK) return next();

  const ip = rateLimitKeyOf(context);
  const json = context.request.headers.has('x-auth-return-redirect');
  const verdict = await signInGuard.check(ip, fields.email);
  if (!verdict.allowed) signIns.inc({ outcome: 'refused' });
  const callbackPath = fields.callbackUrl ? callbackPathOf(fields.callbackUrl, context.url.origin) : null;
  if (answeredAsWrongPassword(verdict)) return wrongPasswordResponse(context.url.origin, json, callbackPath);
  if (!verdict.allowed) return tooManyRequestsResponse(verdict.retryAfterSeconds, json);
  const response = await next();
  const outcome = await signInOutcome(response);
  if (outcome !== 'other') signIns.inc({ outcome });
  if (outcome === 'failure') {
    await signInGuard.recordFailure(ip, fields.email);
    if (signInGuard.reachesThreshold(verdict)) await warnAccountOwner(fields.email, publicOrigin(context.url));
  }
  if (outcome === 'success') await signInGuard.recordSuccess(ip, fields.email);
  // A wrong password keeps where the visitor was going (Auth.js's answer drops the callback URL).
  if (outcome === 'failure') return wrongPasswordResponse(context.url.origin, json, callbackPath, response.headers);
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

const loadSeasons = defineMiddleware(async (context, next) => {
  if (!context.isPrerendered) await currentSeasons().catch(() => undefined);
  return next();
});

const statsBusy = defineMiddleware(async (_context, next) => {
  try {
    return await next();
  } catch (error) {
    if (!(error instanceof BusyError)) throw error;
    if (error.status >= 500) reportServerError(error, error.status);
    return new Response(error.message, {
      status: error.status,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': String(error.retryAfterSeconds), 'Cache-Control': 'no-store' },
    });
  }
});

export const onRequest = sequence(reportErrors, setPagePolicy, setCachePolicy, accountsDown, fillSession, guardAuth, enforceAccess, loadSeasons, statsBusy);
