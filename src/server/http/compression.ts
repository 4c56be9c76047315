/**
 * Response compression for text (HTML, CSS, JavaScript, JSON, SVG): Brotli when the client accepts it, else
 * gzip. Build assets never change while the server runs, so each is compressed once and kept in memory.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Smaller bodies are not worth the bytes of the headers. */
export const MIN_COMPRESS_BYTES = 1024;

export function isCompressible(contentType: string): boolean {
  return /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/.test(contentType);
}

/**
 * The best encoding the Accept-Encoding header allows (a q=0 entry refuses it) among those available, or null.
 * The one parser of Accept-Encoding (static files, pages and the stats API use it).
 */
export function pickEncoding(acceptEncoding: string | undefined, available: readonly Encoding[] = ['br', 'gzip']): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (available.includes('br') && ok('br')) return 'br';
  if (available.includes('gzip') && ok('gzip')) return 'gzip';
  return null;
}

export function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 6 });
}

const cache = new Map<string, Buffer>();
let cachedBytes = 0;
const MAX_CACHED_BYTES = 64 * 1024 * 1024;

/** The compressed bytes of an unchanging file, computed once. */
export function compressedFile(key: string, read: () => Buffer, encoding: Encoding): Buffer {
  const cacheKey = `${encoding}:${key}`;
  let out = cache.get(cacheKey);
  if (!out) {
    out = compress(read(), encoding);
    if (cachedBytes + out.length <= MAX_CACHED_BYTES) {
      cache.set(cacheKey, out);
      cachedBytes += out.length;
    }
  }
  return out;
}
