import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_KEY, RELOAD_GUARD_MS, chunkReloadGuardScript, installChunkReloadGuard, type GuardHost } from '../../../../src/lib/site/chunkReload';

/** A stand-in window with real listeners, a storage map and a clock the test moves. */
function host(install = true) {
  const listeners = new Map<string, ((e: unknown) => void)[]>();
  const store = new Map<string, string>();
  const h: { now: number; reloads: number; logged: unknown[][]; fire(type: string, event: unknown): void; store: Map<string, string>; win: GuardHost } = {
    now: 1_000_000,
    logged: [],
    reloads: 0,
    fire(type: string, event: unknown) {
      for (const l of listeners.get(type) ?? []) l(event);
    },
    store,
    win: {
      addEventListener: (type: string, l: (e: unknown) => void) => listeners.set(type, [...(listeners.get(type) ?? []), l]),
      sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
      location: { reload: () => void h.reloads++ },
      Date: { now: () => h.now },
      console: { error: (...args: unknown[]) => void h.logged.push(args) },
    },
  };
  if (install) installChunkReloadGuard(h.win, CHUNK_RELOAD_KEY, RELOAD_GUARD_MS);
  return h;
}

const chunkError = { reason: new TypeError('Failed to fetch dynamically imported module: http://x/_astro/StatsApp.abc123.js') };

describe('chunk load errors reload the page once (spec section 4)', () => {
  it('reloads on a failed dynamic import and remembers when', () => {
    const h = host();
    h.fire('unhandledrejection', chunkError);
    expect(h.reloads).toBe(1);
    expect(h.store.get(CHUNK_RELOAD_KEY)).toBe(String(h.now));
  });

  it('does not reload again within the 10 second guard window, but does after it', () => {
    const h = host();
    h.store.set(CHUNK_RELOAD_KEY, String(h.now - 9_000));
    h.fire('unhandledrejection', chunkError);
    expect(h.reloads).toBe(0);
    h.now += 1_001;
    h.fire('unhandledrejection', chunkError);
    expect(h.reloads).toBe(1);
  });

  it("reacts to Vite's preload error and to a failed script of the site, not to other errors", () => {
    const h = host();
    h.fire('unhandledrejection', { reason: new Error('Network down') });
    h.fire('error', { message: 'x is not a function', target: {} });
    h.fire('error', { target: { tagName: 'SCRIPT', src: 'https://cdn.example.com/lib.js' } });
    expect(h.reloads).toBe(0);
    h.fire('vite:preloadError', {});
    expect(h.reloads).toBe(1);
    const h2 = host();
    h2.fire('error', { target: { tagName: 'SCRIPT', src: 'http://localhost/_astro/client.123.js' } });
    expect(h2.reloads).toBe(1);
  });

  it("reloads when Astro's island loader reports a failed island import, and still logs it", () => {
    const h = host();
    h.win.console.error(
      '[astro-island] Error hydrating /_astro/StatsApp.abc.js',
      new TypeError('Failed to fetch dynamically imported module: /_astro/StatsApp.abc.js'),
    );
    expect(h.reloads).toBe(1);
    expect(h.logged).toHaveLength(1);
    h.now += RELOAD_GUARD_MS + 1;
    h.win.console.error('Something else broke');
    expect(h.reloads).toBe(1);
  });

  it('the inline script is the same guard, self-contained', () => {
    const script = chunkReloadGuardScript();
    expect(script).toContain(CHUNK_RELOAD_KEY);
    expect(script).toContain(String(RELOAD_GUARD_MS));
    // It runs on its own: evaluate it against a stand-in window.
    const h = host(false);
    h.fire('unhandledrejection', chunkError);
    expect(h.reloads).toBe(0);
    new Function('window', script)(h.win);
    h.fire('unhandledrejection', chunkError);
    expect(h.reloads).toBe(1);
  });
});
