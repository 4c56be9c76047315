/**
 * Request bodies are bounded before anything reads them: the site takes only small form and JSON posts (the
 * sign-in, sign-out and account forms; the billing webhook has its own, larger cap), so a body over the cap is answered 413 and never read or kept. A body
 * that fits is read here and handed to Astro as `req.body` (Astro's Node adapter uses it instead of the stream).
 */
import type { IncomingMessage } from 'node:http';

export const MAX_BODY_BYTES = 16 * 1024;

/** The payment provider's webhook events are larger (a subscription with its items): their own cap. */
export const WEBHOOK_PATH = '/api/billing/webhook';
export const WEBHOOK_MAX_BODY_BYTES = 512 * 1024;

/** The body cap of a path. */
export function bodyLimitFor(pathname: string): number {
  return pathname === WEBHOOK_PATH ? WEBHOOK_MAX_BODY_BYTES : MAX_BODY_BYTES;
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body too large: at most ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** True when the request carries a body (a length above 0, or chunked transfer). */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/** Reads the whole body, at most `limit` bytes; rejects with BodyTooLargeError (without reading on) past it. */
export function readBoundedBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(new BodyTooLargeError(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        reject(new BodyTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}
