/**
 * The pages of the local test provider (test mode only): the test checkout's Pay button and the test portal's
 * actions. Each sends the provider's signed events through the same webhook handler a real event takes.
 */
import type { Session } from '../../lib/accounts/sessionShape.ts';
import type { UserRecord } from '../auth/store/types.ts';
import { hasRunningPlan } from './checkout.ts';
import { handleWebhook, type BillingContext } from './webhook.ts';
import type { PortalAction, SignedEvent, TestBillingProvider } from './testProvider.ts';

/** Delivers events as the provider would, one after the other; throws if the handler refuses one. */
export async function deliver(ctx: BillingContext, events: SignedEvent[]): Promise<void> {
  for (const event of events) {
    const answer = await handleWebhook(ctx, event.payload, event.signature);
    if (answer.status !== 200) throw new Error(`The webhook refused the test provider's ${event.type} event: ${JSON.stringify(answer.body)}`);
  }
}

const NO_SUCH_CHECKOUT = "This checkout is not yours, or no longer exists (test checkouts live in the server's memory until it restarts).";
export const ALREADY_SUBSCRIBED =
  'You already have the Stats plan, so this checkout was not paid: one plan is enough. Switch between monthly and annual, or cancel, from your account page.';

/**
 * The test checkout's Pay button: the confirmation page's address, or why it was not paid. A checkout opened
 * before the plan started (another tab, the back button) is not paid a second time: the account would hold two
 * subscriptions, billed twice, and only one on its account page. Paying the same checkout again changes nothing.
 */
export async function payTestCheckout(
  ctx: BillingContext,
  provider: TestBillingProvider,
  account: { user: UserRecord; session: Session },
  sessionId: string,
): Promise<{ ok: true; next: string } | { ok: false; message: string }> {
  const session = provider.session(sessionId);
  if (!session || session.client_reference_id !== String(account.user.id)) return { ok: false, message: NO_SUCH_CHECKOUT };
  if (session.status !== 'complete' && hasRunningPlan(await ctx.store.billingSubscriptionsOf(account.user.id), account.session)) {
    return { ok: false, message: ALREADY_SUBSCRIBED };
  }
  const done = provider.completeCheckout(sessionId);
  if (!done) return { ok: false, message: NO_SUCH_CHECKOUT };
  await deliver(ctx, done.events);
  return { ok: true, next: done.successUrl };
}

/** The test portal after a restart: the account's live subscriptions taken back from the site's records. */
export async function restoreTestSubscriptions(ctx: BillingContext, provider: TestBillingProvider, userId: number): Promise<void> {
  for (const record of await ctx.store.billingSubscriptionsOf(userId)) provider.restore(record);
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
