/**
 * POST /api/billing/webhook: the payment provider's events are the truth about subscriptions. An event is
 * checked against its signature (a bad or missing one: 400, nothing changes), read, and applied to the
 * accounts store in one transaction (applyBillingUpdate): processed once by its id (a replay, or the same
 * event on two nodes at once, changes nothing), never older over newer (the state with the later event time
 * decides, whatever the order of arrival), the Stats plan's expiry set from it (subscriptionState.ts), the
 * change logged, and its emails queued.
 */
import type Stripe from 'stripe';
import type { BillingOutcome, BillingSubscription, BillingUpdate, QueuedMail } from '../auth/store/types.ts';
import { paymentFailedMail, planCancelledMail, planEndedMail, planResumedMail, planStartedMail } from './mails.ts';
import { webhooks } from '../metrics.ts';
import { logger } from '../log.ts';
import { nowSeconds } from '../auth/store/rows.ts';
import { BillingUnavailableError, type BillingContext } from './provider.ts';
import { claimOrEndTrial } from './trial.ts';
import { isLive, metadataUserId, planExpiryOf, subscriptionStateOf, unpaidTrialEnd, type SubscriptionFields } from './subscriptionState.ts';

export type { BillingContext };

export interface WebhookAnswer {
  status: 200 | 400 | 503;
  body: { received: true; type: string; outcome: BillingOutcome | 'ignored' } | { error: string };
}

const HANDLED = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

const idOf = (value: string | { id: string } | null | undefined) => (value == null ? null : typeof value === 'string' ? value : value.id);

/**
 * The messages a change of state calls for: the plan started, was cancelled at the end of its period, was
 * resumed (the cancellation undone: it renews again), or ended. They follow from the stored state a change replaces, in the transaction that replaces it, so a
 * replayed or stale event (which replaces nothing) and a state that was already cancelled send none.
 */
export function transitionMails(ctx: BillingContext, to: { email: string; name: string } | null) {
  return (previous: BillingSubscription | null, next: BillingSubscription): QueuedMail[] => {
    if (!to) return [];
    const wasLive = previous !== null && isLive(previous.status);
    if (!wasLive && isLive(next.status) && next.status !== 'past_due') return [planStartedMail(to, next, ctx.origin, ctx.provider.kind)];
    if (wasLive && !isLive(next.status) && next.status !== 'incomplete') return [planEndedMail(to, next, ctx.origin)];
    if (wasLive && isLive(next.status) && !previous.cancelAtPeriodEnd && next.cancelAtPeriodEnd)
      return [planCancelledMail(to, next, ctx.origin, ctx.provider.kind)];
    if (wasLive && isLive(next.status) && previous.cancelAtPeriodEnd && !next.cancelAtPeriodEnd)
      return [planResumedMail(to, next, ctx.origin, ctx.provider.kind)];
    return [];
  };
}

/** The subscription an invoice belongs to (API versions since 2025 put it under parent.subscription_details). */
function invoiceSubscriptionId(invoice: Record<string, unknown>): string | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: string | { id: string } } } | null | undefined;
  return idOf(parent?.subscription_details?.subscription ?? (invoice.subscription as string | { id: string } | null | undefined));
}

