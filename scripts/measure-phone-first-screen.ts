/**
 * Where each stats page kind's main table starts on a phone: opens one page of each kind (tests/e2e/phonePages.ts) at
 * 390x844 in Debian's Chromium against a running server, waits until the page has settled (the stats app started,
 * the network idle) and prints the y of the first data row from the top of the page. The goal is 700 px or less
 * (tests/e2e/phone-first-screen.spec.ts); figures in docs/benchmarks/phone-first-screen.md.
 *
 *   npx tsx scripts/measure-phone-first-screen.ts --url http://localhost:4321 [--shots DIR] [--size 1366x900]
 *
 * --shots saves a screenshot of each page's first screen (DIR/{kind}-{width}.png); --size measures another viewport.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { PHONE_PAGES } from '../tests/e2e/phonePages.ts';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const base = option('--url') ?? 'http://localhost:4321';
const shots = option('--shots');
const [width, height] = (option('--size') ?? '390x844').split('x').map(Number) as [number, number];
const CHROMIUM = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p));

async function main(): Promise<void> {
  if (shots) mkdirSync(shots, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext({ viewport: { width, height }, hasTouch: width < 720 });
  console.log(`first data row, px from the top of the page, at ${width}x${height} (${base})`);
  for (const [kind, { path: pagePath, row }] of Object.entries(PHONE_PAGES)) {
    const page = await context.newPage();
    try {
      await page.goto(base + pagePath);
      if (kind !== 'GamePlayByPlay') await page.locator('.sa-app[data-started="true"]').waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const first = page.locator(row).first();
      await first.waitFor({ timeout: 30_000 });
      const y = await first.evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY));
      console.log(`${kind.padEnd(16)} ${String(y).padStart(5)}  ${y <= 700 ? 'ok' : 'below 700'}  ${pagePath}`);
      if (shots) await page.screenshot({ path: path.join(shots, `${kind}-${width}.png`) });
    } catch (e) {
      console.log(`${kind.padEnd(16)} error: ${(e as Error).message.split('\n')[0]}`);
    } finally {
      await page.close();
    }
  }
  await browser.close();
}

await main();
