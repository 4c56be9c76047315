/**
 * Fuzzing (fast-check) of the JSON API and the auth routes against the built server, on a server of its own
 * (generated sign-in attempts must not touch the shared server's rate limits): whatever the query, body,
 * content type, method or cookie, no answer is a 5xx and every answer comes back (no hang).
 */
import http from 'node:http';
import fc from 'fast-check';
import { dataQuerySchema } from '../../src/lib/params/apiParams';
import { signInWithCredentials } from '../../scripts/lib/signIn';
import { DEMO, seedDemoAccounts } from './accountsHelpers';
import { expect, test } from './fixtures';
import { startServer, waitListening, type ServerProcess } from './serverProcess';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

// Started in beforeAll, not at module load: Playwright also loads spec files to list them, where no hook runs,
// and a server spawned there was never stopped.
let server: ServerProcess;
test.beforeAll(async () => {
  seedDemoAccounts();
  server = startServer({
    SIGNIN_MAX_FAILURES_PER_IP: '1000000',
    SIGNIN_MAX_FAILURES_PER_ACCOUNT: '1000000',
    SIGNIN_SLOW_AFTER_FAILURES_PER_ACCOUNT: '1000000',
  });
  await waitListening(server);
});
test.afterAll(() => server?.stop());

const DATA_KEYS = Object.keys(dataQuerySchema.shape);
const NASTY = [
  '',
  ' ',
  '-1',
  '0',
  '1',
  '4',
  '99',
  '2012',
  '2012-13',
  '2022',
  '1e9',
  '-0',
  '0x10',
  'NaN',
  'null',
  'true',
  'false',
  'home',
  'win',
  'BOS',
  'bos',
  'NJN',
  'XXX',
  '2544',
  '0022200001',
  'regular',
  'playoffs',
  'preseason',
  'offense',
  'defense',
  'League',
  'Players',
  'TeamTeam',
  'GameTeam',
  '2013-02-30',
  '2013-01-01',
  '%',
  '%00',
  '%E0%A4%A',
  '\u0000',
  '\uD800',
  '../../etc/passwd',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>',
  'a'.repeat(5000),
  '9'.repeat(400),
];
const value = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ maxLength: 30 }),
  fc.integer({ min: -100000, max: 100000 }).map(String),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
);
const key = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...DATA_KEYS) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) });
const query = fc.array(fc.tuple(key, value), { maxLength: 12 }).map((pairs) => {
  const params = new URLSearchParams();
  for (const [k, v] of pairs) params.append(k, v);
  return params.toString();
});
/** Mostly-valid queries: a real page and a few keys with plausible values (reaches gating and the queries). */
const plausible = fc
  .tuple(
    fc.constantFrom('page=League', 'page=Players', 'page=TeamTeam&entity=BOS', 'page=PlayerProfile&entity=2544', 'page=Lineups'),
    fc.array(fc.tuple(fc.constantFrom(...DATA_KEYS), fc.constantFrom('home', 'win', '1', '4', '2544', 'BOS', 'true', '2012', 'playoffs')), { maxLength: 3 }),
  )
  .map(([page, pairs]) => [page, ...pairs.map(([k, v]) => `${k}=${v}`)].join('&'));
