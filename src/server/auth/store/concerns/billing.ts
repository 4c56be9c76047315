/**
 * Billing (src/server/billing): the payment provider's customers, subscription states and webhook events, and
 * the free trials (src/server/billing/trial.ts: each address and card used for one trial, ever; the reminder
 * before a trial ends). An update is applied once and in order: the event id is recorded first (a replay is
 * 'duplicate'), and a state older than the stored one is 'stale'.
 */
import type { Db } from '../db.ts';
import { nowSeconds } from '../rows.ts';
import type {
  BillingEventRecord,
  BillingOutcome,
  BillingStore,
  BillingSubscription,
  BillingUpdate,
  QueuedMail,
  TrialClaim,
  TrialClaimRecord,
  TrialStore,
} from '../types.ts';
import { enqueue } from './mail.ts';

type BillingMethods = BillingStore & Omit<TrialStore, 'logAdminAction' | 'adminActions'>;

interface BillingSubscriptionRow {
  subscription_id: string;
  customer_id: string;
  user_id: number | null;
  status: string;
  plan_interval: string;
  amount_cents: number;
  currency: string;
  current_period_end: number | string;
  cancel_at_period_end: number | boolean;
  started_at: number | string;
  ended_at: number | string | null;
  state_at: number | string;
}
function toBillingSubscription(row: BillingSubscriptionRow): BillingSubscription {
  return {
    subscriptionId: row.subscription_id,
    customerId: row.customer_id,
    userId: row.user_id,
    status: row.status,
    interval: row.plan_interval === 'year' ? 'year' : 'month',
    amountCents: row.amount_cents,
    currency: row.currency,
    currentPeriodEnd: Number(row.current_period_end),
    cancelAtPeriodEnd: row.cancel_at_period_end === true || row.cancel_at_period_end === 1,
    startedAt: Number(row.started_at),
    endedAt: row.ended_at === null ? null : Number(row.ended_at),
    stateAt: Number(row.state_at),
  };
}

interface BillingEventRow {
  event_id: string;
  type: string;
  created: number | string;
  received_at: number | string;
  user_id: number | null;
  outcome: string;
}
function toBillingEvent(row: BillingEventRow): BillingEventRecord {
  return {
    eventId: row.event_id,
    type: row.type,
    created: Number(row.created),
    receivedAt: Number(row.received_at),
    userId: row.user_id,
    outcome: row.outcome,
  };
}

interface TrialClaimRow {
  kind: string;
  claim_key: string;
  user_id: number | null;
  subscription_id: string;
  claimed_at: number | string;
}
function toTrialClaim(row: TrialClaimRow): TrialClaimRecord {
  return {
    kind: row.kind === 'card' ? 'card' : 'email',
    key: row.claim_key,
    userId: row.user_id,
    subscriptionId: row.subscription_id,
    claimedAt: Number(row.claimed_at),
  };
}

const SAVE_SUBSCRIPTION = `INSERT INTO billing_subscriptions (subscription_id, customer_id, user_id, status, plan_interval, amount_cents, currency,
    current_period_end, cancel_at_period_end, started_at, ended_at, state_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (subscription_id) DO UPDATE SET customer_id = excluded.customer_id, user_id = excluded.user_id,
    status = excluded.status, plan_interval = excluded.plan_interval, amount_cents = excluded.amount_cents,
    currency = excluded.currency, current_period_end = excluded.current_period_end,
    cancel_at_period_end = excluded.cancel_at_period_end, started_at = excluded.started_at,
    ended_at = excluded.ended_at, state_at = excluded.state_at`;

async function linkCustomer(db: Db, userId: number, customerId: string): Promise<void> {
  await db.run('INSERT INTO billing_customers (user_id, customer_id) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET customer_id = excluded.customer_id', [
    userId,
    customerId,
  ]);
}

async function userExists(db: Db, userId: number): Promise<boolean> {
  return (await db.one('SELECT 1 FROM users WHERE id = ?', [userId])) !== undefined;
}

