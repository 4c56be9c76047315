/**
 * Two web nodes, one PostgreSQL: two servers of the build on two ports with one DATABASE_URL and one
 * AUTH_SECRET, like two nodes behind a load balancer (the browser's cookies do not depend on the port, so it
 * carries a session from one node to the other as a balancer would).
 * - a session made on node A works on node B;
 * - wrong passwords spread over A and B add up to one account's limit;
 * - a plan revoked with the CLI is refused on B, and a password changed with the CLI ends the session on B;
 * - a node that cannot reach its PostgreSQL refuses to start, saying why;
 * - a running node that loses its PostgreSQL answers 503 with Retry-After where accounts are needed (pages of a
 *   signed-in visitor, sign-in, gated API calls), keeps serving anonymous stats, and recovers by itself.
 * PostgreSQL: TEST_DATABASE_URL (scripts/test-all.mjs starts one throwaway cluster for `npm test`), else a
 * throwaway cluster of this spec's own (scripts/pgCluster.ts). If none can start, these tests fail.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { freePort } from '../../scripts/lib/freePort.ts';
import { startPgCluster, type PgCluster } from '../../scripts/pgCluster.ts';
import { DEMO, submitSignIn } from './accountsHelpers';
import { oneQuotaWindowFor } from './quotaMinute';
import { expect, test } from './fixtures';

test.describe.configure({ mode: 'serial' });

const ACCOUNT_LIMIT = 4;
const API_PER_MINUTE = 7;
const WINDOW_SECONDS = 900;
let cluster: PgCluster | null = null;
let nodeEnv: Record<string, string> = {};
const nodes: ChildProcess[] = [];
let A = '';
let B = '';

/** `npm run users -- …` on the nodes' database (the operator's CLI, any machine that has DATABASE_URL). */
async function usersCli(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/auth/cli.ts', ...args], { env: nodeEnv });
  return stdout;
}

async function startNode(port: number): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/http/server.ts'], {
    env: { ...nodeEnv, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  nodes.push(child);
  const base = `http://localhost:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`node on port ${port} exited: ${stderr}`);
    const ok = await fetch(`${base}/about`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return base;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`node on port ${port} did not answer within 60 s: ${stderr}`);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  let admin = process.env.TEST_DATABASE_URL ?? '';
  if (!admin) {
    cluster = await startPgCluster();
    admin = cluster.url;
  }
  const name = `cv_two_nodes_${Date.now().toString(36)}`;
  const client = new pg.Client(admin);
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`); // name built from letters, digits and underscores above
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  nodeEnv = {
    ...(process.env as Record<string, string>),
    DATABASE_URL: url.toString(),
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    SIGNIN_MAX_FAILURES_PER_ACCOUNT: String(ACCOUNT_LIMIT),
    SIGNIN_MAX_FAILURES_PER_IP: '1000',
    SIGNIN_WINDOW_SECONDS: String(WINDOW_SECONDS),
    API_KEY_PER_MINUTE: String(API_PER_MINUTE),
  };
  await usersCli('seed-demo');
  [A, B] = await Promise.all([startNode(await freePort()), startNode(await freePort())]);
});

test.afterAll(() => {
  for (const node of nodes) node.kill('SIGTERM');
  cluster?.stop();
});

async function sessionOn(request: APIRequestContext, node: string) {
  return (await (await request.get(`${node}/api/auth/session`)).json()) as {
    user?: { email: string };
    subscriptions?: { plan: { name: string } }[];
  } | null;
}

test('a session made on node A works on node B', async ({ page }) => {
  await page.goto(`${A}/signin?callbackUrl=%2Fprofile`);
  await submitSignIn(page, DEMO.subscriber.email, DEMO.subscriber.password);
  await expect(page).toHaveURL(`${A}/profile`);
  await page.goto(`${B}/profile`);
  await expect(page).toHaveURL(`${B}/profile`);
  await expect(page.getByTestId('profile')).toContainText(DEMO.subscriber.name);
  expect((await sessionOn(page.request, B))?.user?.email).toBe(DEMO.subscriber.email);
});

