/**
 * The project's server started with other settings than the shared test server: behind a TLS-terminating
 * proxy (TRUST_PROXY=1), with no sign-in provider configured, and in production without AUTH_SECRET.
 */
import { test, expect } from './fixtures';
import { startServer, waitListening, type ServerProcess } from './serverProcess';

test.describe.configure({ mode: 'serial' });

test('in production without AUTH_SECRET the server refuses to start, saying why', async () => {
  const server = startServer({ NODE_ENV: 'production', AUTH_SECRET: '' });
  const code = await Promise.race([server.exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 20_000))]);
  if (code === 'timeout') server.stop();
  expect(code).toBe(1);
  expect(server.output()).toContain('AUTH_SECRET is not set');
});

for (const [missing, env] of [
  ['SMTP_URL', { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(48), AUTH_URL: 'https://courtvision.test' }],
  ['AUTH_URL', { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(48), SMTP_URL: 'smtp://127.0.0.1:2525' }],
  ['STRIPE_SECRET_KEY', { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(48), SMTP_URL: 'smtp://127.0.0.1:2525', AUTH_URL: 'https://courtvision.test' }],
  ['STRIPE_WEBHOOK_SECRET', { STRIPE_SECRET_KEY: 'sk_test_abc' }],
] as const) {
  test(`without ${missing} where it is needed the server refuses to start, naming it`, async () => {
    const server = startServer({ ...env });
    const code = await Promise.race([server.exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 20_000))]);
    if (code === 'timeout') server.stop();
    expect(code).toBe(1);
    expect(server.output()).toContain(`${missing} is not set`);
  });
}

test.describe('behind a proxy, with no sign-in provider', () => {
  let server: ServerProcess;
  test.beforeAll(async () => {
    server = startServer({ TRUST_PROXY: '1', AUTH_PROVIDERS: 'none' });
    await waitListening(server);
  });
  test.afterAll(() => server.stop());

  test('cookies are Secure (with __Host- names) when the proxy says https, and not otherwise', async ({ request }) => {
    const https = await request.get(`${server.base}/api/auth/csrf`, { headers: { 'X-Forwarded-Proto': 'https' } });
    const secureCookie = https.headersArray().find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith('__Host-authjs.csrf-token='));
    expect(secureCookie?.value).toMatch(/; Secure/i);
    expect(secureCookie?.value).toMatch(/HttpOnly/i);
    expect(secureCookie?.value).toMatch(/SameSite=Lax/i);
    const http = await request.get(`${server.base}/api/auth/csrf`);
    const plain = http.headersArray().find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith('authjs.csrf-token='));
    expect(plain?.value).not.toMatch(/Secure/i);
  });

  test('sign-in with no provider configured goes to the sign-in error page', async ({ page }) => {
    await page.goto(`${server.base}/signin`);
    expect(new URL(page.url()).pathname).toBe('/signin/error');
    expect(new URL(page.url()).searchParams.get('error')).toBe('Configuration');
    await expect(page.getByRole('alert')).toContainText('no sign-in provider is configured');
    const providers = await (await page.request.get(`${server.base}/api/auth/providers`)).json();
    expect(providers).toEqual({});
  });
});
