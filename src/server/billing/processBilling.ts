/**
 * This process's payment provider, from the configuration: Stripe with STRIPE_SECRET_KEY (and its webhook
 * secret and price ids, checked at start-up), else the local test provider, whose webhook secret is derived
 * from AUTH_SECRET (only this server can sign its events). One per process (src/server/processSingleton.ts):
 * the test provider keeps its state in memory.
 */
import { createHash } from 'node:crypto';
import { config } from '../config.ts';
import { processSingleton } from '../processSingleton.ts';
import { planPrice } from './plans.ts';
import { stripeProvider, type BillingProvider } from './provider.ts';
import { TestBillingProvider } from './testProvider.ts';

/** What is missing for a real Stripe set-up, or for the test provider in production; null when it can run. */
export function billingConfigProblem(): string | null {
  if (config.stripeSecretKey) {
    for (const [name, value] of [
      ['STRIPE_WEBHOOK_SECRET', config.stripeWebhookSecret],
      ['STRIPE_PRICE_MONTHLY', config.stripePriceMonthly],
      ['STRIPE_PRICE_ANNUAL', config.stripePriceAnnual],
    ] as const) {
      if (!value) return `${name} is not set: with STRIPE_SECRET_KEY, the webhook secret and both price ids are required.`;
    }
    return null;
  }
  if (config.production && !config.billingTestProvider) {
    return 'STRIPE_SECRET_KEY is not set: production takes real payments; set it (with STRIPE_WEBHOOK_SECRET and the price ids), or BILLING_TEST_PROVIDER=1 for a staging site that takes none.';
  }
  return null;
}

function testWebhookSecret(): string {
  const secret = config.authSecret ?? 'courtvision-local';
  return `whsec_${createHash('sha256')
    .update(`billing-test-provider:${secret}`)
    .digest('base64')
    .replace(/[^A-Za-z0-9]/g, '')}`;
}

export function billingProvider(): BillingProvider {
  return processSingleton<BillingProvider>('billingProvider', () =>
    config.stripeSecretKey
      ? stripeProvider({ secretKey: config.stripeSecretKey, webhookSecret: config.stripeWebhookSecret, apiUrl: config.stripeApiUrl })
      : new TestBillingProvider(testWebhookSecret(), planPrice),
  );
}

/**
 * The test provider, when that is what this process uses (its pages are 404 otherwise). Told by its kind, not
 * by instanceof: the server's bundle and Astro's pages each have their own copy of the class, and whichever
 * module graph asks first makes the process's one provider (the server's trial sweep starts before any page).
 */
export function testBillingProvider(): TestBillingProvider | null {
  const provider = billingProvider();
  return provider.kind === 'test' ? (provider as TestBillingProvider) : null;
}