test('wrong passwords spread over A and B add up to the account limit', async ({ request }) => {
  const email = `spread-${Date.now()}@example.com`;
  const attempt = async (node: string) => {
    const { csrfToken } = (await (await request.get(`${node}/api/auth/csrf`)).json()) as { csrfToken: string };
    return request.post(`${node}/api/auth/callback/credentials`, {
      form: { csrfToken, email, password: 'wrong-password', callbackUrl: '/' },
      headers: { Origin: node },
      maxRedirects: 0,
    });
  };
  const firstFailure = Date.now();
  for (let i = 0; i < ACCOUNT_LIMIT; i++) {
    const response = await attempt(i % 2 === 0 ? A : B);
    expect(response.status(), `attempt ${i + 1}`).toBe(302);
    expect(response.headers().location).toContain('error=CredentialsSignin');
  }
  for (const node of [A, B]) {
    const blocked = await attempt(node);
    expect(blocked.status(), `after ${ACCOUNT_LIMIT} failures on two nodes, ${node}`).toBe(429);
    // blocked until the first failure leaves the window: the window less the seconds since that failure
    const retryAfter = Number(blocked.headers()['retry-after']);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(retryAfter).toBeGreaterThanOrEqual(WINDOW_SECONDS - Math.ceil((Date.now() - firstFailure) / 1000) - 1);
  }
});

test('an API key made on node A counts one quota on both nodes, and its revocation holds on B at once', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${A}/signin?callbackUrl=%2Fprofile`);
  await submitSignIn(page, DEMO.subscriber.email, DEMO.subscriber.password);
  await expect(page).toHaveURL(`${A}/profile`);
  await page.getByLabel('Name of a new key').fill('two nodes');
  await page.getByRole('button', { name: 'Make a key' }).click();
  const key = await page.getByTestId('new-key').inputValue();
  const ask = (node: string) => fetch(`${node}/api/v1/metric_sets?page=League`, { headers: { Authorization: `Bearer ${key}` } });
  // The key is new (its count is zero): the requests, alternating between the nodes, must fall in one quota
  // minute (quota windows are whole UTC minutes; 44 cheap requests take a few seconds), so wait for the next one
  // only when less than 15 s of this one is left.
  await oneQuotaWindowFor(15_000);
  const statuses: number[] = [];
  for (let i = 0; i < API_PER_MINUTE + 4; i++) statuses.push((await ask(i % 2 ? B : A)).status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(API_PER_MINUTE);
  expect(statuses.slice(API_PER_MINUTE)).toEqual([429, 429, 429, 429]);
  await page.goto(`${B}/profile`);
  await page.getByRole('button', { name: 'Revoke two nodes' }).click();
  await expect(page.getByTestId('api-keys').getByRole('status')).toContainText('revoked');
  expect((await ask(A)).status).toBe(401);
});

test('a plan revoked with the CLI is refused on node B; a password changed with the CLI ends the session on B', async ({ page }) => {
  await page.goto(`${A}/signin?callbackUrl=%2Fprofile`);
  await submitSignIn(page, DEMO.subscriber.email, DEMO.subscriber.password);
  await expect(page).toHaveURL(`${A}/profile`);
  await page.goto(`${B}/profile`);
  await expect(page.getByTestId('profile')).toContainText('Stats');
  expect((await sessionOn(page.request, B))?.subscriptions?.map((s) => s.plan.name)).toEqual(['Stats']);
  // A gated filter (the Stats plan's) is answered on B while the plan is active...
  const gated = `${B}/api/data?page=League&season=2022&location=home`;
  expect((await page.request.get(gated)).status()).toBe(200);

  expect(await usersCli('revoke', DEMO.subscriber.email)).toContain('Revoked Stats');
  await expect.poll(async () => (await sessionOn(page.request, B))?.subscriptions, { timeout: 5_000 }).toEqual([]);
  // ...and refused on B once the CLI has revoked it.
  expect((await page.request.get(gated)).status()).toBe(403);
  await page.goto(`${B}/profile`);
  await expect(page.getByTestId('profile')).toContainText('No plan yet.');

  await usersCli('passwd', DEMO.subscriber.email, '--password', 'a-new-password-2024');
  await expect.poll(async () => (await sessionOn(page.request, B))?.user ?? null, { timeout: 5_000 }).toBeNull();
  await page.goto(`${B}/profile`);
  await expect(page).toHaveURL(/\/signin\?error=SessionRequired/);
});

test('a node whose PostgreSQL cannot be reached refuses to start, saying why', async () => {
  const deadPort = await freePort(); // nothing listens there
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/http/server.ts'], {
    env: { ...nodeEnv, DATABASE_URL: `postgres://postgres@127.0.0.1:${deadPort}/courtvision`, PORT: String(await freePort()), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  nodes.push(child);
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(code).toBe(1);
  expect(output).toContain(`Courtvision cannot start: DATABASE_URL: the accounts database PostgreSQL 127.0.0.1:${deadPort}/courtvision cannot be opened`);
});

