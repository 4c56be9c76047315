/**
 * Files of the built client folder (dist/client): hashed assets under /_astro, public/ files, and the
 * prerendered pages (HTML). Resolves a URL path to a file safely (never outside the folder, no dotfiles) and
 * streams it with a content type, a validator (ETag) and caching headers.
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { MIN_COMPRESS_BYTES, compressedFile, isCompressible, pickEncoding } from './compression.ts';
import { IMMUTABLE } from './cachePolicy.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

export interface StaticFile {
  /** absolute path on disk */
  file: string;
  /** 'page' for prerendered HTML (gets the session checks), 'asset' for everything else */
  kind: 'page' | 'asset';
  size: number;
  mtimeMs: number;
}

function statFile(file: string): fs.Stats | null {
  try {
    const stats = fs.statSync(file);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/** Maps URL paths to files of the client folder; lookups are cached (the build output does not change). */
export function createStaticResolver(clientDir: string): (pathname: string) => StaticFile | null {
  const root = path.resolve(clientDir);
  const cache = new Map<string, StaticFile | null>();
  return (pathname: string) => {
    const cached = cache.get(pathname);
    if (cached !== undefined) return cached;
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    let found: StaticFile | null = null;
    const relative = path.posix.normalize(decoded);
    const hidden = relative.split('/').some((part) => part.startsWith('.') && part !== '.well-known');
    if (!hidden && !relative.includes('\0')) {
      const base = path.resolve(root, `.${relative}`);
      if (base === root || base.startsWith(root + path.sep)) {
        // /about -> about/index.html (directory build format), about.html (file format), or the file itself.
        const candidates = relative.endsWith('/') ? [path.join(base, 'index.html')] : [base, path.join(base, 'index.html'), `${base}.html`];
        for (const candidate of candidates) {
          const stats = statFile(candidate);
          if (stats) {
            const kind = candidate.endsWith('.html') ? 'page' : 'asset';
            found = { file: candidate, kind, size: stats.size, mtimeMs: stats.mtimeMs };
            break;
          }
        }
      }
    }
    if (cache.size < 10_000) cache.set(pathname, found);
    return found;
  };
}

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Streams an asset. Hashed /_astro files are immutable; other public files are revalidated with their ETag. */
export function sendAsset(req: IncomingMessage, res: ServerResponse, pathname: string, asset: StaticFile): void {
  const contentType = contentTypeOf(asset.file);
  const encoding = isCompressible(contentType) && asset.size >= MIN_COMPRESS_BYTES ? pickEncoding(req.headers['accept-encoding']) : null;
  const etag = `W/"${asset.size.toString(16)}-${Math.floor(asset.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
  res.setHeader('ETag', etag);
  if (isCompressible(contentType)) res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Cache-Control', pathname.startsWith('/_astro/') ? IMMUTABLE : 'public, max-age=0, must-revalidate');
  if (req.headers['if-none-match'] === etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Type', contentType);
  if (encoding) {
    const body = compressedFile(asset.file, () => fs.readFileSync(asset.file), encoding);
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  res.setHeader('Content-Length', asset.size);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = fs.createReadStream(asset.file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}
