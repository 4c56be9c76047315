/**
 * The one mail worker of this process. The project's server starts it at start-up; the pages that queue a
 * message nudge it. Astro's bundle and the server are separate module graphs in one process, so the worker is
 * kept under a global symbol: whichever graph asks first creates it, and both then share it.
 */
import { getAccountStore } from '../auth/store/index.ts';
import { config } from '../config.ts';
import { configuredTransport } from './transport.ts';
import { MailWorker } from './worker.ts';

const KEY = Symbol.for('courtvision.mailWorker');
type WithWorker = typeof globalThis & { [KEY]?: MailWorker };

/** This process's worker, started (it looks at the queue every 2 s). */
export function processMailWorker(): MailWorker {
  const global = globalThis as WithWorker;
  if (!global[KEY]) {
    const transport = configuredTransport();
    global[KEY] = new MailWorker(getAccountStore, transport, { retrySeconds: config.mailRetrySeconds });
    global[KEY].start();
    console.log(`Mail: ${transport.description}`);
  }
  return global[KEY];
}

/** A message was queued: send it now rather than at the next tick. */
export function mailQueued(): void {
  processMailWorker().nudge();
}
