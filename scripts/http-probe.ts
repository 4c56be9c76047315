/**
 * A probe of a running server: thousands of random requests over every route (the stats API, every /api/v1
 * endpoint, the pages), legal and odd (junk values, unknown ids, gated filters, long URLs and headers, other
 * methods), as an anonymous visitor, a member without a plan, a subscriber (session cookie) and an API key of an
 * active plan. Prints the count of each status and every 5xx with its request. Exit code 1 when any answer was a
 * 5xx or never came.
 *
 *   npx tsx scripts/http-probe.ts --base http://127.0.0.1:4341 [--requests 3000] [--seed 7] [--clients 4]
 *
 * The demo accounts (`npm run users -- seed-demo`) sign in; with ACCOUNTS_DB_PATH pointing at the server's
 * accounts file a key is made for the subscriber (and revoked at the end). The server's /api/v1 quotas and
 * sign-in limits should be raised for the run (API_ANON_PER_MINUTE, API_KEY_PER_MINUTE ...), or most v1 answers
 * are 429s. Reads the stats database at STATS_DB_PATH for real ids (default data/test-stats.duckdb).
 */
import { parseArgs } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import { DATA_PAGE_KINDS } from '../src/lib/params/apiParams.ts';
import { FILTERS } from '../src/lib/filters/filterDefinitions.ts';
import { drawQuery, generator, loadRosters, type Rng } from './lib/randomQueries.ts';
import { signInWithCredentials } from './lib/signIn.ts';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:4341' },
    requests: { type: 'string', default: '3000' },
    seed: { type: 'string', default: '7' },
    clients: { type: 'string', default: '4' },
  },
});
const BASE = args.base!;
const REQUESTS = Number(args.requests);
const rng = generator(Number(args.seed));

const stats = await (await DuckDBInstance.create(process.env.STATS_DB_PATH ?? 'data/test-stats.duckdb', { access_mode: 'READ_ONLY' })).connect();
const rosters = await loadRosters(stats);
const rows = async (sql: string) => (await stats.runAndReadAll(sql)).getRowObjectsJS();
const players = (
  await rows('SELECT player_id, name FROM players JOIN (SELECT DISTINCT player_id FROM player_games) USING (player_id) ORDER BY hash(player_id) LIMIT 200')
).map((r) => ({ id: String(r.player_id), name: String(r.name) }));
const abbrs = (await rows('SELECT abbr FROM teams ORDER BY abbr')).map((r) => String(r.abbr));
const games = rosters.games.map((g) => g.code);

const ODD = [
  '',
  ' ',
  '0',
  '-1',
  '1e3',
  '99999999999',
  'NaN',
  'null',
  'undefined',
  'true',
  '%',
  '%00',
  '%E0%A4%A',
  '\u0000',
  '\uD800',
  '<script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  'a'.repeat(3000),
  '2012-14',
  '2013-02-30',
  '😀',
  'BOS,LAL',
  '[]',
  '{}',
];
const odd = (r: Rng) =>
  r.next() < 0.7
    ? r.pick(ODD)
    : Math.random()
        .toString(36)
        .slice(2, 2 + r.int(1, 10));
const legalOr = (r: Rng, legal: string, p = 0.8) => (r.next() < p ? legal : odd(r));
const slug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
/** A path segment, escaped; a lone surrogate (which encodeURIComponent refuses) goes as its UTF-8 bytes would. */
const enc = (segment: string) => {
  try {
    return encodeURIComponent(segment);
  } catch {
    return '%ED%A0%80';
  }
};
const qs = (pairs: [string, string][]) => (pairs.length ? `?${new URLSearchParams(pairs)}` : '');

/** Legal stats query pairs (the filter model's own draw), sometimes with one odd value or key. */
function statsPairs(r: Rng): [string, string][] {
  const pairs = [...new URL(drawQuery(r, rosters).url, BASE).searchParams];
  if (r.next() < 0.3) {
    const keys = ['page', 'entity', 'side', 'metric_set', 'min_poss', 'unit', ...FILTERS.map((f) => (f.type === 'range' ? `${f.apiKey}_low` : f.apiKey))];
    const key = r.next() < 0.85 ? r.pick(keys) : odd(r) || 'x';
    return [...pairs.filter(([k]) => k !== key), [key, odd(r)]];
  }
  return pairs;
}

