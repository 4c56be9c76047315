/**
 * JSON responses of the stats API and the one error mapping every endpoint shares:
 * ParamError / ApiError 400 -> 400, ApiError 403/404 -> same status, BusyError (queue full, per-client cap,
 * timeout) -> 429/503 with Retry-After, an interrupted query or a missing database -> 503, anything
 * else -> 500 (message hidden). Bodies are `{ error: message, param? }`. Every 5xx is reported with its cause
 * (src/server/http/errorLog.ts: one error line per request).
 * Every answer of `handle` carries `Data-Through: YYYY-MM-DD`, the date of the latest game of the stats file served
 * (entities/seasons.ts), and is computed after the file's season catalogue is read (a `season=` is checked
 * against the seasons the file holds).
 */
import { ParamError } from '../../../lib/params/apiParams';
import { QueryInterruptedError, StatsDbDamagedError, StatsDbMissingError } from '../../db/statsDb';
import { pickEncoding } from '../../http/compression';
import { reportServerError } from '../../http/errorLog';
import { gzipOf, textBytesOf, type EncodedResponse } from '../base/encoding';
import { ApiError } from '../base/errors';
import { BusyError } from '../answers/queue';
import { currentSeasons } from '../entities/seasons';

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

/**
 * A cached answer: 304 when the client already holds it (If-None-Match), else the brotli or gzip bytes when the
 * client accepts them (browsers accept both; gzip is made from the brotli on demand: encoding.ts gzipOf), else the
 * decompressed JSON. An answer's ETag is a hash of its bytes,
 * so it changes exactly when a new stats file changes the answer; browsers may reuse it for a minute without asking.
 */
export async function encodedJson(e: EncodedResponse, request: Request): Promise<Response> {
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    Vary: 'Accept-Encoding',
    ETag: e.etag,
    'X-Cache': e.fromCache ? 'hit' : 'miss',
  };
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch?.split(',').some((t) => t.trim() === e.etag)) return new Response(null, { status: 304, headers });
  const encoding = pickEncoding(request.headers.get('accept-encoding') ?? undefined, e.br ? ['br', 'gzip'] : ['gzip']);
  if (e.br && encoding === 'br') {
    return new Response(e.br as Uint8Array<ArrayBuffer>, { status: 200, headers: { ...headers, 'Content-Encoding': 'br' } });
  }
  if (encoding === 'gzip') {
    return new Response((await gzipOf(e)) as Uint8Array<ArrayBuffer>, { status: 200, headers: { ...headers, 'Content-Encoding': 'gzip' } });
  }
  return new Response((await textBytesOf(e)) as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

function errorResponse(err: unknown): Response {
  const response = mappedError(err);
  // Every 5xx goes to the log at level error with its cause (src/server/http/errorLog.ts: one line per request).
  if (response.status >= 500) reportServerError(err, response.status);
  return response;
}

function mappedError(err: unknown): Response {
  if (err instanceof ParamError) return json({ error: err.message, param: err.param }, 400);
  if (err instanceof ApiError) return json({ error: err.message, ...(err.param ? { param: err.param } : {}) }, err.status);
  if (err instanceof BusyError) return json({ error: err.message }, err.status, { 'Retry-After': String(err.retryAfterSeconds) });
  if (err instanceof StatsDbMissingError) return json({ error: 'The stats database is not built yet.' }, 503);
  if (err instanceof StatsDbDamagedError) return json({ error: err.message }, 503, { 'Retry-After': '300' });
  // A memoised lookup (names, pools) shared with a computation that timed out was interrupted with it.
  if (err instanceof QueryInterruptedError) return json({ error: 'The query was stopped; retry shortly.' }, 503, { 'Retry-After': '2' });
  return json({ error: 'Internal Server Error' }, 500);
}

/** Run an endpoint body, mapping thrown errors to JSON responses; the answer says through which date the data runs. */
export async function handle(fn: () => Promise<Response>): Promise<Response> {
  let response: Response;
  let through: string | null = null;
  try {
    through = (await currentSeasons()).dataThrough;
    response = await fn();
  } catch (err) {
    response = errorResponse(err);
  }
  if (through) {
    try {
      response.headers.set('Data-Through', through);
    } catch {
      // immutable headers (a redirect): nothing to say
    }
  }
  return response;
}
