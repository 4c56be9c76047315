/**
 * Whether this process is shutting down (SIGTERM or SIGINT received): /readyz answers 503 at once so the load
 * balancer stops sending traffic, while requests already under way finish. Kept under a global symbol: the
 * server's module graph sets it, Astro's (the /readyz endpoint) reads it.
 */
const KEY = Symbol.for('courtvision.draining');
type WithDraining = typeof globalThis & { [KEY]?: boolean };

export function startDraining(): void {
  (globalThis as WithDraining)[KEY] = true;
}

export function isDraining(): boolean {
  return (globalThis as WithDraining)[KEY] === true;
}
