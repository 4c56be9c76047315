/**
 * Whether this process is shutting down (SIGTERM or SIGINT received): /readyz answers 503 at once so the load
 * balancer stops sending traffic, while requests already under way finish. The server's module graph sets it,
 * Astro's (the /readyz endpoint) reads it: one flag per process (src/server/processSingleton.ts).
 */
import { processSingleton } from '../processSingleton.ts';

const flag = () => processSingleton('draining', () => ({ draining: false }));

export function startDraining(): void {
  flag().draining = true;
}

export function isDraining(): boolean {
  return flag().draining;
}
