/**
 * Browser tests (tests/e2e/*.spec.ts) in Debian's Chromium (its headless shell when installed) against the BUILT site served by `npm run serve`
 * (run `npm run build` first; scripts/test-all.mjs does). The server listens on E2E_PORT (default 4327) so
 * tests never collide with a developer's `npm start` on 4321. STATS_DB_PATH and the rest of the environment
 * pass through to the server.
 */
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4327);
const BASE_URL = `http://localhost:${PORT}`;
// Debian's headless shell first: the same engine without the full browser's window machinery. The same pages cost
// it about 30 % less CPU (24 stats page loads: 13.8 s against 19.2 s of browser CPU), and the browser was 60 % of
// the suite's CPU. The full browser when the shell is not installed.
const CHROMIUM = ['/usr/lib/chromium/chromium-headless-shell', '/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p));

const serverEnv: Record<string, string> = {};
for (const [k, v] of Object.entries(process.env)) if (typeof v === 'string') serverEnv[k] = v;
serverEnv.PORT = String(PORT);
serverEnv.HOST = '127.0.0.1';
serverEnv.ASTRO_TELEMETRY_DISABLED = '1';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/playwright',
  fullyParallel: true,
  // Two workers on two cores. Three were tried (2026-11-26): the cores were then 99-100 % busy and the run took
  // 20.5 min against 20.9 with two, within the noise, with more load on every timed wait. E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1366, height: 900 },
        launchOptions: {
          ...(CHROMIUM ? { executablePath: CHROMIUM } : {}),
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    // The server refuses to start on a missing accounts database outside the default path: create (seed) it first.
    command: 'npm run --silent users -- seed-demo > /dev/null && npm run serve',
    url: `${BASE_URL}/about`,
    env: serverEnv,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
