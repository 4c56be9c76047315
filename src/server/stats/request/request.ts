/**
 * THE entry point that turns an HTTP request for stats into a query: parse and validate the query string
 * (src/lib/params/apiParams.ts; a bad value is a 400 naming its key), gate the filters on the session
 * (src/server/stats/request/gating.ts; 403), and name who asks (the per-client cap of the queue counts by it).
 * Endpoints that read the stats request format (/api/data and its kin) call this, then answers.ts.
 */
import type { APIContext } from 'astro';
import { LRUCache } from 'lru-cache';
import { ParamError, parseDataQuery, rawQueryFromSearchParams, type DataQuery } from '../../../lib/params/apiParams';
import { rateLimitKeyOf } from '../../auth/clientIp';
import type { Asker } from '../answers/answers';
import { assertFiltersAllowed } from './gating';
import { parseWowyQuery, type WowyQuery } from '../../../lib/views/wowy';
import { answerFormOf, COMPACT, FORM_KEY, type AnswerForm } from '../../../lib/tables/compactAnswer';

export interface StatsRequest {
  query: DataQuery;
  asker: Asker;
}

/**
 * Parsed queries by their query string. Parsing is a pure function of the string, and validating every key with
 * zod costs more than serving a cached answer, so a repeated view (the common case) parses once. Bad queries are
 * kept too (their 400). Gating depends on the session and runs every time.
 */
const parsed = new LRUCache<string, { query: DataQuery } | { error: unknown }>({ max: 2000 });

/**
 * A stats query string parsed and validated (400 naming the bad key), not gated: /api/data, /api/shots and the
 * developer API's /api/v1/shots read their query through it, so one query string means one query everywhere.
 */
export function parseStatsQuery(params: URLSearchParams): DataQuery {
  return parseOnce(params.toString(), params);
}

function parseOnce(search: string, params: URLSearchParams): DataQuery {
  let hit = parsed.get(search);
  if (!hit) {
    try {
      hit = { query: parseDataQuery(rawQueryFromSearchParams(params)) };
    } catch (error) {
      if (!(error instanceof ParamError)) throw error;
      hit = { error };
    }
    parsed.set(search, hit);
  }
  if ('error' in hit) throw hit.error;
  return hit.query;
}

export function parseStatsRequest(context: Pick<APIContext, 'url' | 'locals' | 'request'> & { clientAddress?: string }): StatsRequest {
  const session = context.locals.session ?? null;
  const query = parseOnce(context.url.search, context.url.searchParams);
  assertFiltersAllowed(query, session);
  return { query, asker: { client: askerOf(context, session?.user.email ?? null) } };
}

/** The signed-in user's email, else the client's address (IPv6 by /64), as the queue's client key. */
export function askerOf(context: { request: Request; clientAddress?: string }, email: string | null): string {
  if (email) return `user:${email.toLowerCase()}`;
  return `ip:${rateLimitKeyOf(context)}`;
}

/**
 * Who asks a page or an endpoint that reads no stats query (a player's page, /api/player_career, /api/rapm ...):
 * the signed-in user, else the client's address, as parseStatsRequest names the asker of /api/data.
 */
export function askerOfContext(context: {
  request: Request;
  clientAddress?: string;
  locals?: { session?: { user: { email?: string | null } } | null };
}): Asker {
  return { client: askerOf(context, context.locals?.session?.user.email ?? null) };
}

/**
 * GET /api/team_wowy's query: parsed (src/lib/views/wowy.ts: its own keys, then the filters and side with the data
 * query's parser; 400 naming the key) and gated like every stats request (403).
 */
export function parseWowyRequest(context: Pick<APIContext, 'url' | 'locals' | 'request'> & { clientAddress?: string }): { query: WowyQuery; asker: Asker } {
  const session = context.locals.session ?? null;
  const query = parseWowyQuery(rawQueryFromSearchParams(context.url.searchParams));
  assertFiltersAllowed(query, session);
  return { query, asker: { client: askerOf(context, session?.user.email ?? null) } };
}

/** The form of /api/data's answer (`form`: compact, or rows, the default); another value is a 400. */
export function parseAnswerForm(params: URLSearchParams): AnswerForm {
  const form = answerFormOf(params.get(FORM_KEY));
  if (!form) throw new ParamError(FORM_KEY, `must be ${COMPACT} or rows`);
  return form;
}
