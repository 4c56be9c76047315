/**
 * Prerendered pages (marketing, articles, expiry and purchase pages) are plain HTML files, so Astro's middleware
 * never sees them. This serves them with the same rules: the expired-plan redirect (src/server/auth/access.ts)
 * and the signed-in header, both done here on the server, without client JavaScript.
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decideAccess } from '../auth/access.ts';
import { fillBlocks, visitorBlocks } from '../auth/accountNav.ts';
import { getSessionForRequest, nowSeconds } from '../auth/session.ts';
import type { StaticFile } from './staticFiles.ts';

const htmlCache = new Map<string, string>();

function readHtml(file: string): string {
  let html = htmlCache.get(file);
  if (html === undefined) {
    html = fs.readFileSync(file, 'utf8');
    htmlCache.set(file, html);
  }
  return html;
}

/** A Fetch API Request with just what the session lookup needs (cookie, protocol). */
export function sessionRequestOf(req: IncomingMessage): Request {
  const encrypted = 'encrypted' in req.socket && Boolean((req.socket as { encrypted?: boolean }).encrypted);
  const headers = new Headers();
  const cookie = req.headers.cookie;
  if (cookie) headers.set('cookie', cookie);
  return new Request(`${encrypted ? 'https' : 'http'}://localhost${req.url ?? '/'}`, { headers });
}

export async function servePrerenderedPage(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  page: StaticFile,
): Promise<void> {
  const session = await getSessionForRequest(sessionRequestOf(req));
  const now = nowSeconds();
  const decision = decideAccess({ pathname: url.pathname, search: url.search, session, now });
  // The page depends on the session cookie: never let a shared cache keep it.
  res.setHeader('Cache-Control', 'private, no-cache');
  res.setHeader('Vary', 'Cookie');
  if (decision.action === 'redirect') {
    res.writeHead(302, { Location: decision.location, 'Cache-Control': 'no-store' });
    res.end();
    return;
  }
  let html = readHtml(page.file);
  if (session) html = fillBlocks(html, visitorBlocks(session, url.pathname + url.search, now));
  const body = Buffer.from(html, 'utf8');
  // The 404 page is prerendered too; keep its status when it is asked for by name.
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(req.method === 'HEAD' ? undefined : body);
}
