/**
 * POST /api/billing/webhook: the payment provider's events (src/server/billing/webhook.ts). The raw body is read
 * as sent (capped at 512 KB by the server) and its Stripe-Signature checked before anything else.
 */
import type { APIRoute } from 'astro';
import { billingContext } from '../../../server/billing/pageBilling.ts';
import { handleWebhook } from '../../../server/billing/webhook.ts';

export const prerender = false;

export const POST: APIRoute = async ({ request, url }) => {
  const payload = await request.text();
  const answer = await handleWebhook(billingContext(url), payload, request.headers.get('stripe-signature'));
  return Response.json(answer.body, {
    status: answer.status,
    headers: { 'Cache-Control': 'no-store', ...(answer.status === 503 ? { 'Retry-After': '60' } : {}) },
  });
};