/** Valid queries with a gated filter: 403 unless a subscriber asks (so every run reaches the gate). */
const gated = fc.constantFrom(
  'page=Players&location=home',
  'page=League&period=4',
  'page=TeamTeam&entity=BOS&result=win',
  'page=Lineups&score_diff_low=-5&score_diff_high=5',
);
const rawQuery = fc.oneof(
  query,
  plausible,
  gated,
  fc.string({ maxLength: 60 }).map((s) => s.replace(/[#\s]/g, '')),
);

async function status(path: string, init: RequestInit = {}): Promise<number> {
  const r = await fetch(server.base + path, { redirect: 'manual', signal: AbortSignal.timeout(60_000), ...init });
  await r.arrayBuffer();
  return r.status;
}

/** The Cookie header of a signed-in `who` (throws when no session cookie came back). */
const cookieOf = (who: { email: string; password: string }): Promise<string> =>
  signInWithCredentials((p, init) => fetch(server.base + p, init), who.email, who.password, { Origin: server.base });

test('the JSON API never answers 5xx: anonymous and as a subscriber', async () => {
  const subscriber = await cookieOf(DEMO.subscriber);
  // The cookie really is the subscriber's (else "as a subscriber" would silently be anonymous): a gated query is answered.
  const session = (await (await fetch(`${server.base}/api/auth/session`, { headers: { Cookie: subscriber } })).json()) as { user?: { email?: string } };
  expect(session.user?.email).toBe(DEMO.subscriber.email);
  expect(await status('/api/data?page=League&period=4', { headers: { Cookie: subscriber } })).toBe(200);
  expect(await status('/api/data?page=League&period=4')).toBe(403);
  const seen = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('/api/data', '/api/players', '/api/player_details', '/api/game_details', '/api/nope', '/api/data/'),
      rawQuery,
      fc.boolean(),
      async (path, q, signedIn) => {
        const s = await status(`${path}?${q}`, signedIn ? { headers: { Cookie: subscriber } } : {});
        seen.set(s, (seen.get(s) ?? 0) + 1);
        return s < 500;
      },
    ),
    { numRuns: 400 },
  );
  // The generator reached the interesting answers, not only 400s.
  expect([...seen.keys()].sort()).toEqual(expect.arrayContaining([200, 400, 403, 404]));
});

test('the auth routes never answer 5xx, whatever the method, body, content type or cookie', async () => {
  const routes = [
    '/api/auth/session',
    '/api/auth/csrf',
    '/api/auth/providers',
    '/api/auth/signin',
    '/api/auth/signin/credentials',
    '/api/auth/callback/credentials',
    '/api/auth/signout',
    '/api/auth/error',
    '/api/auth/nope',
    '/api/auth',
    '/signin',
    '/signout',
  ];
  const callbackUrl = fc.oneof(
    fc.constantFrom('/', '/stats', '//evil.example', '/\\evil', '--', 'http://127.0.0.1/', 'javascript:alert(1)', '%', '/%2F%2Fx'),
    fc.string({ maxLength: 20 }),
  );
  const fields = fc.record(
    {
      csrfToken: fc.oneof(fc.constant(''), fc.string({ maxLength: 80 })),
      email: fc.oneof(fc.constantFrom(DEMO.member.email, 'MEMBER@example.com', ''), fc.string({ maxLength: 40 })),
      password: fc.string({ maxLength: 40 }),
      callbackUrl,
      json: fc.constantFrom('true', 'false'),
    },
    { requiredKeys: [] },
  );
  const body = fc.oneof(
    fields.map((f) => ['application/x-www-form-urlencoded', new URLSearchParams(f as Record<string, string>).toString()] as const),
    fields.map((f) => ['application/json', JSON.stringify(f)] as const),
    fc.tuple(
      fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x', ''),
      fc.string({ maxLength: 200 }),
    ),
    fc.tuple(fc.constant('application/json'), fc.constantFrom('{', 'null', '[]', '"x"', '{"email":{"$ne":1}}', '{"email":["a","b"]}')),
  );
  const cookie = fc.oneof(
    fc.constant(''),
    fc.constantFrom(
      'authjs.callback-url=javascript%3Aalert(1)',
      'authjs.callback-url=%',
      'authjs.csrf-token=x',
      'authjs.session-token=forged',
      `authjs.session-token=${'A'.repeat(3000)}`,
    ),
    fc.string({ maxLength: 50 }).map((s) => s.replace(/[\r\n]/g, '')),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...routes),
      fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'HEAD'),
      callbackUrl,
      body,
      cookie,
      fc.boolean(),
      async (route, method, cb, [type, text], c, origin) => {
        const headers: Record<string, string> = {};
        if (type) headers['Content-Type'] = type;
        if (c) headers.Cookie = c;
        if (origin) headers.Origin = server.base;
        const withBody = method !== 'GET' && method !== 'HEAD';
        let s: number;
        try {
          s = await status(`${route}?callbackUrl=${encodeURIComponent(cb)}`, { method, headers, ...(withBody ? { body: text } : {}) });
        } catch (error) {
          // A header value fetch itself refuses to send is not the server's answer.
          if (error instanceof TypeError && /header/i.test(String(error.message))) return true;
          throw error;
        }
        return s < 500;
      },
    ),
    { numRuns: 500 },
  );
});

