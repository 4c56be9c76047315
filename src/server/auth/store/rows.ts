/**
 * The rows several concerns read (users, subscriptions) and their mapping to records. SQLite returns is_admin
 * as 0/1 and times as numbers; PostgreSQL returns a boolean and BIGINT times as strings.
 */
import type { Db } from './db.ts';
import type { SubscriptionRecord, UserRecord, UserWithSubscriptions } from './types.ts';

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

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

/** The user with this id and their plans, read one after the other (SQLite: the reads cost no round trip). */
export async function userWithPlans(db: Db, userId: number): Promise<UserWithSubscriptions | null> {
  const row = await db.one<UserRow>('SELECT * FROM users WHERE id = ?', [userId]);
  if (!row) return null;
  const plans = await db.all<SubscriptionRow>('SELECT * FROM subscriptions WHERE user_id = ? ORDER BY plan_name', [userId]);
  return { ...toUser(row), subscriptions: plans.map(toSubscription) };
}

/**
 * PostgreSQL: a user's plans as one JSON column `subscriptions`, so that a user and their plans come in one
 * round trip (with `LEFT JOIN subscriptions p ON p.user_id = u.id ... GROUP BY u.id`); read back by withPlans.
 */
export const PLANS_JSON = `coalesce(
  json_agg(json_build_object('plan_name', p.plan_name, 'expires_at', p.expires_at) ORDER BY p.plan_name)
    FILTER (WHERE p.plan_name IS NOT NULL),
  '[]') AS subscriptions`;

export interface PlansJson {
  subscriptions: { plan_name: string; expires_at: number }[];
}

export function withPlans(user: UserRecord, row: PlansJson): UserWithSubscriptions {
  return { ...user, subscriptions: row.subscriptions.map((p) => toSubscription({ user_id: user.id, ...p })) };
}
