/**
 * One browser page per worker, lent to test after test (the `page` fixture of fixtures.ts), instead of a new
 * context and page for every test.
 *
 * Why: a new page is a new renderer process, and its first load parses and compiles the site's scripts again. On the
 * 2-core machine that was about 0.2 s of CPU per test (a /about load: 0.36 s in a new page, 0.14-0.18 s in a page
 * kept; ~480 tests), and the suite's time is its CPU.
 *
 * What a test sees is what a new page gives it: about:blank, no cookies, no storage, no permissions, no routes, the
 * test's viewport. The page is given back only when nothing of the test can outlive it:
 *  - the test passed (a failed test's page is closed: the next test never starts from a broken page);
 *  - it called nothing that lasts past the test (scripts added to every load, bindings, extra headers, emulated
 *    media, offline, geolocation, the clock, routes: LASTING_CALLS), and left no listener on the page or context;
 *  - it ended on the site's own origin or about:blank (storage is cleared on that origin; another origin's could not
 *    be).
 * Otherwise the context is closed and the next test gets a new one. The browser's HTTP cache is kept: the site's
 * scripts, styles and fonts are served with immutable caching, as a returning reader's browser keeps them; a test
 * that needs a first visit's empty cache opens a context of its own. A page is lent only to a test of the same
 * context options (viewport, isMobile, javaScriptEnabled, ...: the key it is kept under); a page the test resized
 * itself is given the test's viewport back.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page, TestInfo } from '@playwright/test';

/** A worker's kept page and the key of the options its context was made with. */
export interface KeptPage {
  key: string;
  context: BrowserContext;
  page: Page;
  /** A lasting call was made on the page or its context (LASTING_CALLS). */
  lasting: boolean;
}

/** Calls whose effect outlives the test that makes them: a page or context that had one is not lent again. */
const LASTING_CALLS = {
  page: ['addInitScript', 'exposeBinding', 'exposeFunction', 'setExtraHTTPHeaders', 'emulateMedia', 'route', 'routeFromHAR', 'routeWebSocket'],
  context: [
    'addInitScript',
    'exposeBinding',
    'exposeFunction',
    'setExtraHTTPHeaders',
    'setGeolocation',
    'setOffline',
    'setHTTPCredentials',
    'route',
    'routeFromHAR',
    'routeWebSocket',
  ],
  clock: ['install', 'fastForward', 'runFor', 'pauseAt', 'resume', 'setFixedTime', 'setSystemTime'],
} as const;

/** Replaces each method of `object` named in `names` by one that calls `seen` first. */
function watchCalls(object: object, names: readonly string[], seen: () => void): void {
  const target = object as Record<string, unknown>;
  for (const name of names) {
    const original = target[name];
    if (typeof original !== 'function') continue;
    target[name] = (...args: unknown[]) => {
      seen();
      return (original as (...a: unknown[]) => unknown).apply(object, args);
    };
  }
}

interface Emitter {
  eventNames(): (string | symbol)[];
  listenerCount(name: string | symbol): number;
}

/** The listeners on the page and its context, counted by event. */
function listeners(page: Page): string {
  const count = (e: Emitter) =>
    e
      .eventNames()
      .map((name) => `${String(name)}:${e.listenerCount(name)}`)
      .sort()
      .join(',');
  return `${count(page as unknown as Emitter)} | ${count(page.context() as unknown as Emitter)}`;
}

/**
 * Lends the worker's kept page to one test (making one when there is none, or when the test's options differ from
 * those it was made with), runs it, then keeps the page for the next test or closes its context (see above).
 */
export async function lendKeptPage(
  browser: Browser,
  holder: { kept?: KeptPage },
  options: BrowserContextOptions,
  testInfo: TestInfo,
  use: (page: Page) => Promise<void>,
): Promise<void> {
  // Every option is part of the key, the viewport too: a page the test opens in the context takes the context's.
  const key = JSON.stringify(options);
  let kept = holder.kept;
  if (kept && (kept.key !== key || kept.page.isClosed())) {
    await kept.context.close();
    kept = undefined;
  }
  if (!kept) {
    const context = await browser.newContext(options);
    const made: KeptPage = { key, context, page: await context.newPage(), lasting: false };
    const seen = () => {
      made.lasting = true;
    };
    watchCalls(made.page, LASTING_CALLS.page, seen);
    watchCalls(context, LASTING_CALLS.context, seen);
    watchCalls(made.page.clock, LASTING_CALLS.clock, seen);
    kept = made;
  } else if (options.viewport && JSON.stringify(kept.page.viewportSize()) !== JSON.stringify(options.viewport)) {
    // the last test resized the page itself
    await kept.page.setViewportSize(options.viewport);
  }
  holder.kept = undefined;
  const { context, page } = kept;
  const listenersBefore = listeners(page);

  await use(page);

  const origin = options.baseURL ? new URL(options.baseURL).origin : '';
  const url = page.isClosed() ? '' : page.url();
  const keep =
    !page.isClosed() &&
    testInfo.status === testInfo.expectedStatus &&
    !kept.lasting &&
    listeners(page) === listenersBefore &&
    (url === 'about:blank' || (origin !== '' && url.startsWith(`${origin}/`)));
  if (!keep) {
    await context.close();
    return;
  }
  try {
    for (const other of context.pages()) if (other !== page) await other.close();
    if (url !== 'about:blank') {
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      // Left by the page itself, as a link would: the renderer process stays. (page.goto('about:blank') starts a new
      // one, and the next test's first load another: 0.11 s of CPU a test.)
      await Promise.all([page.waitForURL('about:blank', { timeout: 5_000 }), page.evaluate(() => location.replace('about:blank'))]);
    }
    await context.clearCookies();
    await context.clearPermissions();
    holder.kept = kept;
  } catch {
    await context.close();
  }
}