/** A TCP relay to PostgreSQL that the test can cut (every connection dropped, nothing listening) and restore. */
function relayTo(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  return {
    listen: (port: number) =>
      new Promise<void>((resolve, reject) => {
        server = net.createServer((client) => {
          const upstream = net.connect(Number(target.port), target.hostname);
          const drop = () => {
            client.destroy();
            upstream.destroy();
          };
          for (const socket of [client, upstream]) {
            sockets.add(socket);
            socket.on('error', drop);
            socket.on('close', () => {
              sockets.delete(socket);
              drop();
            });
          }
          client.pipe(upstream).pipe(client);
        });
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      }),
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (server) server.close(() => resolve());
        else resolve();
        server = null;
      }),
  };
}

test('a node that loses its PostgreSQL answers 503 where accounts are needed, and recovers', async ({ page, request }) => {
  test.setTimeout(120_000);
  const database = new URL(nodeEnv.DATABASE_URL!);
  const relay = relayTo(database);
  const relayPort = await freePort();
  await relay.listen(relayPort);
  const viaRelay = new URL(database);
  viaRelay.hostname = '127.0.0.1';
  viaRelay.port = String(relayPort);
  const savedEnv = nodeEnv;
  nodeEnv = { ...nodeEnv, DATABASE_URL: viaRelay.toString() };
  const C = await startNode(await freePort());
  nodeEnv = savedEnv;

  await page.goto(`${C}/signin?callbackUrl=%2Fprofile`);
  await submitSignIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(`${C}/profile`);

  await relay.cut();
  try {
    const profile = await page.request.get(`${C}/profile`);
    expect(profile.status()).toBe(503);
    expect(profile.headers()['retry-after']).toBe('30');
    expect(await profile.text()).toContain('the accounts database cannot be reached');
    const prerendered = await page.request.get(`${C}/about`);
    expect(prerendered.status()).toBe(503);
    expect(prerendered.headers()['retry-after']).toBe('30');
    const gated = await page.request.get(`${C}/api/data?page=League&season=2022&location=home`);
    expect(gated.status()).toBe(503);
    expect(gated.headers()['retry-after']).toBe('30');
    expect(((await gated.json()) as { error: string }).error).toContain('accounts database cannot be reached');
    const { csrfToken } = (await (await request.get(`${C}/api/auth/csrf`)).json()) as { csrfToken: string };
    const signIn = await request.post(`${C}/api/auth/callback/credentials`, {
      form: { csrfToken, email: DEMO.member.email, password: DEMO.member.password, callbackUrl: '/' },
      headers: { Origin: C },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(503);
    expect(signIn.headers()['retry-after']).toBe('30');
    // Anonymous visitors need no account: the stats stay up.
    expect((await request.get(`${C}/api/data?page=League&season=2022`)).status()).toBe(200);
    expect((await request.get(`${C}/about`)).status()).toBe(200);

    await relay.listen(relayPort);
    await expect.poll(async () => (await page.request.get(`${C}/profile`)).status(), { timeout: 15_000 }).toBe(200);
    await page.goto(`${C}/profile`);
    await expect(page.getByTestId('profile')).toContainText(DEMO.admin.name);
  } finally {
    await relay.cut();
  }
});
