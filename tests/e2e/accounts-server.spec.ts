/**
 * The project's server started with other settings than the shared test server: behind a TLS-terminating
 * proxy (TRUST_PROXY=1), with no sign-in provider configured, and in production without AUTH_SECRET.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { test, expect } from './fixtures';

const PORT = Number(process.env.E2E_PORT ?? 4327) + 11;
const BASE = `http://127.0.0.1:${PORT}`;

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let output = '';
  const child = spawn('npm', ['run', '--silent', 'serve'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(PORT), ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

function stop(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
}

test.describe.configure({ mode: 'serial' });

test('in production without AUTH_SECRET the server refuses to start, saying why', async () => {
  const { child, output, exited } = startServer({ NODE_ENV: 'production', AUTH_SECRET: '' });
  const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 20_000))]);
  if (code === 'timeout') stop(child);
  expect(code).toBe(1);
  expect(output()).toContain('AUTH_SECRET is not set');
});

test.describe('behind a proxy, with no sign-in provider', () => {
  let server: ReturnType<typeof startServer>;
  test.beforeAll(async () => {
    server = startServer({ TRUST_PROXY: '1', AUTH_PROVIDERS: 'none' });
    await expect.poll(() => server.output(), { timeout: 30_000 }).toContain('listening');
  });
  test.afterAll(() => stop(server.child));

  test('cookies are Secure (with __Host- names) when the proxy says https, and not otherwise', async ({ request }) => {
    const https = await request.get(`${BASE}/api/auth/csrf`, { headers: { 'X-Forwarded-Proto': 'https' } });
    const secureCookie = https.headersArray().find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith('__Host-authjs.csrf-token='));
    expect(secureCookie?.value).toMatch(/; Secure/i);
    expect(secureCookie?.value).toMatch(/HttpOnly/i);
    expect(secureCookie?.value).toMatch(/SameSite=Lax/i);
    const http = await request.get(`${BASE}/api/auth/csrf`);
    const plain = http.headersArray().find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith('authjs.csrf-token='));
    expect(plain?.value).not.toMatch(/Secure/i);
  });

  test('sign-in with no provider configured goes to the sign-in error page', async ({ page }) => {
    await page.goto(`${BASE}/signin`);
    expect(new URL(page.url()).pathname).toBe('/signin/error');
    expect(new URL(page.url()).searchParams.get('error')).toBe('Configuration');
    await expect(page.getByRole('alert')).toContainText('no sign-in provider is configured');
    const providers = await (await page.request.get(`${BASE}/api/auth/providers`)).json();
    expect(providers).toEqual({});
  });
});
