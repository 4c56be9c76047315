/**
 * The request handler of the project's server: the security headers on every response (securityHeaders.ts),
 * URLs and headers bounded (serverOptions.ts: 414 past 16 KB of URL, 431 past 16 KB of headers), request
 * bodies bounded before anything reads them (bodyLimit.ts: 413 past 16 KB), static assets straight
 * from dist/client, prerendered HTML pages through the session checks (prerenderedPages.ts), everything else
 * (server-rendered pages, /api/*, the auth endpoints, 404s) to Astro's handler (@astrojs/node in middleware
 * mode), where src/middleware.ts runs, compressed on the way out.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { logger } from '../log.ts';
import compression from 'compression';
import { collectProcessMetrics, httpDuration, httpRequests, metricsText } from '../metrics.ts';
import { accountsDownAnswer } from '../auth/accountsDown.ts';
import { AccountsUnavailableError } from '../auth/store/types.ts';
import { BodyTooLargeError, bodyLimitFor, hasBody, readBoundedBody } from './bodyLimit.ts';
import { MIN_COMPRESS_BYTES } from './compression.ts';
import { reportServerError, withRequestLog } from './errorLog.ts';
import { servePrerenderedPage } from './prerenderedPages.ts';
import { securityHeaders } from './securityHeaders.ts';
import { oversizedHead } from './serverOptions.ts';
import { createStaticResolver, sendAsset } from './staticFiles.ts';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface HandlerOptions {
  clientDir: string;
  /** Astro's handler from dist/server/entry.mjs (mode: 'middleware'). */
  astroHandler: NodeHandler;
  /** Behind a reverse proxy: take the request protocol from X-Forwarded-Proto (Secure cookies over https). */
  trustProxy: boolean;
  /** The site is served over https (AUTH_URL): send HSTS. */
  https?: boolean;
  /** METRICS_TOKEN: /metrics answers only with it (empty: /metrics is off). */
  metricsToken?: string;
}

/**
 * Server-rendered answers (stats pages carry their first table) compressed on the fly, Brotli or gzip
 * (the `compression` middleware); answers that come encoded already (/api/data's cached bytes) pass untouched.
 */
const compressRendered = compression({ threshold: MIN_COMPRESS_BYTES });
/**
 * Endpoints that send their own encoded bytes (the stats answers' cached brotli/gzip, CSV gzip): the
 * compression middleware would only wrap every write to pass them through, so they skip it.
 */
const ENCODED_BY_ENDPOINT = new Set(['/api/data', '/api/shots']);
function withCompression(req: IncomingMessage, res: ServerResponse): Promise<void> {
  return new Promise((resolve, reject) =>
    compressRendered(req as Parameters<typeof compressRendered>[0], res as Parameters<typeof compressRendered>[1], (err?: unknown) =>
      err ? reject(err) : resolve(),
    ),
  );
}

/**
 * The methods the site answers. Anything else (TRACE, PUT, DELETE, WebDAV...) is a 405 with Allow before any
 * route sees it; OPTIONS is answered here with Allow (no cross-origin access is granted).
 */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'] as const;
const ALLOW = ALLOWED_METHODS.join(', ');

function markProtocol(req: IncomingMessage): void {
  const proto = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(proto) ? proto[0] : proto)?.split(',')[0]?.trim().toLowerCase();
  // Astro builds the request URL's protocol from socket.encrypted; a proxy terminating TLS tells us instead.
  // Set per request (a keep-alive socket serves one request at a time).
  Object.defineProperty(req.socket, 'encrypted', { value: first === 'https', configurable: true, writable: true });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

/** Whether res.end has been called since now (by whatever writes the answer, through any wrapper installed so far). */
function watchEnd(res: ServerResponse): () => boolean {
  let called = false;
  const end = res.end;
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    called = true;
    return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['end'];
  return () => called;
}

/** A route kind for the metrics' labels: few values, never the path itself. */
export function routeKind(pathname: string): string {
  if (pathname.startsWith('/_astro/')) return 'asset';
  if (pathname === '/api/data' || pathname === '/api/shots') return 'stats-api';
  if (pathname.startsWith('/api/auth/')) return 'auth';
  if (pathname.startsWith('/api/billing/')) return 'webhook';
  if (pathname.startsWith('/api/')) return 'api';
  if (pathname.startsWith('/stats/')) return 'stats-page';
  if (pathname === '/healthz' || pathname === '/readyz' || pathname === '/metrics') return 'probe';
  if (/^\/(signin|signup|signout|forgot|reset|verify|confirm-email|profile)(\/|$)/.test(pathname)) return 'account';
  if (/^\/(pricing|checkout|purchase_confirmation|billing|admin)(\/|$)/.test(pathname)) return 'billing';
  return /\.[a-z0-9]+$/i.test(pathname) ? 'file' : 'page';
}

