/**
 * The request handler of the project's server: static assets straight from dist/client, prerendered HTML
 * pages through the session checks (prerenderedPages.ts), everything else (server-rendered pages, /api/*,
 * the auth endpoints, 404s) to Astro's handler (@astrojs/node in middleware mode), where src/middleware.ts runs,
 * compressed on the way out.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import { MIN_COMPRESS_BYTES } from './compression.ts';
import { servePrerenderedPage } from './prerenderedPages.ts';
import { createStaticResolver, sendAsset } from './staticFiles.ts';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface HandlerOptions {
  clientDir: string;
  /** Astro's handler from dist/server/entry.mjs (mode: 'middleware'). */
  astroHandler: NodeHandler;
  /** Behind a reverse proxy: take the request protocol from X-Forwarded-Proto (Secure cookies over https). */
  trustProxy: boolean;
}

/**
 * Server-rendered answers (stats pages carry their first table, issue 15) compressed on the fly, Brotli or gzip
 * (the `compression` middleware); answers that come encoded already (/api/data's cached bytes) pass untouched.
 */
const compressRendered = compression({ threshold: MIN_COMPRESS_BYTES });
function withCompression(req: IncomingMessage, res: ServerResponse): Promise<void> {
  return new Promise((resolve, reject) =>
    compressRendered(req as Parameters<typeof compressRendered>[0], res as Parameters<typeof compressRendered>[1], (err?: unknown) => (err ? reject(err) : resolve())),
  );
}

function markProtocol(req: IncomingMessage): void {
  const proto = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(proto) ? proto[0] : proto)?.split(',')[0]?.trim().toLowerCase();
  // Astro builds the request URL's protocol from socket.encrypted; a proxy terminating TLS tells us instead.
  // Set per request (a keep-alive socket serves one request at a time).
  Object.defineProperty(req.socket, 'encrypted', { value: first === 'https', configurable: true, writable: true });
}

export function createHandler({ clientDir, astroHandler, trustProxy }: HandlerOptions): NodeHandler {
  const resolve = createStaticResolver(clientDir);
  return async (req, res) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
      decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ message: 'Bad request: malformed URL' }));
      return;
    }
    if (trustProxy) markProtocol(req);
    try {
      if (req.method === 'GET' || req.method === 'HEAD') {
        const file = resolve(url.pathname);
        if (file?.kind === 'asset') return sendAsset(req, res, url.pathname, file);
        if (file?.kind === 'page') return await servePrerenderedPage(req, res, url, file);
      }
      await withCompression(req, res);
      await astroHandler(req, res);
    } catch (error) {
      console.error(`Could not serve ${req.method} ${url.pathname}:`, error);
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Internal Server Error');
      } else {
        res.destroy();
      }
    }
  };
}