/** applyBillingUpdate past its event record, in its transaction. */
async function applyBillingState(tx: Db, update: BillingUpdate, userId: number | null, now: number): Promise<BillingOutcome> {
  if (update.customer && (await userExists(tx, update.customer.userId))) await linkCustomer(tx, update.customer.userId, update.customer.customerId);
  const next = update.subscription;
  if (!next) return 'applied';
  if (userId === null || !(await userExists(tx, userId))) return 'no-user';
  // Two events of one subscription handled at the same moment (on two nodes) take turns.
  await tx.lock(next.subscriptionId);
  const row = await tx.one<BillingSubscriptionRow>('SELECT * FROM billing_subscriptions WHERE subscription_id = ?', [next.subscriptionId]);
  const previous = row ? toBillingSubscription(row) : null;
  if (previous && previous.stateAt > next.stateAt) return 'stale';
  const s = { ...next, userId };
  await tx.run(SAVE_SUBSCRIPTION, [
    s.subscriptionId,
    s.customerId,
    s.userId,
    s.status,
    s.interval,
    s.amountCents,
    s.currency,
    s.currentPeriodEnd,
    s.cancelAtPeriodEnd,
    s.startedAt,
    s.endedAt,
    s.stateAt,
  ]);
  if (update.planExpiresAt !== null) {
    await tx.run(
      `INSERT INTO subscriptions (user_id, plan_name, expires_at) VALUES (?, 'Stats', ?)
       ON CONFLICT (user_id, plan_name) DO UPDATE SET expires_at = excluded.expires_at`,
      [userId, update.planExpiresAt],
    );
  }
  await tx.run('INSERT INTO billing_changes (user_id, source, old_state, new_state, at) VALUES (?, ?, ?, ?, ?)', [
    userId,
    update.eventId ?? update.type,
    previous ? JSON.stringify(previous) : null,
    JSON.stringify(s),
    now,
  ]);
  await enqueue(tx, update.mailsFor?.(previous, s) ?? [], now);
  return 'applied';
}

/** The claims among these held by another subscription than `exceptSubscriptionId` (lock: locked till the end). */
async function heldClaims(db: Db, claims: readonly TrialClaim[], exceptSubscriptionId: string | undefined, lock = false): Promise<TrialClaimRecord[]> {
  const held: TrialClaimRecord[] = [];
  for (const claim of claims) {
    const row = await db.one<TrialClaimRow>(`SELECT * FROM trial_claims WHERE kind = ? AND claim_key = ?${lock ? db.forUpdate : ''}`, [claim.kind, claim.key]);
    if (row && row.subscription_id !== exceptSubscriptionId) held.push(toTrialClaim(row));
  }
  return held;
}