const player = (r: Rng) => r.pick(players);
const route: ((r: Rng) => string)[] = [
  // the site's API
  (r) => `/api/data${qs(statsPairs(r))}`,
  (r) => `/api/data${qs([...statsPairs(r), ['format', r.pick(['csv', 'json', 'xml'])]])}`,
  (r) => `/api/shots${qs(statsPairs(r))}`,
  (r) =>
    `/api/compare${qs([...Array.from({ length: r.int(0, 5) }, () => ['player', `${legalOr(r, player(r).id)}:${r.pick(['2012-13', '2022-23', '2012-13_2022-23', 'x'])}`] as [string, string]), ['side', legalOr(r, 'offense')]])}`,
  (r) => `/api/game_details${qs([['game_id', legalOr(r, r.pick(games))]])}`,
  (r) => `/api/game_stints${qs([['game_id', legalOr(r, r.pick(games))]])}`,
  (r) => `/api/player_career${qs([['player_id', legalOr(r, player(r).id)]])}`,
  (r) => `/api/player_details${qs([['player_id', legalOr(r, player(r).id)]])}`,
  (r) => `/api/players${qs(r.next() < 0.5 ? [['season', legalOr(r, r.pick(['2012', '2022']))]] : [])}`,
  (r) =>
    `/api/rapm${qs([
      ['season', legalOr(r, r.pick(['2012', '2022']))],
      ['span', legalOr(r, r.pick(['1', '3']))],
    ])}`,
  (r) => `/api/search${qs([['q', legalOr(r, r.pick(['lebron', 'curry', 'bos', 'jo']))]])}`,
  (r) =>
    `/api/similar${qs([
      ['player', legalOr(r, player(r).id)],
      ['season', legalOr(r, r.pick(['2012', '2022']))],
    ])}`,
  (r) => `/api/standings${qs([['season', legalOr(r, r.pick(['2012', '2022']))]])}`,
  (r) =>
    `/api/team_wowy${qs([
      ['team', legalOr(r, r.pick(abbrs))],
      ['season', legalOr(r, r.pick(['2012', '2022']))],
      ['n', legalOr(r, String(r.int(2, 15)))],
    ])}`,
  (r) => `/api/teams_table${qs([['season', legalOr(r, r.pick(['2012', '2022']))]])}`,
  // the developer API: every endpoint
  (r) => `/api/v1/table${qs(statsPairs(r).filter(([k]) => k !== 'form'))}`,
  (r) => `/api/v1/table${qs([...statsPairs(r).filter(([k]) => k !== 'form'), ['format', 'csv']])}`,
  (r) => `/api/v1/shots${qs(statsPairs(r).filter(([k]) => k !== 'form'))}`,
  (r) =>
    `/api/v1/teams${qs([
      ['season', legalOr(r, r.pick(['2012', '2022-23']))],
      ['season_type', legalOr(r, r.pick(['regular', 'playoffs']))],
    ])}`,
  (r) =>
    `/api/v1/teams/${enc(legalOr(r, r.pick(abbrs)))}/with_without${qs([
      ['season', legalOr(r, r.pick(['2012', '2022']))],
      ['n', legalOr(r, String(r.int(2, 15)))],
    ])}`,
  (r) =>
    `/api/v1/metric_sets${qs([
      ['page', legalOr(r, r.pick(DATA_PAGE_KINDS))],
      ['side', legalOr(r, r.pick(['offense', 'defense']))],
    ])}`,
  (r) => `/api/v1/players/${enc(legalOr(r, player(r).id))}`,
  (r) =>
    `/api/v1/players/${enc(legalOr(r, player(r).id))}/career${qs(
      r.next() < 0.3
        ? [
            ['format', 'csv'],
            ['mode', legalOr(r, 'per_36')],
          ]
        : [],
    )}`,
  (r) => `/api/v1/players/${enc(legalOr(r, player(r).id))}/rapm`,
  (r) =>
    `/api/v1/rapm${qs([
      ['season', legalOr(r, r.pick(['2012', '2022']))],
      ['span', legalOr(r, r.pick(['1', '3']))],
      ['sort', legalOr(r, r.pick(['total', 'off', 'name']))],
    ])}`,
  (r) => `/api/v1/games/${enc(legalOr(r, r.pick(games)))}`,
  (r) => `/api/v1/games/${enc(legalOr(r, r.pick(games)))}/possessions`,
  (r) =>
    `/api/v1/search${qs([
      ['q', legalOr(r, r.pick(['lebron', 'durant', 'ja']))],
      ['limit', legalOr(r, String(r.int(1, 25)))],
    ])}`,
  (r) =>
    `/api/v1/compare${qs([...Array.from({ length: r.int(1, 5) }, () => ['player', `${legalOr(r, player(r).id)}:${r.pick(['2012-13', '2022-23'])}`] as [string, string]), ...statsPairs(r).filter(([k]) => !['page', 'entity', 'season', 'form', 'unit', 'min_poss', 'metric_set', 'side'].includes(k))])}`,
  (r) =>
    `/api/v1/similar${qs([
      ['player', legalOr(r, player(r).id)],
      ['season', legalOr(r, r.pick(['2012', '2022']))],
      ['limit', legalOr(r, String(r.int(1, 50)))],
    ])}`,
  () => '/api/v1/openapi.json',
  (r) => `/api/v1/${enc(odd(r))}`,
  // pages
  (r) =>
    r.pick([
      '/',
      '/about',
      '/advice',
      '/pricing',
      '/articles',
      '/search?q=james',
      '/stats',
      '/stats/league',
      '/stats/players',
      '/stats/teams',
      '/stats/lineups',
      '/stats/games',
      '/stats/rapm',
      '/stats/guides',
      '/docs/api',
      '/docs/api/changelog',
      '/signin',
      '/signup',
      '/robots.txt',
      '/sitemap.xml',
      '/readyz',
      '/healthz',
      '/profile',
      '/no-such-page',
    ]),
  (r) => {
    const p = player(r);
    return `/stats/player/${legalOr(r, r.pick(['profile', 'positions', 'onoff', 'gamelog', 'lineups']))}/${enc(legalOr(r, `${slug(p.name)}_${p.id}`))}${qs(r.next() < 0.5 ? statsPairs(r).filter(([k]) => !['page', 'entity', 'form'].includes(k)) : [])}`;
  },
  (r) =>
    `/stats/team/${legalOr(r, r.pick(['team', 'players', 'onoff', 'gamelog', 'lineups', 'salaries', 'wowy']))}/${enc(legalOr(r, r.pick(abbrs)))}${qs(r.next() < 0.5 ? statsPairs(r).filter(([k]) => !['page', 'entity', 'form'].includes(k)) : [])}`,
  (r) => `/stats/game/${legalOr(r, r.pick(['boxscore', 'playbyplay', 'team', 'players']))}/${enc(legalOr(r, `a_b_2013-01-01_${r.pick(games)}`))}`,
  (r) =>
    `/stats/compare${qs(Array.from({ length: r.int(0, 5) }, () => ['p', `${legalOr(r, player(r).id)}:${r.pick(['2012-13', '2022-23'])}`] as [string, string]))}`,
  (r) => `/stats/players${qs(statsPairs(r).filter(([k]) => !['page', 'entity', 'form'].includes(k)))}`,
];

