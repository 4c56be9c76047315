/**
 * Prerendered pages (marketing pages, articles) are plain HTML files, so Astro's middleware never sees
 * them. This serves them with the same rules: the expired-plan redirect (src/server/auth/access.ts), the signed-in
 * header and the running prices (src/server/billing/priceLine.ts), all done here on the server, without client
 * JavaScript.
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decideAccess } from '../auth/access.ts';
import { fillBlocks, visitorBlocks } from '../auth/accountNav.ts';
import { renderPriceLine } from '../billing/priceLine.ts';
import { getSessionForRequest, hasSessionCookie, nowSeconds } from '../auth/requestSession.ts';
import { PRIVATE, PUBLIC_PAGE } from './cachePolicy.ts';
import { compress, compressedFile, MIN_COMPRESS_BYTES, pickEncoding } from './compression.ts';
import { inlineScriptHashes, pagePolicy } from './securityHeaders.ts';
import type { StaticFile } from './staticFiles.ts';
import { requestOrigin, withOrigin } from '../site/publicOrigin.ts';

const htmlCache = new Map<string, { html: string; policy: string }>();

/** A prerendered page and its CSP (the hashes of the inline scripts the build put in it). */
function readPage(file: string): { html: string; policy: string } {
  let page = htmlCache.get(file);
  if (page === undefined) {
    const html = fs.readFileSync(file, 'utf8');
    page = { html, policy: pagePolicy(inlineScriptHashes(html)) };
    htmlCache.set(file, page);
  }
  return page;
}

/** A Fetch API Request with just what the session lookup needs (cookie, protocol). */
export function sessionRequestOf(req: IncomingMessage): Request {
  const encrypted = 'encrypted' in req.socket && Boolean((req.socket as { encrypted?: boolean }).encrypted);
  const headers = new Headers();
  const cookie = req.headers.cookie;
  if (cookie) headers.set('cookie', cookie);
  return new Request(`${encrypted ? 'https' : 'http'}://localhost${req.url ?? '/'}`, { headers });
}

export async function servePrerenderedPage(req: IncomingMessage, res: ServerResponse, url: URL, page: StaticFile): Promise<void> {
  const session = await getSessionForRequest(sessionRequestOf(req));
  const now = nowSeconds();
  const decision = decideAccess({ pathname: url.pathname, search: url.search, session, now });
  // Anonymous visitors all get the same page, which a shared cache may keep; a signed-in one is theirs alone.
  res.setHeader('Cache-Control', session || hasSessionCookie(req.headers.cookie) ? PRIVATE : PUBLIC_PAGE);
  if (decision.action === 'redirect') {
    res.writeHead(302, { Location: decision.location, 'Cache-Control': 'no-store' });
    res.end();
    return;
  }
  const { html: built, policy } = readPage(page.file);
  res.setHeader('Content-Security-Policy', policy);
  const encrypted = 'encrypted' in req.socket && Boolean((req.socket as { encrypted?: boolean }).encrypted);
  const origin = requestOrigin(req.headers.host, encrypted);
  // Canonical, Open Graph and JSON-LD URLs were built with a placeholder origin: the visitor's public origin goes in.
  let html = withOrigin(built, origin);
  // The price is configuration, read at start: every visitor's page gets the running server's (billing/priceLine.ts).
  html = fillBlocks(html, { 'plan-price': renderPriceLine(), ...(session ? visitorBlocks(session, url.pathname + url.search, now) : {}) });
  let body: Buffer = Buffer.from(html, 'utf8');
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Vary', 'Accept-Encoding');
  const encoding = body.length >= MIN_COMPRESS_BYTES ? pickEncoding(req.headers['accept-encoding']) : null;
  if (encoding) {
    // Anonymous visitors all get the same page: compress it once; a signed-in page is compressed per response.
    body = session ? compress(body, encoding) : compressedFile(`${page.file}|${origin}`, () => body, encoding);
    res.setHeader('Content-Encoding', encoding);
  }
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}
