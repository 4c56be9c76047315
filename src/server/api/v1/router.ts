/**
 * /api/v1: the developer API. One entry for every v1 request:
 *   1. the endpoint (endpoints.ts) by path; GET and HEAD only;
 *   2. the key (Authorization: Bearer cv_live_...): its owner's plan gates the filters as it does on the site;
 *      without a key the anonymous quota and the free filters apply; a bad, revoked or lapsed key is a 401/403;
 *   3. path and query parameters (400 naming the key), gating (403), the call's cost;
 *   4. the quotas (quota.ts): 429 with Retry-After past one, nothing counted;
 *   5. the answer, checked against its schema (schemas.ts), with RateLimit-Policy, RateLimit, Data-Version, Data-Through and
 *      an ETag (304 on If-None-Match).
 * Errors are JSON ({ error, param? }) through the stats API's one mapping (stats/http.ts). v1 answers never
 * depend on a session cookie, and are private (they carry a key's quota state).
 */
import { createHash } from 'node:crypto';
import type { APIContext } from 'astro';
import { seasonLabel } from '../../../lib/filters/filterDefinitions';
import { rateLimitKeyOf } from '../../auth/clientIp';
import { getAccountStore } from '../../auth/store';
import { describeStatsDb, statsDbGeneration } from '../../db/statsDb';
import { handle, json } from '../../stats/request/http';
import { ApiError, currentSeasons } from '../../stats/answers/reads';
import { checkApiKey } from '../keys';
import { consumeQuota, policyHeader, quotaOf, type Holder } from '../quota';
import { matchEndpoint, type V1Request } from './endpoints';
import { openApiDocument } from './openapi';

export const V1_BASE = '/api/v1';

let dataVersion: { generation: number; value: Promise<string> } | null = null;
/**
 * The Data-Version field: when the stats file was built, the seasons it covers and the date of its latest game
 * (`built=2026-11-29T03:18:00Z; seasons=2012-13..2022-23; through=2023-06-12`; changes with each new file).
 * Completed seasons do not change between files unless a data correction says so (/docs/api/changelog).
 */
function dataVersionHeader(): Promise<string> {
  const generation = statsDbGeneration();
  if (dataVersion?.generation !== generation) {
    const value = Promise.all([describeStatsDb(), currentSeasons()]).then(([d, c]) => {
      const starts = d.seasons
        .split(',')
        .map(Number)
        .filter(Number.isFinite)
        .sort((a, b) => a - b);
      const covered = starts.length ? `${seasonLabel(starts[0]!)}..${seasonLabel(starts.at(-1)!)}` : 'none';
      return `built=${d.builtAt.replace(' ', 'T')}Z; seasons=${covered}${c.dataThrough ? `; through=${c.dataThrough}` : ''}`;
    });
    value.catch(() => (dataVersion = null));
    dataVersion = { generation, value };
  }
  return dataVersion.value;
}

const etagOf = (body: string, version: string) => `"${createHash('sha256').update(version).update('\n').update(body).digest('base64url').slice(0, 27)}"`;

/** What the site's content tells the API: each metric set's guide (set value -> guide id), when known. */
export interface V1Content {
  guides: Readonly<Record<string, { id: string }>>;
}

export async function handleV1(
  context: Pick<APIContext, 'url' | 'request'> & { clientAddress?: string },
  content: V1Content = { guides: {} },
): Promise<Response> {
  const { url, request } = context;
  if (url.pathname === `${V1_BASE}/openapi.json`) {
    return new Response(JSON.stringify(openApiDocument(url.origin)), {
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=300', 'Access-Control-Allow-Origin': '*' },
    });
  }
  const matched = matchEndpoint(url.pathname);
  if (!matched) return json({ error: `No such endpoint: ${url.pathname}. The endpoints are listed at ${V1_BASE}/openapi.json and /docs/api.` }, 404);
  if (request.method !== 'GET' && request.method !== 'HEAD') return json({ error: 'Only GET is supported.' }, 405, { Allow: 'GET, HEAD' });
  const { endpoint, params } = matched;
  const store = getAccountStore();
  const key = await checkApiKey(store, request.headers.get('authorization'));
  if (key.kind === 'invalid') return json({ error: key.message }, key.status, key.status === 401 ? { 'WWW-Authenticate': 'Bearer realm="api"' } : {});
  const holder: Holder = key.kind === 'valid' ? { kind: 'key', keyId: key.key.id } : { kind: 'anonymous', client: rateLimitKeyOf(context) };
  if (holder.kind === 'anonymous' && quotaOf(holder).minute === 0) {
    return json({ error: 'This API needs a key: make one on your account page (Stats plan).' }, 401, { 'WWW-Authenticate': 'Bearer realm="api"' });
  }
  let quotaHeaders: Record<string, string> = { 'RateLimit-Policy': policyHeader(quotaOf(holder)) };
  const response = await handle(async () => {
    if (endpoint.params) {
      const checked = endpoint.params.safeParse(params);
      if (!checked.success) {
        const issue = checked.error.issues[0]!;
        throw new ApiError(400, `${String(issue.path[0])}: ${issue.message}`, String(issue.path[0]));
      }
    }
    const v1Request: V1Request = {
      url,
      request,
      params,
      session: key.kind === 'valid' ? key.session : null,
      asker: { client: holder.kind === 'key' ? `key:${holder.keyId}` : `ip:${holder.client}` },
      guideOf: (set) => (content.guides[set] ? `/stats/guides/${content.guides[set].id}` : null),
    };
    const call = endpoint.prepare(v1Request);
    const quota = await consumeQuota(store, holder, call.cost);
    quotaHeaders = quota.headers;
    if (!quota.allowed) {
      return json(
        {
          error: `Quota spent: ${quotaOf(holder)[quota.window!]} requests per ${quota.window}${holder.kind === 'anonymous' ? ' without a key' : ' for this key'}. Try again in ${quota.retryAfter} s.`,
        },
        429,
        { 'Retry-After': String(quota.retryAfter) },
      );
    }
    const result = await call.run();
    const version = await dataVersionHeader();
    if (result instanceof Response) {
      result.headers.set('Data-Version', version);
      return result;
    }
    const body = JSON.stringify(endpoint.answer.parse(result));
    const etag = etagOf(body, version);
    const headers = { 'Content-Type': 'application/json; charset=utf-8', ETag: etag, 'Data-Version': version };
    const ifNoneMatch = request.headers.get('if-none-match');
    if (ifNoneMatch?.split(',').some((t) => t.trim() === etag)) return new Response(null, { status: 304, headers });
    return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
  });
  for (const [name, value] of Object.entries(quotaHeaders)) response.headers.set(name, value);
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}