export function billingMethods(db: Db): BillingMethods {
  return {
    async billingCustomerOf(userId: number): Promise<string | null> {
      return (await db.one<{ customer_id: string }>('SELECT customer_id FROM billing_customers WHERE user_id = ?', [userId]))?.customer_id ?? null;
    },

    linkBillingCustomer: (userId, customerId) => linkCustomer(db, userId, customerId),

    async userOfBillingCustomer(customerId: string): Promise<number | null> {
      return (await db.one<{ user_id: number }>('SELECT user_id FROM billing_customers WHERE customer_id = ?', [customerId]))?.user_id ?? null;
    },

    applyBillingUpdate(update: BillingUpdate): Promise<BillingOutcome> {
      const now = nowSeconds();
      return db.transaction(async (tx): Promise<BillingOutcome> => {
        const userId = update.customer?.userId ?? update.subscription?.userId ?? null;
        if (update.eventId !== null) {
          // A concurrent duplicate (another node) waits here for the first to commit, then inserts nothing.
          const inserted = await tx.run(
            'INSERT INTO billing_events (event_id, type, created, received_at, user_id, outcome) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (event_id) DO NOTHING',
            [update.eventId, update.type, update.created, now, userId, 'received'],
          );
          if (inserted === 0) return 'duplicate';
        }
        const outcome = await applyBillingState(tx, update, userId, now);
        if (update.eventId !== null) {
          await tx.run('UPDATE billing_events SET outcome = ? WHERE event_id = ?', [update.note ? `${outcome}: ${update.note}` : outcome, update.eventId]);
        }
        return outcome;
      });
    },

    async billingSubscriptionsOf(userId: number): Promise<BillingSubscription[]> {
      const rows = await db.all<BillingSubscriptionRow>('SELECT * FROM billing_subscriptions WHERE user_id = ? ORDER BY started_at DESC, subscription_id', [
        userId,
      ]);
      return rows.map(toBillingSubscription);
    },

    async allBillingSubscriptions(): Promise<BillingSubscription[]> {
      return (await db.all<BillingSubscriptionRow>('SELECT * FROM billing_subscriptions ORDER BY started_at')).map(toBillingSubscription);
    },

    async recentBillingEvents(limit: number): Promise<BillingEventRecord[]> {
      return (await db.all<BillingEventRow>('SELECT * FROM billing_events ORDER BY received_at DESC, created DESC LIMIT ?', [limit])).map(toBillingEvent);
    },

    // Free trials.

    trialClaimsHeld: (claims, exceptSubscriptionId) => heldClaims(db, claims, exceptSubscriptionId),

    async claimTrial(claims: readonly TrialClaim[], userId: number, subscriptionId: string, at: number): Promise<'claimed' | 'taken'> {
      try {
        return await db.transaction(async (tx) => {
          // Two nodes claiming the same address or card at once: the primary key lets one insert; the other's
          // INSERT waits for it and then finds the row (ON CONFLICT DO NOTHING), which the check below reads.
          for (const claim of claims) {
            await tx.run(
              `INSERT INTO trial_claims (kind, claim_key, user_id, subscription_id, claimed_at)
               VALUES (?, ?, (SELECT id FROM users WHERE id = ?), ?, ?) ON CONFLICT (kind, claim_key) DO NOTHING`,
              [claim.kind, claim.key, userId, subscriptionId, at],
            );
          }
          if ((await heldClaims(tx, claims, subscriptionId, true)).length > 0) throw new TrialTaken();
          return 'claimed' as const;
        });
      } catch (error) {
        if (error instanceof TrialTaken) return 'taken';
        throw error;
      }
    },

    async trialClaimsOf(userId: number): Promise<TrialClaimRecord[]> {
      return (await db.all<TrialClaimRow>('SELECT * FROM trial_claims WHERE user_id = ? ORDER BY claimed_at, kind', [userId])).map(toTrialClaim);
    },

    async trialsEndingBetween(after: number, until: number): Promise<BillingSubscription[]> {
      const rows = await db.all<BillingSubscriptionRow>(
        `SELECT s.* FROM billing_subscriptions s
         WHERE s.status = 'trialing' AND NOT s.cancel_at_period_end AND s.current_period_end > ? AND s.current_period_end <= ?
           AND NOT EXISTS (SELECT 1 FROM trial_reminders r WHERE r.subscription_id = s.subscription_id AND r.trial_end = s.current_period_end)
         ORDER BY s.current_period_end`,
        [after, until],
      );
      return rows.map(toBillingSubscription);
    },

    queueTrialReminder(subscriptionId: string, trialEnd: number, mail: QueuedMail, at: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx.run('INSERT INTO trial_reminders (subscription_id, trial_end, queued_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [
          subscriptionId,
          trialEnd,
          at,
        ]);
        if (inserted === 0) return false;
        await enqueue(tx, [mail], at);
        return true;
      });
    },
  };
}

/** Inside claimTrial: a claim is held by another subscription; the transaction is rolled back. */
class TrialTaken extends Error {}
