/**
 * A real HTTP server for the store tests: /api/* is answered by the project's own endpoint functions
 * (src/pages/api/*.ts over the stats database at STATS_DB_PATH), with `session` as the request's session.
 * `override` lets a test make one path misbehave on purpose (status codes the real API only gives when
 * something is broken) to check the client's retry and error rules. Every request is recorded.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIContext } from 'astro';
import { GET as dataGET } from '../../../src/pages/api/data';
import { GET as gameDetailsGET } from '../../../src/pages/api/game_details';
import { GET as playerDetailsGET } from '../../../src/pages/api/player_details';
import { GET as playersGET } from '../../../src/pages/api/players';
import type { Session } from '../../../src/lib/accounts/sessionShape';

type Endpoint = (ctx: APIContext) => Response | Promise<Response>;
const ENDPOINTS: Record<string, Endpoint> = {
  '/api/data': dataGET as Endpoint,
  '/api/players': playersGET as Endpoint,
  '/api/player_details': playerDetailsGET as Endpoint,
  '/api/game_details': gameDetailsGET as Endpoint,
};

export interface TestApi {
  baseUrl: string;
  requests: { method: string; url: URL }[];
  session: Session | null;
  /** answer this path with this status (and a JSON error body) instead of the real endpoint */
  override: Map<string, number>;
  /** delay the real answer of a path by this many ms */
  delay: Map<string, number>;
  close(): Promise<void>;
}

export async function startTestApi(): Promise<TestApi> {
  const api: TestApi = {
    baseUrl: '',
    requests: [],
    session: null,
    override: new Map(),
    delay: new Map(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', api.baseUrl);
    api.requests.push({ method: req.method ?? 'GET', url });
    const forced = api.override.get(url.pathname);
    if (forced !== undefined) {
      res.writeHead(forced, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: `forced ${forced}` }));
      return;
    }
    const endpoint = ENDPOINTS[url.pathname];
    if (!endpoint) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'Not found' }));
      return;
    }
    const wait = api.delay.get(url.pathname);
    if (wait) await new Promise((r) => setTimeout(r, wait));
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const request = new Request(url, { method: req.method ?? 'GET', headers });
    const response = await endpoint({ url, request, locals: { session: api.session } } as unknown as APIContext);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  api.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return api;
}

export const dataRequests = (api: TestApi) => api.requests.filter((r) => r.url.pathname === '/api/data');