interface Probe {
  method: string;
  path: string;
  headers: Record<string, string>;
  who: string;
}

function draw(r: Rng, who: { name: string; headers: Record<string, string> }[]): Probe {
  let path = r.pick(route)(r);
  const headers: Record<string, string> = {};
  const w = r.pick(who);
  Object.assign(headers, w.headers);
  // API keys are for /api/v1 only; elsewhere the key's holder asks as a subscriber would, with the cookie.
  if (!path.startsWith('/api/v1') && headers.Authorization) delete headers.Authorization;
  const roll = r.next();
  if (roll < 0.01) path += `${path.includes('?') ? '&' : '?'}pad=${'a'.repeat(r.int(16_400, 40_000))}`;
  else if (roll < 0.015) headers['X-Pad'] = 'b'.repeat(r.int(17_000, 30_000));
  else if (roll < 0.02 && path.startsWith('/api/v1')) headers.Authorization = `Bearer ${r.pick([`cv_live_${'x'.repeat(43)}`, 'nonsense', 'cv_live_short'])}`;
  const method = r.next() < 0.9 ? 'GET' : r.pick(['HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']);
  return { method, path, headers, who: w.name };
}

async function signIn(email: string, password: string): Promise<string> {
  return signInWithCredentials((p, init) => fetch(BASE + p, init), email, password, { Origin: BASE });
}

