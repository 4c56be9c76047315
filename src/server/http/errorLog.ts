/**
 * Server errors in the log. Every answer with a 5xx status, from any route (/api/data, /api/v1, pages, the
 * server's own answers), gives exactly ONE line at level error (pino 50), written when the answer is finished:
 *
 *   {"level":50,"id":"5b0f…","method":"GET","route":"/api/shots","kind":"stats-api","status":500,
 *    "cause":{"type":"Error","message":"Catalog Error: Table with name shots does not exist! …","stack":"Error: …"},
 *    "msg":"server error"}
 *
 * - `id` is the request's id (X-Request-Id, sent back to the client: a user's report finds the line), `route` the
 *   path without its query string (at most 200 characters), `kind` the route kind of the metrics.
 * - `cause` (not pino's `err`, whose serializer would add an error's other fields) is the cause: what the code that answered 5xx reported with reportServerError (the thrown error's
 *   type, message, stack and code, nothing else: an error's other fields may hold a request, headers or a
 *   connection string). A 5xx answered without a report (a 503 of /readyz, of a payment page) carries the
 *   answer's own JSON `error` message when it is a small JSON body, else "no cause reported".
 * - Never logged: request bodies, headers (cookies, Authorization), query strings.
 *
 * The request's context lives in an AsyncLocalStorage kept once per process (processSingleton): the project's
 * server (handler.ts) opens it, the routes in Astro's bundle (src/server/stats/request/http.ts, the middleware)
 * report into it. Outside a request (a script, a test calling a route directly) a report is logged at once.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { logger } from '../log.ts';
import { processSingleton } from '../processSingleton.ts';

/** The cause of a 5xx as it is logged: never an error's other fields. */
export interface LoggedCause {
  type: string;
  message: string;
  stack?: string;
  code?: string;
}

interface RequestLog {
  id: string;
  method: string;
  route: string;
  kind: string;
  cause: LoggedCause | null;
  /** the first bytes of a 5xx answer's body (a JSON message), when no cause was reported */
  body: string;
  written: boolean;
}

const store = (): AsyncLocalStorage<RequestLog> => processSingleton('requestLog', () => new AsyncLocalStorage<RequestLog>());

/** An error (or anything thrown) as the log shows it: type, message, stack, code; its cause's message appended. */
export function causeOf(error: unknown): LoggedCause {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error).slice(0, 2000) };
  const code = (error as { code?: unknown }).code;
  const inner = error.cause instanceof Error ? ` (cause: ${error.cause.message})` : '';
  // A native error (DuckDB's) has no JavaScript frames: the frames of where it was caught stand in for them.
  const stack =
    error.stack && /\n\s+at /.test(error.stack)
      ? error.stack
      : `${error.stack ?? error.message}\n  caught:${(new Error().stack ?? '').split('\n').slice(3).join('\n')}`;
  return {
    type: error.name || 'Error',
    message: `${error.message}${inner}`.slice(0, 4000),
    stack: stack.slice(0, 8000),
    ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
  };
}

/**
 * Code that answers a 5xx because of `error` says so here (once per request: the first report is the cause). In a
 * request the line is written when the answer is finished; outside one it is written now.
 */
export function reportServerError(error: unknown, status = 500): void {
  const current = store().getStore();
  if (!current) {
    logger().error({ status, cause: causeOf(error) }, 'server error');
    return;
  }
  current.cause ??= causeOf(error);
}

const BODY_KEPT = 512;

/**
 * Runs `serve` in the request's log context and writes the request's error line when its answer is a 5xx (or
 * when it was cut off after a reported error). Called once per request by the project's server (handler.ts).
 */
export function withRequestLog(
  req: IncomingMessage,
  res: ServerResponse,
  ids: { id: string; route: string; kind: string },
  serve: () => Promise<void>,
): Promise<void> {
  const entry: RequestLog = { ...ids, method: String(req.method).slice(0, 20), cause: null, body: '', written: false };
  keepBodyOf5xx(res, entry);
  const write = (status: number, extra: Record<string, unknown> = {}) => {
    if (entry.written) return;
    entry.written = true;
    const cause = entry.cause ?? { type: 'Answer', message: messageOf(entry.body) ?? 'no cause reported' };
    logger().error({ id: entry.id, method: entry.method, route: entry.route, kind: entry.kind, status, cause, ...extra }, 'server error');
  };
  res.on('finish', () => {
    if (res.statusCode >= 500) write(res.statusCode);
  });
  res.on('close', () => {
    // Cut off before its end (the error came after the status line was sent): still one line, if there was an error.
    if (!res.writableFinished && entry.cause) write(res.statusCode, { cut: true });
  });
  return store().run(entry, serve);
}

/** Keeps the first bytes of a 5xx answer's body (small JSON messages: the cause of a 5xx answered on purpose). */
function keepBodyOf5xx(res: ServerResponse, entry: RequestLog): void {
  const keep = (chunk: unknown) => {
    if (res.statusCode < 500 || entry.body.length >= BODY_KEPT || chunk == null || typeof chunk === 'function') return;
    const type = String(res.getHeader('content-type') ?? '');
    if (!/json|text\/plain/.test(type) || res.getHeader('content-encoding')) return;
    entry.body += (typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8')).slice(0, BODY_KEPT - entry.body.length);
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    keep(chunk);
    return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    keep(chunk);
    return (end as (...a: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as ServerResponse['end'];
}

/** The `error` of a JSON body, or a short text body; null when there is none. */
function messageOf(body: string): string | null {
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    if (typeof parsed?.error === 'string') return parsed.error;
  } catch {
    // not JSON (or cut at BODY_KEPT): the text itself
  }
  return body.slice(0, 200);
}
