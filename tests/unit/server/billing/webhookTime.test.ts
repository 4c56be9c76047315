/**
 * A webhook's signed time must be within five minutes of now, on either side, for both payment providers: Stripe
 * through the official SDK's check (with its tolerance) and the local test provider. Headers are made with the
 * SDK's generateTestHeaderString at a chosen timestamp, as Stripe would sign them with a clock that far off.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { stripeProvider, WEBHOOK_TOLERANCE_SECONDS, type BillingProvider } from '../../../../src/server/billing/provider.ts';
import { TestBillingProvider } from '../../../../src/server/billing/testProvider.ts';
import { handleWebhook } from '../../../../src/server/billing/webhook.ts';
import { SqliteAccountStore } from '../../../../src/server/auth/store/sqliteStore.ts';

const SECRET = 'whsec_timetest0123456789';
const sdk = new Stripe('sk_test_signer', { telemetry: false });
const event = { id: 'evt_time_1', object: 'event', type: 'customer.created', created: 1, data: { object: { id: 'cus_1', object: 'customer' } } };
const payload = JSON.stringify(event);
const signedAt = (offsetSeconds: number) =>
  sdk.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) + offsetSeconds });

const PROVIDERS: [name: string, make: () => BillingProvider][] = [
  ['Stripe (the SDK)', () => stripeProvider({ secretKey: 'sk_test_notused', webhookSecret: SECRET })],
  ['the test provider', () => new TestBillingProvider(SECRET, () => ({ id: 'price_x', cents: 800, currency: 'usd', interval: 'month' }) as never)],
];

describe.each(PROVIDERS)('webhook signatures and time, %s', (_name, make) => {
  it('the tolerance is five minutes', () => {
    expect(WEBHOOK_TOLERANCE_SECONDS).toBe(300);
  });

  it.each([0, -60, 60, -280, 280])('signed %i s from now: accepted', (offset) => {
    expect(make().verifyEvent(payload, signedAt(offset))).toMatchObject({ id: 'evt_time_1', type: 'customer.created' });
  });

  it.each([-3600, -320, 320, 3600, 86_400])('signed %i s from now: refused', (offset) => {
    expect(() => make().verifyEvent(payload, signedAt(offset))).toThrow(/tolerance/);
  });

  it('a right time does not save a wrong signature', () => {
    expect(() => make().verifyEvent(payload, signedAt(0).replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`))).toThrow(/No signatures found/);
  });

  it('the webhook endpoint answers 400 to a signature from an hour ahead, and records nothing', async () => {
    const store = new SqliteAccountStore(':memory:');
    try {
      const answer = await handleWebhook({ store, provider: make(), origin: 'http://localhost' }, payload, signedAt(3600));
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: expect.stringMatching(/signature check failed: Timestamp outside the tolerance zone/) });
      expect(await store.recentBillingEvents(10)).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
