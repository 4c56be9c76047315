/**
 * JSON responses of the stats API and the one error mapping every endpoint shares:
 * ParamError / ApiError 400 -> 400, ApiError 403/404 -> same status, a missing database -> 503, anything
 * else -> 500 (logged, message hidden). Bodies are `{ error: message, param? }`.
 */
import { gunzipSync } from 'node:zlib';
import { ParamError } from '../../lib/apiParams';
import { StatsDbMissingError } from '../db/statsDb';
import { ApiError } from './errors';

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

/** A cached gzip answer: sent compressed when the client accepts gzip (browsers do), else decompressed. */
export function encodedJson(e: { gzip: Buffer }, acceptEncoding: string | null): Response {
  const headers = { 'Content-Type': 'application/json; charset=utf-8', Vary: 'Accept-Encoding' };
  if (acceptEncoding && /\bgzip\b/.test(acceptEncoding)) {
    return new Response(new Uint8Array(e.gzip), { status: 200, headers: { ...headers, 'Content-Encoding': 'gzip' } });
  }
  return new Response(gunzipSync(e.gzip), { status: 200, headers });
}

export function errorResponse(err: unknown): Response {
  if (err instanceof ParamError) return json({ error: err.message, param: err.param }, 400);
  if (err instanceof ApiError) return json({ error: err.message, ...(err.param ? { param: err.param } : {}) }, err.status);
  if (err instanceof StatsDbMissingError) return json({ error: 'The stats database is not built yet.' }, 503);
  console.error('stats API error', err);
  return json({ error: 'Internal Server Error' }, 500);
}

/** Run an endpoint body, mapping thrown errors to JSON responses. */
export async function handle(fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (err) {
    return errorResponse(err);
  }
}
