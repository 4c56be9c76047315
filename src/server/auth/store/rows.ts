/**
 * The rows both AccountStores read (users, subscriptions) and their mapping to records. SQLite returns
 * is_admin as 0/1 and times as numbers; PostgreSQL returns a boolean and BIGINT times as strings.
 */
import type {
  ApiKeyRecord,
  BillingEventRecord,
  BillingSubscription,
  MailRecord,
  QueuedMail,
  RedeemFailure,
  SubscriptionRecord,
  TokenPurpose,
  UserRecord,
  UserWithSubscriptions,
  TrialClaimRecord,
  AdminActionRecord,
} from './types.ts';

export interface UserRow {
  id: number;
  email: string;
  name: string;
  password_hash: string;
  is_admin: number | boolean;
  created_at: number | string;
  email_verified_at: number | string | null;
}
export interface SubscriptionRow {
  user_id: number;
  plan_name: string;
  expires_at: number | string;
}

export function toUser(row: UserRow): UserRecord {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    passwordHash: row.password_hash,
    isAdmin: row.is_admin === true || row.is_admin === 1,
    createdAt: Number(row.created_at),
    emailVerifiedAt: row.email_verified_at === null ? null : Number(row.email_verified_at),
  };
}
export function toSubscription(row: SubscriptionRow): SubscriptionRecord {
  return { userId: row.user_id, planName: row.plan_name, expiresAt: Number(row.expires_at) };
}

/** Every user with their own subscriptions (listUsers: both lists read in one snapshot). */
export function withSubscriptions(users: UserRecord[], subscriptions: SubscriptionRecord[]): UserWithSubscriptions[] {
  return users.map((u) => ({ ...u, subscriptions: subscriptions.filter((s) => s.userId === u.id) }));
}

export interface ApiKeyRow {
  id: number | string;
  user_id: number;
  name: string;
  prefix: string;
  created_at: number | string;
  last_used_at: number | string | null;
  requests: number | string;
  revoked_at: number | string | null;
}
export const API_KEY_COLUMNS = 'id, user_id, name, prefix, created_at, last_used_at, requests, revoked_at';

export function toApiKey(row: ApiKeyRow): ApiKeyRecord {
  const optional = (v: number | string | null) => (v === null ? null : Number(v));
  return {
    id: Number(row.id),
    userId: row.user_id,
    name: row.name,
    prefix: row.prefix,
    createdAt: Number(row.created_at),
    lastUsedAt: optional(row.last_used_at),
    requests: Number(row.requests),
    revokedAt: optional(row.revoked_at),
  };
}

export interface MailRow {
  id: number | string;
  message_id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  link: string | null;
  created_at: number | string;
  attempts: number;
}
export function toMail(row: MailRow): MailRecord {
  return {
    id: Number(row.id),
    messageId: row.message_id,
    to: row.recipient,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    link: row.link,
    createdAt: Number(row.created_at),
    attempts: row.attempts,
  };
}
/** The bound values of a queued message, in MAIL_COLUMNS order. */
export const MAIL_COLUMNS = '(message_id, recipient, subject, text_body, html_body, link, created_at, next_attempt_at)';
export function mailValues(mail: QueuedMail, now: number): (string | number | null)[] {
  return [mail.messageId, mail.to, mail.subject, mail.text, mail.html, mail.link, now, now];
}

export interface TokenRow {
  digest: string;
  purpose: string;
  user_id: number;
  email: string;
  expires_at: number | string;
  used_at: number | string | null;
}

/** Why a token cannot be redeemed for this purpose now, or null when it can. */
export function tokenProblem(row: TokenRow | undefined, purpose: TokenPurpose, now: number): RedeemFailure | null {
  if (!row || row.purpose !== purpose) return 'invalid';
  if (row.used_at !== null) return 'used';
  if (Number(row.expires_at) <= now) return 'expired';
  return null;
}

/** Tokens are kept this long past their expiry (to tell "expired" from "invalid"), then deleted. */
export const TOKEN_KEEP_SECONDS = 7 * 24 * 3600;

export interface BillingSubscriptionRow {
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
export function toBillingSubscription(row: BillingSubscriptionRow): BillingSubscription {
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
/** A subscription's columns in BILLING_COLUMNS order (cancel_at_period_end as the dialect wants it). */
export const BILLING_COLUMNS =
  '(subscription_id, customer_id, user_id, status, plan_interval, amount_cents, currency, current_period_end, cancel_at_period_end, started_at, ended_at, state_at)';
export function billingValues(s: BillingSubscription, booleanAs: 'int' | 'bool'): (string | number | boolean | null)[] {
  return [
    s.subscriptionId,
    s.customerId,
    s.userId,
    s.status,
    s.interval,
    s.amountCents,
    s.currency,
    s.currentPeriodEnd,
    booleanAs === 'int' ? (s.cancelAtPeriodEnd ? 1 : 0) : s.cancelAtPeriodEnd,
    s.startedAt,
    s.endedAt,
    s.stateAt,
  ];
}
export interface BillingEventRow {
  event_id: string;
  type: string;
  created: number | string;
  received_at: number | string;
  user_id: number | null;
  outcome: string;
}
export function toBillingEvent(row: BillingEventRow): BillingEventRecord {
  return {
    eventId: row.event_id,
    type: row.type,
    created: Number(row.created),
    receivedAt: Number(row.received_at),
    userId: row.user_id,
    outcome: row.outcome,
  };
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export interface TrialClaimRow {
  kind: string;
  claim_key: string;
  user_id: number | null;
  subscription_id: string;
  claimed_at: number | string;
}
export function toTrialClaim(row: TrialClaimRow): TrialClaimRecord {
  return {
    kind: row.kind === 'card' ? 'card' : 'email',
    key: row.claim_key,
    userId: row.user_id,
    subscriptionId: row.subscription_id,
    claimedAt: Number(row.claimed_at),
  };
}

export interface AdminActionRow {
  id: number | string;
  admin_email: string;
  action: string;
  target_email: string;
  detail: string;
  at: number | string;
}
export function toAdminAction(row: AdminActionRow): AdminActionRecord {
  return { id: Number(row.id), adminEmail: row.admin_email, action: row.action, targetEmail: row.target_email, detail: row.detail, at: Number(row.at) };
}