const subscriberCookie = await signIn('subscriber@example.com', 'demo-subscriber-2023');
const memberCookie = await signIn('member@example.com', 'demo-member-2023');
let apiKey: string | null = null;
let revoke: (() => Promise<void>) | null = null;
if (process.env.ACCOUNTS_DB_PATH) {
  const { getAccountStore } = await import('../src/server/auth/store/index.ts');
  const { createApiKey } = await import('../src/server/api/keys.ts');
  const { toSession } = await import('../src/server/auth/requestSession.ts');
  const store = getAccountStore();
  const user = (await store.findUserByEmail('subscriber@example.com'))!;
  const made = await createApiKey(store, toSession({ ...user, subscriptions: await store.subscriptionsFor(user.id) }), user.id, 'http probe');
  apiKey = made.key;
  revoke = async () => {
    await store.revokeApiKey(user.id, made.record.id, Math.floor(Date.now() / 1000));
    await store.close();
  };
}
const who: { name: string; headers: Record<string, string> }[] = [
  { name: 'anonymous', headers: {} },
  { name: 'member', headers: { Cookie: memberCookie } },
  { name: 'subscriber', headers: { Cookie: subscriberCookie } },
  ...(apiKey ? [{ name: 'paid key', headers: { Cookie: subscriberCookie, Authorization: `Bearer ${apiKey}` } }] : []),
];

const probes = Array.from({ length: REQUESTS }, () => draw(rng, who));
const byStatus = new Map<string, number>();
const byWho = new Map<string, Map<string, number>>();
const v1Routes = new Map<string, Map<string, number>>();
const fives: string[] = [];
let next = 0;
const started = performance.now();

async function client(): Promise<void> {
  while (next < probes.length) {
    const p = probes[next++]!;
    let status: string;
    try {
      const res = await fetch(BASE + p.path, {
        method: p.method,
        headers: p.headers,
        redirect: 'manual',
        signal: AbortSignal.timeout(60_000),
        ...(p.method === 'POST' || p.method === 'PUT' || p.method === 'PATCH' ? { body: 'x=1' } : {}),
      });
      await res.arrayBuffer();
      status = String(res.status);
      if (res.status >= 500) fives.push(`${res.status} ${p.method} ${p.path.slice(0, 300)} (${p.who}) id=${res.headers.get('x-request-id')}`);
    } catch (error) {
      status = `no answer (${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message})`;
      fives.push(`${status} ${p.method} ${p.path.slice(0, 300)} (${p.who})`);
    }
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    const w = byWho.get(p.who) ?? new Map<string, number>();
    w.set(status, (w.get(status) ?? 0) + 1);
    byWho.set(p.who, w);
    if (p.path.startsWith('/api/v1/')) {
      const name = p.path
        .split('?')[0]!
        .replace(/\/api\/v1\/(players|games)\/[^/]+/, '/api/v1/$1/{id}')
        .replace(/\/api\/v1\/teams\/[^/]+\/with_without/, '/api/v1/teams/{abbr}/with_without');
      const known =
        /^\/api\/v1\/(table|shots|teams|metric_sets|rapm|search|compare|similar|openapi\.json|teams\/\{abbr\}\/with_without|players\/\{id\}(\/career|\/rapm)?|games\/\{id\}(\/possessions)?)$/.test(
          name,
        )
          ? name
          : '/api/v1/(no such endpoint)';
      const m = v1Routes.get(known) ?? new Map<string, number>();
      m.set(status, (m.get(status) ?? 0) + 1);
      v1Routes.set(known, m);
    }
  }
}

await Promise.all(Array.from({ length: Number(args.clients) }, client));
await revoke?.();
const sorted = (m: Map<string, number>) => Object.fromEntries([...m].sort(([a], [b]) => a.localeCompare(b)));
console.log(`${REQUESTS} requests in ${((performance.now() - started) / 1000).toFixed(1)} s, seed ${args.seed}, ${args.clients} clients against ${BASE}`);
console.log('by status', JSON.stringify(sorted(byStatus)));
for (const [name, m] of byWho) console.log(`  ${name}`, JSON.stringify(sorted(m)));
console.log('/api/v1 routes');
for (const [name, m] of [...v1Routes].sort(([a], [b]) => a.localeCompare(b))) console.log(`  ${name}`, JSON.stringify(sorted(m)));
console.log(`5xx or no answer: ${fives.length}`);
for (const f of fives) console.log(`  ${f}`);
process.exit(fives.length ? 1 : 0);
