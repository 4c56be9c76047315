/**
 * Chunk load errors (spec section 4): when a script chunk of the site fails to load (typically a deploy
 * replaced the hashed files an open tab still refers to), the page reloads once. A reload is not repeated
 * within the guard window of 10 seconds (remembered in sessionStorage), so a chunk that is really missing
 * cannot cause a reload loop.
 *
 * Where such errors surface: Vite's `vite:preloadError` event, an unhandled rejection of a dynamic import, a
 * failed <script> of the site, and Astro's island loader, which catches the failed import of an island and
 * reports it with console.error ("[astro-island] Error hydrating ... Failed to fetch dynamically imported
 * module"): the guard listens to all four.
 *
 * `installChunkReloadGuard` is self-contained (no imports, no outer names): StatsAppMount inlines its source
 * into the page so it runs even when every bundled script fails to load.
 */
export const CHUNK_RELOAD_KEY = 'cv:chunk-reload-at';
export const RELOAD_GUARD_MS = 10_000;

/** What the guard needs from the browser (a real window in the page; plain objects in tests). */
export interface GuardHost {
  addEventListener(type: string, listener: (event: unknown) => void, capture?: boolean): void;
  sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  location: { reload(): void };
  Date: { now(): number };
  console: { error(...args: unknown[]): void };
}

export function installChunkReloadGuard(host: GuardHost, key: string, guardMs: number): void {
  const CHUNK_MESSAGE =
    /failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|loading (css )?chunk [\w-]+ failed|chunkloaderror|unable to preload css/i;
  let reloading = false;
  const reloadOnce = (): void => {
    if (reloading) return;
    let last = 0;
    try {
      last = Number(host.sessionStorage.getItem(key)) || 0;
    } catch {
      return; // no storage: no guard, so no reload
    }
    const now = host.Date.now();
    if (now - last < guardMs) return;
    try {
      host.sessionStorage.setItem(key, String(now));
    } catch {
      return;
    }
    reloading = true;
    host.location.reload();
  };
  const messageOf = (reason: unknown): string => {
    if (reason && typeof reason === 'object' && 'message' in reason) return String((reason as { message: unknown }).message);
    if (reason && typeof reason === 'object' && 'name' in reason) return String((reason as { name: unknown }).name);
    return String(reason ?? '');
  };
  host.addEventListener('vite:preloadError', () => reloadOnce());
  const logError = host.console.error;
  host.console.error = function (...args: unknown[]) {
    logError.apply(this, args);
    if (args.some((a) => CHUNK_MESSAGE.test(typeof a === 'string' ? a : messageOf(a)))) reloadOnce();
  };
  host.addEventListener('unhandledrejection', (event) => {
    if (CHUNK_MESSAGE.test(messageOf((event as { reason?: unknown }).reason))) reloadOnce();
  });
  host.addEventListener(
    'error',
    (event) => {
      const e = event as { message?: unknown; error?: unknown; target?: { tagName?: string; src?: string; href?: string; rel?: string } };
      const target = e.target;
      const url = target && (target.tagName === 'SCRIPT' ? target.src : target.tagName === 'LINK' && target.rel === 'modulepreload' ? target.href : '');
      if (url && url.indexOf('/_astro/') !== -1) reloadOnce();
      else if (CHUNK_MESSAGE.test(String(e.message ?? '')) || CHUNK_MESSAGE.test(messageOf(e.error))) reloadOnce();
    },
    true,
  );
}

/** The guard as an inline script for the page. */
export function chunkReloadGuardScript(): string {
  return `(${installChunkReloadGuard.toString()})(window, ${JSON.stringify(CHUNK_RELOAD_KEY)}, ${RELOAD_GUARD_MS});`;
}
