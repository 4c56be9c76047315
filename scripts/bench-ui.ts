/**
 * `npm run bench:ui`: how much work the stats table costs the browser. Builds the site into .local/ui-bench-dist
 * (skip with --no-build), serves it on a free port against STATS_DB_PATH (default data/test-stats.duckdb), opens
 * /stats/players for two seasons in Debian's Chromium and prints, for a few header-click sorts and a metric-set
 * switch, the renderer's CPU time (contention on a shared machine inflates wall time much more than CPU time)
 * and the wall time to the next frame.
 *
 * Options: --no-build, --port N, --path '/stats/players?season=2012&season=2022'.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { freePort } from './lib/freePort.ts';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};

const DIST = path.resolve('.local/ui-bench-dist');
const PAGE = option('--path', '/stats/players?season=2012&season=2022');
const CHROMIUM = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p));

async function waitFor(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}

async function main(): Promise<void> {
  if (!CHROMIUM) throw new Error('Chromium not found: apt-get install -y chromium');
  const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', STATS_DB_PATH: process.env.STATS_DB_PATH ?? 'data/test-stats.duckdb' };
  if (!existsSync(env.STATS_DB_PATH)) throw new Error(`no stats database at ${env.STATS_DB_PATH}: run npm run ingest first`);
  if (!flag('--no-build') || !existsSync(DIST)) {
    console.log(`building into ${DIST} ...`);
    const built = spawnSync('npx', ['astro', 'build', '--outDir', DIST], { stdio: 'inherit', env });
    if (built.status !== 0) throw new Error('build failed');
  }
  const port = Number(option('--port', String(await freePort())));
  const server = spawn('npx', ['tsx', 'src/server/http/server.ts'], {
    // the sources: this bench builds only the site
    env: { ...env, DIST_DIR: DIST, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    await waitFor(`${base}/about`, 60_000);
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const cdp = await browser.newBrowserCDPSession();
    const rendererCpu = async () => {
      const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; cpuTime: number }[] };
      return processInfo.filter((p) => p.type === 'renderer').reduce((sum, p) => sum + p.cpuTime, 0);
    };
    const t0 = Date.now();
    await page.goto(base + PAGE);
    await page.locator('.sa-tbody .sa-row').first().waitFor({ timeout: 120_000 });
    const rows = await page.locator('.sa-table').getAttribute('data-rows');
    console.log(`${PAGE}: ${rows} rows, table shown ${Date.now() - t0} ms after navigation (includes the API answer)`);
    const measure = async (label: string, act: () => Promise<void>) => {
      await page.waitForTimeout(300);
      const cpu0 = await rendererCpu();
      const wall0 = Date.now();
      await act();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 20)))));
      const wall = Date.now() - wall0;
      const cpu = ((await rendererCpu()) - cpu0) * 1000;
      console.log(`${label.padEnd(34)} renderer CPU ${cpu.toFixed(0).padStart(5)} ms   wall ${String(wall).padStart(5)} ms`);
    };
    const sortBy = (column: string) => () => page.locator(`.sa-head-row [data-column="${column}"] .sa-sort-btn`).click();
    for (const column of ['pts_per_100', 'usage', 'name', 'sec', 'pts_per_100']) await measure(`sort by ${column}`, sortBy(column));
    await measure('switch metric set (Foul Drawing)', () =>
      page
        .getByLabel('Metric set')
        .selectOption('FoulDrawing')
        .then(() => undefined),
    );
    await measure('switch metric set (on/off)', () =>
      page
        .getByLabel('Metric set')
        .selectOption('OnOff_FourFactors')
        .then(() => undefined),
    );
  } finally {
    await browser.close();
    if (server.pid) process.kill(-server.pid);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
