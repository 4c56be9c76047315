/**
 * The admin billing page's figures, from the stored subscription states: subscribers by state, monthly
 * recurring revenue (active and past-due subscriptions; an annual price counts a twelfth; trials count none),
 * subscriptions started and ended this calendar month (UTC), and complimentary plans (a live Stats plan with no
 * live paid subscription: an operator's grant).
 */
import type { AccountStore, BillingEventRecord, BillingSubscription, UserWithSubscriptions } from '../auth/store/types.ts';
import { formatMoney, monthlyCents } from './plans.ts';
import { isLive } from './subscriptionState.ts';

export interface BillingFigures {
  byState: [string, number][];
  mrr: string;
  newThisMonth: number;
  churnedThisMonth: number;
  complimentary: number;
  events: BillingEventRecord[];
}

export function billingFigures(
  subscriptions: BillingSubscription[],
  users: UserWithSubscriptions[],
  events: BillingEventRecord[],
  now: number,
): BillingFigures {
  const d = new Date(now * 1000);
  const monthStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
  const byState = new Map<string, number>();
  for (const s of subscriptions) {
    const state = s.status === 'active' && s.cancelAtPeriodEnd ? 'active (cancelling)' : s.status;
    byState.set(state, (byState.get(state) ?? 0) + 1);
  }
  const paying = subscriptions.filter((s) => s.status === 'active' || s.status === 'past_due');
  const currency = paying[0]?.currency ?? 'usd';
  const mrrCents = paying.reduce((sum, s) => sum + monthlyCents(s.amountCents, s.interval), 0);
  const liveUsers = new Set(subscriptions.filter((s) => isLive(s.status)).map((s) => s.userId));
  const complimentary = users.filter((u) => !liveUsers.has(u.id) && u.subscriptions.some((p) => p.planName === 'Stats' && p.expiresAt > now)).length;
  return {
    byState: [...byState].sort((a, b) => b[1] - a[1]),
    mrr: formatMoney(Math.round(mrrCents), currency),
    newThisMonth: subscriptions.filter((s) => s.startedAt >= monthStart).length,
    churnedThisMonth: subscriptions.filter((s) => s.endedAt !== null && s.endedAt >= monthStart).length,
    complimentary,
    events,
  };
}

export async function loadBillingFigures(store: AccountStore, now: number): Promise<BillingFigures> {
  const [subscriptions, users, events] = await Promise.all([store.allBillingSubscriptions(), store.listUsers(), store.recentBillingEvents(50)]);
  return billingFigures(subscriptions, users, events, now);
}
