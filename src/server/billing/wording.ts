/**
 * What the pages and messages say about payments, receipts and invoices, by the provider in use: with Stripe,
 * receipts and invoices are Stripe's; with the local test provider, no payment is taken and nothing is
 * receipted, and the site says so rather than promise a receipt that never comes.
 */
import type { BillingProvider } from './provider.ts';

export type ProviderKind = BillingProvider['kind'];

/** The sentence about receipts under a purchase (the confirmation page and the welcome message). */
export function receiptsSentence(kind: ProviderKind): string {
  return kind === 'test'
    ? 'This was a test purchase: no payment was taken, and no receipt or invoice is sent.'
    : 'Receipts and invoices come from our payment provider, Stripe, by email and on the billing page of your account.';
}

/** The pricing page's note on who takes the payment. */
export function paymentsSentence(kind: ProviderKind): string {
  return kind === 'test'
    ? 'This site takes no payments yet: the checkout is a test that moves no money and sends no receipt.'
    : "Payments are handled by Stripe; receipts and invoices come from Stripe and are in your account's billing page.";
}

/** The account page's line on the next renewal ("$8.00 on 26 December 2026"): test mode charges nothing. */
export function nextChargeSentence(kind: ProviderKind, nextCharge: string): string {
  return kind === 'test' ? `Next renewal: ${nextCharge} (test mode: no money moves).` : `Next charge: ${nextCharge}.`;
}

/** The account page's button to the provider's billing page: the test portal has no invoices. */
export function manageBillingLabel(kind: ProviderKind): string {
  return kind === 'test' ? 'Manage billing (test mode)' : 'Manage billing and invoices';
}

/** The resumed plan's message: when it renews and what that takes (test mode takes nothing). */
export function renewsSentence(kind: ProviderKind, price: string, on: string): string {
  return kind === 'test'
    ? `It renews on ${on} as before (test mode: no payment is taken, and no money moves).`
    : `It renews on ${on} as before: the next payment, ${price}, is taken then by Stripe, unless you cancel before.`;
}

/** A free trial just started (the confirmation page and the welcome message): live, when its first charge falls. */
export function trialStartedSentence(kind: ProviderKind, price: string, until: string): string {
  return kind === 'test'
    ? `Your free trial runs to ${until}; in test mode no charge follows it.`
    : `Your free trial runs to ${until}; the first charge, ${price}, is then, unless you cancel before.`;
}

/** The cancelled plan's message: open until its end, then nothing more (test mode never took anything). */
export function endsSentence(kind: ProviderKind, on: string): string {
  return kind === 'test'
    ? `It stays open until ${on}, and ends then (test mode: no payment was taken, and none will be).`
    : `It stays open until ${on}, and ends then; no further payment is taken.`;
}