/** The update an event asks for (reading the subscription from the provider where the event only names it). */
async function updateFor(ctx: BillingContext, event: Stripe.Event): Promise<BillingUpdate | null> {
  const object = event.data.object as unknown as Record<string, unknown>;
  const base = { eventId: event.id, type: event.type, created: event.created };
  let subscription: SubscriptionFields;
  let userId: number | null;
  let customer: BillingUpdate['customer'] = null;
  if (event.type === 'checkout.session.completed') {
    const session = object as unknown as {
      mode: string;
      client_reference_id: string | null;
      customer: string | { id: string } | null;
      subscription: string | { id: string } | null;
    };
    const subscriptionId = idOf(session.subscription);
    userId = metadataUserId({ user_id: session.client_reference_id ?? '' });
    const customerId = idOf(session.customer);
    if (session.mode !== 'subscription' || !subscriptionId || userId === null) return null;
    if (customerId) customer = { userId, customerId };
    subscription = await ctx.provider.retrieveSubscription(subscriptionId);
  } else if (event.type.startsWith('customer.subscription.')) {
    subscription = object as unknown as SubscriptionFields;
    userId = (await ctx.store.userOfBillingCustomer(idOf(subscription.customer)!)) ?? metadataUserId(subscription.metadata);
  } else {
    const subscriptionId = invoiceSubscriptionId(object);
    if (!subscriptionId) return null;
    subscription = await ctx.provider.retrieveSubscription(subscriptionId);
    userId = (await ctx.store.userOfBillingCustomer(idOf(subscription.customer)!)) ?? metadataUserId(subscription.metadata);
  }
  // A checkout was paid: the customer's other open checkouts (another tab) can no longer be paid.
  if (event.type === 'checkout.session.completed' && customer) await ctx.provider.expireOpenCheckouts?.(customer.customerId);
  let state = subscriptionStateOf(subscription, event.created, userId);
  const user = state.userId === null ? null : await ctx.store.findUserById(state.userId);
  // One trial per person (trial.ts): a trial on an address or card that had one ends at once.
  const refused = user ? await claimOrEndTrial(ctx, subscription, state, user, event.created) : null;
  if (refused) state = refused.state;
  const trialNote = refused ? { note: refused.note } : {};
  // The subscription as the provider gives it decides a failed first payment after a trial (subscriptionState.ts);
  // a trial just ended at once (refused) is judged by its fresh state alone.
  const provided = refused ? undefined : subscription;
  const others = user ? (await ctx.store.billingSubscriptionsOf(user.id)).filter((s) => s.subscriptionId !== state.subscriptionId && isLive(s.status)) : [];
  if (others.length > 0) {
    // The user has another live subscription: one plan, never two (see "Two checkouts" in docs/explanation/billing.md).
    if (isLive(state.status) && others.some((o) => startedFirst(o, state))) {
      const kept = others.find((o) => startedFirst(o, state))!;
      state = await cancelDuplicate(ctx, state, event.created);
      return { ...base, customer, subscription: state, planExpiresAt: null, mailsFor: () => [], note: duplicateNote(state, kept) };
    }
    if (isLive(state.status)) {
      const notes: string[] = [];
      for (const later of others) {
        const ended = await cancelDuplicate(ctx, later, event.created);
        await ctx.store.applyBillingUpdate({
          eventId: null,
          type: 'duplicate-cancelled',
          created: ended.stateAt,
          customer: null,
          subscription: ended,
          planExpiresAt: null,
        });
        notes.push(duplicateNote(ended, state));
      }
      // The plan goes on (on the one started first): no second welcome.
      return { ...base, customer, subscription: state, planExpiresAt: planExpiryOf(state, provided), mailsFor: () => [], note: notes.join('; ') };
    }
    // This one ended (or is not paid) but another gives the plan: the plan and its messages stay as they are.
    return { ...base, customer, subscription: state, planExpiresAt: null, mailsFor: () => [], ...trialNote };
  }
  const to = user ? { email: user.email, name: user.name } : null;
  const transitions = transitionMails(ctx, to);
  const planExpiresAt = planExpiryOf(state, provided);
  // A failed first payment after a trial: the email gives the date the plan closes.
  const trialGraceUntil = provided && unpaidTrialEnd(provided) !== null ? planExpiresAt : null;
  return {
    ...base,
    ...trialNote,
    customer,
    subscription: state,
    planExpiresAt,
    mailsFor:
      event.type === 'invoice.payment_failed' && to
        ? (previous, next) => [paymentFailedMail(to, next, ctx.origin, trialGraceUntil), ...transitions(previous, next)]
        : transitions,
  };
}

/**
 * Of a recorded live subscription and one an event brings, the one kept: started first; started in the same
 * second, the one recorded already (the plan the customer was told about).
 */
function startedFirst(recorded: BillingSubscription, incoming: BillingSubscription): boolean {
  return recorded.startedAt <= incoming.startedAt;
}

/**
 * Ends a second subscription at the provider at once, its unused time credited (cancelNow with credit), unless
 * the provider already ended it (read fresh first: a stale event must not cancel twice); returns its ended state.
 */
async function cancelDuplicate(ctx: BillingContext, duplicate: BillingSubscription, at: number): Promise<BillingSubscription> {
  const fresh = await ctx.provider.retrieveSubscription(duplicate.subscriptionId);
  if (isLive(fresh.status)) {
    await ctx.provider.cancelNow(duplicate.subscriptionId, true);
    logger().warn(
      { userId: duplicate.userId, cancelled: duplicate.subscriptionId },
      'billing: a second live subscription for one user was cancelled at once with credit',
    );
  }
  const ended = subscriptionStateOf(await ctx.provider.retrieveSubscription(duplicate.subscriptionId), Math.max(at, nowSeconds()), duplicate.userId);
  return isLive(ended.status) ? { ...ended, status: 'canceled', endedAt: ended.endedAt ?? ended.stateAt } : ended;
}

const duplicateNote = (cancelled: BillingSubscription, kept: BillingSubscription) =>
  `second subscription ${cancelled.subscriptionId} of user ${cancelled.userId ?? '?'} cancelled at once with credit (kept ${kept.subscriptionId}): check its payment and refund it`;

export async function handleWebhook(ctx: BillingContext, payload: string, signature: string | null): Promise<WebhookAnswer> {
  const answer = await answerWebhook(ctx, payload, signature);
  webhooks.inc({ outcome: 'outcome' in answer.body ? answer.body.outcome : answer.status === 400 ? 'bad-signature' : 'unavailable' });
  return answer;
}

async function answerWebhook(ctx: BillingContext, payload: string, signature: string | null): Promise<WebhookAnswer> {
  let event: Stripe.Event;
  try {
    event = ctx.provider.verifyEvent(payload, signature);
  } catch (error) {
    return { status: 400, body: { error: `Webhook signature check failed: ${error instanceof Error ? error.message : String(error)}` } };
  }
  if (!HANDLED.has(event.type)) return { status: 200, body: { received: true, type: event.type, outcome: 'ignored' } };
  try {
    const update = await updateFor(ctx, event);
    if (!update) return { status: 200, body: { received: true, type: event.type, outcome: 'ignored' } };
    const outcome = await ctx.store.applyBillingUpdate(update);
    if (outcome === 'applied') ctx.mailQueued?.();
    return { status: 200, body: { received: true, type: event.type, outcome } };
  } catch (error) {
    // The provider (a subscription to read) is out of reach: 503, and Stripe sends the event again later.
    if (error instanceof BillingUnavailableError) return { status: 503, body: { error: error.message } };
    throw error;
  }
}
