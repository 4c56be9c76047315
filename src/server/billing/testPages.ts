/**
 * The pages of the local test provider (test mode only): the test checkout's Pay button and the test portal's
 * actions. Each sends the provider's signed events through the same webhook handler a real event takes.
 */
import type { UserRecord } from '../auth/store/types.ts';
import { handleWebhook, type BillingContext } from './webhook.ts';
import type { PortalAction, SignedEvent, TestBillingProvider } from './testProvider.ts';

/** Delivers events as the provider would, one after the other; throws if the handler refuses one. */
export async function deliver(ctx: BillingContext, events: SignedEvent[]): Promise<void> {
  for (const event of events) {
    const answer = await handleWebhook(ctx, event.payload, event.signature);
    if (answer.status !== 200) throw new Error(`The webhook refused the test provider's ${event.type} event: ${JSON.stringify(answer.body)}`);
  }
}

export async function payTestCheckout(ctx: BillingContext, provider: TestBillingProvider, user: UserRecord, sessionId: string): Promise<string | null> {
  const session = provider.session(sessionId);
  if (!session || session.client_reference_id !== String(user.id)) return null;
  const done = provider.completeCheckout(sessionId);
  if (!done) return null;
  await deliver(ctx, done.events);
  return done.successUrl;
}

export async function testPortalAction(
  ctx: BillingContext,
  provider: TestBillingProvider,
  user: UserRecord,
  subscriptionId: string,
  action: PortalAction,
): Promise<boolean> {
  const customerId = await ctx.store.billingCustomerOf(user.id);
  if (!customerId || !provider.subscriptionsOf(customerId).some((s) => s.id === subscriptionId)) return false;
  await deliver(ctx, provider.change(subscriptionId, action));
  return true;
}
