/**
 * The HTTP layer of the built server, over raw sockets (no client library to smooth over a status line or a
 * reset connection):
 * - every status line carries its standard reason phrase ("404 Not Found", never "404 OK");
 * - a URL over 16 KB is a 414 with a JSON message (a URL of 20 KB used to get a connection reset), headers over
 *   16 KB a 431, and a head past what Node parses (64 KB) is still answered, not reset;
 * - every 5xx gives exactly one error-level log line (pino level 50) with the request id, the route and the cause
 *   (message and stack), and no cookie, authorization, query string or body: on a server of its own whose stats
 *   file lacks three tables (shots, player_bios, salaries), so that /api/data, /api/v1 and a page answer 500;
 * - a page that fails after its status line went out is cut at once (a compressed one used to hang) and logged.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { startServer, waitListening, type ServerProcess } from './serverProcess';
import { changeStatsFile } from '../support/statsFileWriter';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

interface RawAnswer {
  statusLine: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `head` (and `body`) on a new connection, `piece` bytes at a time when given, and reads the answer until
 * the server closes. Rejects on a reset (ECONNRESET) or when no answer came in 15 s.
 */
function rawRequest(base: string, head: string, options: { piece?: number; body?: string } = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(15_000, () => socket.destroy(new Error('no answer in 15 s')));
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [headText = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = headText.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      let body = rest.join('\r\n\r\n');
      if (headers['transfer-encoding'] === 'chunked') body = unchunk(body);
      resolve({ statusLine, status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.on('connect', async () => {
      const all = head + (options.body ?? '');
      const piece = options.piece ?? all.length;
      for (let i = 0; i < all.length && !socket.destroyed; i += piece) {
        // A server that answered and closed may refuse the rest: what counts is the answer read.
        if (!socket.write(all.slice(i, i + piece))) await new Promise((r) => socket.once('drain', r));
      }
    });
  });
}

function unchunk(body: string): string {
  let out = '';
  let rest = body;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

const get = (target: string, headers: string[] = []) =>
  `GET ${target} HTTP/1.1\r\nHost: localhost\r\n${headers.map((h) => `${h}\r\n`).join('')}Connection: close\r\n\r\n`;

test('every status line carries its standard reason phrase', async ({ baseURL }) => {
  const cases: [string, string, string[]?][] = [
    ['200 OK', '/api/data?page=League&season=2012'],
    // an unknown player's page: Astro keeps the "OK" of its default status when the page sets 404
    ['404 Not Found', '/stats/player/profile/nobody_atall_99999999'],
    ['404 Not Found', '/api/data?page=PlayerProfile&entity=99999999'],
    ['404 Not Found', '/no-such-page'],
    ['400 Bad Request', '/api/data?page=Nope'],
    ['403 Forbidden', '/api/data?page=League&period=4'],
    ['405 Method Not Allowed', '/api/data?page=League'],
    ['304 Not Modified', '/api/data?page=League&season=2012'],
  ];
  const etag = (await rawRequest(baseURL!, get('/api/data?page=League&season=2012'))).headers.etag!;
  expect(etag).toBeTruthy();
  for (const [expected, target] of cases) {
    const head = expected.startsWith('405')
      ? `DELETE ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`
      : expected.startsWith('304')
        ? get(target, [`If-None-Match: ${etag}`])
        : get(target);
    const answer = await rawRequest(baseURL!, head);
    expect(answer.statusLine, target).toBe(`HTTP/1.1 ${expected}`);
  }
});

test('a URL over 16 KB is a 414 with a JSON message, never a reset; a URL under it is read', async ({ baseURL }) => {
  const padded = (bytes: number) => {
    const start = '/api/data?page=League&season=2012&x=';
    return start + 'a'.repeat(bytes - start.length);
  };
  // Just under the limit: read and answered as usual (the unknown key is ignored).
  expect((await rawRequest(baseURL!, get(padded(16 * 1024)))).statusLine).toBe('HTTP/1.1 200 OK');
  for (const [bytes, piece] of [
    [16 * 1024 + 1, undefined],
    [20_000, undefined],
    [100_000, undefined],
    [100_000, 1000],
    [1_000_000, undefined],
  ] as const) {
    const answer = await rawRequest(baseURL!, get(padded(bytes)), { piece });
    expect(answer.statusLine, `${bytes} bytes`).toBe('HTTP/1.1 414 URI Too Long');
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body).error).toMatch(/^The URL is .*at most 16384 are read/);
  }
});

test('request headers over 16 KB are a 431 with a JSON message', async ({ baseURL }) => {
  for (const bytes of [20_000, 70_000]) {
    const answer = await rawRequest(baseURL!, get('/', [`Cookie: c=${'x'.repeat(bytes)}`]));
    expect(answer.statusLine, `${bytes} bytes`).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(JSON.parse(answer.body).error).toMatch(/headers/);
  }
});

