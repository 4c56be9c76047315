/** The billing messages: the plan started, a payment failed (with the way to fix it), the plan ended. */
import type { BillingSubscription, QueuedMail } from '../auth/store/types.ts';
import { composeMail } from '../mail/messages.ts';
import { formatPlanDate as date } from '../../lib/planStatus.ts';
import { formatMoney } from './plans.ts';

export function planStartedMail(to: { email: string; name: string }, state: BillingSubscription, origin: string): QueuedMail {
  const price = `${formatMoney(state.amountCents, state.currency)} a ${state.interval}`;
  const first =
    state.status === 'trialing'
      ? `Your free trial of the Stats plan has started. The first charge, ${price}, is on ${date(state.currentPeriodEnd)} unless you cancel before.`
      : `Your Stats plan is active: ${price}, renewing on ${date(state.currentPeriodEnd)}.`;
  return composeMail({
    to: to.email,
    subject: 'Your Courtvision Stats plan is active',
    paragraphs: [`Hello ${to.name},`, first, 'Every filter is open to you now. Receipts and invoices come from our payment provider, Stripe, and are in the billing page of your account.'],
    action: { label: 'Open the stats', url: `${origin}/stats/players` },
  });
}

export function paymentFailedMail(to: { email: string; name: string }, state: BillingSubscription, origin: string): QueuedMail {
  return composeMail({
    to: to.email,
    subject: 'Your Courtvision payment did not go through',
    paragraphs: [
      `Hello ${to.name},`,
      `We could not take the payment for your Stats plan (${formatMoney(state.amountCents, state.currency)}). Your plan stays open while the payment is tried again over the coming days.`,
      'To keep it, update your payment method:',
    ],
    action: { label: 'Update payment method', url: `${origin}/billing/portal` },
  });
}

export function planEndedMail(to: { email: string; name: string }, origin: string): QueuedMail {
  return composeMail({
    to: to.email,
    subject: 'Your Courtvision Stats plan has ended',
    paragraphs: [`Hello ${to.name},`, 'Your Stats plan has ended, and the paid filters are closed. You can read every page with the free filters, and renew at any time.'],
    action: { label: 'Renew the Stats plan', url: `${origin}/pricing` },
  });
}
