/**
 * How stats answers are kept and sent: gzip (and brotli, unless very large) of their JSON, with a weak ETag of
 * the bytes. Computed once per cached answer.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, gunzipSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { ApiError } from './errors';

export interface EncodedResponse {
  gzip: Buffer;
  /** brotli, when computed (not for very large answers) */
  br?: Buffer;
  /** weak ETag of the answer */
  etag: string;
  /** set on a copy handed out from the answer cache (the X-Cache header and the request log say "hit") */
  fromCache?: boolean;
}

/** zlib level 6: a players view to ~1/6 of its JSON. */
const GZIP_LEVEL = 6;
/** Brotli quality 5: most of brotli's gain at a fraction of the top qualities' time. */
const BROTLI_QUALITY = 5;
/**
 * Answers above this many characters of JSON are compressed faster: gzip level 1 and brotli quality 3. A
 * league's lineups over 17 seasons (3.7 MB of JSON) took 190 ms to compress at level 6 and quality 5, as long
 * as its SQL; at level 1 and quality 3, 77 ms (brotli 627 KB instead of 460 KB, still below gzip 6's 712 KB).
 */
const BIG_ANSWER = 1_000_000;
/** Answers above this many characters of JSON are compressed at gzip level 1 only (no brotli). */
const LARGE_ANSWER = 4_000_000;
const FAST_GZIP_LEVEL = 1;
const FAST_BROTLI_QUALITY = 3;

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
    throw new ApiError(400, 'min_poss: the answer has too many rows to send; raise min_poss, choose fewer seasons or ask for one metric set (metric_set)', 'min_poss');
  }
}

export function encode(body: unknown): EncodedResponse {
  const json = jsonOfAnswer(body);
  const large = json.length > LARGE_ANSWER;
  const big = json.length > BIG_ANSWER;
  const gzip = gzipSync(json, { level: big ? FAST_GZIP_LEVEL : GZIP_LEVEL });
  const br = large
    ? undefined
    : brotliCompressSync(json, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: big ? FAST_BROTLI_QUALITY : BROTLI_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length },
      });
  return { gzip, br, etag: etagOf(gzip) };
}

/** A text answer that is not JSON (a CSV table): gzip only, the same shape so that it shares the answer cache. */
export function encodeText(text: string): EncodedResponse {
  const gzip = gzipSync(text, { level: GZIP_LEVEL });
  return { gzip, etag: etagOf(gzip) };
}

/** The JSON text of an encoded answer. */
export function jsonOf(e: EncodedResponse): string {
  return gunzipSync(e.gzip).toString('utf8');
}
