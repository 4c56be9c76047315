/**
 * The billing messages: the plan started, a payment failed (with the way to fix it), the plan was cancelled
 * (it stays open to a date, and can be resumed until then), the cancellation was undone (the plan renews again),
 * the plan ended.
 */
import type { BillingSubscription, QueuedMail } from '../auth/store/types.ts';
import { composeMail } from '../mail/messages.ts';
import { formatPlanDate as date } from '../../lib/accounts/planStatus.ts';
import { formatMoney } from './plans.ts';
import { endsSentence, receiptsSentence, renewsSentence, trialStartedSentence, type ProviderKind } from './wording.ts';

const planName = (state: BillingSubscription) =>
  `Stats plan (${state.interval === 'year' ? 'annual' : 'monthly'}, ${formatMoney(state.amountCents, state.currency)} a ${state.interval})`;

export function planStartedMail(to: { email: string; name: string }, state: BillingSubscription, origin: string, provider: ProviderKind): QueuedMail {
  const price = `${formatMoney(state.amountCents, state.currency)} a ${state.interval}`;
  const first =
    state.status === 'trialing'
      ? `Your free trial of the Stats plan has started. ${trialStartedSentence(provider, price, date(state.currentPeriodEnd))}`
      : `Your Stats plan is active: ${price}, renewing on ${date(state.currentPeriodEnd)}.`;
  return composeMail({
    to: to.email,
    subject: 'Your Courtvision Stats plan is active',
    paragraphs: [`Hello ${to.name},`, first, `Every filter is open to you now. ${receiptsSentence(provider)}`],
    action: { label: 'Open the stats', url: `${origin}/stats/players` },
  });
}

/**
 * A payment failed. A renewal's: the plan stays open while it is retried. The first one after a free trial
 * (`trialGraceUntil`, the plan's expiry then: subscriptionState.ts): the plan closes on that date unless it goes through.
 */
export function paymentFailedMail(
  to: { email: string; name: string },
  state: BillingSubscription,
  origin: string,
  trialGraceUntil: number | null = null,
): QueuedMail {
  const amount = formatMoney(state.amountCents, state.currency);
  return composeMail({
    to: to.email,
    subject: 'Your Courtvision payment did not go through',
    paragraphs: [
      `Hello ${to.name},`,
      trialGraceUntil === null
        ? `We could not take the payment for your Stats plan (${amount}). Your plan stays open while the payment is tried again over the coming days.`
        : `Your free trial has ended, and we could not take its first payment (${amount}). Your plan stays open until ${date(trialGraceUntil)} while the payment is tried again; then the paid filters close until it goes through.`,
      'To keep it, update your payment method:',
    ],
    action: { label: 'Update payment method', url: `${origin}/billing/portal` },
  });
}

/** The member cancelled at the end of the period: what, until when, and how to undo it. */
export function planCancelledMail(to: { email: string; name: string }, state: BillingSubscription, origin: string, provider: ProviderKind): QueuedMail {
  const ends = date(state.currentPeriodEnd);
  return composeMail({
    to: to.email,
    subject: 'Your Courtvision Stats plan is cancelled',
    paragraphs: [
      `Hello ${to.name},`,
      `Your ${planName(state)} is cancelled, as you asked. ${endsSentence(provider, ends)}`,
      `Changed your mind? Resume it before ${ends} with the Resume button in the Billing section of your account page, and it renews as before.`,
    ],
    action: { label: 'Resume the plan', url: `${origin}/profile#plan` },
  });
}

/**
 * The member resumed a cancelled plan: the last message said the plan ends (with Stripe, "no further payment is taken"), so this one says
 * that the plan renews again, when, and (with Stripe) what is charged then.
 */
export function planResumedMail(to: { email: string; name: string }, state: BillingSubscription, origin: string, provider: ProviderKind): QueuedMail {
  return composeMail({
    to: to.email,
    subject: 'Your Courtvision Stats plan will renew',
    paragraphs: [
      `Hello ${to.name},`,
      `Your ${planName(state)} is resumed, as you asked: the cancellation is undone and the plan no longer ends on ${date(state.currentPeriodEnd)}.`,
      renewsSentence(provider, `${formatMoney(state.amountCents, state.currency)}`, date(state.currentPeriodEnd)),
      'To cancel again, or to see the plan, open the Billing section of your account page.',
    ],
    action: { label: 'Your plan', url: `${origin}/profile#plan` },
  });
}

/** The plan ended (a cancellation took effect, the payments failed for good, or it was ended at once). */
export function planEndedMail(to: { email: string; name: string }, state: BillingSubscription, origin: string): QueuedMail {
  return composeMail({
    to: to.email,
    subject: 'Your Courtvision Stats plan has ended',
    paragraphs: [
      `Hello ${to.name},`,
      `Your ${planName(state)} ended on ${date(state.endedAt ?? state.stateAt)}, and the paid filters are closed. You can read every page with the free filters, and subscribe again at any time from the pricing page.`,
    ],
    action: { label: 'Renew the Stats plan', url: `${origin}/pricing` },
  });
}
