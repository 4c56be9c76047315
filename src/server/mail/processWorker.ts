/**
 * The one mail worker of this process. The project's server starts it at start-up; the pages that queue a
 * message nudge it. One per process, whichever module graph asks first (src/server/processSingleton.ts).
 */
import { getAccountStore } from '../auth/store/index.ts';
import { config } from '../config.ts';
import { processSingleton } from '../processSingleton.ts';
import { configuredTransport } from './transport.ts';
import { MailWorker } from './worker.ts';

/** This process's worker, started (it looks at the queue every 2 s). */
export function processMailWorker(): MailWorker {
  return processSingleton('mailWorker', () => {
    const transport = configuredTransport();
    const worker = new MailWorker(getAccountStore, transport, { retrySeconds: config.mailRetrySeconds });
    worker.start();
    console.log(`Mail: ${transport.description}`);
    return worker;
  });
}

/** A message was queued: send it now rather than at the next tick. */
export function mailQueued(): void {
  processMailWorker().nudge();
}
