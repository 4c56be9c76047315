/**
 * What the stats app needs from the browser: the query string and history, leaving for another page, logging,
 * and who may use the gated filters. The browser's is the default; tests that run without a browser set their own.
 */
import { carryQueryToTabs } from '../lib/filters/carryQuery';
import { $filterAccess, type FilterAccess } from './authState';

/** What the app needs from the browser; replaceable for tests that run without one. */
export interface AppEnv {
  readSearch(): string;
  writeSearch(search: string, mode: 'push' | 'replace'): void;
  /** leave the app for another page (the /error page) */
  redirect(path: string): void;
  logError(message: string, err: unknown): void;
  /** who may use the gated filters (src/stores/authState.ts) */
  filterAccess(): FilterAccess;
  /** resolves once the session is known (no longer loading) */
  filterAccessKnown(): Promise<FilterAccess>;
}

function browserEnv(): AppEnv {
  return {
    readSearch: () => window.location.search,
    writeSearch: (search, mode) => {
      carryQueryToTabs(document, search);
      const url = window.location.pathname + search + window.location.hash;
      if (url === window.location.pathname + window.location.search + window.location.hash) return;
      if (mode === 'push') window.history.pushState(null, '', url);
      else window.history.replaceState(window.history.state, '', url);
    },
    redirect: (path) => window.location.assign(path),
    logError: (message, err) => console.error(message, err),
    filterAccess: () => $filterAccess.get(),
    filterAccessKnown: () =>
      new Promise((resolve) => {
        const stop = $filterAccess.subscribe((status) => {
          if (status === 'loading') return;
          queueMicrotask(() => stop());
          resolve(status);
        });
      }),
  };
}

let env: AppEnv | null = null;

/** The environment in use (the browser's unless a test set another). */
export const appEnv = (): AppEnv => (env ??= browserEnv());

/** Use another environment (tests). */
export function setAppEnv(next: AppEnv): void {
  env = next;
}
