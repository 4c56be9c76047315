/**
 * How the project's server (server.ts) speaks HTTP/1.1 below the routes: limits of a request's head, what a
 * request Node cannot parse is answered, and the status line.
 *
 * 1. URLs and headers (the 414 rule). A URL longer than 16 KB (MAX_URL_BYTES) is answered
 *      HTTP/1.1 414 URI Too Long   {"error":"The URL is 20016 bytes long: at most 16384 are read. ..."}
 *    and request headers (without the URL) over 16 KB (MAX_HEADER_BYTES) are a 431 Request Header Fields Too
 *    Large, both as JSON and with Connection: close. Node refuses a head past its maxHeaderSize before any route
 *    sees it (431 with no body, then it destroys the socket: a client still sending its long URL gets a
 *    connection reset instead of an answer), so the server parses heads up to HEAD_PARSE_LIMIT (64 KB) and the
 *    handler answers the two limits itself (handler.ts oversizedHead). Past 64 KB, 'clientError' answers
 *    (answerClientError): 414 when the bytes Node choked on are still the request line (no line break yet), else
 *    431; a malformed request is a 400, a head that never ends a 408, each a short JSON message; the rest of what
 *    the client sends is read and dropped before the socket closes, so the client reads the answer (no reset).
 *
 * 2. The status line always carries the status's standard reason phrase ("404 Not Found"). Astro builds a page's
 *    Response with statusText "OK" and keeps it when the page sets only its status (Astro.response.status = 404),
 *    and its Node adapter copies statusText to the status line: an unknown player's page went out as "404 OK".
 *    Every response of the server is a StandardReasonResponse, whose writeHead puts the phrase of node:http's
 *    STATUS_CODES in place of whatever reason it is given (a code without one keeps Node's own handling).
 */
import http, { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { logger } from '../log.ts';

/** The longest URL (path and query string, in bytes) the site reads. */
export const MAX_URL_BYTES = 16 * 1024;
/** The most bytes of request headers (names, values, separators; the request line apart) the site reads. */
export const MAX_HEADER_BYTES = 16 * 1024;
/** Node's maxHeaderSize for this server: heads up to this size are parsed and answered by the handler. */
export const HEAD_PARSE_LIMIT = 64 * 1024;

/** A ServerResponse whose status line carries the standard reason phrase of its status code. */
export class StandardReasonResponse<Request extends IncomingMessage = IncomingMessage> extends http.ServerResponse<Request> {
  override writeHead(statusCode: number, ...rest: unknown[]): this {
    const standard = STATUS_CODES[statusCode];
    if (standard) {
      this.statusMessage = standard;
      if (typeof rest[0] === 'string') rest.shift();
    }
    return (super.writeHead as (code: number, ...args: unknown[]) => this)(statusCode, ...rest);
  }
}

/** The options of the project's server (http.createServer). */
export const SERVER_OPTIONS = { maxHeaderSize: HEAD_PARSE_LIMIT, ServerResponse: StandardReasonResponse } as const;

/** Whether a request's head is past the limits: the answer to send (414 or 431), or null. */
export function oversizedHead(req: IncomingMessage): { status: 414 | 431; error: string } | null {
  const urlBytes = Buffer.byteLength(req.url ?? '');
  if (urlBytes > MAX_URL_BYTES) {
    return { status: 414, error: `The URL is ${urlBytes} bytes long: at most ${MAX_URL_BYTES} are read. Send fewer or shorter query parameters.` };
  }
  let headerBytes = 0;
  for (const part of req.rawHeaders) headerBytes += Buffer.byteLength(part) + 2;
  if (headerBytes > MAX_HEADER_BYTES) {
    return { status: 431, error: `The request headers are ${headerBytes} bytes long: at most ${MAX_HEADER_BYTES} are read (a large Cookie header?).` };
  }
  return null;
}

type ClientError = Error & { code?: string; rawPacket?: Buffer };

/** The answer to a request Node could not parse, by its parser's error. */
function clientErrorAnswer(error: ClientError): { status: number; error: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW': {
      // The bytes Node choked on are still the request line when no line break has come yet, or when the first
      // line break in them ends the request line (" HTTP/1.1").
      const packet = error.rawPacket;
      const lineEnd = packet ? packet.indexOf('\r\n') : -1;
      const inRequestLine = !packet || lineEnd === -1 || / HTTP\/\d\.\d$/.test(packet.subarray(Math.max(0, lineEnd - 9), lineEnd).toString('latin1'));
      return inRequestLine
        ? { status: 414, error: `The URL is longer than ${HEAD_PARSE_LIMIT} bytes: at most ${MAX_URL_BYTES} are read. Send fewer or shorter query parameters.` }
        : { status: 431, error: `The request head is longer than ${HEAD_PARSE_LIMIT} bytes: at most ${MAX_HEADER_BYTES} bytes of headers are read.` };
    }
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, error: 'Chunk extensions too large.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, error: 'The request did not arrive in time.' };
    default:
      return { status: 400, error: 'Bad request: the request is not valid HTTP/1.1.' };
  }
}

const answered = new WeakSet<Duplex>();

/**
 * server.on('clientError'): answers a request Node could not parse (see 1 above) with a JSON message and closes
 * the connection after reading what the client still sends (at most 5 s).
 */
export function answerClientError(error: ClientError, socket: Duplex): void {
  if (answered.has(socket)) return;
  answered.add(socket);
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, error: message } = clientErrorAnswer(error);
  logger().info({ status, code: error.code, bytes: error.rawPacket?.length }, 'request refused before parsing');
  const body = JSON.stringify({ error: message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
  // Closing with unread bytes would reset the connection, and the client might never read the answer.
  socket.on('data', () => undefined);
  socket.resume();
  setTimeout(() => socket.destroy(), 5_000).unref();
}
