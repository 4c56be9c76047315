/**
 * How stats answers are kept and sent: the brotli of their JSON (gzip for very large ones), with a weak ETag of the
 * bytes, computed once per cached answer. Brotli is kept rather than gzip because it is both smaller and faster to
 * make: a league's lineups over 13 seasons (2.7 MB of JSON when each row named its players) took 10.5 ms at quality 3
 * for 430 KB, gzip 13 ms at level 1 for 648 KB; with the players named once (1.5 MB), 8.6 ms for 306 KB.
 * Every browser asks for brotli; a client that does not (Python's requests; Node 20's fetch over plain HTTP) gets
 * gzip made from it on demand (gzipOf), kept in a small cache of its own.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, gunzip, gzip, constants as zlibConstants } from 'node:zlib';
import { ApiError } from './errors';

/** An answer as kept: brotli (JSON answers but the very large) or gzip (those, and texts: a table's CSV). */
export type EncodedResponse = ({ br: Buffer; gzip?: undefined } | { gzip: Buffer; br?: undefined }) & {
  /** weak ETag of the answer */
  etag: string;
  /** set on a copy handed out from the answer cache (the X-Cache header and the request log say "hit") */
  fromCache?: boolean;
};

/** zlib level 6: a players view to ~1/6 of its JSON. */
const GZIP_LEVEL = 6;
/** Brotli quality 5: most of brotli's gain at a fraction of the top qualities' time. */
const BROTLI_QUALITY = 5;
/**
 * Answers above this many characters of JSON are compressed faster: brotli quality 3 (gzip level 1 when asked
 * for). A league's lineups over 17 seasons (3.7 MB of JSON) took 190 ms to compress at gzip level 6 and brotli
 * quality 5, as long as its SQL; at quality 3 a 2.7 MB answer takes 10.5 ms (quality 5: 25 ms).
 */
const BIG_ANSWER = 1_000_000;
/** Answers above this many characters of JSON are kept as gzip level 1 (made faster than brotli at that size). */
const LARGE_ANSWER = 4_000_000;
const FAST_GZIP_LEVEL = 1;
const FAST_BROTLI_QUALITY = 3;

/**
 * The bytes in a buffer of their own: zlib's sync calls may return a view of a larger block (a 27-byte gzip kept
 * 16 KB alive), which a cache counting `length` would undercount.
 */
function own(bytes: Buffer): Buffer {
  if (bytes.buffer.byteLength === bytes.length) return bytes;
  const copy = Buffer.alloc(bytes.length);
  bytes.copy(copy);
  return copy;
}

/** Weak ETag of an encoded answer (the same JSON gives the same tag, whatever the transfer encoding). */
export function etagOf(bytes: Buffer): string {
  return `W/"${createHash('sha1').update(bytes).digest('base64url')}"`;
}

/** The JSON of an answer; one too large for a string (e.g. every lineup of 20 seasons with min_poss=1) is a 400. */
function jsonOfAnswer(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new ApiError(
      400,
      'min_poss: the answer has too many rows to send; raise min_poss, choose fewer seasons or ask for one metric set (metric_set)',
      'min_poss',
    );
  }
}

const brotliAsync = promisify(brotliCompress);
const brotliDecompressAsync = promisify(brotliDecompress);
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * An answer encoded: its JSON, compressed on libuv's thread pool rather than on the event loop (a 20-season players
 * table's brotli takes 20-100 ms, which every other request waited out while heavy answers were being finished:
 * cached answers and game pages under sixteen heavy queries, `npm run bench:api`).
 */
export async function encode(body: unknown): Promise<EncodedResponse> {
  const json = jsonOfAnswer(body);
  if (json.length > LARGE_ANSWER) {
    const gzipped = own(await gzipAsync(json, { level: FAST_GZIP_LEVEL }));
    return { gzip: gzipped, etag: etagOf(gzipped) };
  }
  const br = own(
    await brotliAsync(json, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: json.length > BIG_ANSWER ? FAST_BROTLI_QUALITY : BROTLI_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    }),
  );
  return { br, etag: etagOf(br) };
}

/**
 * A text answer that is not JSON (a CSV table): gzip only, the same shape so that it shares the answer cache;
 * compressed on libuv's thread pool like the JSON answers (a 20-season players CSV is megabytes of text).
 */
export async function encodeText(text: string): Promise<EncodedResponse> {
  const gzip = own(await gzipAsync(text, { level: GZIP_LEVEL }));
  return { gzip, etag: etagOf(gzip) };
}

/** The bytes of an encoded answer's text (its JSON, or a CSV), decompressed on the thread pool. */
export async function textBytesOf(e: EncodedResponse): Promise<Buffer> {
  return e.br ? await brotliDecompressAsync(e.br) : await gunzipAsync(e.gzip);
}

/** The JSON text of an encoded answer. */
export async function jsonOf(e: EncodedResponse): Promise<string> {
  return (await textBytesOf(e)).toString('utf8');
}

/** An encoded JSON answer as an object again (the developer API and the pages that read an answer). */
export async function parsedJsonOf<T>(e: EncodedResponse): Promise<T> {
  return JSON.parse(await jsonOf(e)) as T;
}

/**
 * gzip made from brotli for clients without it, by ETag (the same bytes whatever the answer's key): 32 MB at most,
 * beside the answer cache's API_CACHE_BYTES. Made on the request's own time, outside the query queue: the
 * decompression and gzip of a 2.7 MB answer take about 17 ms, once.
 */
const gzipOfBrotli = new LRUCache<string, Buffer>({ maxSize: 32 << 20, sizeCalculation: (b) => b.length });

/**
 * The gzip of an encoded answer: kept, or made from its brotli once (on the thread pool, as every compression of
 * an answer) and kept aside (gzipOfBrotli).
 */
export async function gzipOf(e: EncodedResponse): Promise<Buffer> {
  if (e.gzip) return e.gzip;
  let gzip = gzipOfBrotli.get(e.etag);
  if (!gzip) {
    const bytes = await textBytesOf(e);
    gzip = own(await gzipAsync(bytes, { level: bytes.length > BIG_ANSWER ? FAST_GZIP_LEVEL : GZIP_LEVEL }));
    gzipOfBrotli.set(e.etag, gzip);
  }
  return gzip;
}
