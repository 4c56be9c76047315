/** The billing context of a page or endpoint: the shared store, this process's provider, the public origin. */
import { getAccountStore } from '../auth/store/index.ts';
import { mailQueued } from '../mail/processWorker.ts';
import { publicOrigin } from '../site/publicOrigin.ts';
import { billingProvider } from './processBilling.ts';
import type { BillingContext } from './webhook.ts';

export function billingContext(url: URL): BillingContext {
  return { store: getAccountStore(), provider: billingProvider(), origin: publicOrigin(url), mailQueued };
}
