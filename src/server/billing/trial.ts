/**
 * The free trial of the Stats plan: PLAN_TRIAL_DAYS days (7 by default; 0: no trial), with a card at checkout
 * (Stripe Checkout's `subscription_data.trial_period_days`), then the plan's price. The rules:
 * - One trial per person, ever: a trial is claimed against the address (its SHA-256, kept after the account is
 *   deleted) and, with Stripe, the card's fingerprint (`card.fingerprint` of the PaymentMethod the subscription,
 *   else its customer's `invoice_settings`, names as default). Checkout offers no trial to an address that had
 *   one; a trialing subscription whose address or card had one before gets its trial ended at once
 *   (`subscriptions.update(id, { trial_end: 'now' })`: Stripe charges the card then). E.g. ann@example.com
 *   trials, cancels, signs up again as ann+2@example.com with the same card: the second trial ends at once.
 * - During the trial the plan is active (the gated filters are open): subscriptionState.ts treats `trialing`
 *   like `active`. Cancelling during the trial (cancel at period end) charges nothing: at the trial's end the
 *   subscription is cancelled without an invoice, as Stripe does, and the plan ends then (the expiry redirect).
 * - Three days before the trial ends (TRIAL_REMINDER_SECONDS), a reminder is mailed once per subscription and
 *   trial end (`trialReminderMail`), by whichever node's sweep sees it first (runTrialSweep, every
 *   TRIAL_SWEEP_SECONDS): the date, the price then, and how to cancel. A cancelled trial is not reminded.
 */
import { createHash } from 'node:crypto';
import type { AccountStore, BillingSubscription, QueuedMail, TrialClaim, UserRecord } from '../auth/store/types.ts';
import { normalizeEmail } from '../auth/store/types.ts';
import { composeMail } from '../mail/messages.ts';
import { formatPlanDate } from '../../lib/accounts/planStatus.ts';
import { formatMoney, planPrice, trialDays } from './plans.ts';
import type { BillingContext, SignedEvent } from './provider.ts';
import type { ProviderKind } from './wording.ts';
import { subscriptionStateOf, type SubscriptionFields } from './subscriptionState.ts';
import { nowSeconds } from '../auth/store/rows.ts';
import { logger } from '../log.ts';

export const TRIAL_REMINDER_SECONDS = 3 * 24 * 3600;

/** The claim of an address: its SHA-256 (hex) once lower-cased and trimmed. */
export function emailClaim(email: string): TrialClaim {
  return { kind: 'email', key: createHash('sha256').update(normalizeEmail(email)).digest('hex') };
}

/** The trial a checkout offers this address: PLAN_TRIAL_DAYS, or 0 when the address had one. */
export async function trialDaysFor(store: AccountStore, email: string): Promise<number> {
  const days = trialDays();
  if (days === 0) return 0;
  return (await store.trialClaimsHeld([emailClaim(email)])).length > 0 ? 0 : days;
}

/** Whether the address (or the user's own claims) used the trial: the admin page's "trial used". */
export async function trialUsed(store: AccountStore, user: UserRecord): Promise<{ used: boolean; claimedAt: number | null }> {
  const held = await store.trialClaimsHeld([emailClaim(user.email)]);
  const own = await store.trialClaimsOf(user.id);
  const at = [...held, ...own].map((c) => c.claimedAt).sort((a, b) => a - b)[0] ?? null;
  return { used: at !== null, claimedAt: at };
}

/** "The pricing sentence": "7 days free, then $8.00 a month; cancel before the trial ends and pay nothing." */
export function trialSentence(interval: 'month' | 'year' = 'month'): string | null {
  const days = trialDays();
  if (days === 0) return null;
  return `${days} days free, then ${planPrice(interval).display} a ${interval}; cancel before the trial ends and pay nothing.`;
}

export function trialReminderMail(to: { email: string; name: string }, state: BillingSubscription, origin: string, provider: ProviderKind): QueuedMail {
  const ends = formatPlanDate(state.currentPeriodEnd);
  const price = `${formatMoney(state.amountCents, state.currency)} a ${state.interval}`;
  return composeMail({
    to: to.email,
    subject: `Your Courtvision free trial ends on ${ends}`,
    paragraphs: [
      `Hello ${to.name},`,
      provider === 'test'
        ? `Your free trial of the Stats plan ends on ${ends}. Then the plan renews at ${price} (test mode: no money moves).`
        : `Your free trial of the Stats plan ends on ${ends}. Then the first payment, ${price}, is taken by Stripe.`,
      `To pay nothing, cancel before ${ends}: the Cancel button in the Billing section of your account page. The filters stay open until the trial ends.`,
    ],
    action: { label: 'Your plan', url: `${origin}/profile#plan` },
  });
}

/**
 * One pass of the sweep: the reminders of trials ending within TRIAL_REMINDER_SECONDS (each once, whichever node
 * queues it first), then, with the test provider, the trials that are over (cancelled: ended without a charge;
 * else renewed and charged), through the webhook handler as Stripe's own events would be.
 */
export async function runTrialSweep(
  ctx: BillingContext,
  now: number,
  deliverEvents?: (events: SignedEvent[]) => Promise<void>,
): Promise<{ reminded: number; ended: number }> {
  let reminded = 0;
  for (const state of await ctx.store.trialsEndingBetween(now, now + TRIAL_REMINDER_SECONDS)) {
    const user = state.userId === null ? null : await ctx.store.findUserById(state.userId);
    if (!user) continue;
    const mail = trialReminderMail({ email: user.email, name: user.name }, state, ctx.origin, ctx.provider.kind);
    if (await ctx.store.queueTrialReminder(state.subscriptionId, state.currentPeriodEnd, mail, now)) reminded += 1;
  }
  if (reminded > 0) ctx.mailQueued?.();
  let ended = 0;
  if (ctx.provider.endDueTrials && deliverEvents) {
    const events = ctx.provider.endDueTrials(now);
    ended = events.filter((e) => e.type === 'customer.subscription.updated' || e.type === 'customer.subscription.deleted').length;
    await deliverEvents(events);
  }
  return { reminded, ended };
}

/**
 * A trialing subscription arrives (webhook or return page): its trial is claimed against the address and the
 * card; when either had a trial before (another subscription), the trial is ended at once at the provider and
 * the state it gives then is returned with a note for the operator. null: the trial stands.
 */
export async function claimOrEndTrial(
  ctx: BillingContext,
  subscription: SubscriptionFields,
  state: BillingSubscription,
  user: UserRecord,
  at: number,
): Promise<{ state: BillingSubscription; note: string } | null> {
  if (state.status !== 'trialing') return null;
  const claims: TrialClaim[] = [emailClaim(user.email)];
  const fingerprint = (await ctx.provider.cardFingerprint?.(subscription)) ?? null;
  if (fingerprint) claims.push({ kind: 'card', key: fingerprint });
  if ((await ctx.store.claimTrial(claims, user.id, state.subscriptionId, nowSeconds())) === 'claimed') return null;
  const ended = await ctx.provider.endTrialNow(state.subscriptionId);
  logger().info({ userId: user.id, subscription: state.subscriptionId }, 'billing: a second trial (address or card used before) ended at once');
  return {
    state: subscriptionStateOf(ended, Math.max(at, nowSeconds()), user.id),
    note: `trial of ${state.subscriptionId} ended at once: the address or card had a trial before`,
  };
}