test.describe('5xx in the log', () => {
  let server: ServerProcess;
  let dir: string;
  test.beforeAll(async () => {
    // The test stats file without three tables: the queries that read them fail in DuckDB (a real 500).
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-http-errors-'));
    const copy = path.join(dir, 'stats.duckdb');
    fs.copyFileSync(path.resolve(process.env.STATS_DB_PATH ?? 'data/test-stats.duckdb'), copy);
    await changeStatsFile(
      copy,
      ['shots', 'player_bios', 'salaries'].map((table) => `DROP TABLE ${table} CASCADE`),
    );
    // Quotas raised: the anonymous day quota of 127.0.0.1 may be spent by other tests on this accounts file.
    server = startServer({ STATS_DB_PATH: copy, LOG_LEVEL: 'info', API_ANON_PER_MINUTE: '1000', API_ANON_PER_DAY: '100000' });
    await waitListening(server);
  });
  test.afterAll(() => {
    server?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('every 5xx gives one error line with the request id, the route and the cause, and no secrets', async () => {
    const SECRET = 'cookie-secret-4f1d';
    const cases = [
      { target: '/api/data?page=TeamSalaries&entity=BOS&season=2022&marker=query-secret-1', route: '/api/data', table: /salaries/, secret: 'query-secret' },
      // (/api/v1 refuses a key its page does not take: the query's own value is the marker there)
      { target: '/api/v1/shots?page=League&start_date=2013-01-17', route: '/api/v1/shots', table: /shots/, secret: '2013-01-17' },
      // the player's page reads both his bio and his salaries: the first to fail is the cause
      {
        target: '/stats/player/profile/lebron_james_2544?marker=query-secret-3',
        route: '/stats/player/profile/lebron_james_2544',
        table: /player_bios|salaries/,
        secret: 'query-secret',
      },
    ];
    for (const [i, c] of cases.entries()) {
      const id = `test-500-${i}-${Date.now()}`;
      // (an Authorization header on /api/v1 is read as an API key: a 401 before any query)
      const authorization = c.route.startsWith('/api/v1') ? [] : [`Authorization: Bearer ${SECRET}`];
      const answer = await rawRequest(server.base, get(c.target, [`X-Request-Id: ${id}`, `Cookie: authjs.session-token=${SECRET}`, ...authorization]));
      expect(answer.statusLine, c.target).toBe('HTTP/1.1 500 Internal Server Error');
      expect(answer.headers['x-request-id']).toBe(id);
      // The API's answer hides the cause ({"error":"Internal Server Error"}): it is in the log.
      if (c.route.startsWith('/api/')) expect(JSON.parse(answer.body)).toEqual({ error: 'Internal Server Error' });
      await expect.poll(() => logLines(server).filter((l) => l.id === id && l.level === 50).length, { timeout: 5_000 }).toBe(1);
      const line = logLines(server).find((l) => l.id === id && l.level === 50)!;
      expect(line).toMatchObject({ route: c.route, status: 500, method: 'GET', msg: 'server error' });
      expect(line.cause.message).toMatch(new RegExp(`Table with name (${c.table.source}) does not exist`));
      expect(line.cause.stack).toMatch(/\n\s+at /);
      const raw = JSON.stringify(line);
      for (const secret of [SECRET, c.secret, 'marker=', 'start_date=']) expect(raw, c.target).not.toContain(secret);
    }
    // Nothing else at error level, and the cause no longer goes to stderr as a bare dump ("stats API error").
    expect(logLines(server).filter((l) => l.level === 50)).toHaveLength(cases.length);
    expect(server.output()).not.toContain('stats API error');
  });

  test('a page that fails while it streams to a browser (compressed) is cut at once, not left hanging, and logged', async () => {
    // The team's salaries page computes its first table while it streams (StatsLayout's first view), after its
    // status line: without the salaries table that fails.
    const id = `test-cut-${Date.now()}`;
    const started = Date.now();
    const outcome = await rawRequest(server.base, get('/stats/team/salaries/BOS', [`X-Request-Id: ${id}`, 'Accept-Encoding: gzip, deflate, br'])).then(
      (answer) => `closed after ${answer.statusLine || 'nothing'}`,
      (error: Error) => error.message,
    );
    expect(outcome).not.toBe('no answer in 15 s');
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect.poll(() => logLines(server).filter((l) => l.id === id && l.level === 50).length, { timeout: 5_000 }).toBe(1);
    const line = logLines(server).find((l) => l.id === id && l.level === 50)!;
    expect(line).toMatchObject({ route: '/stats/team/salaries/BOS', cut: true });
    // the error the page's stream failed with (src/middleware.ts reportErrors), not only that it failed: here
    // DuckDB's, whose native error has no JavaScript frames of its own, so the stack says where it was caught
    expect(line.cause.message).toMatch(/Table with name salaries does not exist/);
    expect(line.cause.stack).toMatch(/\sat \S/);
  });
});

interface LogLine {
  level: number;
  id?: string;
  route?: string;
  msg?: string;
  cause: { message: string; stack?: string };
  [key: string]: unknown;
}

/** The server's pino lines (JSON on stdout). */
function logLines(server: ServerProcess): LogLine[] {
  return server
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as LogLine];
      } catch {
        return [];
      }
    });
}