/** One raw request (node:http: fetch refuses TRACE and friends); the status and the body. */
function raw(
  method: string,
  pathAndQuery: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; body: string; allow?: string }> {
  const url = new URL(server.base + pathAndQuery);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: { ...headers, ...(body ? { 'Content-Length': String(Buffer.byteLength(body)) } : {}) },
        timeout: 60_000,
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, allow: res.headers.allow }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${pathAndQuery}: no answer`)));
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

/** A stack trace in a response body: "at fn (file:line:col)" lines, or node_modules paths. */
const STACK = /\n\s+at [^\n]+:\d+:\d+|node_modules\/|\/src\/server\//;

test('every method on every kind of route, the account, billing and webhook ones included: no 5xx, no stack trace; unknown methods are 405 with Allow', async () => {
  const routes = [
    '/',
    '/about',
    '/stats/players',
    '/stats/team/team/BOS',
    '/api/data?page=League&season=2012',
    '/api/auth/session',
    '/api/auth/callback/credentials',
    '/signin',
    '/signup',
    '/forgot',
    '/reset?token=abc',
    '/verify?token=abc',
    '/confirm-email?token=abc',
    '/profile',
    '/api/account/export',
    '/pricing',
    '/checkout?interval=month',
    '/checkout?interval=decade',
    '/purchase_confirmation?session_id=cs_x',
    '/billing/portal',
    '/billing/test-checkout?session=cs_test_nope',
    '/billing/test-portal',
    '/billing/renewal',
    '/api/billing/webhook',
    '/admin/billing',
    '/readyz',
    '/healthz',
    '/_astro/nope.js',
    '/nope',
    '/%E0%A4%A',
  ];
  const bodies: [string, string][] = [
    ['application/x-www-form-urlencoded', 'email=a%40b.c&password=x&name=N&csrfToken=x&intent=delete&confirm=delete'],
    ['application/json', '{"email":"a@b.c","type":"checkout.session.completed","data":{"object":{}}}'],
    ['text/plain', '\u0000\uFFFF'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nz\r\n--x--'],
  ];
  const problems: string[] = [];
  for (const route of routes) {
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND']) {
      const [type, text] = bodies[(route.length + method.length) % bodies.length]!;
      const withBody = method !== 'GET' && method !== 'HEAD' && method !== 'TRACE';
      const r = await raw(method, route, { Origin: server.base, ...(withBody ? { 'Content-Type': type } : {}) }, withBody ? text : undefined);
      if (r.status >= 500) problems.push(`${method} ${route}: ${r.status} ${r.body.slice(0, 120)}`);
      if (STACK.test(r.body)) problems.push(`${method} ${route}: a stack trace in the body`);
      // (A malformed URL is refused first, 400, whatever the method.)
      if (!['GET', 'HEAD', 'POST', 'OPTIONS'].includes(method) && !route.startsWith('/%E0')) {
        if (r.status !== 405 || r.allow !== 'GET, HEAD, POST, OPTIONS') problems.push(`${method} ${route}: ${r.status}, Allow ${r.allow}`);
      }
    }
  }
  expect(problems).toEqual([]);
});