/** GET /metrics with `Authorization: Bearer METRICS_TOKEN`; 404 when no token is configured (metrics off). */
async function serveMetrics(req: IncomingMessage, res: ServerResponse, token: string): Promise<void> {
  if (!token) return sendJson(res, 404, { error: 'Not found' });
  const given = Buffer.from(req.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return sendJson(res, 401, { error: 'Metrics need Authorization: Bearer <METRICS_TOKEN>.' }, { 'WWW-Authenticate': 'Bearer' });
  }
  const { contentType, body } = await metricsText();
  res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  res.end(body);
}

export function createHandler({ clientDir, astroHandler, trustProxy, https = false, metricsToken = '' }: HandlerOptions): NodeHandler {
  const resolve = createStaticResolver(clientDir);
  const headers = securityHeaders({ scriptHashes: [], https });
  collectProcessMetrics();
  const log = logger();
  return async (req, res) => {
    headers.apply(res);
    const started = performance.now();
    // A request id: the proxy's, when it sent a plausible one, else ours; sent back and in every log line.
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && /^[A-Za-z0-9._-]{8,128}$/.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', id);
    const route = ((req.url ?? '/').split('?')[0] ?? '/').slice(0, 200);
    const kind = routeKind(route);
    res.on('finish', () => {
      const seconds = (performance.now() - started) / 1000;
      httpRequests.inc({ kind, status: String(res.statusCode) });
      httpDuration.observe({ kind }, seconds);
      log.info(
        {
          id,
          method: req.method,
          path: route,
          kind,
          status: res.statusCode,
          ms: Math.round(seconds * 10_000) / 10,
          cache: res.getHeader('x-cache') ?? undefined,
        },
        'request',
      );
    });
    // A 5xx, whatever answers it, gives one error line with its cause (errorLog.ts).
    return withRequestLog(req, res, { id, route, kind }, () => serve(req, res));
  };

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // URLs over 16 KB are a 414, headers over 16 KB a 431 (serverOptions.ts: the 414 rule).
    const oversized = oversizedHead(req);
    if (oversized) {
      sendJson(res, oversized.status, { error: oversized.error }, { Connection: 'close' });
      return;
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
      decodeURIComponent(url.pathname);
    } catch {
      sendJson(res, 400, { error: 'Bad request: malformed URL' });
      return;
    }
    const bodyLimit = bodyLimitFor(url.pathname);
    if (!(ALLOWED_METHODS as readonly string[]).includes(req.method ?? '')) {
      sendJson(res, 405, { error: `Method ${String(req.method).slice(0, 20)} is not allowed: use ${ALLOW}.` }, { Allow: ALLOW });
      return;
    }
    if (url.pathname === '/metrics' && (req.method === 'GET' || req.method === 'HEAD')) return serveMetrics(req, res, metricsToken);
    if (url.pathname === '/healthz') {
      // Liveness: the process answers. Readiness (databases) is /readyz, an Astro endpoint.
      sendJson(res, 200, { ok: true });
      return;
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { Allow: ALLOW, 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    if (hasBody(req)) {
      try {
        // Astro's Node adapter reads req.body when it is set instead of the stream.
        (req as IncomingMessage & { body?: Buffer }).body = await readBoundedBody(req, bodyLimit);
      } catch (error) {
        if (!(error instanceof BodyTooLargeError)) {
          res.destroy();
          return;
        }
        // Answer without reading the rest, then close the connection (the client may still be sending).
        sendJson(res, 413, { error: `Request body too large: at most ${bodyLimit} bytes.` }, { Connection: 'close' });
        res.on('finish', () => req.destroy());
        return;
      }
    }
    if (trustProxy) markProtocol(req);
    try {
      if (req.method === 'GET' || req.method === 'HEAD') {
        const file = resolve(url.pathname);
        if (file?.kind === 'asset') return sendAsset(req, res, url.pathname, file);
        if (file?.kind === 'page') return await servePrerenderedPage(req, res, url, file);
      }
      if (!ENCODED_BY_ENDPOINT.has(url.pathname)) await withCompression(req, res);
      const ended = watchEnd(res);
      await astroHandler(req, res);
      // A page that fails while it streams (its status line may be out): Astro writes a last line and ends the
      // response in that write's callback, which the compression wrapper never calls, so the answer stayed open
      // and the visitor's browser waited for ever. Astro's handler has returned without ending it: cut it here.
      if (!ended() && !res.destroyed) {
        reportServerError(
          new Error(`The page failed while it was being sent (status ${res.statusCode} already decided; the renderer's own message names the error)`),
        );
        res.destroy();
      }
    } catch (error) {
      if (error instanceof AccountsUnavailableError && !res.headersSent) {
        reportServerError(error, 503);
        const answer = accountsDownAnswer(url.pathname);
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
        return;
      }
      reportServerError(error);
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Internal Server Error');
      } else {
        res.destroy();
      }
    }
  }
}
